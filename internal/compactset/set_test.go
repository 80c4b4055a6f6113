package compactset

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// pairKey returns a key of two halves below 2^hi and 2^lo, drawn by r.
func pairKey(r *rand.Rand, hi, lo uint) uint64 {
	return r.Uint64N(1<<hi)<<32 | r.Uint64N(1<<lo)
}

// check compares s with the numbers of want (a map from key to number,
// the reference) and checks that Each gives every key once.
func check(t *testing.T, s *Set, want map[uint64]uint32) {
	t.Helper()
	if s.Len() != len(want) {
		t.Fatalf("Len %d, want %d", s.Len(), len(want))
	}
	for k, id := range want {
		if got, ok := s.Find(k); !ok || got != id {
			t.Fatalf("Find(%#x) = %d, %v; want %d", k, got, ok, id)
		}
	}
	seen := map[uint32]bool{}
	s.Each(func(id uint32, key uint64) {
		if want[key] != id || seen[id] {
			t.Fatalf("Each gave %d for %#x (want %d), or twice", id, key, want[key])
		}
		seen[id] = true
	})
	if len(seen) != len(want) {
		t.Fatalf("Each gave %d keys, want %d", len(seen), len(want))
	}
	checkOrder(t, s)
}

// checkOrder checks the table's order: entries by home, those of one
// home by quotient (which grow relies on to write the grown table in one
// pass, and find to stop at a greater quotient), and the last slot empty.
func checkOrder(t *testing.T, s *Set) {
	t.Helper()
	lastHome, lastQ, any := uint64(0), uint64(0), false
	for p := range s.slots {
		v := s.slot(p)
		if v == 0 {
			continue
		}
		home, q := p-s.displacement(v), v>>s.qShift
		if home > p || home >= s.size {
			t.Fatalf("slot %d: home %d", p, home)
		}
		if any && (home < lastHome || home == lastHome && q <= lastQ) {
			t.Fatalf("slot %d: home %d quotient %d after home %d quotient %d", p, home, q, lastHome, lastQ)
		}
		lastHome, lastQ, any = home, q, true
	}
	if s.slot(s.slots-1) != 0 {
		t.Fatalf("the last slot is not empty")
	}
}

// TestAgainstMap inserts keys, some more than once, across growths and
// widenings, and checks every number against a map's; with widenings
// that sort the entries and with widenings that place them one at a
// time.
func TestAgainstMap(t *testing.T) {
	testAgainstMap(t)
	defer func(n uint32) { widenSortMax = n }(widenSortMax)
	widenSortMax = 0
	testAgainstMap(t)
}

func testAgainstMap(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var s Set
	s.Init()
	want := map[uint64]uint32{}
	insert := func(k uint64) {
		id, isNew := s.Insert(k)
		old, had := want[k]
		if isNew == had || (had && id != old) || (!had && id != uint32(len(want))) {
			t.Fatalf("Insert(%#x) = %d, %v; had %v %d, len %d", k, id, isNew, had, old, len(want))
		}
		if !had {
			want[k] = id
		}
	}
	// Widths that grow as the keys do: 2+2 bits, then up to 20+20.
	for _, w := range []struct{ hi, lo uint }{{2, 2}, {6, 3}, {9, 9}, {14, 12}, {20, 20}} {
		for range 30_000 {
			insert(pairKey(r, w.hi, w.lo))
		}
		check(t, &s, want)
		// Keys met again, in another order.
		for k := range want {
			insert(k)
		}
	}
	for k := range 1000 {
		if _, ok := s.Find(uint64(k+1)<<52 | 1); ok {
			t.Fatalf("Find of a key wider than any stored found it")
		}
	}
}

// TestManyKeys crosses many growths with dense, grid-shaped keys (the
// counters' root pairs are a grid) and checks the table's load and
// bits per slot stay as the layout says.
func TestManyKeys(t *testing.T) {
	if testing.Short() {
		t.Skip("2M keys")
	}
	var s Set
	s.Init()
	const side = 1500
	for i := range uint64(side * side) {
		if id, isNew := s.Insert(i/side<<32 | i%side); !isNew || uint64(id) != i {
			t.Fatalf("key %d: %d, %v", i, id, isNew)
		}
	}
	for i := range uint64(side * side) {
		if id, ok := s.Find(i/side<<32 | i%side); !ok || uint64(id) != i {
			t.Fatalf("Find key %d: %d, %v", i, id, ok)
		}
	}
	if load := float64(s.Len()) / float64(s.size); load < 0.58 || load > 0.875 {
		t.Errorf("load %.3f outside [7/12, 7/8]", load)
	}
	// 11 + 11 bits of key: a slot of kh + dispBits (+1 where m > 4).
	if kh := uint(22); s.bits > kh+dispBits+1 || s.bits < kh+dispBits-1 {
		t.Errorf("slot of %d bits for %d-bit keys", s.bits, kh)
	}
}

// TestHashInverse: unhash undoes hash, and unplace undoes place, for
// every width and layout in use.
func TestHashInverse(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	var s Set
	for kh := uint(16); kh <= maxKeyBits; kh++ {
		for _, m := range []uint64{4, 5, 6, 7} {
			for _, j := range []uint{0, 2, kh/2 - 1, kh - 3} {
				s.setLayout(m, j, kh/2, kh-kh/2)
				for range 200 {
					p := r.Uint64() & s.khMask
					h := s.hash(p)
					if s.unhash(h) != p {
						t.Fatalf("kh %d: unhash(hash(%#x)) = %#x", kh, p, s.unhash(h))
					}
					home, q := s.place(h)
					if home >= s.size || q > s.remMask/m {
						t.Fatalf("kh %d m %d j %d: place(%#x) = %d, %d out of range", kh, m, j, h, home, q)
					}
					if got := s.unplace(home, q); got != h {
						t.Fatalf("kh %d m %d j %d: unplace(place(%#x)) = %#x", kh, m, j, h, got)
					}
				}
			}
		}
	}
}

// TestDivide: the multiply that divides by m is exact over the range
// place and unplace use, at its ends too.
func TestDivide(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	var s Set
	for m := uint64(4); m <= 7; m++ {
		s.m, s.divM = m, ^uint64(0)/m+1
		xs := []uint64{0, 1, m - 1, m, 1<<61 - 1, 1<<61 - m, 7 << 58}
		for range 10000 {
			xs = append(xs, r.Uint64N(1<<61))
		}
		for _, x := range xs {
			if s.divide(x) != x/m {
				t.Fatalf("divide(%d) by %d = %d, want %d", x, m, s.divide(x), x/m)
			}
		}
	}
}

// fillToGrowth inserts 12+12-bit keys into s until it has just grown to
// at least min homes, so that there is room below its limit.
func fillToGrowth(s *Set, r *rand.Rand, want map[uint64]uint32, min uint64) {
	for size := s.size; s.size == size || s.size < min; {
		size = s.size
		k := pairKey(r, 12, 12)
		if id, isNew := s.Insert(k); isNew {
			want[k] = id
		}
	}
}

// TestTail: runs that pass the last home take the tail slots, and more
// than tailSlots of them lengthen it; every key stays found.
func TestTail(t *testing.T) {
	var s Set
	s.Init()
	s.Insert(0xFFF<<32 | 0xFFF) // 24 bits of key
	want := map[uint64]uint32{0xFFF<<32 | 0xFFF: 0}
	r := rand.New(rand.NewPCG(9, 10))
	// Fill to just after a growth, so that there is room below the limit.
	fillToGrowth(&s, r, want, 4096)
	if s.limit-s.n < 3*tailSlots {
		t.Fatalf("no room: %d of %d", s.n, s.limit)
	}
	// Keys whose home is the last one.
	slots := s.slots
	for h := s.khMask; h > 0 && s.slots < slots+2*tailSlots; h-- {
		if home, _ := s.place(h); home != s.size-1 {
			continue
		}
		k := s.unpack(s.unhash(h))
		if id, isNew := s.Insert(k); isNew {
			want[k] = id
		}
	}
	if s.slots < slots+tailSlots {
		t.Fatalf("the tail was not lengthened: %d slots, %d before", s.slots, slots)
	}
	check(t, &s, want)
	// And a growth carries the long tail over.
	for size := s.size; s.size == size; {
		k := pairKey(r, 12, 12)
		if id, isNew := s.Insert(k); isNew {
			want[k] = id
		}
	}
	check(t, &s, want)
}

// TestFar: entries more than dispMax slots from home keep their
// distance in the map, through moves and a growth.
func TestFar(t *testing.T) {
	var s Set
	s.Init()
	s.Insert(0xFFF<<32 | 0xFFF)
	want := map[uint64]uint32{0xFFF<<32 | 0xFFF: 0}
	r := rand.New(rand.NewPCG(11, 12))
	fillToGrowth(&s, r, want, 4096)
	// Up to 2·dispMax keys of one home in the middle.
	mid := s.size / 2
	n := 0
	for h := s.unplace(mid, 0); h <= s.khMask && n < 2*dispMax; h++ {
		if home, _ := s.place(h); home != mid {
			continue
		}
		k := s.unpack(s.unhash(h))
		if id, isNew := s.Insert(k); isNew {
			want[k] = id
			n++
		}
	}
	if len(s.far) == 0 {
		t.Fatalf("no entry is far from home")
	}
	check(t, &s, want)
	for size := s.size; s.size == size; {
		k := pairKey(r, 12, 12)
		if id, isNew := s.Insert(k); isNew {
			want[k] = id
		}
	}
	check(t, &s, want)
}

// TestKeepKeys: Key gives every key back by number, for the keys stored
// before KeepKeys and after, across growths and a widening.
func TestKeepKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	var s Set
	s.Init()
	var keys []uint64
	add := func(n int, hi, lo uint) {
		for range n {
			k := pairKey(r, hi, lo)
			if _, isNew := s.Insert(k); isNew {
				keys = append(keys, k)
			}
		}
	}
	add(5000, 10, 10)
	if s.KeepsKeys() {
		t.Fatal("keeps keys before KeepKeys")
	}
	s.KeepKeys()
	add(50_000, 10, 10)
	add(20_000, 17, 12)
	for id, k := range keys {
		if got := s.Key(uint32(id)); got != k {
			t.Fatalf("Key(%d) = %#x, want %#x", id, got, k)
		}
	}
}

// TestWideSlots: keys of up to MaxKeyBits bits make slots over 57 bits,
// which reach a 9th byte.
func TestWideSlots(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	var s Set
	s.Init()
	want := map[uint64]uint32{}
	for range 20_000 {
		k := pairKey(r, 32, maxKeyBits-32)
		if id, isNew := s.Insert(k); isNew {
			want[k] = id
		}
	}
	if !s.wide {
		t.Fatalf("slots of %d bits are not wide", s.bits)
	}
	check(t, &s, want)
}

// TestGridSpread: the keys of a grid (two small numbers, as the tree
// store's root pairs are) lie about as near their homes as random keys.
func TestGridSpread(t *testing.T) {
	var s Set
	s.Init()
	for i := range uint64(600 * 600) {
		s.Insert(i/600<<32 | i%600)
	}
	var sum uint64
	for p := range s.slots {
		if v := s.slot(p); v != 0 {
			sum += s.displacement(v)
		}
	}
	// Ordered linear probing at load α: (1/(1-α) - 1)/2 on average,
	// 3.5 at 7/8.
	if mean := float64(sum) / float64(s.n); mean > 4 {
		t.Errorf("mean displacement %.2f at load %.2f", mean, float64(s.n)/float64(s.size))
	}
	_ = bits.Len
}

// TestGrowReusesChunks: a growth takes the old table's chunks for the new
// one as it frees them, so that it allocates about the difference of the
// two tables, not the new one whole; also where the slots widen by a bit
// (m = 4 to 5), which is where the chunks' room for the widest layout
// counts.
func TestGrowReusesChunks(t *testing.T) {
	// Growth by quarters, which only tables of 2^24 homes take otherwise.
	defer func(d, q uint64) { doubleFrom, quarterFrom = d, q }(doubleFrom, quarterFrom)
	doubleFrom, quarterFrom = 0, 0
	r := rand.New(rand.NewPCG(17, 18))
	var s Set
	s.Init()
	for s.size < 8*chunkLen || s.m != 4 {
		s.Insert(pairKey(r, 14, 14))
	}
	for range 2 {
		old, fresh := s.Bytes(), s.fresh
		s.grow()
		allocated := s.fresh - fresh
		if limit := s.Bytes() - old + 2*s.chunkBytes(0); allocated > limit {
			t.Errorf("growth to %d·2^%d homes allocated %d bytes, tables %d and %d", s.m, s.j, allocated, old, s.Bytes())
		}
		// A freed chunk goes to a chunk of about its size, not to the
		// last chunk's few tail slots.
		for c, b := range s.chunks {
			if cap(b) > 2*len(b) {
				t.Errorf("growth to %d·2^%d homes: chunk %d holds %d bytes for %d", s.m, s.j, c, cap(b), len(b))
			}
		}
	}
}

// TestNextSize follows the table's sizes through the three ways of
// growing: doubling, then half and a third, then quarters.
func TestNextSize(t *testing.T) {
	m, j := uint64(4), uint(2)
	var sizes []uint64
	for m<<j < 2*quarterFrom {
		m, j = nextSize(m, j)
		if m < 4 || m > 7 {
			t.Fatalf("grown to %d·2^%d homes: m out of 4-7", m, j)
		}
		sizes = append(sizes, m<<j)
	}
	prev := uint64(16)
	for _, size := range sizes {
		var want uint64
		switch {
		case prev < doubleFrom:
			want = 2 * prev
		case prev < quarterFrom:
			want = prev * 3 / 2 // 4 → 6
			if prev%3 == 0 {
				want = prev * 4 / 3 // 6 → 8
			}
		default:
			m := prev >> (bits.Len64(prev) - 3) // the size's top three bits
			want = prev / m * (m + 1)
		}
		if size != want {
			t.Fatalf("after %d homes: %d, want %d", prev, size, want)
		}
		prev = size
	}
}

// TestWidenTogether checks that a half that grows one bit past the other
// widens the other too, and only then.
func TestWidenTogether(t *testing.T) {
	for _, c := range []struct{ oldHi, oldLo, hi, lo, wantHi, wantLo uint }{
		{13, 13, 14, 13, 14, 14}, // one half past the other: both
		{13, 13, 13, 14, 14, 14},
		{13, 13, 14, 14, 14, 14}, // both at once
		{12, 13, 13, 13, 13, 13}, // catching up: nothing more
		{10, 13, 10, 14, 10, 14}, // far apart: only the one
		{13, 13, 15, 13, 15, 13}, // two bits past: only the one
		{28, 28, 29, 28, 29, 29}, // the widest that fits
	} {
		if hi, lo := widenTogether(c.oldHi, c.oldLo, c.hi, c.lo); hi != c.wantHi || lo != c.wantLo {
			t.Errorf("widenTogether(%d, %d, %d, %d) = %d, %d, want %d, %d", c.oldHi, c.oldLo, c.hi, c.lo, hi, lo, c.wantHi, c.wantLo)
		}
	}
	var s Set
	s.Init()
	want := map[uint64]uint32{}
	r := rand.New(rand.NewPCG(19, 20))
	for range 1000 {
		k := pairKey(r, 12, 12) | 1<<11<<32 | 1<<11
		if _, ok := want[k]; !ok {
			want[k] = uint32(len(want))
		}
		s.Insert(k)
	}
	k := uint64(1<<12)<<32 | 5
	want[k] = uint32(len(want))
	s.Insert(k)
	if s.hiBits != 13 || s.loBits != 13 {
		t.Errorf("halves of 12 bits, a key of 13 and 3: widths %d and %d, want 13 and 13", s.hiBits, s.loBits)
	}
	check(t, &s, want)
}

// TestPrefetchedKeys inserts keys as the explorer does, each run
// touched first and the next prefetched, with keys touched or prefetched
// and never inserted between them (some wider than the widths so far),
// and halves that widen and a table that grows on the way.
func TestPrefetchedKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	var s Set
	s.Init()
	want := map[uint64]uint32{}
	next := make([]uint64, touchRun)
	for round := range 400 {
		bits := uint(4 + round/25) // widens every 25 rounds
		run := next
		next = make([]uint64, touchRun)
		for i := range next {
			next[i] = pairKey(r, bits, bits)
		}
		s.Touch(run)
		s.Touch([]uint64{pairKey(r, bits+1, bits), pairKey(r, bits, bits+1)})
		s.Prefetch(next)
		s.Prefetch([]uint64{pairKey(r, bits, bits), pairKey(r, bits+1, bits+1)})
		for _, k := range run {
			if _, ok := want[k]; !ok {
				want[k] = uint32(len(want))
			}
			if id, _ := s.Insert(k); id != want[k] {
				t.Fatalf("round %d: key %#x numbered %d, want %d", round, k, id, want[k])
			}
		}
	}
	check(t, &s, want)
}
