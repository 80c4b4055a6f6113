package compactset

import (
	"math/bits"

	"github.com/lps2lts/lps2lts/internal/offheap"
)

// doubleFrom and quarterFrom are the numbers of homes from which the
// table grows by half and a third, and by quarters (nextSize).
// (Variables, for the tests of growth by quarters on small tables.)
var (
	doubleFrom  uint64 = 1 << 20
	quarterFrom uint64 = 1 << 24
)

// nextSize is the table's size m·2^j after a growth from m·2^j homes:
// twice as many below doubleFrom; by half and a third from there (4·2^j
// homes become 6·2^j, then 4·2^(j+1)); by a quarter from quarterFrom
// (m·2^j become (m+1)·2^j, and 7·2^j become 4·2^(j+1)).
//
// Each growth moves every entry, so the smaller the step the more moves
// per entry in the end: about 1 by doubling, 2.4 by half and a third, 5
// by quarters. On the plain corpus's larger models (a few hundred
// thousand states, 2^18-2^20 homes) the moves of halves and thirds were
// 3% of the run's instructions; doubling there takes half of that, and
// the lower mean load shortens the runs an insertion walks:
// merc.onebit_3-b, ex.academic.onebit and ex.project.wafer_stepper
// 2.6-3.3% fewer instructions in all, for a table up to a third larger
// than halves and thirds would have made it (a million homes of 30-40
// bits are 4-5 MB; peak RSS of the items moved by -1.5 to +0.5
// MB, within their bounds). Above that the
// memory counts more than the time: on counters.lps (K = 6) growth by
// quarters from the start took 7.5% of the run's time, so quarters wait
// for quarterFrom homes, where the load stays between 0.7 and 7/8
// rather than 7/16 and 7/8.
func nextSize(m uint64, j uint) (uint64, uint) {
	switch size := m << j; {
	case size < doubleFrom:
		return m, j + 1
	case size < quarterFrom:
		m += 2 // 4·2^j → 6·2^j → 8·2^j
	default:
		m++
	}
	if m >= 8 {
		m, j = 4, j+1
	}
	return m, j
}

// grow makes the table larger (nextSize). The hash keeps its bits (kh),
// so an entry's new home is h·m'/2^s' of the hash h that its old home
// and quotient give back, and the new homes follow the old ones in
// order: one pass over the old slots, in order, writes the new ones in
// order, each entry at its new home or just after the entry before. Only
// the entries of one old home may change their order, and they are few:
// they are sorted by new home before they are written. The old table's
// chunks are freed as the pass leaves them and taken for the new
// table's, so that the memory a growth holds at once is the new table's
// and a chunk, not both tables (at 10^9 states, 6 GB instead of 11).
// A pass is sequential and reads no key, where an index over a word
// array places each word at a random slot: that is what makes growth by
// quarters affordable at all.
func (t *Set) grow() {
	m, j := nextSize(t.m, t.j)
	old := *t
	t.setLayout(m, j, t.hiBits, t.loBits)
	t.far = nil
	t.chunks = make([][]byte, (t.slots+chunkLen-1)/chunkLen)
	w := writer{t: t}
	for c, chunk := range old.chunks {
		if old.wide || t.wide {
			w.passWide(&old, c)
		} else {
			w.pass(&old, c)
		}
		// The pass has left the chunk: the new table may take it.
		w.free = append(w.free, chunk)
		old.chunks[c] = nil
	}
	w.ensure(uint64(len(t.chunks)))
	t.freeChunks(w.free)
}

// pass moves the entries of old's chunk c into the new table, for slots
// that are wide in neither table. Each entry's hash comes back from its
// home and quotient (unplace) and is placed anew (placeIn); the number
// plus one stays in place in the slot, only the quotient moves as the
// number's bits grow. The new table's chunk is found once for the
// entries it takes. Through slot, placeIn and put, a growth took 107
// instructions an entry (counters.lps, K = 6: 4.6M entries moved in
// all). With the layouts' fourteen values in locals, the compiler
// spilled and reloaded them around the loop (98 instructions an entry
// with Go 1.26); read from the writer's passLayout, through w, the
// passes of a replay of hesselink_2-b's root keys take 131M
// instructions instead of 158M. (A passLayout local to pass was taken
// apart into locals again, and lost the shifts' bounds: 171M.)
func (w *writer) pass(old *Set, c int) {
	t := w.t
	chunk := old.chunks[c]
	first := uint64(c) << chunkShift
	l := &w.l
	*l = passLayout{
		ob:      uint64(old.bits),
		omask:   old.slotMask,
		oqs:     uint64(old.qShift & 63),
		os:      uint64(old.s & 63),
		om:      old.m - 1,
		odiv:    old.divM,
		idField: old.idMask << dispBits,
		nm:      t.m,
		ns:      uint64(t.s & 63),
		nrem:    t.remMask,
		ndiv:    t.divM,
		nqs:     uint64(t.qShift & 63),
		nb:      uint64(t.bits),
	}
	// out is the new table's chunk of the last slot written, end the
	// first slot past it (or the table's last slot, which stays empty).
	var out []byte
	end := uint64(0)
	next := w.next
	pos := uint64(0)
	for k := range min(chunkLen, old.slots-first) {
		v := word(chunk, pos>>3) >> (pos & 7) & l.omask
		pos += l.ob
		if v == 0 {
			continue
		}
		d := v & dispMask
		if d == dispMax {
			d = old.far[old.number(v)]
		}
		base, _ := bits.Mul64((first+k-d)<<(l.os&63)+l.om, l.odiv) // unplace
		x := (v>>(l.oqs&63) + base) * l.nm
		home := x >> (l.ns & 63)
		q, _ := bits.Mul64(x&l.nrem, l.ndiv)
		e := q<<(l.nqs&63) | v&l.idField
		p := max(home, next)
		if p >= end || p-home >= dispMax {
			w.next = next
			w.put(home, e)
			next = w.next
			at := next - 1
			out = t.chunks[at>>chunkShift]
			end = min(at|chunkMask+1, t.slots-1)
			continue
		}
		at := (p & chunkMask) * l.nb
		putWord(out, at>>3, word(out, at>>3)|(e|(p-home))<<(at&7))
		next = p + 1
	}
	w.next = next
}

// passLayout holds what pass needs of the old layout (o...) and the new
// (n...): bits of a slot, slot mask, the quotient's shift, s, m-1 and
// ⌊2^64/m⌋+1 (old); m, s, the remainder's mask, ⌊2^64/m⌋+1, the
// quotient's shift, bits of a slot (new); and the number's field.
type passLayout struct {
	ob, omask, oqs, os, om, odiv, idField uint64
	nm, ns, nrem, ndiv, nqs, nb           uint64
}

// passWide is pass for wide slots, through slot and put.
func (w *writer) passWide(old *Set, c int) {
	t := w.t
	first := uint64(c) << chunkShift
	for k := range min(chunkLen, old.slots-first) {
		v := old.slot(first + k)
		if v == 0 {
			continue
		}
		home, want := t.placeIn(old.unplace(first+k-old.displacement(v), v>>old.qShift))
		w.put(home, want|v&(old.idMask<<dispBits))
	}
}

// writer writes the entries of a growth in order into the new table's
// chunks, which it takes as it reaches them, from the old table's freed
// chunks where one is large enough.
type writer struct {
	t     *Set
	next  uint64 // the first slot after the last entry written
	alloc uint64 // the chunks taken so far
	free  [][]byte
	l     passLayout // pass's values of both layouts, read through w
}

// ensure takes the chunks below c.
func (w *writer) ensure(c uint64) {
	for ; w.alloc < c; w.alloc++ {
		w.t.chunks[w.alloc], w.free = w.t.newChunk(w.free, w.alloc)
	}
}

// put writes the entry of home whose bits but the displacement are e,
// at its home or just after the entry before. The slots written are
// empty, in chunks taken zeroed, so the entry is or-ed in.
func (w *writer) put(home, e uint64) {
	t := w.t
	p := max(home, w.next)
	if p >= t.slots-1 {
		t.extendTail(int(w.alloc))
	}
	if p>>chunkShift >= w.alloc {
		w.ensure(p>>chunkShift + 1)
	}
	d := p - home
	if d >= dispMax {
		t.setFar(uint32(e>>dispBits&t.idMask)-1, d)
		d = dispMax
	}
	if t.wide {
		t.setSlot(p, e|d)
	} else {
		c := t.chunks[p>>chunkShift]
		at := (p & chunkMask) * uint64(t.bits)
		putWord(c, at>>3, word(c, at>>3)|(e|d)<<(at&7))
	}
	w.next = p + 1
}

// extendTail gives the table tailSlots more slots after the last home,
// for a run that would fill its last slot. The first upto chunks are
// there and are lengthened as the new slots need; chunks added are nil,
// for the caller to take.
func (t *Set) extendTail(upto int) {
	t.slots += tailSlots
	for uint64(len(t.chunks)) < (t.slots+chunkLen-1)/chunkLen {
		t.chunks = append(t.chunks, nil)
	}
	for c := range upto {
		if need := t.chunkBytes(uint64(c)); len(t.chunks[c]) < need {
			grown, _ := t.newChunk(nil, uint64(c))
			copy(grown, t.chunks[c])
			t.freeChunks(t.chunks[c : c+1])
			t.chunks[c] = grown
		}
	}
}

// widenTogether returns the widths hi and lo that a key needs, with the
// other half widened too when one half grows one bit past it: the tree
// store's halves are both numbers of its inner pairs, which cross a power
// of two together, so the other half would soon need the bit as well, and
// each widening places every entry again. Where the corpus's models widen
// (hesselink_2-b at 209,111 and 209,696 states, dining_10 at 55,864 and
// 64,012, counters.lps at 694,200 and 711,445), one widening then does
// the work of two. A half that never needs the bit costs it in every
// slot: a bit of the slot's 27 to 40. (The result fits whenever hi and
// lo do: hi+lo = 2·lo+1 ≤ maxKeyBits, an even number, gives 2·lo+2 ≤ it.)
func widenTogether(oldHi, oldLo, hi, lo uint) (uint, uint) {
	switch {
	case hi > oldHi && lo == oldLo && lo+1 == hi:
		return hi, hi
	case lo > oldLo && hi == oldHi && hi+1 == lo:
		return lo, lo
	}
	return hi, lo
}

// widen makes the halves wide enough for key and places every entry
// again: the hash's bits change, so the order of the slots does too. The
// widths only grow, by a bit at a time at most 64 times in all, most of
// them while the table is small.
//
// The entries are written in the order of their new hashes, which is the
// order of their new homes and quotients, as a growth writes them
// (writer): placed one at a time in the order of the old slots, each
// went to a random slot of the new table and moved the rest of its run,
// and merc.hesselink_2-b's one widening, of 209,111 entries, took 2.4%
// of its run's CPU samples. The order costs a word an entry for the
// widening's time (off Go's heap, given back at its end), so a table of
// more than widenSortMax entries, or one whose new hash and numbers do
// not fit a word together, is placed one entry at a time still.
func (t *Set) widen(key uint64) {
	hi, lo := t.widthsFor(key)
	if !Fits(hi, lo) {
		panic("compactset: a key wider than MaxKeyBits")
	}
	hi, lo = widenTogether(t.hiBits, t.loBits, hi, lo)
	old := *t
	t.setLayout(old.m, old.j, hi, lo)
	t.far = nil
	t.allocChunks(nil)
	if old.n <= widenSortMax && t.kh+old.idBits <= 64 {
		t.placeSorted(&old)
	} else {
		old.Each(func(id uint32, key uint64) {
			p, _ := t.pack(key)
			home, want := t.placeIn(t.hash(p))
			_, at, _ := t.find(home, want)
			t.insertAt(home, want, id, at)
		})
	}
	t.freeChunks(old.chunks)
	if old.keys != nil {
		t.keys = old.keys.repack(old.unpack, t.pack, t.hiBits+t.loBits)
	}
}

// widenSortMax is the most entries a widening sorts: 32 MB of sort keys.
// (A variable, for the tests of the other way.)
var widenSortMax uint32 = 1 << 22

// placeSorted writes the entries of old into t, whose chunks are empty,
// in the order of their hashes in t: each entry's new hash and number in
// a word (hash above), in the order of old's slots, sorted (sortHashed),
// and written in order.
func (t *Set) placeSorted(old *Set) {
	var pool offheap.Pool
	defer pool.Release()
	idBits := uint64(old.idBits)
	sorted := offheap.Make[uint64](&pool, int(old.n))[:0]
	for p := range old.slots {
		if v := old.slot(p); v != 0 {
			key := old.unpack(old.unhash(old.unplace(p-old.displacement(v), v>>old.qShift)))
			q, _ := t.pack(key)
			sorted = append(sorted, t.hash(q)<<idBits|uint64(old.number(v)))
		}
	}
	sortHashed(sorted, t.kh+uint(idBits))
	w := writer{t: t, alloc: uint64(len(t.chunks))}
	idMask := uint64(1)<<idBits - 1
	for _, x := range sorted {
		home, want := t.placeIn(x >> idBits)
		w.put(home, want|(x&idMask+1)<<dispBits)
	}
}

// sortHashed sorts a, whose values are below 2^top, in place: by their
// top bits into buckets of about 16 values (at most 256 buckets), by
// cycles of swaps (an American flag sort: McIlroy, Bostic and McIlroy,
// "Engineering radix sort", 1993), each bucket again by the next bits,
// and the buckets of 32 values or fewer by insertion. The places where
// the buckets fill lie in few enough cache lines that each swap finds
// its line in the cache: in one pass over buckets by the hash's top 16
// bits, each swap waited for a random line of the array (29 ns a swap on
// a widening of merc.hesselink_2-b's 209,111 entries).
func sortHashed(a []uint64, top uint) {
	if len(a) <= 32 || top == 0 {
		for i := 1; i < len(a); i++ {
			for j := i; j > 0 && a[j] < a[j-1]; j-- {
				a[j], a[j-1] = a[j-1], a[j]
			}
		}
		return
	}
	r := min(uint(bits.Len(uint(len(a))/16)), 8, top) // the bucket's bits
	sh, mask := top-r, uint64(1)<<r-1
	var next, end [256]int
	for _, x := range a {
		end[x>>sh&mask]++
	}
	at := 0
	for b := range mask + 1 {
		next[b] = at
		at += end[b]
		end[b] = at
	}
	for b := range mask + 1 {
		for next[b] < end[b] {
			x := a[next[b]]
			// Swap x into its bucket until one of b's comes back.
			for c := x >> sh & mask; c != b; c = x >> sh & mask {
				x, a[next[c]] = a[next[c]], x
				next[c]++
			}
			a[next[b]] = x
			next[b]++
		}
	}
	lo := 0
	for _, hi := range end[:mask+1] {
		sortHashed(a[lo:hi], sh)
		lo = hi
	}
}
