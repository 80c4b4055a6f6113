package confluence

import (
	"slices"

	"github.com/lps2lts/lps2lts/internal/statehash"
)

// VectorGraph adapts fixed-width state vectors (slices of term ids) to
// Graph. It numbers the vectors it meets during one Representative call in
// a scratch table that the next call clears, so memory stays bounded by
// the largest confluent region explored, not by the state space.
type VectorGraph struct {
	width   int
	step    func(state []uint32, emit func(next []uint32)) error
	compare func(a, b []uint32) int

	arena []uint32 // node n occupies arena[n*width : (n+1)*width]
	slots []int32  // open-addressing index: node+1, 0 for empty
	count int32

	dst  []int32 // successor buffer of the Successors call in progress
	emit func(next []uint32)
	out  []uint32
}

// NewVectorGraph returns a graph over state vectors of the given width.
// step calls emit for every state one confluent step from state, in a
// deterministic order; emit copies the vector, so step may reuse it.
// compare is the fixed total order that picks the representative (nil:
// lexicographic on the ids). It must not depend on memory addresses or
// hashing, so that runs are reproducible.
func NewVectorGraph(width int, step func(state []uint32, emit func(next []uint32)) error, compare func(a, b []uint32) int) *VectorGraph {
	if compare == nil {
		compare = slices.Compare[[]uint32]
	}
	g := &VectorGraph{width: width, step: step, compare: compare, slots: make([]int32, 64)}
	g.emit = func(next []uint32) { g.dst = append(g.dst, g.intern(next)) }
	return g
}

// Representative returns the representative of state: the least vector of
// the terminal component of confluent steps reachable from it. The result
// is valid until the next call.
func (g *VectorGraph) Representative(f *Finder, state []uint32) ([]uint32, error) {
	g.clear()
	root := g.intern(state)
	rep, err := f.Representative(g, root)
	if err != nil {
		return nil, err
	}
	g.out = append(g.out[:0], g.node(rep)...)
	return g.out, nil
}

// Successors implements Graph.
func (g *VectorGraph) Successors(dst []int32, u int32) ([]int32, error) {
	g.dst = dst
	// The arena may grow while step runs, so hand step a stable copy.
	state := append(g.out[:0], g.node(u)...)
	err := g.step(state, g.emit)
	g.out = state
	dst, g.dst = g.dst, nil
	return dst, err
}

// Less implements Graph.
func (g *VectorGraph) Less(a, b int32) bool { return g.compare(g.node(a), g.node(b)) < 0 }

// Nodes reports how many distinct vectors the last call visited.
func (g *VectorGraph) Nodes() int { return int(g.count) }

func (g *VectorGraph) node(n int32) []uint32 {
	i := int(n) * g.width
	return g.arena[i : i+g.width : i+g.width]
}

func (g *VectorGraph) clear() {
	clear(g.slots)
	g.arena = g.arena[:0]
	g.count = 0
}

func (g *VectorGraph) intern(v []uint32) int32 {
	if int(g.count+1)*2 > len(g.slots) {
		g.rehash()
	}
	mask := uint64(len(g.slots) - 1)
	for i := statehash.Sum(v) & mask; ; i = (i + 1) & mask {
		s := g.slots[i]
		if s == 0 {
			n := g.count
			g.count++
			g.arena = append(g.arena, v...)
			g.slots[i] = n + 1
			return n
		}
		if slices.Equal(g.node(s-1), v) {
			return s - 1
		}
	}
}

func (g *VectorGraph) rehash() {
	g.slots = make([]int32, 2*len(g.slots))
	mask := uint64(len(g.slots) - 1)
	for n := int32(0); n < g.count; n++ {
		i := statehash.Sum(g.node(n)) & mask
		for g.slots[i] != 0 {
			i = (i + 1) & mask
		}
		g.slots[i] = n + 1
	}
}
