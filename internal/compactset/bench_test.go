package compactset

import (
	"testing"

	"github.com/lps2lts/lps2lts/internal/wordset"
)

// counterKeys returns the root pairs of examples/counters.lps with K = 6
// as the tree store forms them (two halves of four counters, each half
// a number below 6^4), in breadth-first order, and for each state the
// pairs of its eight successors: the insertions of a search.
func counterKeys() (states []uint64, succ []uint64) {
	const k, half = 6, 6 * 6 * 6 * 6
	idx := func(c [8]int) uint64 {
		l, r := 0, 0
		for i := range 4 {
			l = l*k + c[i]
			r = r*k + c[4+i]
		}
		return uint64(l)<<32 | uint64(r)
	}
	seen := make([]bool, half*half)
	var queue [][8]int
	queue = append(queue, [8]int{})
	seen[0] = true
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		states = append(states, idx(c))
		for i := range 8 {
			d := c
			d[i] = (d[i] + 1) % k
			key := idx(d)
			succ = append(succ, key)
			if p := key>>32*half + key&0xFFFFFFFF; !seen[p] {
				seen[p] = true
				queue = append(queue, d)
			}
		}
	}
	return states, succ
}

// BenchmarkCounters inserts the successors of counters.lps (K = 6) in the
// order of a breadth-first search: 13.4M insertions, 1.68M of them new.
func BenchmarkCounters(b *testing.B) {
	_, succ := counterKeys()
	b.Run("compact", func(b *testing.B) {
		for b.Loop() {
			var s Set
			s.Init()
			s.Insert(0)
			for _, k := range succ {
				s.Insert(k)
			}
		}
	})
	b.Run("words", func(b *testing.B) {
		for b.Loop() {
			var s wordset.Set
			s.Init(10)
			s.Insert(0)
			for _, k := range succ {
				s.Insert(k)
			}
		}
	})
}

// BenchmarkCountersFind looks up the successors of counters.lps (K = 6)
// in a full table, in breadth-first order.
func BenchmarkCountersFind(b *testing.B) {
	_, succ := counterKeys()
	b.Run("compact", func(b *testing.B) {
		var s Set
		s.Init()
		for _, k := range succ {
			s.Insert(k)
		}
		b.ResetTimer()
		for b.Loop() {
			for _, k := range succ {
				s.Find(k)
			}
		}
	})
	b.Run("words", func(b *testing.B) {
		var s wordset.Set
		s.Init(10)
		for _, k := range succ {
			s.Insert(k)
		}
		b.ResetTimer()
		for b.Loop() {
			for _, k := range succ {
				s.Find(k)
			}
		}
	})
}

// BenchmarkCountersTouched inserts as BenchmarkCounters does, but as the
// explorer's two-phase insertion does: the home slots of each run of
// touchRun keys are asked for (Touch) before the run is inserted, so that
// the misses overlap and what is left is the table's own work.
func BenchmarkCountersTouched(b *testing.B) {
	_, succ := counterKeys()
	b.Run("compact", func(b *testing.B) {
		for b.Loop() {
			var s Set
			s.Init()
			s.Insert(0)
			for i := 0; i < len(succ); i += touchRun {
				run := succ[i:min(i+touchRun, len(succ))]
				s.Touch(run)
				for _, k := range run {
					s.Insert(k)
				}
			}
		}
	})
	b.Run("words", func(b *testing.B) {
		for b.Loop() {
			var s wordset.Set
			s.Init(10)
			s.Insert(0)
			for i := 0; i < len(succ); i += touchRun {
				run := succ[i:min(i+touchRun, len(succ))]
				s.Touch(run)
				for _, k := range run {
					s.Insert(k)
				}
			}
		}
	})
}
