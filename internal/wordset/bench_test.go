package wordset

import "testing"

// benchWords returns n distinct words shaped like the tree store's root
// pairs: two numbers of inner pairs, a few thousand of one and a few
// hundred of the other.
func benchWords(n int) []uint64 {
	ws := make([]uint64, n)
	for i := range ws {
		ws[i] = uint64(i%4099)<<32 | uint64(i/4099)
	}
	return ws
}

// BenchmarkInsert inserts 540,000 words (merc.hesselink_2-b's states)
// into an empty set, each four times (as a search meets a state from
// several predecessors), growths included.
func BenchmarkInsert(b *testing.B) {
	ws := benchWords(540_000)
	b.ReportAllocs()
	for b.Loop() {
		var s Set
		s.Init(10)
		for _, w := range ws {
			s.Insert(w)
		}
		for r := range 3 {
			for i := r; i < len(ws); i += 3 {
				s.Insert(ws[i])
			}
		}
	}
}

// BenchmarkFind looks up words of a full set, half of them absent.
func BenchmarkFind(b *testing.B) {
	ws := benchWords(1_080_000)
	var s Set
	s.Init(10)
	for _, w := range ws[:540_000] {
		s.Insert(w)
	}
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for range b.N {
		s.Find(ws[i])
		i += 7919
		if i >= len(ws) {
			i -= len(ws)
		}
	}
}

// BenchmarkGrow places 540,000 words (hesselink_2-b's states) in the
// larger index, as each growth of the set does.
func BenchmarkGrow(b *testing.B) {
	ws := benchWords(540_000)
	var s Set
	s.Init(10)
	for _, w := range ws {
		s.Insert(w)
	}
	size := s.size
	b.ReportAllocs()
	for b.Loop() {
		s.initIndex(size * 2 / 3)
		s.grow()
	}
}
