package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/outfile"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/rewrite"
	"github.com/lps2lts/lps2lts/termcodec"
	"github.com/lps2lts/lps2lts/visitor"
	"github.com/spf13/pflag"
)

// Checkpoints (--checkpoint=DIR, --checkpoint-every, --resume=DIR): a
// long run saves what its search needs to go on, at an interval and when
// it stops cleanly (a signal, --max, the memory limit), and a later run
// continues it to the same LTS, state numbers, findings, trace files and
// summary as an uninterrupted run. DIR holds up to three files:
//
//   - checkpoint: the stored states, the search's counters, the options
//     that shape the LTS and a fingerprint of INFILE (checkpointfile.go).
//     It is written under a temporary name (internal/outfile), synced,
//     renamed over the last one and the folder synced, so a crash while it is written leaves the
//     last one whole.
//   - output.aut: the .aut transitions as they are explored (the .aut
//     writer's spill file, visitor/autcheckpoint.go), synced before each
//     checkpoint, which records its length: a resumed run cuts it back
//     to that length. OUTFILE gets its header and a copy at the end.
//   - traces: with -t, the journal of the trace files the run wrote, one
//     name a line, appended before each is created and synced before each
//     checkpoint, which records its length: the names after it are those
//     a killed run wrote after its checkpoint, which the resumed run
//     writes again in their place (checkpointchecks.go).
//
// The checks (-D, -a, -m, -n, -F, -t) go on from what the checkpoint
// holds of them: the findings and the traces each wrote, the trace
// parents, the divergence detector's memory and the labels, under the
// same ids (checkpointchecks.go).
//
// What the search can continue from is explore's (explore/checkpoint.go:
// breadth-first search with the table or tree store, any number of
// threads). What is refused here, with the reason: other output formats,
// whose writers keep tables in memory to the end; timed, stochastic and
// confluence-reduced models, whose states hold more than the parameters'
// terms; a model read from standard input, which cannot be fingerprinted
// again. (--cycle, a depth-first search, is refused by explore.)
type checkpointConfig struct {
	dir    string
	every  time.Duration
	resume string
}

func addCheckpointFlags(f *pflag.FlagSet, c *checkpointConfig) {
	f.StringVar(&c.dir, "checkpoint", "", "save the search in `DIR` (created if missing) at every --checkpoint-every and when the run stops cleanly (a signal, --max, the memory limit), so that --resume=DIR continues it; breadth-first search, table or tree store, .aut output or none; the checks (-D, -a, -m, -n, -F) and their traces (-t) go on where they were")
	f.DurationVar(&c.every, "checkpoint-every", 30*time.Minute, "the interval between checkpoints (`DURATION`: 90s, 30m, 2h)")
	f.StringVar(&c.resume, "resume", "", "continue the search saved in `DIR` by --checkpoint (same INFILE, options that shape the LTS and checks), checkpointing on into DIR; the LTS, its state numbers, the findings, the trace files and the summary are those of an uninterrupted run")
}

// The files of a checkpoint folder.
const (
	checkpointFile    = "checkpoint"
	checkpointAut     = "output.aut"
	checkpointJournal = "traces"
)

// checkpointer takes the checkpoints of one run.
type checkpointer struct {
	dir      string
	every    time.Duration
	x        *explore.Explorer
	codec    *termcodec.Codec
	header   checkpointHeader // the fields every checkpoint of the run shares
	resumed  *checkpointHeader
	spill    *os.File // output.aut, nil without .aut output
	aut      *visitor.AutWriter
	stderr   io.Writer
	verbose  bool
	written  int
	last     time.Time
	lastSnap explore.Snapshot
	stopped  chan struct{}
	hooks    checkpointHooks
	checks   checkpointedChecks // checkpointchecks.go
	// adopted: the run ended and DIR's output.aut became OUTFILE
	// (output.close), instead of being copied.
	adopted bool
}

// newCheckpointer checks that the run can be checkpointed and, with
// --resume, restores the search into x. It returns nil without
// --checkpoint and --resume.
func newCheckpointer(cfg *config, j *job, x *explore.Explorer, stderr io.Writer) (*checkpointer, error) {
	cc := &cfg.checkpoint
	if cc.dir == "" && cc.resume == "" {
		return nil, nil
	}
	dir, what := cc.dir, "--checkpoint"
	if cc.resume != "" {
		if cc.dir != "" && filepath.Clean(cc.dir) != filepath.Clean(cc.resume) {
			return nil, &usageError{Msg: "--resume=DIR checkpoints on into DIR: a --checkpoint with another folder is refused"}
		}
		dir, what = cc.resume, "--resume"
	}
	if err := checkpointable(cfg, j, x); err != nil {
		return nil, &usageError{Msg: fmt.Sprintf("%s: %v", what, err)}
	}
	if cc.every <= 0 {
		return nil, &usageError{Msg: "--checkpoint-every needs a positive duration"}
	}
	base := x.Generator().(*lpsgen.Generator)
	c := &checkpointer{dir: dir, every: cc.every, x: x, codec: termcodec.New(base.Rewriter()), stderr: stderr, verbose: cfg.verbose}
	c.checks.base, c.checks.traced = base, cfg.traceSet
	base.KeepMultiActions() // a checkpoint saves the labels' terms
	var err error
	if c.hooks, err = parseCheckpointHooks(os.Getenv(checkpointHooksEnv)); err != nil {
		return nil, err
	}
	c.header = checkpointHeader{fingerprint: cfg.modelSum, options: checkpointOptions(cfg, j), width: base.Width()}
	if cc.resume != "" {
		err = c.restore(j)
	} else {
		err = c.create(j)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	x.OnCheckpoint(c.write)
	return c, nil
}

// checkpointable says why this run cannot be checkpointed, or nil.
func checkpointable(cfg *config, j *job, x *explore.Explorer) error {
	if err := x.CanCheckpoint(); err != nil {
		return err
	}
	switch {
	case j.format != "" && j.format != "aut":
		return fmt.Errorf("checkpoints hold .aut output or none: the %s writer keeps its tables in memory until the end", j.format)
	case j.infile == "-":
		return errors.New("the model must be read from a file (INFILE), whose fingerprint ties the checkpoint to it")
	}
	if _, ok := x.Generator().(*lpsgen.Generator); !ok {
		return errors.New("checkpoints hold the states of plain linear processes: not timed, stochastic or confluence-reduced ones, whose states hold more than the parameters' values")
	}
	return nil
}

// checkpointOptions names the options that shape the LTS and the
// findings: a resumed run must have the same. (Threads, the store and
// --max do not change the LTS or its numbers, and may differ.) A run
// without checks names none, as before checkpoints held them, so that
// its older checkpoints resume.
func checkpointOptions(cfg *config, j *job) string {
	out := j.format
	if out == "" {
		out = "none"
	}
	opts := fmt.Sprintf("strategy=%s output=%s qlimit=%d no-qlimit=%t enum-limit=%d", j.opt.Strategy, out, cfg.qlimit, cfg.noQlimit, cfg.enumLimit)
	if hasChecks(cfg) {
		trace := "none"
		if cfg.traceSet {
			trace = fmt.Sprintf("%d,%s", cfg.trace, cfg.traceFormat)
		}
		opts += fmt.Sprintf(" checks=deadlock:%t,action:%q,multiaction:%q,nondeterminism:%t,divergence:%t,tau:%q,trace:%s",
			cfg.deadlock, cfg.actions, cfg.multiActions, cfg.nondet, cfg.divergence, cfg.tau, trace)
	}
	return opts
}

// hasChecks says whether the run reports findings or records traces.
func hasChecks(cfg *config) bool {
	return cfg.deadlock || cfg.actions != "" || cfg.multiActions != "" || cfg.nondet || cfg.divergence || cfg.traceSet
}

// create prepares DIR for a new run. A folder that holds a checkpoint is
// refused: starting over would destroy the run it saves.
func (c *checkpointer) create(j *job) error {
	if err := os.MkdirAll(c.dir, 0o777); err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(c.dir, checkpointFile)); err == nil {
		return fmt.Errorf("'%s' holds a checkpoint already: continue it with --resume=%s, or remove it", c.dir, c.dir)
	}
	if j.format == "aut" {
		f, err := os.OpenFile(filepath.Join(c.dir, checkpointAut), os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o666)
		if err != nil {
			return err
		}
		c.spill = f
	}
	return c.checks.create(c.dir)
}

// restore reads DIR's checkpoint and continues its search in c.x.
func (c *checkpointer) restore(j *job) error {
	f, err := os.Open(filepath.Join(c.dir, checkpointFile))
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("'%s' holds no checkpoint", c.dir)
	}
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	r, h, err := readCheckpointHeader(f, st.Size(), c.decode)
	if err != nil {
		return err
	}
	switch {
	case h.version < 2 && strings.Contains(c.header.options, " checks="):
		return fmt.Errorf("the checkpoint in '%s' was written by an lps2lts whose checkpoints do not hold the checks (format %d): resume it without -D, -a, -m, -n, -F and -t, or start again", c.dir, h.version)
	case h.fingerprint != c.header.fingerprint:
		return fmt.Errorf("the checkpoint in '%s' is of another model: '%s' is not the file it was taken of", c.dir, j.infile)
	case h.options != c.header.options:
		return fmt.Errorf("the checkpoint in '%s' was taken with %s; this run has %s", c.dir, h.options, c.header.options)
	case h.width != c.header.width:
		return fmt.Errorf("the checkpoint's states have %d values, this model's %d", h.width, c.header.width)
	case j.format == "aut" && h.autTransitions != h.snap.Transitions:
		return fmt.Errorf("the checkpoint's .aut holds %d transitions, its search %d", h.autTransitions, h.snap.Transitions)
	}
	if j.format == "aut" {
		if c.spill, err = os.OpenFile(filepath.Join(c.dir, checkpointAut), os.O_RDWR, 0); err != nil {
			return err
		}
	}
	if err := c.x.Restore(h.snap, r.next); err != nil {
		return err
	}
	cc, err := r.checks(h)
	if err != nil {
		return err
	}
	if err := r.end(); err != nil {
		return err
	}
	if err := c.checks.restore(c.dir, h, cc); err != nil {
		return err
	}
	c.resumed = h
	c.lastSnap = h.snap // the checkpoint on disk: a stop just after resuming need not write it again
	if c.verbose {
		fmt.Fprintf(c.stderr, "lps2lts: resumed from '%s': %d states, %d explored, %d transitions\n", c.dir, h.snap.States, h.snap.Explored, h.snap.Transitions)
	}
	return nil
}

// attachChecks gives the run's checks, made after newCheckpointer, what
// the checkpoint resumed held of them, and journals their traces.
func (c *checkpointer) attachChecks(rep *visitor.Reporter, div *visitor.DivergenceDetector) error {
	if err := c.checks.attach(rep, div); err != nil {
		return fmt.Errorf("--resume: %w", err)
	}
	return nil
}

// autWriter returns the .aut writer for w, whose lines go to DIR's
// output.aut (wrapped by guard).
func (c *checkpointer) autWriter(w io.Writer, guard *writeGuard, labels *explore.Labels) (*visitor.AutWriter, error) {
	spill := guard.wrap(c.spill).(io.ReadWriteSeeker)
	a, err := visitor.NewAutWriterSpill(w, spill, labels), error(nil)
	if c.resumed != nil {
		a, err = visitor.ResumeAutWriterSpill(w, c.spill, spill, c.resumed.autLength, c.resumed.autTransitions, labels)
	}
	if ws, ok := w.(io.WriteSeeker); ok && err == nil {
		if _, err := ws.Seek(0, io.SeekCurrent); err == nil {
			a.PadHeader() // a file, whose header a run without checkpoints pads
		}
	}
	c.aut = a
	return a, err
}

func (c *checkpointer) encode(dst []byte, v uint32) ([]byte, error) {
	return c.codec.AppendTerm(dst, rewrite.Term(v))
}

func (c *checkpointer) decode(b []byte) (uint32, error) {
	t, rest, err := c.codec.DecodeTerm(b)
	if err == nil && (len(rest) != 0 || t == 0) {
		err = errors.New("a value's term is malformed")
	}
	return uint32(t), err
}

// start requests a checkpoint at every interval until finish.
func (c *checkpointer) start() {
	c.stopped = make(chan struct{})
	if c.hooks.states > 0 {
		c.x.AddVisitor(&checkpointEvery{x: c.x, n: c.hooks.states})
	}
	go func() {
		t := time.NewTicker(c.every)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				c.x.RequestCheckpoint()
			case <-c.stopped:
				return
			}
		}
	}()
}

// write takes a checkpoint: the .aut synced, then the checkpoint file
// written beside the last one, synced and renamed over it. A checkpoint
// that fails leaves the last one as it was, with a warning: the search
// goes on.
func (c *checkpointer) write() error {
	begin := time.Now()
	h := c.header
	h.snap = c.x.Snapshot()
	if h.snap == c.lastSnap {
		return nil // nothing new since the last one (a stop just after it)
	}
	if err := c.writeFile(&h); err != nil {
		fmt.Fprintf(c.stderr, "lps2lts: warning: the checkpoint in '%s' could not be written (%v); the last one stays\n", c.dir, err)
		return nil
	}
	c.written++
	c.last, c.lastSnap = time.Now(), h.snap
	if c.verbose {
		fmt.Fprintf(c.stderr, "lps2lts: checkpoint written to '%s' at %s: %d states, %d explored, %d transitions (%.2fs)\n",
			c.dir, c.last.Format("15:04:05"), h.snap.States, h.snap.Explored, h.snap.Transitions, time.Since(begin).Seconds())
	}
	if c.hooks.killAfter == c.written {
		syscall.Kill(os.Getpid(), syscall.SIGKILL)
	}
	if c.hooks.termAfter == c.written {
		syscall.Kill(os.Getpid(), syscall.SIGTERM)
	}
	return nil
}

func (c *checkpointer) writeFile(h *checkpointHeader) error {
	if c.aut != nil {
		var err error
		if h.autLength, h.autTransitions, err = c.aut.Checkpoint(c.spill); err != nil {
			return err
		}
	}
	cc, err := c.checks.snapshot(h)
	if err != nil {
		return err
	}
	out, err := outfile.Create(filepath.Join(c.dir, checkpointFile))
	if err != nil {
		return err
	}
	defer out.Discard() // after CloseDurable, nothing to do
	w := newCheckpointWriter(out.Writer(), c.encode)
	w.header(h)
	vec := make([]uint32, 0, h.width)
	for i := range h.snap.States {
		vec = c.x.AppendStoredState(vec[:0], explore.StateID(i))
		if err := w.values(vec); err != nil {
			return err
		}
		if c.hooks.killMid == c.written+1 && i == h.snap.States/2 {
			w.w.Flush() // half a file on the disk, as a crash would leave it
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
		}
	}
	if err := w.checks(h, cc); err != nil {
		return err
	}
	if err := w.finish(); err != nil {
		return err
	}
	return out.CloseDurable()
}

// finish ends the checkpoints of a search that returned res: a search
// stopped cleanly between two states gets a last checkpoint; one that
// ended leaves DIR empty of its files once OUTFILE is written (done).
func (c *checkpointer) finish(res explore.Result, runErr error) {
	close(c.stopped)
	if runErr != nil || !res.Stopped && !res.MaxReached || c.checks.budgetSpent() {
		return
	}
	if c.x.Consistent() {
		c.write()
	} else if c.verbose {
		fmt.Fprintf(c.stderr, "lps2lts: the stop cut a state short: no checkpoint at the stop\n")
	}
}

// done reports the last checkpoint (-v) and, when the search ended (or a
// check spent its budget of traces, which ends it as the user asked) and
// its output is written, removes DIR's files: the LTS is whole.
func (c *checkpointer) done(res explore.Result, ok bool) {
	if c.spill != nil {
		c.spill.Close()
	}
	c.checks.close()
	if ok && c.finished(res) {
		for _, name := range []string{checkpointFile, checkpointAut, checkpointJournal} {
			os.Remove(filepath.Join(c.dir, name))
		}
		if c.verbose {
			moved := ""
			if c.adopted {
				moved = "; its .aut lines became OUTFILE without a copy"
			}
			fmt.Fprintf(c.stderr, "lps2lts: the search ended: the checkpoint in '%s' was removed%s\n", c.dir, moved)
		}
		return
	}
	if c.verbose && c.written > 0 {
		fmt.Fprintf(c.stderr, "lps2lts: the last checkpoint was written to '%s' at %s\n", c.dir, c.last.Format("15:04:05"))
	}
}

// finished says whether the run with result res has nothing left to
// resume: the search ended, or a check spent its budget of traces, which
// ends it as the user asked.
func (c *checkpointer) finished(res explore.Result) bool {
	return !res.Stopped && !res.MaxReached || c.checks.budgetSpent()
}

// checkpointHooksEnv names the environment variable of the tests' hooks:
// "states=N" requests a checkpoint every N finished states, "kill=K"
// kills the process (SIGKILL) after its K-th checkpoint, "mid=K" half-way
// through writing it, and "term=K" sends it SIGTERM after it.
const checkpointHooksEnv = "LPS2LTS_TEST_CHECKPOINT"

type checkpointHooks struct{ states, killAfter, killMid, termAfter int }

func parseCheckpointHooks(s string) (checkpointHooks, error) {
	var h checkpointHooks
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' }) {
		k, v, _ := strings.Cut(f, "=")
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return h, fmt.Errorf("%s: bad hook %q", checkpointHooksEnv, f)
		}
		switch k {
		case "states":
			h.states = n
		case "kill":
			h.killAfter = n
		case "mid":
			h.killMid = n
		case "term":
			h.termAfter = n
		default:
			return h, fmt.Errorf("%s: unknown hook %q", checkpointHooksEnv, f)
		}
	}
	return h, nil
}

// checkpointEvery requests a checkpoint every n finished states (a test
// hook: the tests' models end in less than the shortest interval).
type checkpointEvery struct {
	explore.NopVisitor
	x *explore.Explorer
	n int
	k int
}

func (e *checkpointEvery) FinishState(explore.StateID) {
	if e.k++; e.k%e.n == 0 {
		e.x.RequestCheckpoint()
	}
}
