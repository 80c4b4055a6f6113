package lpsgen

import (
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lps/load"
)

const progressSpec = `act  a: Nat;
proc P(n: Nat, y: Int, f: Bool) =
       (n < 4) -> a(n) . P(n = n + 1, y = y - 3);
init P(0, 5, true);
`

// TestProgressMeasure: the measure's values are the rewriter's numbers,
// exact for Real and negative Int values, the same when remembered; its
// errors say where in the expression.
func TestProgressMeasure(t *testing.T) {
	spec, err := load.Text("m.lps", []byte(progressSpec))
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(spec, Options{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := g.ProgressMeasure("--sweep", "n / 3 + y")
	if err != nil {
		t.Fatal(err)
	}
	state, _ := g.Initial(nil)
	var want []explore.ProgressValue
	for k := 0; k < 4; k++ {
		// n = k, y = 5 - 3k: k/3 + 5 - 3k = (15 - 8k)/3.
		num, den := int64(15-8*k), int64(3)
		if num%3 == 0 {
			num, den = num/3, 1
		}
		want = append(want, explore.ProgressValue{Num: num, Den: den})
		for pass := range 2 { // computed, then remembered
			if p, err := m(state); err != nil || p != want[k] {
				t.Fatalf("state %d (pass %d): %v, %v; want %v", k, pass, p, err, want[k])
			}
		}
		g.Successors(state, func(_ explore.LabelID, next []uint32) { state = append(state[:0], next...) })
	}
	if a := testing.AllocsPerRun(100, func() { m(state) }); a != 0 {
		t.Errorf("a remembered value costs %v allocations", a)
	}
	for src, msg := range map[string]string{
		"n + z":     "--sweep:1:5: ",
		"f":         "--sweep:1:1: a progress measure is a number",
		"(n + 1":    "--sweep:1:7: syntax error",
		"n + 1 ; 2": "--sweep:1:7: syntax error",
	} {
		if _, err := g.ProgressMeasure("--sweep", src); err == nil || !strings.HasPrefix(err.Error(), msg) {
			t.Errorf("%q: error %v, want %q", src, err, msg)
		}
	}
}
