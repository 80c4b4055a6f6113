package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/lps2lts/lps2lts/explore"
)

// version is printed by --version.
const version = "0.3 (Go)"

// compatFlags are mCRL2 lps2lts options that scripts pass and that this
// tool accepts with the same names: some change nothing here (mCRL2's
// rewriter choice, its summand-pruning and projection optimisations,
// which this tool's generator does not need), the others set config.
type compatFlags struct {
	debug          bool
	logLevel       string
	saveAtEnd      bool
	controlFlow    bool
	project        bool
	computeMarking bool
	markingAlg     string
}

func addCompatFlags(f *pflag.FlagSet, cfg *config) {
	c := &cfg.compat
	f.BoolVarP(&c.debug, "debug", "d", false, "display detailed intermediate messages (as --verbose here)")
	f.StringVar(&c.logLevel, "log-level", "", "display intermediate messages up to and including `LEVEL` (quiet, error, warning, info, verbose, debug, trace)")
	f.BoolVar(&cfg.noInfo, "no-info", false, "do not add state information (parameter values) to OUTFILE (.lts, .fsm, .dot)")
	f.BoolVar(&c.saveAtEnd, "save-at-end", false, "make OUTFILE appear only when generation ends (always so here: it is written to a temporary file and renamed)")
	f.BoolVar(&cfg.suppress, "suppress", false, "in verbose mode, do not print progress lines")
	f.StringVar(&cfg.timings, "timings", "", "append timing measurements to `FILE` (standard error without FILE)")
	f.Lookup("timings").NoOptDefVal = "-"
	f.BoolVar(&c.controlFlow, "control-flow", false, "accepted for compatibility with mCRL2 (summand selection needs no option here)")
	f.BoolVar(&c.project, "project", false, "accepted for compatibility with mCRL2 (read/write projection)")
	f.BoolVar(&c.computeMarking, "compute-marking", false, "accepted for compatibility with mCRL2")
	f.StringVar(&c.markingAlg, "marking-algorithm", "", "accepted for compatibility with mCRL2 (`NAME`)")
}

// rewriters are the names mCRL2 gives its rewriters; all mean the one
// rewriter here.
var rewriters = map[string]bool{"jitty": true, "jittyc": true, "jittyp": true, "jittycp": true}

// apply checks the compatibility options and sets what they imply.
func (c *compatFlags) apply(cfg *config, flags *pflag.FlagSet) error {
	if !rewriters[cfg.rewriter] {
		return &usageError{Msg: fmt.Sprintf("option -r/--rewriter has illegal argument '%s' (use jitty, jittyc or jittyp)", cfg.rewriter)}
	}
	if c.debug {
		cfg.verbose = true
	}
	switch c.logLevel {
	case "":
	case "quiet", "error", "warning":
		cfg.quiet, cfg.verbose = c.logLevel == "quiet", false
	case "info", "status":
	case "verbose", "debug", "trace":
		cfg.verbose = true
	default:
		return &usageError{Msg: fmt.Sprintf("option --log-level has illegal argument '%s' (use quiet, error, warning, info, verbose, debug or trace)", c.logLevel)}
	}
	switch c.markingAlg {
	case "", "naive", "mcrl2", "yices", "z3":
	default:
		return &usageError{Msg: fmt.Sprintf("option --marking-algorithm has illegal argument '%s'", c.markingAlg)}
	}
	return nil
}

// writeTimings appends the run's timings in mCRL2's layout to the file
// of --timings ("-": standard error).
func writeTimings(cfg *config, total, search time.Duration, stderr io.Writer) error {
	if cfg.timings == "" {
		return nil
	}
	text := fmt.Sprintf("- tool: lps2lts\n  timing:\n    total: %.6f\n    exploration: %.6f\n", total.Seconds(), search.Seconds())
	if cfg.timings == "-" {
		io.WriteString(stderr, text)
		return nil
	}
	f, err := os.OpenFile(cfg.timings, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o666)
	if err != nil {
		return err
	}
	_, err = io.WriteString(f, text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// declaredActions is implemented by generators that know the action
// labels their specification declares.
type declaredActions interface {
	DeclaredActions() []string
}

// checkActionNames refuses action names in -a, -m and --tau that the
// specification does not declare, as mCRL2 does: a misspelt name would
// otherwise silently report nothing.
func checkActionNames(cfg *config, gen explore.Generator) error {
	d, ok := gen.(declaredActions)
	if !ok {
		return nil
	}
	declared := map[string]bool{"tau": true}
	for _, a := range d.DeclaredActions() {
		declared[a] = true
	}
	check := func(option string, names []string) error {
		for _, n := range names {
			if !declared[n] {
				return &usageError{Msg: fmt.Sprintf("option %s: '%s' is not an action of the specification", option, n)}
			}
		}
		return nil
	}
	if err := check("-a/--action", splitNames(cfg.actions)); err != nil {
		return err
	}
	if err := check("--tau", splitNames(cfg.tau)); err != nil {
		return err
	}
	for _, m := range splitNames(cfg.multiActions) {
		if err := check("-m/--multiaction", multiActionNames(m)); err != nil {
			return err
		}
	}
	return nil
}

// multiActionNames are the action names of a multi-action a(1)|b.
func multiActionNames(m string) []string {
	var names []string
	depth, start := 0, 0
	for i := 0; i <= len(m); i++ {
		if i < len(m) {
			switch m[i] {
			case '(':
				if depth == 0 {
					names = append(names, strings.TrimSpace(m[start:i]))
				}
				depth++
				continue
			case ')':
				depth--
				if depth == 0 {
					start = i + 1
				}
				continue
			}
		}
		if depth == 0 && (i == len(m) || m[i] == '|') {
			if n := strings.TrimSpace(m[start:i]); n != "" {
				names = append(names, n)
			}
			start = i + 1
		}
	}
	return names
}
