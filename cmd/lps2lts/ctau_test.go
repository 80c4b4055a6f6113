package main

import (
	"strings"
	"testing"
)

// ctauModel is what mCRL2's lpspp prints for mcrl22lps's linearisation of
//
//	act ctau, a, b, c;
//	proc X = ctau . a . X; Y = ctau . b . Y; Z = ctau . c . Z;
//	init allow({ctau, a, b, c}, X || Y || Z);
//
// mCRL2's lps2lts writes 1 state and 3 transitions (a, b, c loops) for it,
// with -c and also without: it gives ctau priority always (ctau.go).
const ctauModel = `act  ctau,a,b,c;

proc P(s1_X,s2_Y,s3_Z: Pos) =
       (s1_X == 2) -> a . P(s1_X = 1)
     + (s1_X == 1) -> ctau . P(s1_X = 2)
     + (s2_Y == 2) -> b . P(s2_Y = 1)
     + (s2_Y == 1) -> ctau . P(s2_Y = 2)
     + (s3_Z == 2) -> c . P(s3_Z = 1)
     + (s3_Z == 1) -> ctau . P(s3_Z = 2)
     + delta;

init P(1, 1, 1);
`

// TestCtauWithoutConfluence: without -c the ctau steps are ordinary
// transitions (2^3 states, each with 3 steps) and a warning names the
// difference from mCRL2; with -c the LTS is mCRL2's and nothing is said;
// -q silences the warning; a model without ctau gets none.
func TestCtauWithoutConfluence(t *testing.T) {
	_, in := writeModel(t, ctauModel)
	const warning = "lps2lts: warning: 3 summand(s) have the action ctau, which mCRL2's lps2lts gives priority"
	for _, c := range []struct {
		args    []string
		done    string
		warning bool
	}{
		{nil, "(4 levels, 8 states and 24 transitions)", true},
		{[]string{"-c"}, "(1 level, 1 state and 3 transitions)", false},
		{[]string{"--confluence=ctau"}, "(1 level, 1 state and 3 transitions)", false},
		{[]string{"-q"}, "", false},
	} {
		code, _, stderr := lps2ltsLPS(append(c.args, in)...)
		if code != 0 || !strings.Contains(stderr, c.done) || strings.Contains(stderr, warning) != c.warning {
			t.Errorf("%v: exit %d, stderr %q; want %s, warning %v", c.args, code, stderr, c.done, c.warning)
		}
	}
	_, plain := writeModel(t, strings.ReplaceAll(ctauModel, "ctau", "d"))
	if _, _, stderr := lps2ltsLPS(plain); strings.Contains(stderr, "ctau") {
		t.Errorf("a model without ctau: %q", stderr)
	}
}
