package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/spf13/pflag"

	"github.com/lps2lts/lps2lts/enumerate"
	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/rewrite"
)

// secondSignalGrace is how long a second Ctrl-C waits for the run to
// finish its output before the process exits.
var secondSignalGrace = time.Second

// handleSignals makes SIGINT (Ctrl-C) and SIGTERM stop x: the state being
// expanded is cut short, even inside a long enumeration or rewrite
// (Explorer.Stop interrupts the generator), the output written so far gets
// a valid header and the summary is printed. A second signal exits with
// status 130 if the run has not finished its output within
// secondSignalGrace (a computation that does not poll the stop flag).
// done ends the handling; signalled tells afterwards which signal stopped
// the run, if any.
func handleSignals(x *explore.Explorer, stderr io.Writer) (done func(), signalled func() os.Signal) {
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	fin := make(chan struct{})
	var first atomic.Value
	go func() {
		for n := 0; ; n++ {
			select {
			case s := <-sig:
				if n == 0 {
					first.Store(s)
				}
			case <-fin:
				return
			}
			x.Stop()
			if n == 0 {
				continue
			}
			select {
			case <-fin:
				return
			case <-time.After(secondSignalGrace):
				fmt.Fprintln(stderr, "lps2lts: interrupted twice; exiting without finishing the output")
				os.Exit(130)
			}
		}
	}()
	done = func() {
		signal.Stop(sig)
		close(fin)
	}
	signalled = func() os.Signal {
		s, _ := first.Load().(os.Signal)
		return s
	}
	return done, signalled
}

// signalExitCode is the status of a run stopped by s: 128 plus the
// signal's number, as shells report it (130 for Ctrl-C).
func signalExitCode(s os.Signal) int {
	if n, ok := s.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 130
}

// addEnumFlags registers --enum-limit.
func addEnumFlags(f *pflag.FlagSet, limit *int) {
	f.IntVar(limit, "enum-limit", enumerate.DefaultLimit, "give up an enumeration of sum variables after `N` steps (candidate values tried), as a probably infinite sum")
}

// explainError adds a hint to an error of the run: how to raise the
// enumeration bound when that was exceeded.
func explainError(err error) error {
	var se *rewrite.SolveError
	if errors.As(err, &se) && se.Bound > 0 {
		return fmt.Errorf("%w (--enum-limit=N changes the bound)", err)
	}
	return err
}
