package main

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestMCRL22LPSOptions: models that mCRL2's mcrl22lps linearised with
// non-default options give mCRL2's LTS, line for line (testdata/linoptions,
// see its README). fnvalue (-f) holds the built-in Pos2Nat as the value
// of a Pos -> Nat parameter and later applies it, as mCRL2's
// games/game_of_goose does (the rewriter evaluated Pos2Nat without its
// argument: an index out of range). curried (-o) applies mappings defined
// as curried lambda terms one argument group at a time (add(n)(1), as in
// mCRL2's language/lambda; they stayed unrewritten). Each model is read
// from mCRL2's binary file and from its text as mCRL2's lpspp prints it
// (where a built-in named as a value was refused); mCRL2's lambda
// example (-o) is read from its binary file.
func TestMCRL22LPSOptions(t *testing.T) {
	const dir = "testdata/linoptions"
	for _, file := range []string{"fnvalue.lps", "fnvalue.txt", "curried.lps", "curried.txt", "lambda.lps"} {
		model := strings.TrimSuffix(strings.TrimSuffix(file, ".lps"), ".txt")
		t.Run(file, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out.aut")
			if code, _, stderr := lps2ltsLPS("-q", filepath.Join(dir, file), out); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			header, got := autTransitions(t, out)
			wantHeader, want := autTransitions(t, filepath.Join(dir, model+".aut"))
			if header != wantHeader || !slices.Equal(got, want) {
				t.Errorf("got %s\n%s\nmCRL2: %s\n%s", header, strings.Join(got, "\n"), wantHeader, strings.Join(want, "\n"))
			}
		})
	}
}

// TestGameOfGooseWithOptions: mCRL2's games/game_of_goose and its
// stochastic variant, linearised with mcrl22lps -f (Pos2Nat as the
// don't-care position function), explored to 2,000 states: the run ends
// without an error and holds at least the states mCRL2's lps2lts -l2000
// --cached holds (2,007 and 2,017; see testdata/linoptions/README).
func TestGameOfGooseWithOptions(t *testing.T) {
	for _, c := range []struct {
		model  string
		states int
	}{{"game_of_goose.lps", 2007}, {"game_of_goose_stochastic.lps", 2017}} {
		t.Run(c.model, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out.aut")
			if code, _, stderr := lps2ltsLPS("-q", "-l2000", filepath.Join("testdata/linoptions", c.model), out); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			header, _ := autTransitions(t, out)
			i := strings.LastIndexByte(header, ',')
			states, err := strconv.Atoi(strings.TrimSuffix(header[i+1:], ")"))
			if i < 0 || err != nil {
				t.Fatalf("header %s: %v", header, err)
			}
			if states < c.states {
				t.Errorf("%d states, mCRL2 holds %d", states, c.states)
			}
		})
	}
}
