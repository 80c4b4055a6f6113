//go:build unix

package stopsignal

import (
	"syscall"
	"testing"
)

// TestExitCode: 128 plus the signal's number, as shells report it.
func TestExitCode(t *testing.T) {
	for sig, want := range map[syscall.Signal]int{syscall.SIGINT: 130, syscall.SIGHUP: 129, syscall.SIGPIPE: 141, syscall.SIGTERM: 143, syscall.SIGQUIT: 131, syscall.SIGALRM: 142, syscall.SIGUSR1: 138, syscall.SIGUSR2: 140} {
		if got := ExitCode(sig); got != want {
			t.Errorf("%v: %d, want %d", sig, got, want)
		}
	}
}
