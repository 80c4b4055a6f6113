package main

import (
	"io"
	"log/slog"
	"math"
)

// runnerLogLevel is the level of the messages of the runner and of Beam's
// workers (Beam logs through slog) that are printed.
var runnerLogLevel = new(slog.LevelVar)

// setupLogging shows the runner's log (Prism's job service, the workers'
// messages) with -v; otherwise only its errors, so that a normal run
// prints lps2lts's lines and nothing else. The search's own errors come
// back as errors either way.
func setupLogging(verbose bool, stderr io.Writer) {
	runnerLogLevel.Set(slog.LevelError)
	if verbose {
		runnerLogLevel.Set(slog.LevelInfo)
	}
	slog.SetDefault(slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: runnerLogLevel})))
}

// silenceRunner hides the runner's log from now on, errors included: a
// pipeline cancelled by Ctrl-C makes Prism log failed bundles, which
// tell the user nothing.
func silenceRunner() {
	runnerLogLevel.Set(slog.Level(math.MaxInt32))
}
