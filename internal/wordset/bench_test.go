package wordset

import (
	"math/rand/v2"
	"testing"
)

// benchWords returns n distinct words shaped like the tree store's root
// pairs: two numbers of 16 bits, drawn at random (an invertible mix of
// the word's position, so none repeats). (Words on a grid, i%4099 and
// i/4099, as they once were, made a hash of one multiply look twice as
// fast as it is on a search's root pairs: no two collided.)
func benchWords(n int) []uint64 {
	ws := make([]uint64, n)
	for i := range ws {
		x := uint32(i)
		x ^= x >> 16
		x *= 0x7FEB352D
		x ^= x >> 15
		x *= 0x846CA68B
		x ^= x >> 16
		ws[i] = uint64(x>>16)<<32 | uint64(x&0xFFFF)
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

// BenchmarkFind looks up words of a full set, half of them absent, in
// random order.
func BenchmarkFind(b *testing.B) {
	ws := benchWords(1_080_000)
	var s Set
	s.Init(10)
	for _, w := range ws[:540_000] {
		s.Insert(w)
	}
	order := rand.New(rand.NewPCG(3, 4)).Perm(len(ws))
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for range b.N {
		s.Find(ws[order[i]])
		if i++; i == len(ws) {
			i = 0
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
