package wordset

import (
	"math/rand/v2"
	"testing"
)

// TestChunks: words keep their numbers and values across the set's chunks
// (the first grows by append, the next are allocated whole) and index
// growths.
func TestChunks(t *testing.T) {
	var p Set
	p.Init(10)
	const n = 3*chunkLen + 17
	word := func(i uint32) uint64 { return uint64(i)<<32 | uint64(^i) }
	for i := range uint32(n) {
		id, isNew := p.Insert(word(i))
		if !isNew || id != i {
			t.Fatalf("word %d: id %d, new %v", i, id, isNew)
		}
	}
	for i := range uint32(n) {
		if id, isNew := p.Insert(word(i)); isNew || id != i {
			t.Fatalf("word %d again: id %d, new %v", i, id, isNew)
		}
		if got := p.Word(i); got != word(i) {
			t.Fatalf("word %d is %x", i, got)
		}
	}
	if p.Len() != n {
		t.Errorf("%d words, want %d", p.Len(), n)
	}
}

// TestFind: a small set (as the guard caches start) gives back every
// number it gave, through its growths, and finds no other word, zero
// included.
func TestFind(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var set Set
	set.Init(4)
	want := map[uint64]uint32{}
	for range 5000 {
		k := uint64(rng.IntN(3))<<32 | uint64(rng.IntN(4000)) // zero too
		if _, ok := want[k]; ok {
			continue
		}
		if _, ok := set.Find(k); ok {
			t.Fatalf("word %x found before it was inserted", k)
		}
		id, isNew := set.Insert(k)
		if !isNew || int(id) != len(want) {
			t.Fatalf("word %x inserted as %d (new %v), want %d", k, id, isNew, len(want))
		}
		want[k] = id
	}
	for k, id := range want {
		if got, ok := set.Find(k); !ok || got != id {
			t.Fatalf("word %x: got %d, %v; want %d", k, got, ok, id)
		}
	}
}
