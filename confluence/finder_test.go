package confluence

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// adjacency is a Graph given by explicit successor lists; nodes are
// ordered by number.
type adjacency [][]int32

func (a adjacency) Successors(dst []int32, u int32) ([]int32, error) {
	return append(dst, a[u]...), nil
}
func (a adjacency) Less(x, y int32) bool { return x < y }

func TestRepresentativeDiamond(t *testing.T) {
	// 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3: the diamond closes in 3.
	g := adjacency{{1, 2}, {3}, {3}, {}}
	var f Finder
	for root := int32(0); root < 4; root++ {
		got, err := f.Representative(g, root)
		if err != nil || got != 3 {
			t.Errorf("root %d: got %d, %v; want 3", root, got, err)
		}
	}
}

func TestRepresentativeLoopPicksLeast(t *testing.T) {
	// 3 -> 1 -> 2 -> 3: one cycle; its least node is the representative
	// wherever the search enters it.
	g := adjacency{{3}, {2}, {3}, {1}}
	var f Finder
	for root := int32(0); root < 4; root++ {
		got, err := f.Representative(g, root)
		if err != nil || got != 1 {
			t.Errorf("root %d: got %d, %v; want 1", root, got, err)
		}
	}
}

func TestRepresentativeLeavesNonTerminalLoop(t *testing.T) {
	// 0 <-> 1 is a loop with an exit 1 -> 2 -> 3 <-> 4: the terminal
	// component is {3, 4}.
	g := adjacency{{1}, {0, 2}, {3}, {4}, {3}}
	var f Finder
	got, err := f.Representative(g, 0)
	if err != nil || got != 3 {
		t.Fatalf("got %d, %v; want 3", got, err)
	}
}

// bottomComponentMinima returns, for a small graph, the least node of every
// bottom strongly connected component, computed naively from reachability.
func bottomComponentMinima(g adjacency) map[int32]bool {
	n := len(g)
	reach := make([][]bool, n)
	for u := range n {
		reach[u] = make([]bool, n)
		reach[u][u] = true
		todo := []int32{int32(u)}
		for len(todo) > 0 {
			v := todo[len(todo)-1]
			todo = todo[:len(todo)-1]
			for _, w := range g[v] {
				if !reach[u][w] {
					reach[u][w] = true
					todo = append(todo, w)
				}
			}
		}
	}
	minima := map[int32]bool{}
	for u := range n {
		// u is in a bottom component if everything it reaches reaches it back.
		bottom := true
		least := int32(u)
		for v := range n {
			if reach[u][v] {
				if !reach[v][u] {
					bottom = false
					break
				}
				least = min(least, int32(v))
			}
		}
		if bottom {
			minima[least] = true
		}
	}
	return minima
}

func TestRepresentativeIsLeastOfABottomComponent(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var f Finder
	for trial := range 2000 {
		n := 1 + rng.IntN(9)
		g := make(adjacency, n)
		for u := range g {
			for range rng.IntN(3) {
				g[u] = append(g[u], int32(rng.IntN(n)))
			}
		}
		minima := bottomComponentMinima(g)
		root := int32(rng.IntN(n))
		got, err := f.Representative(g, root)
		if err != nil {
			t.Fatal(err)
		}
		if !minima[got] {
			t.Fatalf("trial %d: graph %v from %d: %d is not the least node of a bottom component %v", trial, g, root, got, minima)
		}
		// Deterministic: a second run gives the same answer.
		if again, _ := f.Representative(g, root); again != got {
			t.Fatalf("trial %d: second run gave %d, first %d", trial, again, got)
		}
	}
}

func TestVectorGraphDeepChain(t *testing.T) {
	// A confluent chain of a million steps: the search must not recurse.
	const n = 1_000_000
	step := func(s []uint32, emit func([]uint32)) error {
		if s[0] < n {
			emit([]uint32{s[0] + 1, s[1]})
		}
		return nil
	}
	g := NewVectorGraph(2, step, nil)
	var f Finder
	got, err := g.Representative(&f, []uint32{0, 7})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(got, []uint32{n, 7}) {
		t.Fatalf("got %v, want [%d 7]", got, n)
	}
	if g.Nodes() != n+1 {
		t.Errorf("visited %d nodes, want %d", g.Nodes(), n+1)
	}
}

// tauDiamonds is a grid of independent confluent steps: from (x, y) one may
// increment x (below w) or y (below h), in either order.
func tauDiamonds(w, h uint32) func([]uint32, func([]uint32)) error {
	next := make([]uint32, 2) // emit copies, so one buffer serves every step
	return func(s []uint32, emit func([]uint32)) error {
		if s[0] < w {
			next[0], next[1] = s[0]+1, s[1]
			emit(next)
		}
		if s[1] < h {
			next[0], next[1] = s[0], s[1]+1
			emit(next)
		}
		return nil
	}
}

func TestVectorGraphDiamondsCollapse(t *testing.T) {
	g := NewVectorGraph(2, tauDiamonds(5, 7), nil)
	var f Finder
	for x := uint32(0); x <= 5; x++ {
		for y := uint32(0); y <= 7; y++ {
			got, err := g.Representative(&f, []uint32{x, y})
			if err != nil || !slices.Equal(got, []uint32{5, 7}) {
				t.Fatalf("from (%d,%d): got %v, %v; want [5 7]", x, y, got, err)
			}
		}
	}
}

func TestVectorGraphTauLoopUsesOrder(t *testing.T) {
	// A ring of four states: the representative is the least under the
	// order given, here the reverse of the natural one.
	ring := func(s []uint32, emit func([]uint32)) error {
		emit([]uint32{(s[0] + 1) % 4})
		return nil
	}
	reverse := func(a, b []uint32) int { return slices.Compare(b, a) }
	g := NewVectorGraph(1, ring, reverse)
	var f Finder
	for s := uint32(0); s < 4; s++ {
		got, err := g.Representative(&f, []uint32{s})
		if err != nil || got[0] != 3 {
			t.Fatalf("from %d: got %v, %v; want [3]", s, got, err)
		}
	}
}

func TestVectorGraphReusesScratch(t *testing.T) {
	g := NewVectorGraph(2, tauDiamonds(3, 3), nil)
	var f Finder
	if _, err := g.Representative(&f, []uint32{0, 0}); err != nil {
		t.Fatal(err)
	}
	allocs := testing.AllocsPerRun(100, func() {
		g.Representative(&f, []uint32{0, 0})
	})
	if allocs != 0 {
		t.Errorf("%v allocations per call; the finder should reuse its buffers", allocs)
	}
}
