package main

import (
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/store"
	"github.com/lps2lts/lps2lts/timed"
)

// --sweep: the sweep-line method (explore/sweep.go, store/sweep.go,
// docs/sweep-line.md).

func addSweepFlag(f *pflag.FlagSet, cfg *config) {
	f.StringVar(&cfg.sweep, "sweep", "", "sweep-line method: explore states in order of the progress measure `EXPR` (a data expression over the process parameters of sort Pos, Nat, Int or Real; 'time' for the time stamp of a timed model) and forget the states behind the least progress still to explore; see docs/sweep-line.md")
}

// checkSweep refuses what does not go with --sweep, before anything is
// read.
func checkSweep(cfg *config, flags *pflag.FlagSet, j *job) error {
	if !flags.Changed("sweep") {
		return nil
	}
	why := ""
	switch {
	case cfg.sweep == "":
		why = "needs a progress measure (--sweep=EXPR)"
	case flags.Changed("store"):
		why = "keeps the states in a store of its own (layers by progress); it cannot be combined with --store"
	case flags.Changed("strategy") || flags.Changed("todo-max"):
		why = "chooses the order of the search itself (least progress first); it cannot be combined with --strategy"
	case cfg.cycle:
		why = "cannot look for cycles (--cycle needs a depth-first search)"
	case cfg.divergence:
		why = "cannot check divergence (-F reads forgotten states again)"
	case j.format == "fsm":
		why = "cannot write .fsm files (their state values are written at the end, from states the sweep has forgotten); write .aut, .dot, or .lts with --no-info"
	case j.format == "lts" && !cfg.noInfo:
		why = "cannot write the state values of a .lts file (they are written at the end, from states the sweep has forgotten); add --no-info, or write .aut or .dot"
	}
	if why != "" {
		return &usageError{Msg: "option --sweep " + why}
	}
	j.opt.Strategy = explore.Sweep
	return nil
}

// sweepMeasure compiles --sweep's measure for the generator loadLPS
// built over base.
func sweepMeasure(cfg *config, gen explore.Generator, base *lpsgen.Generator) (explore.ProgressMeasure, error) {
	if _, ok := gen.(explore.StochasticGenerator); ok {
		return nil, &usageError{Msg: "option --sweep cannot be used for stochastic specifications"}
	}
	if t, ok := gen.(*timed.Generator); ok && cfg.sweep == "time" {
		return t.TimeMeasure(), nil
	}
	m, err := base.ProgressMeasure("--sweep", cfg.sweep)
	if err != nil && cfg.sweep == "time" {
		return nil, fmt.Errorf("--sweep=time: the specification has no time tags (@) and no parameter named time")
	}
	return m, err
}

// newSweepStore is the store of a --sweep run.
func newSweepStore(cfg *config, gen explore.Generator) *store.SweepStore {
	return store.NewSweepStore(gen.Width(), cfg.measure)
}

// reportSweep prints the sweep's figures after the summary (with -v,
// reportStore prints them), and whether the LTS is the state space itself
// or an unfolding of it.
func reportSweep(w io.Writer, x *explore.Explorer, verbose bool) {
	st, ok := x.Store().(*store.SweepStore)
	if !ok {
		return
	}
	if !verbose {
		fmt.Fprintln(w, st.Describe())
	}
	if s := st.Stats(); s.Persistent > 1 {
		// Only a regress edge to a forgotten state makes a state
		// persistent (besides the initial state); without one no state
		// was numbered twice.
		fmt.Fprintln(w, "The progress measure has regress edges to states already forgotten: such states got a new number, so the LTS is an unfolding of the state space (strongly bisimilar to it), and its state count may exceed the number of distinct states.")
	}
}
