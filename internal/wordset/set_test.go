package wordset

import (
	"math/bits"
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

// TestWiden: words whose halves need more and more bits (the set packs
// its words again at each step, over several chunks) keep their numbers
// and values, and the set stores them in the bytes their widest halves
// need.
func TestWiden(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var set Set
	set.Init(4)
	var words []uint64
	const n = 2*chunkLen + 100
	for len(words) < n {
		// A high half of up to 1 + len(words)/4000 bits and a low
		// half that numbers the word: both widths grow in steps
		// through the run, the high one to 32 bits.
		hb := min(1+len(words)/4000, 32)
		w := rng.Uint64N(1<<hb)<<32 | uint64(len(words))
		if id, isNew := set.Insert(w); !isNew || int(id) != len(words) {
			t.Fatalf("word %x inserted as %d (new %v), want %d", w, id, isNew, len(words))
		}
		words = append(words, w)
	}
	for i, w := range words {
		if got := set.Word(uint32(i)); got != w {
			t.Fatalf("word %d is %x, want %x", i, got, w)
		}
		if id, ok := set.Find(w); !ok || int(id) != i {
			t.Fatalf("word %x found as %d, %v; want %d", w, id, ok, i)
		}
	}
	var hi, lo int
	for _, w := range words {
		hi, lo = max(hi, bits.Len64(w>>32)), max(lo, bits.Len64(w&0xFFFFFFFF))
	}
	if want := (hi + lo + 7) / 8; set.width != want {
		t.Errorf("words of %d bytes, want %d (halves of %d and %d bits)", set.width, want, hi, lo)
	}
	// Full 64-bit words, and zero.
	for _, w := range []uint64{^uint64(0), 0, 1 << 63} {
		id, _ := set.Insert(w)
		if got := set.Word(id); got != w {
			t.Errorf("word %x read back as %x", w, got)
		}
	}
	for i, w := range words {
		if got := set.Word(uint32(i)); got != w {
			t.Fatalf("after 64-bit words, word %d is %x, want %x", i, got, w)
		}
	}
}

// TestPackedNoFalseMatch: a word wider than the set's halves is not
// found, though packed with the present widths it equals a stored word
// (the compare is reached only if their tags agree as well).
func TestPackedNoFalseMatch(t *testing.T) {
	var set Set
	set.Init(4)
	set.Insert(1<<32 | 0) // halves of 1 bit each
	set.Insert(0<<32 | 1)
	// 2 packed with a 1-bit low half is 0b10, as 1<<32 is stored.
	if id, ok := set.Find(2); ok {
		t.Fatalf("word 2 found as %d", id)
	}
	id, isNew := set.Insert(2)
	if !isNew || id != 2 || set.Word(0) != 1<<32 || set.Word(2) != 2 {
		t.Fatalf("word 2 inserted as %d (new %v); words %x %x", id, isNew, set.Word(0), set.Word(2))
	}
}
