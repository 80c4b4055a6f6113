// Command lps2lts-beam explores the state space of an mCRL2 linear process
// breadth-first as an Apache Beam pipeline (package bfs) and writes it in
// the Aldebaran format: the LTS lps2lts writes, up to the numbering of the
// states (the initial state is 0, then level by level).
//
//	lps2lts-beam [options] [Beam flags] INFILE [OUTFILE.aut]
//
// INFILE is an LPS in mCRL2's binary format or as text ("-" or no INFILE
// reads standard input). OUTFILE must end in .aut ("-" writes to standard
// output); without OUTFILE the state space is explored but not saved. The
// pipelines run on Beam's embedded Prism runner unless --runner names
// another (direct, flink, spark, dataflow, universal), configured by
// Beam's own flags (--endpoint, --environment_type, ...).
//
// OUTFILE is written only when the search has ended: a run that fails or
// is interrupted leaves an existing OUTFILE as it was. The search's work
// folder is removed on every exit (unless --keep-workdir). Exit status: 0,
// 1 when -D found a deadlock, 2 on an error, 128+N when signal N stopped
// the run (130 for Ctrl-C), as lps2lts's.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/lps2lts/lps2lts/distributed/bfs"
	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/stopsignal"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/visitor"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run is the whole command. It parses into flag.CommandLine, where Beam's
// packages register their flags: the runners read them from there, and
// hand the ones given on to the workers.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var o options
	fs := flag.CommandLine
	fs.Init("lps2lts-beam", flag.ContinueOnError)
	// The flag package would list Beam's hundred flags on -h and after a
	// mistake; the usage text lists ours and names Beam's, and a mistake
	// gets one line.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	ours := o.register(fs)
	pos, err := parseArgs(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		usage(stdout, fs, ours)
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "lps2lts-beam: %v (-h lists the options)\n", err)
		return 2
	}
	broken := make(chan os.Signal, 1)
	stdout, stderr = watchPipe(stdout, broken), watchPipe(stderr, broken)
	// A runner that starts this binary as a worker passes --worker: Init
	// then runs the worker harness and exits.
	beam.Init()
	setupLogging(o.verbose, stderr)

	j, err := o.plan(pos)
	if err != nil {
		fmt.Fprintf(stderr, "lps2lts-beam: %v\n", err)
		return 2
	}
	code, err := j.generate(stdin, stdout, stderr, broken)
	if err != nil {
		fmt.Fprintf(stderr, "lps2lts-beam: %v\n", err)
	}
	return code
}

// generate reads the model, runs the search under the signal handler in a
// private work folder, and writes OUTFILE and the report; broken carries
// pipeWatch's word that standard output or error broke.
func (j *job) generate(stdin io.Reader, stdout, stderr io.Writer, broken <-chan os.Signal) (int, error) {
	start := time.Now()
	src, err := j.readModel(stdin)
	if err != nil {
		return 2, err
	}
	wd, err := newWorkDirs(j.opt.workDir)
	if err != nil {
		return 2, err
	}
	defer wd.remove(j.opt.keepWorkDir, stderr)
	out, err := createOutput(j.outfile, stdout)
	if err != nil {
		return 2, err
	}
	defer out.discard()

	ctx, signalled, stop := handleSignals(context.Background(), func() {
		out.discard()
		wd.remove(j.opt.keepWorkDir, stderr)
	}, stderr, broken)
	defer stop()
	cfg := bfs.Config{
		Name: j.infile, Model: src, WorkDir: wd.work, Shards: j.opt.shards, LevelsPerRun: j.opt.levelsPerRun,
		MaxStates: j.opt.max, Execute: beamx.Run, KeepWorkDir: j.opt.keepWorkDir,
	}
	if j.opt.verbose {
		cfg.Log = stderr
	}
	res, err := bfs.Run(ctx, cfg, out.w)
	if s := signalled(); s != nil {
		fmt.Fprintf(stderr, "Interrupted: no state space written%s.\n", out.untouched())
		return stopsignal.ExitCode(s), nil
	}
	if err != nil {
		return 2, fmt.Errorf("%w%s", err, out.untouched())
	}
	if err := out.commit(); err != nil {
		return 2, fmt.Errorf("writing %s: %w", j.outfile, err)
	}
	j.report(res, time.Since(start), stderr)
	if j.opt.deadlock && len(res.Deadlocks) > 0 {
		return 1, nil
	}
	return 0, nil
}

// readModel reads INFILE, or standard input for "-".
func (j *job) readModel(stdin io.Reader) ([]byte, error) {
	if j.infile == "-" {
		return load.Input("stdin", stdin)
	}
	f, err := os.Open(j.infile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return load.Input(j.infile, f)
}

// report prints the deadlocks (with -D), the limit reached and the summary
// line in lps2lts's words, and with -v the time taken.
func (j *job) report(res bfs.Result, elapsed time.Duration, stderr io.Writer) {
	if j.opt.deadlock {
		for _, s := range res.Deadlocks {
			fmt.Fprintf(stderr, "Deadlock found (state index: %d).\n", s)
		}
	}
	if j.opt.quiet {
		return
	}
	if res.MaxReached {
		fmt.Fprintf(stderr, "Explored the maximum number (%d) of states, terminating.\n", j.opt.max)
	}
	fmt.Fprintln(stderr, visitor.Summary(explore.Result{States: res.States, Transitions: res.Transitions, Levels: res.Levels}, true))
	if j.opt.verbose {
		el := elapsed.Seconds()
		fmt.Fprintf(stderr, "%.2fs, %.0f states/s\n", el, float64(res.States)/max(el, 1e-9))
	}
}
