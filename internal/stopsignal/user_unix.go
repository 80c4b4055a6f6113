//go:build unix

package stopsignal

import (
	"os"
	"syscall"
)

// userSignals are SIGUSR1 and SIGUSR2, which only Unix has.
var userSignals = []os.Signal{syscall.SIGUSR1, syscall.SIGUSR2}
