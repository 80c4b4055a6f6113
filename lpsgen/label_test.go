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

// TestKeepMultiActions: the search's labels keep their actions as terms
// only once KeepMultiActions was called (the .lts and .trc writers and
// checkpoints call it), and a fork records into the same table; a fixed
// label (an action without parameters) has its actions from New on.
func TestKeepMultiActions(t *testing.T) {
	spec, err := load.Text("labels.lps", []byte(`act  c: Nat; e;
proc P(n: Nat) =
       (n < 3) -> c(n) . P(n = n + 1)
     + (n == 3) -> e . P(n = 0);
init P(0);
`))
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(spec, Options{})
	if err != nil {
		t.Fatal(err)
	}
	first := func(gen *Generator, n uint32) explore.LabelID {
		var label explore.LabelID
		if err := gen.Successors([]uint32{n}, func(l explore.LabelID, _ []uint32) { label = l }); err != nil {
			t.Fatal(err)
		}
		return label
	}
	init, err := g.Initial(nil)
	if err != nil {
		t.Fatal(err)
	}
	c0 := first(g, init[0])
	if _, ok := g.MultiAction(c0); ok {
		t.Errorf("%s has its actions before KeepMultiActions", g.Labels().Text(c0))
	}
	if acts, ok := g.MultiAction(g.summands[1].fixedID); !ok || len(acts) != 1 || acts[0].Decl.Name != "e" {
		t.Errorf("the fixed label e: %v, %v", acts, ok)
	}
	g.KeepMultiActions()
	f := g.Fork()
	var one []uint32
	if err := g.Successors(init, func(_ explore.LabelID, v []uint32) { one = append([]uint32(nil), v...) }); err != nil {
		t.Fatal(err)
	}
	c1 := first(f.(*Generator), one[0])
	acts, ok := g.MultiAction(c1)
	if !ok || len(acts) != 1 || acts[0].Decl.Name != "c" || len(acts[0].Args) != 1 {
		t.Errorf("%s, made by a fork after KeepMultiActions: %v, %v", g.Labels().Text(c1), acts, ok)
	}
}
