package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync/atomic"
	"syscall"

	"github.com/lps2lts/lps2lts/internal/stopsignal"
)

// handleSignals makes the stop signals (stopsignal.Signals: SIGINT,
// SIGTERM, SIGHUP, ..., those not inherited as ignored) and a SIGPIPE sent on
// broken by pipeWatch (brokenpipe.go: a SIGPIPE from the system may be a
// runner's socket) cancel the returned context: the search stops once the
// pipeline run in progress has ended (bfs.Run never cancels a run: Prism
// panics when cancelled while it starts its workers), removes its files
// and returns, and the command exits with 128+N without writing OUTFILE.
// A second signal does not wait for the runner: it runs cleanup (the
// temporary output, the work folder) and exits at once. signalled tells
// which signal came first, if any; stop ends the handling.
func handleSignals(parent context.Context, cleanup func(), stderr io.Writer, broken <-chan os.Signal) (ctx context.Context, signalled func() os.Signal, stop func()) {
	ctx, cancel := context.WithCancel(parent)
	sig := make(chan os.Signal, 2)
	stopsignal.Notify(sig)
	done := make(chan struct{})
	var first atomic.Value
	go func() {
		for n := 0; ; {
			var s os.Signal
			select {
			case s = <-sig:
				if s == syscall.SIGPIPE {
					continue // whose pipe? pipeWatch says when it is ours
				}
			case s = <-broken:
			case <-done:
				return
			}
			n++
			if n == 1 {
				first.Store(s)
				silenceRunner()
				cancel()
				fmt.Fprintln(stderr, "lps2lts-beam: stopping after the pipeline run in progress; interrupt again to exit at once")
				continue
			}
			cleanup()
			fmt.Fprintln(stderr, "lps2lts-beam: interrupted twice; exiting without waiting for the runner")
			os.Exit(stopsignal.ExitCode(first.Load().(os.Signal)))
		}
	}()
	signalled = func() os.Signal {
		s, _ := first.Load().(os.Signal)
		return s
	}
	stop = func() {
		signal.Stop(sig)
		close(done)
		cancel()
	}
	return ctx, signalled, stop
}
