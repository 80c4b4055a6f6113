//go:build !unix

package stopsignal

import "os"

var userSignals []os.Signal
