package main

import (
	"fmt"
	"io"

	"github.com/lps2lts/lps2lts/confluence"
	"github.com/lps2lts/lps2lts/lps"
)

// mCRL2's lps2lts gives the summands whose multi-action is the single
// action ctau priority even without -c: its explorer splits them off as
// confluent whenever the confluence action (default ctau) names them, and
// its -c only changes that name (the option's flag itself is read but
// never consulted). We keep confluence reduction to -c, as mCRL2's own
// help describes -c, and warn instead: the reduction is sound only when
// the ctau steps are confluent, which nothing checks (mCRL2 turns
// ctau . a + b into the single transition a, dropping b), and an action
// named ctau by the modeller, not by lpsconfcheck, is not meant to vanish.
// The warning names the difference and how to get mCRL2's LTS (-c).

// ctauSummands counts the summands that mCRL2's lps2lts would take as
// confluent without -c: those whose multi-action is the single action
// ctau (confluence.IsConfluentAction, the -c predicate).
func ctauSummands(spec *lps.Spec) int {
	n := 0
	for _, s := range spec.Summands {
		if !s.Delta && confluence.IsConfluentAction(s.Actions, "ctau") {
			n++
		}
	}
	return n
}

// warnCtau prints the warning of a run without -c on a specification with
// ctau summands.
func warnCtau(cfg *config, stderr io.Writer) {
	if cfg.ctauSummands == 0 || cfg.quiet {
		return
	}
	fmt.Fprintf(stderr, "lps2lts: warning: %d summand(s) have the action ctau, which mCRL2's lps2lts gives priority (confluence reduction) even without -c; "+
		"this run explores them as ordinary transitions (use -c for mCRL2's LTS)\n", cfg.ctauSummands)
}
