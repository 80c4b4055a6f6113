package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// linearised returns mCRL2's example testdata/NAME.mcrl2 linearised by
// mcrl22lps (default options) into a binary .lps and, printed by lpspp,
// the text; it skips without mCRL2's tools.
func linearised(t *testing.T, name string) (bin, text string) {
	t.Helper()
	tools := mcrl2Tools(t)
	dir := t.TempDir()
	bin, text = filepath.Join(dir, name+".lps"), filepath.Join(dir, name+".txt")
	mcrl2Tool(t, tools, "mcrl22lps", "-q", filepath.Join("testdata", name+".mcrl2"), bin)
	mcrl2Tool(t, tools, "lpspp", bin, text)
	return bin, text
}

// TestSwpWithTanenbaumsBug: mCRL2's academic/swp/swp_with_tanenbaums_bug
// explores its first 200,000 states from the binary file (20,000 from
// the text).
// Its summand 14 sums over e76: Enum32, e64: DP, rfr13, rac13: Nat and
// e60: Bool; bound in the summand's order, the Nats were expanded before
// e60, which makes the condition false, and the search gave up at state
// 17 ("goes more than 65536 values deep"). mCRL2 binds e60 first.
func TestSwpWithTanenbaumsBug(t *testing.T) {
	bin, text := linearised(t, "swp_with_tanenbaums_bug")
	// The text takes a shorter prefix: it fails where the binary file does.
	for _, c := range []struct{ in, max string }{{bin, "200000"}, {text, "20000"}} {
		code, _, stderr := lps2ltsLPS("-l"+c.max, c.in)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", filepath.Base(c.in), code, stderr)
		}
		if !strings.Contains(stderr, "Explored the maximum number ("+c.max+") of states") {
			t.Errorf("%s: %s", filepath.Base(c.in), stderr)
		}
	}
}

// TestPaylinesInitialDistribution: the initial distribution of mCRL2's
// probabilistic/slot_machines/paylines/5_paylines_game_spec, read from
// lpspp's text (its binary file needs @natpred), is dist i4, i5, i6: Nat
// [if(i4 < 24, 1/24, 0) * if(i5 < 24, 1/24, 0) * if(i6 < 24, 1/24, 0)]:
// 24^3 states of probability 1/13824 each. The values beyond 23 are
// pruned because a Real product with a zero factor is zero, as in mCRL2;
// without that rule the enumeration gave up ("goes more than 65536
// values deep"). -l1 stops after the initial distribution's 13,824
// states (mCRL2's lps2lts -v counts 13,825 states, one reached from
// them, after its first transition; so does a full run of ours).
func TestPaylinesInitialDistribution(t *testing.T) {
	_, text := linearised(t, "5_paylines_game_spec")
	out := filepath.Join(t.TempDir(), "out.aut")
	code, _, stderr := lps2ltsLPS("-l1", text, out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	header, _, _ := strings.Cut(string(raw), "\n")
	if n := strings.Count(header, " 1/13824"); n != 13823 {
		t.Errorf("%d targets of probability 1/13824 (and one implied), want 13823:\n%.300s", n, header)
	}
	if !strings.Contains(stderr, "13824 states") {
		t.Errorf("stderr: %s", stderr)
	}
}
