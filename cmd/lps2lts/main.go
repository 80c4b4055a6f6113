// Command lps2lts generates the labelled transition system of an mCRL2
// linear process specification, as mCRL2's lps2lts does:
//
//	lps2lts [options] [INFILE [OUTFILE]]
//
// INFILE is a textual LPS (as lpspp prints it); "-" or no INFILE reads
// standard input. OUTFILE's format comes from -o/--out or its extension
// (.aut, .fsm, .dot); OUTFILE "-" writes to standard output (format from
// -o, default aut); without OUTFILE the state space is explored but not
// saved. The exit status (0, 1, 2, 3, 128+N) is listed in --help.
package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"regexp"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/lps2lts/lps2lts/confluence"
	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/cli"
	"github.com/lps2lts/lps2lts/internal/stopsignal"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/visitor"
)

func main() {
	tuneGC()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// loader reads INFILE and returns its generator: loadLPS for the
// command, a toy graph reader in tests (passed in, so that tests can run
// in parallel).
type loader func(path string, cfg *config) (explore.Generator, error)

// config holds the parsed options.
type config struct {
	deadlock, nondet, divergence, cycle bool
	actions, multiActions, tau          string
	trace                               int
	traceSet                            bool
	traceFormat                         string // --trace-format: lts (mCRL2's .trc) or text
	max                                 int
	strategy                            string
	todoMax                             int
	confluence                          string
	cached, globalCache                 bool
	noProbCheck                         bool
	out                                 string
	verbose, quiet                      bool
	rewriter                            string
	seed                                uint64
	progressEvery                       time.Duration
	cpuProfile                          string
	memProfile                          string
	termCollectMin                      int
	enumLimit                           int
	maxMemory                           int
	store                               storeConfig
	compat                              compatFlags
	noInfo, suppress                    bool
	timings                             string // "" for none, "-" for stderr
	stats                               string // --stats=FILE.json
	noGuardCache, noStepCache           bool
	noControlFlow                       bool
	cacheKB                             int
	qlimit                              int
	noQlimit                            bool // --qlimit=0 given
	threads                             int
	sweep                               string                  // --sweep=EXPR
	measure                             explore.ProgressMeasure // --sweep's, compiled by loadLPS
	multiActionLabels                   []string                // -m's as labels, checked by loadLPS; nil: splitNames(multiActions)
	ctauSummands                        int                     // summands with the action ctau, without -c (ctau.go)
	modelSum                            [32]byte                // SHA-256 of INFILE as read (load.go), a checkpoint's tie to the model
	checkpoint                          checkpointConfig        // --checkpoint, --checkpoint-every, --resume (checkpoint.go)
}

var (
	shortTrace = regexp.MustCompile(`^-t([0-9]+)$`)
	shortConfl = regexp.MustCompile(`^-c([A-Za-z_][A-Za-z0-9_']*)$`)
)

// normalizeArgs turns mCRL2's attached optional arguments (-t10, -cctau)
// into the long forms pflag understands.
func normalizeArgs(args []string) []string {
	out := make([]string, 0, len(args))
	for i, a := range args {
		if a == "--" {
			return append(out, args[i:]...)
		}
		if m := shortTrace.FindStringSubmatch(a); m != nil {
			a = "--trace=" + m[1]
		} else if m := shortConfl.FindStringSubmatch(a); m != nil {
			a = "--confluence=" + m[1]
		}
		out = append(out, a)
	}
	return out
}

// run is the command on args: its exit status.
func run(args []string, stdout, stderr io.Writer) int {
	return runWith(loadLPS, args, stdout, stderr)
}

// runWith is run with the generator of INFILE made by load.
func runWith(load loader, args []string, stdout, stderr io.Writer) int {
	var cfg config
	code := 0
	// Signals are caught for the whole run, also while the summary is
	// printed: a write to a closed pipe then fails instead of killing
	// the process.
	sigs := catchSignals(stderr)
	defer sigs.done()
	cmd := &cobra.Command{
		Use:   "lps2lts [options] [INFILE [OUTFILE]]",
		Short: "generate the labelled transition system of a linear process",
		Long: `Explores the state space of the linear process in INFILE (standard input
without INFILE or with '-') and writes it to OUTFILE: .aut (streamed), .fsm
or .dot, chosen by --out or the extension. OUTFILE '-' writes to standard
output (format from --out, default aut). Without OUTFILE the state space is
explored but not saved. OUTFILE is written under a temporary name and
renamed at the end, so a run that fails leaves an existing OUTFILE as it
was; a signal (Ctrl-C, SIGTERM, SIGHUP, a closed pipe, Ctrl-\, SIGALRM,
SIGUSR1, SIGUSR2), --max, --max-memory and the address-space limit
(ulimit -v) still give a valid OUTFILE.

Files: no file a run writes (OUTFILE, --stats, --timings) may be INFILE
or another of them; new files get the mode the umask gives; a symbolic
link another user owns in a sticky folder (/tmp) is not followed;
traces (-t) never replace a file or follow a link (a taken name is
numbered on). A failed write stops the search: exit 2. A binary INFILE
is checked as its text would be (sorts, declarations, names), so a
forged or corrupt file is refused, naming the summand and the reason.

Exit status:
  0      the state space was explored (to its end, or to the limit of an
         explicit --max or --max-memory) and no check reported anything
  1      a requested check (-D, -a, -m, -n, -F, --cycle) reported something
  2      an error: the command line, INFILE, OUTFILE or the search failed
  3      the state space is incomplete: the default memory limit (90% of
         the memory; --max-memory not given) stopped the search, also
         when a check reported something
  128+N  signal N stopped the run: 130 Ctrl-C (SIGINT), 129 SIGHUP,
         131 Ctrl-\ (SIGQUIT), 138/140 SIGUSR1/2, 141 SIGPIPE (a closed
         pipe), 142 SIGALRM, 143 SIGTERM`,
		Args:                  fileArgs,
		Version:               version,
		DisableFlagsInUseLine: true,
		SilenceUsage:          true,
		SilenceErrors:         true,
		RunE: func(c *cobra.Command, pos []string) error {
			cfg.traceSet = c.Flags().Changed("trace")
			cfg.noQlimit = c.Flags().Changed("qlimit") && cfg.qlimit == 0
			if err := cfg.compat.apply(&cfg, c.Flags()); err != nil {
				return err
			}
			var err error
			code, err = generate(load, &cfg, c, pos, sigs, stdout, stderr)
			return err
		},
	}
	f := cmd.Flags()
	f.SortFlags = false
	f.BoolVarP(&cfg.deadlock, "deadlock", "D", false, "report deadlocks (states without outgoing transitions)")
	f.StringVarP(&cfg.actions, "action", "a", "", "report transitions with an action named in the comma-separated `NAMES`")
	f.StringVarP(&cfg.multiActions, "multiaction", "m", "", "report transitions whose multi-action is one of the comma-separated `NAMES` (data arguments included)")
	f.BoolVarP(&cfg.nondet, "nondeterminism", "n", false, "report states with two transitions with the same label to different states")
	f.BoolVarP(&cfg.divergence, "divergence", "F", false, "report states from which an infinite sequence of internal (tau) transitions starts")
	f.StringVar(&cfg.tau, "tau", "", "with --divergence, consider the actions in the comma-separated `NAMES` internal")
	f.BoolVar(&cfg.cycle, "cycle", false, "report the first cycle found by a depth-first search (a back edge); implies depth-first search")
	f.VarP((*traceFlag)(&cfg.trace), "trace", "t", "write a shortest trace to each reported state (INFILE_dlk_N.trc and INFILE_dlk_N.aut, ...); each check stops the search after `NUM` traces (default: no limit; NUM is attached: -t3 or --trace=3)")
	f.Lookup("trace").NoOptDefVal = "unlimited"
	f.StringVar(&cfg.traceFormat, "trace-format", "lts", "format of the --trace files: lts (mCRL2's .trc, an .lts of the path with the states' parameter values, for tracepp and lpsxsim) or text (one multi-action per line in the .trc, and the path as an .aut beside it)")
	f.IntVarP(&cfg.max, "max", "l", 0, "explore at most `NUM` states")
	f.IntVar(&cfg.maxMemory, "max-memory", defaultMaxMemoryMB(), "stop the search cleanly, with a valid output file, when the process uses more than `MB` megabytes (default: 90% of the machine's or container's memory; 0: no limit)")
	f.StringVarP(&cfg.strategy, "strategy", "s", "b", "search strategy `NAME`: b/breadth, d/depth or h/highway")
	f.IntVar(&cfg.todoMax, "todo-max", 0, "highway search: keep at most `NUM` states per level")
	f.StringVarP(&cfg.confluence, "confluence", "c", "", "confluence reduction: summands whose multi-action is the single action `NAME` (default ctau; tau: the empty multi-action) are confluent; every state is replaced by its representative under confluent steps, which do not appear in the output (write -cNAME or --confluence=NAME)")
	f.Lookup("confluence").NoOptDefVal = "ctau"
	f.BoolVar(&cfg.cached, "cached", false, "cache enumeration results per summand")
	f.BoolVar(&cfg.globalCache, "global-cache", false, "use one global enumeration cache")
	f.BoolVar(&cfg.noProbCheck, "no-probability-checking", false, "do not check that probabilities lie in [0, 1] and that distributions add up to 1")
	f.StringVarP(&cfg.out, "out", "o", "", "save the output in `FORMAT`: aut, fsm or dot")
	f.BoolVarP(&cfg.verbose, "verbose", "v", false, "print progress lines on stderr: elapsed time, states, transitions, levels done, states/s, resident memory, the store's memory and the memory limit")
	f.BoolVarP(&cfg.quiet, "quiet", "q", false, "print nothing but errors and reports")
	f.StringVarP(&cfg.rewriter, "rewriter", "r", "jitty", "rewrite strategy `NAME` (accepted for compatibility; there is one rewriter)")
	f.Uint64Var(&cfg.seed, "seed", 0, "seed for highway search's sampling (0: a fixed seed, the same sample in every run)")
	f.MarkHidden("seed")
	f.DurationVar(&cfg.progressEvery, "progress-interval", time.Second, "interval between progress lines")
	f.MarkHidden("progress-interval")
	f.IntVar(&cfg.threads, "threads", 1, "compute successors with `N` threads (0: one per core; at most one per core) in breadth-first, highway and sweep-line search, with or without -c, where the store allows it (a warning says why not); the LTS and its state numbers are the same as with one thread")
	f.IntVarP(&cfg.qlimit, "qlimit", "Q", 10, "limit the enumeration of a quantifier over an infinite sort to `NUM` iterations (0: no limit)")
	f.BoolVar(&cfg.noGuardCache, "no-guard-cache", false, "do not cache summand conditions by the parameters they read (for measurements)")
	f.IntVar(&cfg.cacheKB, "cache-kb", 0, "bound the guard caches, the step caches (each kind, of each thread) and each --cached enumeration cache to `KB` kilobytes; a cache that reaches it is emptied (0: the defaults, 16384, 16384 and 32768)")
	f.MarkHidden("no-guard-cache")
	f.BoolVar(&cfg.noStepCache, "no-step-cache", false, "do not cache summands' labels and assigned values by the variables they read (for measurements)")
	f.MarkHidden("no-step-cache")
	f.BoolVar(&cfg.noControlFlow, "no-control-flow", false, "do not select summands by control-flow parameters (for measurements)")
	f.MarkHidden("no-control-flow")
	f.StringVar(&cfg.cpuProfile, "cpuprofile", "", "write a CPU profile to `FILE`")
	f.MarkHidden("cpuprofile")
	f.StringVar(&cfg.memProfile, "memprofile", "", "write a heap profile of what is live at the search's end to `FILE`")
	f.MarkHidden("memprofile")
	f.IntVar(&cfg.termCollectMin, "term-collect-min", 0, "collect the term store only past `N` terms (0: the default, -1: never; for tests)")
	f.MarkHidden("term-collect-min")
	addStoreFlags(f, &cfg.store)
	addEnumFlags(f, &cfg.enumLimit)
	addCompatFlags(f, &cfg)
	addSweepFlag(f, &cfg)
	addCheckpointFlags(f, &cfg.checkpoint)
	f.StringVar(&cfg.stats, "stats", "", "write the run's figures (states, transitions, levels, seconds, peak memory, store bytes/state) as JSON to `FILE`")
	cmd.SetOut(stdout)
	cmd.SetErr(stderr)
	// Not cmd.Execute: a model file named "completion" or "help" is a
	// file to read, never one of cobra's subcommands.
	if err := cli.Execute(cmd, normalizeArgs(args)); err != nil {
		if err != errReported {
			printError(stderr, err)
		}
		if code == 0 {
			code = 2
		}
	}
	return code
}

// printError prints err on stderr, each of its lines (a list of errors
// in the specification) after the program's name.
func printError(stderr io.Writer, err error) {
	for _, line := range strings.Split(strings.TrimRight(err.Error(), "\n"), "\n") {
		fmt.Fprintf(stderr, "lps2lts: %s\n", line)
	}
}

// traceFlag is the count of --trace; "unlimited" when given without NUM.
type traceFlag int

func (t *traceFlag) String() string {
	if *t == 0 || *t == math.MaxInt {
		return ""
	}
	return strconv.Itoa(int(*t))
}

func (t *traceFlag) Set(s string) error {
	if s == "unlimited" {
		*t = math.MaxInt
		return nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		return errors.New("it takes a non-negative number")
	}
	*t = traceFlag(n)
	return nil
}

func (t *traceFlag) Type() string { return "NUM" }

// usageError marks a problem with the command line, as the flags'
// errors are marked.
type usageError = cli.UsageError

func splitNames(s string) []string {
	// Commas inside brackets belong to action arguments (a(1,2),b).
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	if rest := strings.TrimSpace(s[start:]); rest != "" {
		out = append(out, rest)
	}
	return out
}

// job is what the command line asks for, checked before anything is read
// or written.
type job struct {
	infile, outfile string
	format          string // aut, fsm or dot; "" without OUTFILE
	opt             explore.Options
}

// errReported is returned by generate for an error it has already
// printed (before the summary line, as mCRL2 does).
var errReported = errors.New("reported")

// exitIncomplete is the exit status of a run whose state space a limit
// the user did not set (--max-memory's default) cut short: a script must
// not take the part for the whole. An explicit --max or --max-memory
// exits 0, as mCRL2's --max does.
const exitIncomplete = 3

// generate runs lps2lts: check the options, load the generator, wire the
// explorer with its store, output and checks, search, and report.
func generate(load loader, cfg *config, c *cobra.Command, pos []string, sigs *signalStop, stdout, stderr io.Writer) (int, error) {
	start := time.Now()
	j, err := planJob(cfg, c.Flags(), pos)
	if err != nil {
		return 2, err
	}
	gen, err := load(j.infile, cfg)
	tuneSearchGC()
	if err != nil {
		return 2, err
	}
	if err := checkActionNames(cfg, gen); err != nil {
		return 2, err
	}
	needIDs := j.outfile != "" || cfg.nondet || cfg.cycle
	needStates := j.format == "fsm" || j.format == "lts" && !cfg.noInfo || cfg.divergence
	if j.opt.Strategy == explore.Sweep {
		j.opt.Store = newSweepStore(cfg, gen)
	} else if j.opt.Store, err = newStore(&cfg.store, gen, needIDs, needStates); err != nil {
		return 2, err
	}
	x := explore.New(gen, j.opt)
	sigs.watch(x)
	if cfg.threads > j.opt.Threads && !cfg.quiet {
		fmt.Fprintf(stderr, "lps2lts: warning: --threads=%d: this machine has %d cores; using %d threads\n", cfg.threads, j.opt.Threads, j.opt.Threads)
	}
	if err := x.Err(); err != nil {
		return 2, &usageError{Msg: err.Error()}
	}
	if n, why := x.Threads(); j.opt.Threads > n && !cfg.quiet {
		fmt.Fprintf(stderr, "lps2lts: warning: --threads=%d: this search runs on one thread: %s\n", j.opt.Threads, why)
	}
	// The trace recorder comes first: detectors use the parent pointers of
	// the state they report.
	rep := newReporter(cfg, j, x, stderr)
	ck, err := newCheckpointer(cfg, j, x, stderr)
	if err != nil {
		return 2, err
	}
	out, err := openOutput(cfg, j, x, ck, stdout, stderr)
	if err != nil {
		return 2, err
	}
	sigs.onForcedExit(out.abandon)
	div := addChecks(cfg, x, rep, start, stderr)
	if ck != nil {
		if err := ck.attachChecks(rep, div); err != nil {
			out.discard()
			return 2, err
		}
	}

	searchStart := time.Now()
	if ck != nil {
		sigs.stopBetweenStates()
		ck.start()
	}
	res, runErr, memoryHit := search(cfg, x, div)
	searchTime := time.Since(searchStart)
	if ck != nil {
		ck.finish(res, runErr)
	}
	// The output is kept when the search ended or was stopped (a signal,
	// --max, the memory limit): it is valid for the part explored. A
	// failed search leaves the old OUTFILE as it was.
	kept, closeErr := out.close(res, runErr == nil)
	if ck != nil {
		ck.done(res, runErr == nil && closeErr == nil && kept)
	}
	// The signal is read after the output is closed: a reader of
	// standard output may close the pipe while the output is finished.
	stopped := stopCause{signal: sigs.signal(), memory: memoryHit != memoryOK, addressSpace: memoryHit == memoryAddressSpace,
		defaultMemory: memoryHit != memoryOK && !c.Flags().Changed("max-memory")}
	if errors.Is(closeErr, syscall.EPIPE) {
		// The reader of OUTFILE went away: a stop, not a failure.
		closeErr, stopped.signal = nil, syscall.SIGPIPE
		if where := "'" + out.final + "'"; !cfg.quiet {
			if out.final == "-" {
				where = "standard output"
			}
			fmt.Fprintf(stderr, "lps2lts: the reader of %s closed the pipe before the end of the output\n", where)
		}
	}
	if runErr != nil {
		printError(stderr, explainError(runErr))
		switch {
		case out.temporary() && kept:
			fmt.Fprintf(stderr, "lps2lts: '%s' holds the state space explored before the error\n", out.final)
		case out.temporary():
			fmt.Fprintf(stderr, "lps2lts: '%s' was left as it was\n", out.final)
		}
	} else if closeErr != nil {
		// The output could not be written (a full disk, a file-size
		// limit): the first failed write stopped the search, and the
		// unfinished file is gone.
		closeErr = fmt.Errorf("writing '%s': %w", out.final, closeErr)
		printError(stderr, closeErr)
	}
	reportRun(cfg, j, x, res, rep, stopped, runErr != nil || closeErr != nil, searchTime, stderr)
	// The figures a script asked for are part of the result: a run that
	// cannot write them fails.
	var figuresErr error
	if err := writeTimings(cfg, time.Since(start), searchTime, stderr); err != nil {
		figuresErr = fmt.Errorf("--timings: %w", err)
		printError(stderr, figuresErr)
	}
	if cfg.stats != "" {
		if err := writeStats(cfg.stats, x, res, cfg.store.kind, searchTime); err != nil {
			figuresErr = fmt.Errorf("--stats: %w", err)
			printError(stderr, figuresErr)
		}
	}
	switch {
	case runErr != nil, closeErr != nil, figuresErr != nil:
		return 2, errReported
	case stopped.signal != nil:
		return stopsignal.ExitCode(stopped.signal), nil
	case stopped.defaultMemory:
		return exitIncomplete, nil
	case rep.Found > 0:
		return 1, nil
	}
	return 0, nil
}

// planJob checks the options that do not need the input and decides the
// output format.
func planJob(cfg *config, flags *pflag.FlagSet, pos []string) (*job, error) {
	j := &job{infile: "-"}
	if len(pos) > 0 {
		j.infile = pos[0]
	}
	if len(pos) == 2 {
		j.outfile = pos[1]
	}
	j.opt = explore.Options{Seed: cfg.seed, MaxStates: cfg.max, TodoMax: cfg.todoMax, Cycles: cfg.cycle, Threads: cfg.threads, TermCollectMin: cfg.termCollectMin}
	if j.opt.Threads == 0 || j.opt.Threads > runtime.NumCPU() {
		// Workers beyond the cores only cost memory (each has a fork of
		// the generator and a share of every block of successors).
		j.opt.Threads = runtime.NumCPU()
	}
	var err error
	if j.opt.Strategy, err = parseStrategy(cfg.strategy); err != nil {
		return nil, err
	}
	// Negative counts, each named as mCRL2 names a bad argument.
	for _, name := range []string{"max", "qlimit", "threads", "todo-max", "enum-limit", "max-memory", "cache-kb"} {
		if f := flags.Lookup(name); f.Changed && strings.HasPrefix(f.Value.String(), "-") {
			return nil, &usageError{Msg: fmt.Sprintf("argument '%s' to option %s is invalid (it takes a non-negative number)", f.Value, cli.OptionName(f))}
		}
	}
	highway := j.opt.Strategy == explore.Highway
	switch {
	case highway && cfg.todoMax <= 0:
		return nil, &usageError{Msg: "search strategy 'highway' requires --todo-max"}
	case !highway && flags.Changed("todo-max"):
		return nil, &usageError{Msg: "option --todo-max can only be used with highway search"}
	case cfg.cycle && highway:
		return nil, &usageError{Msg: "option --cycle uses depth-first search; it cannot be combined with highway search"}
	case flags.Changed("tau") && !cfg.divergence:
		return nil, &usageError{Msg: "option --tau requires the option --divergence"}
	case flags.Changed("confluence") && cfg.confluence == "":
		return nil, &usageError{Msg: "option --confluence needs an action name (or none: ctau)"}
	case cfg.traceFormat != "lts" && cfg.traceFormat != "text":
		return nil, &usageError{Msg: fmt.Sprintf("option --trace-format has illegal argument '%s' (use lts or text)", cfg.traceFormat)}
	}
	if err := traceArgumentHint(cfg, pos); err != nil {
		return nil, err
	}
	if j.format, err = outputFormat(cfg.out, j.outfile); err != nil {
		return nil, err
	}
	if err := checkWrittenFiles(cfg, j); err != nil {
		return nil, err
	}
	if err := checkSweep(cfg, flags, j); err != nil {
		return nil, err
	}
	return j, nil
}

// newReporter makes the detectors' reporter, with a trace recorder and
// writer when traces are asked for.
func newReporter(cfg *config, j *job, x *explore.Explorer, stderr io.Writer) *visitor.Reporter {
	rep := &visitor.Reporter{Out: stderr, Explorer: x}
	if cfg.traceSet {
		rec := &visitor.TraceRecorder{}
		x.AddVisitor(rec)
		prefix := j.infile
		if prefix == "-" {
			prefix = "stdin"
		}
		rep.Traces = &visitor.TraceWriter{Prefix: prefix, Max: cfg.trace, Recorder: rec, Labels: x.Generator().Labels()}
		if cfg.traceFormat != "text" {
			// Timed stochastic processes keep the text form (ltsTraces
			// refuses them).
			// A sweep has forgotten most states: its traces have
			// the actions only.
			_ = ltsTraces(rep.Traces, x, cfg.store.keepsStates() && j.opt.Strategy != explore.Sweep)
		}
	}
	return rep
}

// addChecks adds the detectors asked for, and progress lines with -v. It
// returns the divergence detector, which finishes after the search.
func addChecks(cfg *config, x *explore.Explorer, rep *visitor.Reporter, start time.Time, stderr io.Writer) *visitor.DivergenceDetector {
	gen := x.Generator()
	if cfg.deadlock {
		x.AddVisitor(&visitor.DeadlockDetector{Reporter: rep})
	}
	if cfg.actions != "" || cfg.multiActions != "" {
		multi := cfg.multiActionLabels
		if multi == nil {
			multi = splitNames(cfg.multiActions)
		}
		x.AddVisitor(visitor.NewActionDetector(rep, gen.Labels(), splitNames(cfg.actions), multi))
	}
	if cfg.nondet {
		x.AddVisitor(&visitor.NondeterminismDetector{Reporter: rep})
	}
	var div *visitor.DivergenceDetector
	if cfg.divergence {
		div = visitor.NewDivergenceDetector(rep, gen, x.Store(), splitNames(cfg.tau))
		x.AddVisitor(div)
	}
	if cfg.cycle {
		x.AddVisitor(&visitor.CycleDetector{Reporter: rep})
	}
	if cfg.verbose && !cfg.suppress {
		x.AddVisitor(newProgress(x, stderr, cfg.progressEvery, start, max(cfg.maxMemory, 0)))
	}
	if conf, ok := gen.(*confluence.Generator); ok && conf.ConfluentSummands() == 0 && !cfg.quiet {
		fmt.Fprintf(stderr, "lps2lts: warning: no summand has the confluence action %s; exploring without reduction\n", conf.Action())
	}
	warnCtau(cfg, stderr)
	return div
}

// stopCause says why a search stopped early: a signal (stopsignal.Signals)
// or the memory limit, given or by default.
type stopCause struct {
	signal        os.Signal
	memory        bool
	defaultMemory bool // the limit was --max-memory's default, not the user's
	addressSpace  bool // the address-space limit (ulimit -v) stopped it
}

// search runs the explorer under the memory watch and the CPU profile,
// and finishes the divergence check. memoryHit says which memory limit
// stopped it, if any.
func search(cfg *config, x *explore.Explorer, div *visitor.DivergenceDetector) (res explore.Result, err error, memoryHit memoryStop) {
	memoryReached, memoryDone := watchMemory(x, cfg.maxMemory)
	defer func() {
		memoryDone()
		memoryHit = memoryReached()
	}()
	if cfg.cpuProfile != "" {
		pf, err := os.Create(cfg.cpuProfile)
		if err != nil {
			return res, err, memoryOK
		}
		pprof.StartCPUProfile(pf)
		defer func() {
			pprof.StopCPUProfile()
			pf.Close()
		}()
	}
	res, err = x.Run()
	if cfg.memProfile != "" {
		if err := writeHeapProfile(cfg.memProfile); err != nil {
			return res, err, memoryOK
		}
	}
	if err == nil && div != nil {
		div.Flush()
		err = div.Err()
	}
	if res.Stopped && errors.Is(err, explore.ErrInterrupted) {
		err = nil // a check after the search, cut short by the interrupt
	}
	return res, err, memoryOK
}

// reportRun prints why the search stopped early, mCRL2's summary line (a
// failed run says so instead of "Done"), the store's figures and, with
// -v, the rate and confluence figures.
func reportRun(cfg *config, j *job, x *explore.Explorer, res explore.Result, rep *visitor.Reporter, stopped stopCause, failed bool, elapsed time.Duration, stderr io.Writer) {
	summary := visitor.Summary(res, j.opt.Strategy == explore.Breadth && !j.opt.Cycles)
	asLimit := fmt.Sprintf("Address-space limit of %d MB (ulimit -v) nearly reached: the state space is incomplete.\n", addressSpaceLimit()>>20)
	switch {
	// Also with -q: the limit was not the user's, and the exit status
	// alone would not say what is missing.
	case stopped.defaultMemory && stopped.addressSpace:
		io.WriteString(stderr, asLimit)
	case stopped.defaultMemory:
		fmt.Fprintf(stderr, "Memory limit of %d MB reached (the default of --max-memory: 90%% of the memory): the state space is incomplete.\n", cfg.maxMemory)
	}
	if !cfg.quiet {
		switch {
		case res.MaxReached:
			fmt.Fprintf(stderr, "Explored the maximum number (%d) of states, terminating.\n", cfg.max)
		case stopped.addressSpace && !stopped.defaultMemory:
			io.WriteString(stderr, asLimit)
		case stopped.memory && !stopped.defaultMemory:
			fmt.Fprintf(stderr, "Memory limit of %d MB reached (--max-memory): the state space is incomplete.\n", cfg.maxMemory)
		case stopped.signal == syscall.SIGINT && res.Stopped:
			fmt.Fprintln(stderr, "Interrupted: the state space is incomplete.")
		case stopped.signal != nil && res.Stopped:
			fmt.Fprintf(stderr, "Interrupted (%v): the state space is incomplete.\n", stopped.signal)
		}
		if failed {
			summary = "State space generation failed " + strings.TrimPrefix(summary, "Done with state space generation ")
		}
		fmt.Fprintln(stderr, summary)
		reportSweep(stderr, x, cfg.verbose)
	}
	reportStore(stderr, x, res.States, cfg.verbose, cfg.quiet)
	if !cfg.verbose {
		return
	}
	el := elapsed.Seconds()
	fmt.Fprintf(stderr, "%.2fs, %.0f states/s\n", el, float64(res.States)/max(el, 1e-9))
	if n := x.Speculated(); n > 0 {
		// --threads: the helper of narrow levels (explore/speculate.go).
		fmt.Fprintf(stderr, "threads: a helper computed the successors of %d states ahead (narrow levels)\n", n)
	}
	if g, ok := x.Generator().(interface {
		GuardStats() lpsgen.CacheStats
		StepStats() lpsgen.CacheStats
	}); ok {
		reportCache(stderr, "guard", g.GuardStats())
		reportCache(stderr, "step", g.StepStats())
	}
	if conf, ok := x.Generator().(*confluence.Generator); ok {
		st := conf.Stats()
		fmt.Fprintf(stderr, "confluence: %d representative searches visited %d states; %d moved a state\n", st.Searches, st.Visited, st.Moved)
	}
}

// reportCache prints the figures of one kind of the generator's caches
// (-v).
func reportCache(w io.Writer, kind string, st lpsgen.CacheStats) {
	fmt.Fprintf(w, "%s cache: %d lookups, %.1f%% hits, %d of %d summands dropped their cache, %d bytes, %d flushes\n",
		kind, st.Lookups, 100*float64(st.Hits)/float64(max(st.Lookups, 1)), st.Off, st.Summands, st.Bytes, st.Flushes)
	if st.SharedLookups > 0 {
		// The threads' misses looked up in the tables they share.
		fmt.Fprintf(w, "%s cache shared by the threads: %d lookups, %.1f%% hits\n",
			kind, st.SharedLookups, 100*float64(st.SharedHits)/float64(st.SharedLookups))
	}
}
