package lpsgen

import (
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lps/load"
)

const sharedLabelsLPS = `act  c, d: Nat;
proc P(n: Nat) =
       (n < 3) -> c(n) . P(n = n + 1)
     + (n < 4) -> c(n) . P(n = n + 2)
     + d(n) . P(n = n)
     + (n < 3) -> c(n)|d(n) . P(n = 0);
init P(0);
`

// The summands with the same actions share one label cache, so that a
// label is printed once for them all; a fork has caches of its own.
func TestSummandsWithTheSameActionsShareLabels(t *testing.T) {
	spec, err := load.Text("labels.lps", []byte(sharedLabelsLPS))
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(spec, Options{NoStepCache: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(g.labelCaches) != 3 {
		t.Fatalf("%d label caches, want 3 (c, d, c|d)", len(g.labelCaches))
	}
	if g.summands[0].labels != g.summands[1].labels || g.summands[0].labels == g.summands[2].labels {
		t.Fatal("the two c summands do not share their label cache, or c shares d's")
	}
	state := []uint32(nil)
	state, err = g.Initial(state)
	if err != nil {
		t.Fatal(err)
	}
	// Every state: n = 0, 1, 2, 3, 4, 5.
	seen := map[uint32]bool{}
	todo := [][]uint32{state}
	texts := map[string]int{}
	for len(todo) > 0 {
		s := todo[0]
		todo = todo[1:]
		if seen[s[0]] {
			continue
		}
		seen[s[0]] = true
		err := g.Successors(s, func(l explore.LabelID, next []uint32) {
			texts[g.Labels().Text(l)]++
			todo = append(todo, append([]uint32(nil), next...))
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	// c(0) .. c(3): four argument vectors in the one c cache, though
	// both c summands made c(0), c(1) and c(2).
	if n := g.summands[0].labels.key.Len(); n != 4 {
		t.Errorf("the c cache holds %d argument vectors, want 4", n)
	}
	if texts["c(2)"] != 2 || texts["c(3)"] != 1 || texts["c(2)|d(2)"] != 1 {
		t.Errorf("labels %v", texts)
	}
	f := g.Fork().(*Generator)
	if len(f.labelCaches) != 3 || f.summands[0].labels != f.summands[1].labels || f.summands[0].labels == g.summands[0].labels {
		t.Error("a fork's summands do not share caches of their own")
	}
}
