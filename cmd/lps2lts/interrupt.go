package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/spf13/pflag"

	"github.com/lps2lts/lps2lts/enumerate"
	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/stopsignal"
	"github.com/lps2lts/lps2lts/rewrite"
)

// secondSignalGrace is how long a second Ctrl-C waits for the run to
// finish its output before the process exits.
var secondSignalGrace = time.Second

// signalStop turns the stop signals (stopsignal.Signals) into a clean stop of the search: the
// state being expanded is cut short, even inside a long enumeration or
// rewrite (Explorer.Stop interrupts the generator), the output written so
// far gets a valid header and the summary is printed where standard error
// still works. While a stop signal is caught, a write to a broken pipe
// fails with EPIPE instead of killing the process.
//
// Before the search exists (while the model is read) a signal ends the
// process at once with 128+N: nothing has been written. A second SIGINT,
// SIGTERM or SIGHUP during the search exits with 128+N if the run has not
// finished its output within secondSignalGrace (a computation that does
// not poll the stop flag); the unfinished output is removed first. A
// second SIGPIPE is only the next write to the broken pipe.
type signalStop struct {
	sig     chan os.Signal
	fin     chan struct{}
	first   atomic.Value // the os.Signal that stopped the run
	mu      sync.Mutex
	x       *explore.Explorer
	abandon func()      // removes the unfinished output before a forced exit
	between atomic.Bool // the first signal lets the state being expanded finish
	stderr  io.Writer
}

// catchSignals starts catching the stop signals for one run; done ends it.
// A signal that the process inherited as ignored stays ignored (nohup
// lps2lts ..., a background job of a script).
func catchSignals(stderr io.Writer) *signalStop {
	s := &signalStop{sig: make(chan os.Signal, 4), fin: make(chan struct{}), stderr: stderr}
	stopsignal.Notify(s.sig)
	go s.loop()
	return s
}

func (s *signalStop) loop() {
	forced := false
	for {
		var got os.Signal
		select {
		case got = <-s.sig:
		case <-s.fin:
			return
		}
		first := s.first.CompareAndSwap(nil, got)
		s.mu.Lock()
		x := s.x
		s.mu.Unlock()
		if x == nil {
			// Reading the model: nothing to finish, nothing to remove.
			s.exit(got)
		}
		if first && s.between.Load() {
			x.StopBetweenStates() // a checkpoint at the stop (checkpoint.go)
		} else {
			x.Stop()
		}
		if first || forced || got == syscall.SIGPIPE {
			continue
		}
		forced = true
		go func() {
			select {
			case <-s.fin:
			case <-time.After(secondSignalGrace):
				fmt.Fprintln(s.stderr, "lps2lts: interrupted twice; exiting without finishing the output")
				s.exit(s.signal())
			}
		}()
	}
}

// exit ends the process with 128+N after removing the unfinished output.
func (s *signalStop) exit(sig os.Signal) {
	s.mu.Lock()
	if s.abandon != nil {
		s.abandon()
	}
	os.Exit(stopsignal.ExitCode(sig))
}

// watch makes a signal stop x from now on (at once if one came already).
func (s *signalStop) watch(x *explore.Explorer) {
	s.mu.Lock()
	s.x = x
	s.mu.Unlock()
	if s.signal() != nil {
		x.Stop()
	}
}

// stopBetweenStates makes the first signal stop the search after the
// state being expanded instead of interrupting it, so that the search is
// consistent for a checkpoint at the stop; a second signal interrupts.
func (s *signalStop) stopBetweenStates() { s.between.Store(true) }

// onForcedExit sets what a forced exit removes first.
func (s *signalStop) onForcedExit(abandon func()) {
	s.mu.Lock()
	s.abandon = abandon
	s.mu.Unlock()
}

// done stops catching the signals.
func (s *signalStop) done() {
	signal.Stop(s.sig)
	close(s.fin)
}

// signal is the signal that stopped the run, nil if none did.
func (s *signalStop) signal() os.Signal {
	sig, _ := s.first.Load().(os.Signal)
	return sig
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
