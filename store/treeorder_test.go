package store

import (
	"math/rand/v2"
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
