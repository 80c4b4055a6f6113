package store

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDistinctValues compares the open-addressing count with a map's on
// columns of few values, many values, zeros and the largest value.
func TestDistinctValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 7, 100, 8192} {
		const w = 5
		states := make([]uint32, n*w)
		for i := range n {
			states[i*w+0] = 0
			states[i*w+1] = uint32(rng.IntN(3))
			states[i*w+2] = rng.Uint32()
			states[i*w+3] = ^uint32(0) - uint32(rng.IntN(2))
			states[i*w+4] = uint32(i)
		}
		got := distinctValues(states, w, n)
		for p := range w {
			seen := map[uint32]bool{}
			for i := range n {
				seen[states[i*w+p]] = true
			}
			if got[p] != len(seen) {
				t.Errorf("n=%d position %d: %d values, want %d", n, p, got[p], len(seen))
			}
		}
	}
}

// TestCandidateGivenUpEarly: a candidate order that folds the sample
// into as many inner pairs as the store had, state for state, is given up
// at givingUpFrom states, long before it has half the store's final
// count, and a worse one already at firstLook (the store counts its
// pairs after the state at each step, a candidate before it, so that one
// as good is a little ahead there); one that needs far fewer pairs folds
// every state.
func TestCandidateGivenUpEarly(t *testing.T) {
	// TestTreeReorder's vectors: a counter at position 2, among bits.
	const w, n = 10, reorderSample
	vec := func(i int) []uint32 {
		v := make([]uint32, w)
		for p := range v {
			v[p] = uint32(i>>(p+7)) & 1
		}
		v[2] = uint32(i % 997)
		return v
	}
	var states []uint32
	for i := range n {
		states = append(states, vec(i)...)
	}
	identity := []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}
	counterLast := []int{0, 1, 3, 4, 5, 6, 7, 8, 9, 2}
	stored := func(order []int) *TreeStore {
		s := NewTreeStore(w)
		s.setOrder(order, w)
		for i := range n {
			s.Insert(vec(i))
		}
		if want := (s.Len() + innerAtStep - 1) / innerAtStep; len(s.innerAt) != want {
			t.Fatalf("the store recorded its inner pairs %d times for %d states, want %d", len(s.innerAt), s.Len(), want)
		}
		return s
	}
	try := func(order []int, best *TreeStore) int {
		c := NewTreeStore(w)
		c.ordered = true
		c.setOrder(order, w)
		defer c.free()
		return len(c.foldCandidate(states, n, best, nil))
	}
	vectors, moved := stored(identity), stored(counterLast)
	if got := try(identity, vectors); got != givingUpFrom {
		t.Errorf("a candidate as good as the store folded %d states, want %d", got, givingUpFrom)
	}
	if got := try(identity, moved); got > firstLook {
		t.Errorf("a worse candidate folded %d states, want at most %d", got, firstLook)
	}
	if got := try(counterLast, vectors); got != n {
		t.Errorf("a better candidate folded %d states of %d", got, n)
	}
}

// TestDecodeAll: decoding the states one from the other gives what
// decoding each from its root gives, at widths with odd levels, with
// states in their order of insertion and in another.
func TestDecodeAll(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, w := range []int{2, 3, 5, 7, 12, 57, 64, 70} {
		s := NewTreeStore(w)
		s.ordered = true // never reordered: the vectors' own order
		for range 3000 {
			v := make([]uint32, w)
			for p := range v {
				v[p] = uint32(rng.IntN(3 + p))
			}
			s.Insert(v)
		}
		keys := s.rootKeys()
		rng.Shuffle(len(keys)/2, func(i, j int) { keys[i], keys[j] = keys[j], keys[i] })
		var want []uint32
		for _, k := range keys {
			want = s.appendRoot(want, k)
		}
		got, values := s.decodeAll(keys)
		if !slices.Equal(got, want) {
			t.Fatalf("width %d: decodeAll differs from appendRoot", w)
		}
		if counted := distinctValues(want, w, len(keys)); !slices.Equal(values, counted) {
			t.Fatalf("width %d: decodeAll counted %v values; distinctValues %v", w, values, counted)
		}
	}
}

// distinctValues returns how many values each of the w positions takes
// in the n vectors of states, through the sets decodeAll counts with:
// TestDistinctValues checks it against a map, and TestDecodeAll decodeAll
// against it.
func distinctValues(states []uint32, w, n int) []int {
	c := newValueSets(w)
	for i := range n {
		for p, v := range states[i*w : (i+1)*w] {
			if i == 0 || v != states[(i-1)*w+p] {
				c.add(p, v)
			}
		}
	}
	return c.counts
}
