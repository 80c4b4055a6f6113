// Package stopsignal is the set of signals that end a run of lps2lts or
// lps2lts-beam cleanly, and the exit status they give.
package stopsignal

import (
	"os"
	"os/signal"
	"syscall"
)

// Signals end a run cleanly: Ctrl-C (SIGINT), SIGTERM, a closed terminal
// (SIGHUP), a reader that closed the pipe of standard output or standard
// error (SIGPIPE, as in "lps2lts -v m.lps 2>&1 | head"), Ctrl-\ (SIGQUIT),
// an alarm ("timeout -s ALRM") and the user signals. Left to Go's
// default, the first four kill the process with its output unfinished
// under a temporary name (SIGQUIT after a dump of every goroutine), and
// SIGALRM, SIGUSR1 and SIGUSR2 are ignored, so that "timeout -s ALRM"
// would not stop a run.
var Signals = append([]os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGPIPE,
	syscall.SIGQUIT, syscall.SIGALRM}, userSignals...)

// Notify relays the stop signals to ch. A signal that the process
// inherited as ignored stays ignored (nohup lps2lts ..., a background job
// of a script).
func Notify(ch chan<- os.Signal) {
	for _, sig := range Signals {
		if !signal.Ignored(sig) {
			signal.Notify(ch, sig)
		}
	}
}

// ExitCode is the status of a run stopped by s: 128 plus the signal's
// number, as shells report it (130 for Ctrl-C).
func ExitCode(s os.Signal) int {
	if n, ok := s.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 130
}
