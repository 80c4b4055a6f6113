package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners"

	"github.com/lps2lts/lps2lts/internal/outfile"
)

// options are lps2lts-beam's own flags; Beam's are registered by its
// packages on the same flag set.
type options struct {
	deadlock, verbose, quiet, keepWorkDir bool
	max, shards, levelsPerRun             int
	workDir                               string
}

// names is one option's short name ("" if none) and long name.
type names struct{ short, long string }

// register defines the options on fs, each short name beside its long
// one as lps2lts has them, and returns their names in the order of the
// usage text (which leaves Beam's hundred flags out).
func (o *options) register(fs *flag.FlagSet) []names {
	ours := []names{{"D", "deadlock"}, {"l", "max"}, {"v", "verbose"}, {"q", "quiet"}, {"", "workdir"}, {"", "shards"}, {"", "levels-per-run"}, {"", "keep-workdir"}}
	both := func(n names, def func(name string)) {
		def(n.long)
		if n.short != "" {
			def(n.short)
		}
	}
	both(ours[0], func(name string) {
		fs.BoolVar(&o.deadlock, name, false, "report deadlocks (states without outgoing transitions); exit status 1 when there is one")
	})
	both(ours[1], func(name string) {
		fs.IntVar(&o.max, name, 0, "explore at most `NUM` states: the LTS has exactly NUM states (0: no limit)")
	})
	both(ours[2], func(name string) {
		fs.BoolVar(&o.verbose, name, false, "print a progress line per pipeline run, the time taken, and the runner's own log")
	})
	both(ours[3], func(name string) { fs.BoolVar(&o.quiet, name, false, "print nothing but errors and reports") })
	fs.StringVar(&o.workDir, "workdir", "", "make the search's folder in `DIR`, on any filesystem Beam supports (default: the system's temporary folder); every worker must reach it")
	// On Prism every shard's join runs in this process: shards beyond
	// the CPUs add a join's fixed cost (its files, its element) to every
	// level without adding parallelism (three counters to 39: 1.5 s with
	// 2 shards, 2.3 s with 4 on 2 CPUs).
	fs.IntVar(&o.shards, "shards", runtime.NumCPU(), "split the visited set, the joins and each level's files into `N` shards (on a cluster: about its workers' cores)")
	fs.IntVar(&o.levelsPerRun, "levels-per-run", 8, "explore `K` breadth-first levels in one pipeline run")
	fs.BoolVar(&o.keepWorkDir, "keep-workdir", false, "keep the search's files (their folder is printed)")
	return ours
}

// parseArgs parses flags wherever they stand, before, between or after
// INFILE and OUTFILE, as lps2lts allows (the flag package stops at the
// first argument that is not a flag); after "--" every argument is
// positional.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// job is what the command line asks for, checked before anything is read
// or written.
type job struct {
	infile, outfile string
	opt             options
}

// plan checks the positional arguments and the option values.
func (o *options) plan(pos []string) (*job, error) {
	j := &job{infile: "-", opt: *o}
	switch len(pos) {
	case 2:
		j.outfile = pos[1]
		fallthrough
	case 1:
		j.infile = pos[0]
	case 0:
	default:
		return nil, fmt.Errorf("too many arguments %q: give INFILE and OUTFILE.aut", pos[2:])
	}
	switch {
	case o.max < 0:
		return nil, fmt.Errorf("--max takes a non-negative number (0: no limit)")
	case o.shards < 1:
		return nil, fmt.Errorf("--shards takes a positive number")
	case o.levelsPerRun < 1:
		return nil, fmt.Errorf("--levels-per-run takes a positive number")
	}
	if j.outfile != "" && j.outfile != "-" && !strings.EqualFold(filepath.Ext(j.outfile), ".aut") {
		return nil, fmt.Errorf("OUTFILE '%s': lps2lts-beam writes the .aut format only (mCRL2's ltsconvert turns it into others)", j.outfile)
	}
	if outfile.IsInput(j.infile, j.outfile) {
		return nil, fmt.Errorf("OUTFILE '%s' is the input file; refusing to overwrite it", j.outfile)
	}
	if r := *runners.Runner; r != "" && !beamRunners[r] {
		// Beam itself would exit with status 1 (the status of a found
		// deadlock) from inside the search, leaving the work folder.
		return nil, fmt.Errorf("--runner=%s: unknown runner (use prism, direct, flink, spark, dataflow, universal or dot)", r)
	}
	return j, nil
}

// beamRunners are the names the runners this command imports register
// with Beam (beamx imports them all).
var beamRunners = map[string]bool{
	"prism": true, "PrismRunner": true, "direct": true, "DirectRunner": true,
	"flink": true, "FlinkRunner": true, "spark": true, "SparkRunner": true,
	"dataflow": true, "DataflowRunner": true, "universal": true, "PortableRunner": true,
	"portable": true, "dot": true,
}

// usage prints the synopsis and lps2lts-beam's own options; Beam's flags
// are named, not listed.
func usage(w io.Writer, fs *flag.FlagSet, ours []names) {
	fmt.Fprint(w, `Usage: lps2lts-beam [options] [Beam flags] INFILE [OUTFILE.aut]

Explores the state space of the linear process in INFILE (mCRL2's binary
.lps or its text; '-' or none: standard input) breadth-first as an Apache
Beam pipeline and writes it to OUTFILE ('-': standard output; none: not
saved). States are numbered level by level, the initial state 0. OUTFILE is
written only when the search has ended: a failed or interrupted run leaves
it as it was.

Exit status: 0, 1 when -D found a deadlock, 2 on an error, 130 when Ctrl-C
stopped the run (128+N for signal N).

Options:
`)
	for _, n := range ours {
		f := fs.Lookup(n.long)
		arg, text := flag.UnquoteUsage(f)
		line := "      --" + n.long
		if n.short != "" {
			line = "  -" + n.short + ", --" + n.long
		}
		if arg != "" {
			line += "=" + arg
		}
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			text += " (default " + f.DefValue + ")"
		}
		fmt.Fprintf(w, "%-26s %s\n", line, text)
	}
	fmt.Fprint(w, `
Beam flags: --runner=NAME (prism, the default: Beam's embedded runner on
this machine; direct, flink, spark, dataflow, universal), --endpoint=HOST:PORT
(a job server), --environment_type and --environment_config (how workers
run), --project, --region, --staging_location (Dataflow), and Beam's other
pipeline flags.
`)
}
