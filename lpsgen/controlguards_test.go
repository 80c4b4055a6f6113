package lpsgen

import (
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/exploretest"
)

// TestConditionsDecidedByControl: a condition that reads control
// parameters alone, in a summand without sum variables, is decided when
// the candidates' memo keeps a list for its combination of control
// values, and not looked up in each state; the LTS is the one without the
// control index. Conditions that read a data parameter, and summands with
// sum variables, are looked up as before.
func TestConditionsDecidedByControl(t *testing.T) {
	src := `act a, c: Nat; d;
proc P(s: Pos, b: Bool, n: Nat) =
    (s == 1 && b) -> a(n) . P(s = 2, b = false)
  + (s < 3 && !b) -> d . P(s = 3)
  + (s != 2) -> c(n) . P(s = 1, b = !b, n = (n + 1) mod 8)
  + sum m: Nat . (m < 2 && s == 3) -> a(m) . P(s = 1, b = true)
  + (n > 5 && s == 1) -> d . P(n = 0);
init P(1, true, 0);
`
	g := controlGen(t, "decided.lps", src)
	if g.control == nil || len(g.control.params) != 2 {
		t.Fatalf("control index %+v, want one of s and b", g.control)
	}
	wantMarked := []bool{true, true, true, false, false}
	for k, want := range wantMarked {
		if got := g.summands[k].byControl; got != want {
			t.Errorf("summand %d: byControl %v, want %v", k, got, want)
		}
	}
	r, _ := exploretest.Aut(t, g, explore.Options{})
	if r.States < 20 {
		t.Fatalf("%d states: the model should have more", r.States)
	}
	combos := len(g.control.memo.lists)
	for k := range 3 {
		if n := g.summands[k].guard.lookups; n > combos {
			t.Errorf("summand %d: %d condition lookups in %d states, more than the %d combinations of control values", k, n, r.States, combos)
		}
	}
	for k := 3; k < 5; k++ {
		if n := g.summands[k].guard.lookups; n <= combos {
			t.Errorf("summand %d: %d condition lookups in %d states; a condition of data is looked up in every state that may enable it", k, n, r.States)
		}
	}
	sameWithoutSelection(t, g)
}
