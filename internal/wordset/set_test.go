package wordset

import (
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/lps2lts/lps2lts/internal/fibhash"
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
// and values, and the set stores them in the bits their widest halves
// need, through every width from 2 bits to 64.
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
	want := uint64(hi + lo)
	if want > 57 {
		want = 64 // a word read at any bit must fit an 8-byte load
	}
	if set.wordBits != want {
		t.Errorf("words of %d bits, want %d (halves of %d and %d bits)", set.wordBits, want, hi, lo)
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

// TestSizes: through the index's sizes (doubling below the band, by half
// and a third in it, doubling again above it, by half and a third from
// finerFrom on), each word keeps its number and no absent word is found,
// also where a probe runs past the last slot to the first (a small
// index, nearly full); the index grows when its load passes the bound
// of its size and not before.
func TestSizes(t *testing.T) {
	g := growth{bandFrom: 64, bandTo: 256, finerFrom: 1024}
	for _, start := range []uint{0, 1, 2, 3} {
		var set Set
		set.Init(start)
		set.growth = g
		set.initIndex(set.size) // the limit of the test's growth
		var sizes []uint64
		for i := range uint32(3000) {
			w := uint64(i)*0x10001 + 7
			if id, isNew := set.Insert(w); !isNew || id != i {
				t.Fatalf("Init(%d): word %d inserted as %d (new %v)", start, i, id, isNew)
			}
			if len(sizes) == 0 || sizes[len(sizes)-1] != set.size {
				sizes = append(sizes, set.size)
			}
			if set.n > set.limit || uint64(set.limit) >= set.size {
				t.Fatalf("Init(%d): %d words in %d slots (limit %d)", start, set.n, set.size, set.limit)
			}
			// Every word so far, and none of the next ones.
			if i%97 == 0 {
				for j := range i + 1 {
					if id, ok := set.Find(uint64(j)*0x10001 + 7); !ok || id != j {
						t.Fatalf("Init(%d), %d slots: word %d found as %d, %v", start, set.size, j, id, ok)
					}
				}
				for j := i + 1; j < i+50; j++ {
					if id, ok := set.Find(uint64(j)*0x10001 + 7); ok {
						t.Fatalf("Init(%d), %d slots: absent word %d found as %d", start, set.size, j, id)
					}
				}
			}
		}
		want := []uint64{2, 4, 8, 16, 32, 64, 96, 128, 192, 256, 512, 1024, 1536, 2048, 3072, 4096}
		if start > 1 {
			want = want[start-1:]
		}
		if !slices.Equal(sizes, want) {
			t.Errorf("Init(%d): sizes %v, want %v", start, sizes, want)
		}
	}
	// The bound: 13/16 strictly inside the band, 7/8 elsewhere (the
	// largest index holds 2^32-2 words and never grows).
	for size, want := range map[uint64]uint32{32: 28, 64: 56, 96: 78, 128: 104, 192: 156, 256: 224, 1536: 1344} {
		set := Set{state: state{growth: g}}
		set.initIndex(size)
		if set.limit != want {
			t.Errorf("%d slots: bound %d words, want %d", size, set.limit, want)
		}
	}
}

// TestManyWords: past 2^24 words, where the numbers take 25 bits of an
// entry and the tags 7 or fewer, every word keeps its number.
func TestManyWords(t *testing.T) {
	if testing.Short() {
		t.Skip("inserts 2^24 + 2^20 words")
	}
	const n = 1<<24 + 1<<20
	word := func(i uint32) uint64 { return uint64(i%5003)<<32 | uint64(i/5003) }
	var set Set
	set.Init(10)
	for i := range uint32(n) {
		if id, isNew := set.Insert(word(i)); !isNew || id != i {
			t.Fatalf("word %d inserted as %d (new %v)", i, id, isNew)
		}
	}
	if set.idBits < 25 {
		t.Fatalf("%d slots: numbers of %d bits", set.size, set.idBits)
	}
	for i := uint32(0); i < n; i += 7 {
		if id, ok := set.Find(word(i)); !ok || id != i {
			t.Fatalf("word %d found as %d, %v", i, id, ok)
		}
		if got := set.Word(i); got != word(i) {
			t.Fatalf("word %d is %x", i, got)
		}
	}
	if _, ok := set.Find(uint64(5003) << 32); ok {
		t.Fatal("an absent word was found")
	}
}

// TestWordBitsEdges: words of 55 to 64 bits, around the widest that may
// start at any bit (57), read back as they went in, before and after
// the set packs them again.
func TestWordBitsEdges(t *testing.T) {
	var set Set
	set.Init(4)
	var words []uint64
	for total := 55; total <= 64; total++ {
		for i := range 300 {
			// A low half of 32 bits at most, a high half of the rest.
			lo := min(total, 32)
			w := uint64(1)<<(total-1) | uint64(i)<<7 | uint64(1)<<(lo-1)
			if _, isNew := set.Insert(w); isNew {
				words = append(words, w)
			}
		}
		for id, w := range words {
			if got := set.Word(uint32(id)); got != w {
				t.Fatalf("%d bits: word %d is %x, want %x", total, id, got, w)
			}
			if got, ok := set.Find(w); !ok || int(got) != id {
				t.Fatalf("%d bits: word %x found as %d, %v", total, w, got, ok)
			}
		}
	}
	if set.wordBits != 64 {
		t.Errorf("words of %d bits", set.wordBits)
	}
}

// TestPrefetch: asking for the memory of keys ahead, present, absent or
// too wide for the set's words, between insertions that grow the index and
// widen the words, changes nothing the set answers.
func TestPrefetch(t *testing.T) {
	var p Set
	p.Init(4)
	p.Prefetch(nil)
	rng := rand.New(rand.NewPCG(3, 4))
	var keys []uint64
	for i := range 20_000 {
		// Words widen as the halves grow.
		k := uint64(rng.IntN(i+2))<<32 | uint64(rng.IntN(2*i+2))
		keys = append(keys, k)
		ahead := keys[max(0, len(keys)-3*touchRun):]
		p.Prefetch(append(ahead, ^uint64(0), 1<<63|5))
		id, isNew := p.Insert(k)
		if got := p.Word(id); got != k {
			t.Fatalf("key %x inserted as %d (new %v), which holds %x", k, id, isNew, got)
		}
	}
	for _, k := range keys {
		if id, ok := p.Find(k); !ok || p.Word(id) != k {
			t.Fatalf("key %x: found %v as %d", k, ok, id)
		}
	}
	if _, ok := p.Find(^uint64(0)); ok {
		t.Fatal("found a key never inserted")
	}
}

// TestFirstChunkSlack: a set that fits in its first chunk holds at most a
// quarter more bytes for its words than they take, at every size (by
// doubling, up to twice as many), and the rest of a page once the chunk
// is mapped (package offheap).
func TestFirstChunkSlack(t *testing.T) {
	var p Set
	p.Init(4)
	for i := range uint64(chunkLen - 1) {
		p.Insert(i<<15 | i) // 32-bit words, 4 bytes each
		used, held := len(p.chunks[0]), cap(p.chunks[0])
		if i > 64 && 4*held > 5*used+64+4*os.Getpagesize() {
			t.Fatalf("%d words take %d bytes and the chunk holds %d", i+1, used, held)
		}
	}
}

// TestNarrowIndex: up to narrowSlots slots the index takes 3 bytes a
// slot, and every word keeps its number through the growth past it.
func TestNarrowIndex(t *testing.T) {
	var p Set
	p.Init(4)
	word := func(i uint64) uint64 { return i*fibhash.Mul>>40<<32 | i }
	n := uint64(0)
	for ; p.size <= narrowSlots; n++ {
		if p.index != nil || uint64(len(p.narrow)) != 3*p.size+1 {
			t.Fatalf("%d slots: %d 4-byte entries and %d bytes of 3-byte ones", p.size, len(p.index), len(p.narrow))
		}
		p.Insert(word(n))
	}
	if p.narrow != nil || uint64(len(p.index)) != p.size {
		t.Fatalf("%d slots: %d 4-byte entries and %d bytes of 3-byte ones", p.size, len(p.index), len(p.narrow))
	}
	for i := range n {
		if id, ok := p.Find(word(i)); !ok || uint64(id) != i {
			t.Fatalf("word %d: found %v as %d", i, ok, id)
		}
		if _, ok := p.Find(word(i) ^ 1<<63); ok {
			t.Fatalf("found a word never inserted")
		}
	}
}

// meanDisplacement is the mean distance of the set's words from their
// first slots: the slots a lookup of a word reads, less one.
func meanDisplacement(set *Set) float64 {
	var sum uint64
	for i := range set.size {
		e := set.entry(i)
		if e == 0 {
			continue
		}
		home, _ := set.slot(set.Word(e&set.idMask - 1))
		sum += (i + set.size - home) % set.size
	}
	return float64(sum) / float64(set.n)
}

// TestGridSpread: words that are pairs of small numbers, as a tree
// store's root pairs are, spread over the index as random words do.
// (With a hash of one multiply, the pairs of a 600 × 600 grid lay 11.5
// slots from their first on average; random words lie 1.1.)
func TestGridSpread(t *testing.T) {
	var grid, random Set
	grid.Init(10)
	random.Init(10)
	rng := rand.New(rand.NewPCG(1, 2))
	for a := range uint64(600) {
		for b := range uint64(600) {
			grid.Insert(a<<32 | b)
			random.Insert(rng.Uint64())
		}
	}
	g, r := meanDisplacement(&grid), meanDisplacement(&random)
	t.Logf("%d words in %d slots: mean displacement %.2f (random words %.2f)", grid.n, grid.size, g, r)
	if g > 1.5*r+0.5 {
		t.Errorf("the grid's words lie %.2f slots from their first on average, random words %.2f", g, r)
	}
}

// TestNewestFirst: a new word takes its first slot, and the words of
// the run from there move one slot on, also across the last slot to
// the first, in a 3-byte index and in a 4-byte one; every word is still
// found under its number.
func TestNewestFirst(t *testing.T) {
	for _, bits := range []uint{4, 17} {
		var set Set
		set.Init(bits)
		// Three words whose first slot is the last one, two whose first
		// slot is the first one: the runs wrap.
		var last, first []uint64
		for w := uint64(1); len(last) < 3 || len(first) < 2; w++ {
			switch i, _ := set.slot(w); {
			case i == set.size-1 && len(last) < 3:
				last = append(last, w)
			case i == 0 && len(first) < 2:
				first = append(first, w)
			}
		}
		words := []uint64{last[0], first[0], last[1], first[1], last[2]}
		for n, w := range words {
			id, isNew := set.Insert(w)
			if !isNew || id != uint32(n) {
				t.Fatalf("%d slots: word %d inserted as %d (new %v)", set.size, n, id, isNew)
			}
			if home, _ := set.slot(w); set.entry(home)&set.idMask != id+1 {
				t.Errorf("%d slots: word %d is not in its first slot %d", set.size, n, home)
			}
			for m, v := range words[:n+1] {
				if got, ok := set.Find(v); !ok || got != uint32(m) {
					t.Fatalf("%d slots, %d words: word %d found as %d, %v", set.size, n+1, m, got, ok)
				}
			}
		}
		if set.narrow == nil == (bits < 16) {
			t.Errorf("%d slots: 3-byte entries %v", set.size, set.narrow != nil)
		}
	}
}

// TestMemoryGivenBack: what the set has mapped (package offheap) is what
// it holds now, no array it dropped when growing or widening, and Free
// gives all of it back.
// It reads the set's own pool: the process's total (offheap.Bytes) also
// moves when the pools of sets that earlier tests dropped are released,
// which the collector's cleanups do at a time of their own.
func TestMemoryGivenBack(t *testing.T) {
	var p Set
	p.Init(4)
	for i := range uint64(1 << 20) {
		p.Insert(i*0x9E3779B9&(1<<40-1) | i>>3) // widens as the words grow
		if i%(1<<16) == 0 && p.pool.Bytes() > p.Bytes() {
			t.Fatalf("%d words: %d bytes mapped, %d held", i+1, p.pool.Bytes(), p.Bytes())
		}
	}
	p.Free()
	if n := p.pool.Bytes(); n != 0 {
		t.Fatalf("%d bytes left mapped after Free", n)
	}
}
