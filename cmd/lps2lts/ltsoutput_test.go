package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/aterm"
)

// TestLTSOutput: an OUTFILE ending in .lts, or -o lts, gets mCRL2's
// binary format, plain and stochastic (the contents are checked by
// package ltsfile's tests).
func TestLTSOutput(t *testing.T) {
	dir, in := writeModel(t, smallModel)
	_, stoch := writeModel(t, stochasticModel)
	for _, args := range [][]string{
		{in, filepath.Join(dir, "a.lts")},
		{"-o", "lts", in, filepath.Join(dir, "b.out")},
		{"--no-info", in, filepath.Join(dir, "c.lts")},
		{stoch, filepath.Join(dir, "d.lts")},
	} {
		code, _, stderr := lps2ltsLPS(args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		data, err := os.ReadFile(args[len(args)-1])
		if err != nil {
			t.Fatal(err)
		}
		out, err := aterm.Read(data)
		if err != nil || len(out) == 0 || out[0].Term == nil || out[0].Term.Sym.Name != "labelled_transition_system" {
			t.Errorf("%v: not an LTS (%v)", args, err)
		}
	}
}

// TestTraceFormats: traces are mCRL2's .trc by default, the text form
// (with an .aut beside it) with --trace-format=text.
func TestTraceFormats(t *testing.T) {
	deadlock := "act a: Nat;\nproc P(n: Nat) = (n < 2) -> a(n) . P(n = n + 1);\ninit P(0);\n"
	for _, format := range []string{"lts", "text"} {
		_, in := writeModel(t, deadlock)
		// The exit status of a run that found something is not at
		// issue here.
		_, _, stderr := lps2ltsLPS("-D", "-t", "--trace-format="+format, in)
		trc := in + "_dlk_0.trc"
		if !strings.Contains(stderr, "saved trace to '"+trc+"'") {
			t.Fatalf("%s: %s", format, stderr)
		}
		data, err := os.ReadFile(trc)
		if err != nil {
			t.Fatal(err)
		}
		_, autErr := os.Stat(in + "_dlk_0.aut")
		switch format {
		case "lts":
			if !aterm.IsBinary(data) || autErr == nil {
				t.Errorf("lts: .trc %q, .aut beside it: %v", data, autErr == nil)
			}
		case "text":
			if string(data) != "a(0)\na(1)\n" || autErr != nil {
				t.Errorf("text: .trc %q, .aut: %v", data, autErr)
			}
		}
	}
}
