package wordset

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/lps2lts/lps2lts/internal/fibhash"
	"github.com/lps2lts/lps2lts/internal/offheap"
	"github.com/lps2lts/lps2lts/internal/prefetch"
)

// Set numbers words densely in order of first insertion. Its zero value
// is not ready: call Init. A Set must not be copied: its large arrays are
// mapped (package offheap) and given back when it is unreachable.
type Set struct {
	pool offheap.Pool // the memory of the chunks and the index
	state
}

// state is all of a Set but its pool, which Init keeps.
type state struct {
	// chunks hold the words packed (see pack), wordBits bits each, and
	// 8 bytes of zeros after the last, so that a word is read by one
	// 8-byte load.
	chunks   [][]byte
	n        uint32
	index    []uint32 // see initIndex
	narrow   []byte   // the index in entries of 3 bytes, if small (narrowSlots)
	size     uint64   // the number of slots
	limit    uint32   // the number of words at which the index grows
	idMask   uint32   // the number's bits in an entry
	tagMask  uint32   // the tag's bits in an entry
	tagShift uint     // 32 - idBits, or 40 - idBits in a narrow index (see slot)
	shift    uint     // 64 - idBits
	scaled   bool     // the number of slots is not a power of two (see slot)
	idBits   uint
	// growth says where the index grows by half or a third rather than
	// doubling (defaultGrowth; tests set smaller sizes).
	growth growth
	packing
}

// packing is how the words are stored. A word is two 32-bit halves;
// stored, its high half takes hiBits and its low half loBits, the fewest
// that every word stored so far needs (at least 1 byte in all).
type packing struct {
	hiBits, loBits uint
	wordBits       uint64 // bits of a stored word
	mask           uint64 // its bits
	loMask         uint64 // the low half's bits, stored and in a word
	over           uint64 // the bits of a word that do not fit the widths
}

const (
	chunkShift = 16
	chunkLen   = 1 << chunkShift
)

// Init empties the set, with an index of 2^bits slots to begin with.
func (t *Set) Init(bits uint) {
	t.pool.Release()
	t.state = state{growth: defaultGrowth}
	t.initIndex(1 << bits)
	t.setWidth(0, 0)
}

// Move makes t the set that from was, and from empty and not ready. t's
// own memory is given back. (A Set is not copied: its pool would give
// the memory back when the copied-from set is dropped.)
func (t *Set) Move(from *Set) {
	t.pool.Release()
	t.pool.Adopt(&from.pool)
	t.state, from.state = from.state, state{}
}

// Free gives the set's memory back now; the set is empty and not ready
// (call Init to use it again).
func (t *Set) Free() {
	t.pool.Release()
	t.state = state{}
}

// The words are stored in as few bits as their halves need, and the
// halves widen when a word needs more (the words stored are packed again).
// The tree store's words are pairs of numbers of pairs, or of values,
// which stay far below 2^32: a pair of numbers below 2^11 (the 1,328 inner
// pairs of examples/counters.lps with K = 6) takes 22 bits instead of 64,
// below 2^14 (merc.hesselink_2-b's 10,657) 28 bits. A word is read by one
// 8-byte load at the byte of its first bit, so a word of up to 57 bits
// can start at any bit; a wider one takes 64. This is the idea of
// Cleary's compact hash table ("Compact hash tables using bidirectional
// linear probing") in its simplest form: store no bit that every entry
// has the same.

// setWidth sets the bits of the halves and of a stored word.
func (t *packing) setWidth(hi, lo uint) {
	t.hiBits, t.loBits = hi, lo
	t.wordBits = uint64(max(1, hi+lo))
	if t.wordBits > 57 {
		t.wordBits = 64
	}
	t.mask = ^uint64(0) >> (64 - t.wordBits)
	t.loMask = 1<<lo - 1
	t.over = ^(uint64(1<<hi-1)<<32 | t.loMask)
}

// pack returns word w as it is stored, and whether it fits the current
// widths.
func (t *packing) pack(w uint64) (uint64, bool) {
	return w>>32<<t.loBits | w&t.loMask, w&t.over == 0
}

// widen makes the halves wide enough for w and packs the words stored
// again. The widths only grow, by a bit at a time at most 64 times in
// all, so the words are packed again a few times over a run.
func (t *Set) widen(w uint64) {
	hi := max(t.hiBits, uint(bits.Len64(w>>32)))
	lo := max(t.loBits, uint(bits.Len64(w&0xFFFFFFFF)))
	old, oldPacking := t.chunks, t.packing
	t.setWidth(hi, lo)
	t.chunks = make([][]byte, len(old))
	for c := range old {
		n := min(chunkLen, int(t.n)-c*chunkLen)
		buf := offheap.Make[byte](&t.pool, t.chunkBytes(n))
		for i := range n {
			p, _ := t.pack(oldPacking.unpack(oldPacking.stored(old, uint32(c*chunkLen+i))))
			putWord(buf, uint64(i)*t.wordBits, p)
		}
		t.chunks[c] = buf
		offheap.Free(&t.pool, old[c])
	}
}

// chunkBytes is the length of a chunk of n words: their bytes and 8
// bytes of zeros.
func (t *packing) chunkBytes(n int) int {
	return int((uint64(n)*t.wordBits+7)/8) + 8
}

// putWord writes p at bit at of b, whose bits from at on are zeros.
func putWord(b []byte, at uint64, p uint64) {
	b = b[at/8:]
	binary.LittleEndian.PutUint64(b, binary.LittleEndian.Uint64(b)|p<<(at%8))
}

// initIndex makes an empty index of size slots. An entry holds a
// word's number plus one in its low idBits bits, the fewest that number
// every slot, and above them a tag: hash bits of the word other than
// those that chose the slot. An index of at most narrowSlots slots has
// entries of 3 bytes (narrow), with a tag of at least 8 bits.
func (t *Set) initIndex(size uint64) {
	size = max(size, 2) // 1 slot would not grow by half
	t.size = size
	t.idBits = uint(bits.Len64(size - 1))
	t.shift = 64 - t.idBits
	t.scaled = size&(size-1) != 0
	t.idMask = uint32(1<<t.idBits - 1)
	// The old index is given back before the new one is made: grow
	// places the words from the chunks, not from the old index, so the
	// two are never resident together.
	offheap.Free(&t.pool, t.index)
	offheap.Free(&t.pool, t.narrow)
	t.index, t.narrow = nil, nil
	if size <= narrowSlots {
		// A byte more, so that the last entry is read by a 4-byte load.
		t.narrow = offheap.Make[byte](&t.pool, int(3*size+1))
		t.tagShift = 40 - t.idBits
		t.tagMask = (1<<24 - 1) &^ t.idMask
	} else {
		t.index = offheap.Make[uint32](&t.pool, int(size))
		t.tagShift = 32 - t.idBits
		t.tagMask = ^t.idMask
	}
	t.limit = uint32(min(size*t.growth.maxLoad(size)/16, size-1))
	if size == 1<<32-1 {
		t.limit = ^uint32(0) // the largest: never grows
	}
}

// narrowSlots is the most slots of an index of 3-byte entries. Most of a
// tree store's sets are small: all its inner pairs but on a few models,
// and the roots of the states of a small model. With 4-byte entries,
// FlexRay 3_Ideal_trace's index slots took 384 kB of its store's 643 kB
// (28,473 states, 30,145 inner pairs): 13.5 bytes/state. Up to 2^16 slots
// a tag keeps 8 bits, so that a probe reads a word whose tag agrees by
// chance once in 256 slots.
const narrowSlots = 1 << 16

// entry returns the entry of slot i.
func (t *Set) entry(i uint64) uint32 {
	if t.narrow != nil {
		return narrowEntry(t.narrow, i)
	}
	return t.index[i]
}

// narrowEntry returns the entry of slot i of a narrow index.
func narrowEntry(narrow []byte, i uint64) uint32 {
	return binary.LittleEndian.Uint32(narrow[3*i:]) & (1<<24 - 1)
}

// setEntry writes e, the entry of an empty slot i.
func (t *Set) setEntry(i uint64, e uint32) {
	if t.narrow != nil {
		b := t.narrow[3*i : 3*i+3]
		b[0], b[1], b[2] = byte(e), byte(e>>8), byte(e>>16)
		return
	}
	t.index[i] = e
}

// insertAt puts entry e in slot home, the first slot of its word, and
// moves the entries from there up to the empty slot end one slot on:
// the last word to come is served first (Poblete and Munro,
// "Last-come-first-served hashing", 1989). Every entry moved stays in
// the run of full slots between its own first slot and its word's new
// place, so a probe still finds it.
//
// A search looks up the states it has just found far more often than
// old ones: a transition mostly leads into the level being explored or
// the next one. With the first word to come served first, as before,
// the newest words lay at the end of their runs, as far from their first
// slot as a probe for an absent word goes. Lookups read 1.8 slots on
// average instead of 5.6 on counters.lps (K = 6), 2.0 instead of 4.6 on
// onebit_3-b, 3.2 instead of 5.3 on hesselink_2-b. Moving the entries is
// a copy of a few bytes in a row. (One copy for both widths, over the
// slots as bytes, w bytes a slot, made whole runs 6-8% slower:
// counters.lps K = 6 2.09-2.13 s against 1.98-2.02, hesselink_2-b 0.63-
// 0.66 against 0.59-0.61, medians of seven and nine alternating runs.)
func (t *Set) insertAt(home, end uint64, e uint32) {
	if t.narrow != nil {
		b := t.narrow[:3*t.size]
		if end < home { // the run wraps past the last slot to the first
			copy(b[3:3*end+3], b[:3*end])
			copy(b[:3], b[3*t.size-3:])
			end = t.size - 1
		}
		copy(b[3*home+3:3*end+3], b[3*home:3*end])
		t.setEntry(home, e)
		return
	}
	index := t.index
	if end < home {
		copy(index[1:end+1], index[:end])
		index[0] = index[t.size-1]
		end = t.size - 1
	}
	copy(index[home+1:end+1], index[home:end])
	index[home] = e
}

// Len returns the number of words in the set.
func (t *Set) Len() int { return int(t.n) }

// Word returns the word numbered id.
func (t *Set) Word(id uint32) uint64 {
	return t.unpack(t.stored(t.chunks, id))
}

// unpack returns the word stored as p.
func (t *packing) unpack(p uint64) uint64 {
	return p>>t.loBits<<32 | p&t.loMask
}

// stored returns the word numbered id in chunks as it is stored (packed).
func (t *packing) stored(chunks [][]byte, id uint32) uint64 {
	c := chunks[id>>chunkShift]
	at := uint64(id&(chunkLen-1)) * t.wordBits
	return binary.LittleEndian.Uint64(c[at/8:]) >> (at % 8) & t.mask
}

// slot returns the first slot of key and its tag, in place in an
// entry. In an index of 2^L slots the slot is the hash's top L bits; in
// one of 3·2^k slots (see grow), the hash's top 32 bits times the number
// of slots, over 2^32 (Lemire, "A fast alternative to the modulo
// reduction"). The multiply, on the way from the key to the first load,
// made a lookup 4 ns slower (BenchmarkFind, 42 against 38 ns), so an
// index of 2^L slots goes without. The tag is the 32-L bits below the
// top L (24-L in a narrow index).
//
// The hash multiplies, folds the product's high half into its low half,
// and multiplies again, so that its top bits depend on every bit of the
// key. One multiply (after key ^ key>>29) left the root pairs of
// counters.lps, two small numbers each, in long runs of full slots: a
// lookup read 22.7 slots on average with K = 6, and 5.6 with the second
// multiply (user time 2.41 -> 2.12 s, medians of seven alternating
// runs; the corpus models within 1-3%, read slots equal within 7%).
func (t *Set) slot(key uint64) (uint64, uint32) {
	h := key * fibhash.Mul
	h ^= h >> 32
	h *= 0xD6E8FEB86659FD93
	i := h >> (t.shift & 63)
	if t.scaled {
		i = (h >> 32) * t.size >> 32
	}
	return i, uint32(h>>(t.tagShift&63)) & t.tagMask
}

// Find returns the number of key if the set holds it.
func (t *Set) Find(key uint64) (uint32, bool) {
	id, _, _, ok := t.find(key)
	return id, ok
}

// find returns the number of key, or the empty slot where it would go
// and its tag.
func (t *Set) find(key uint64) (id uint32, slot uint64, tag uint32, ok bool) {
	if t.narrow != nil {
		return t.findNarrow(key)
	}
	index, idMask := t.index, t.idMask
	i, tag := t.slot(key)
	// The words are compared as stored. A key that does not fit the
	// widths is not in the set (and its packed form could equal another
	// word's): only its empty slot is sought.
	p, fits := t.pack(key)
	for e := index[i]; e != 0; e = index[i] {
		if fits && e&^idMask == tag {
			if id := e&idMask - 1; t.stored(t.chunks, id) == p {
				return id, i, tag, true
			}
		}
		if i++; i == uint64(len(index)) {
			i = 0
		}
	}
	return 0, i, tag, false
}

// findNarrow is find for an index of 3-byte entries. It is a loop of its
// own, not find's loop reading entries through entry: one loop for both
// widths made the 4-byte path 7-12% slower at stop 34 (its values no
// longer fit the registers), and the 4-byte path is the large tables'.
func (t *Set) findNarrow(key uint64) (id uint32, slot uint64, tag uint32, ok bool) {
	narrow, idMask := t.narrow, t.idMask
	i, tag := t.slot(key)
	p, fits := t.pack(key)
	for {
		e := narrowEntry(narrow, i)
		if e == 0 {
			return 0, i, tag, false
		}
		if fits && e&^idMask == tag {
			if id := e&idMask - 1; t.stored(t.chunks, id) == p {
				return id, i, tag, true
			}
		}
		if i++; i == t.size {
			i = 0
		}
	}
}

// Insert returns the number of key, giving it the next one if it is new.
func (t *Set) Insert(key uint64) (uint32, bool) {
	id, i, tag, ok := t.find(key)
	if ok {
		return id, false
	}
	id = t.n
	if id == ^uint32(0)-1 {
		panic("wordset: more than 2^32-2 words")
	}
	p, ok := t.pack(key)
	if !ok {
		t.widen(key)
		p, _ = t.pack(key)
	}
	c := int(id >> chunkShift)
	if c == len(t.chunks) {
		// Chunks grow by doubling, so that the last one holds at most
		// twice its words: allocated whole, a chunk of 5-byte words
		// was 320 kB, more than a third of merc.onebit_3-b's inner
		// pairs with its 4,051 words of 65,536. The first starts
		// small, so that small sets stay small; the next at an eighth
		// of their size, so that each is allocated 4 times. (Grown by
		// a quarter, each was allocated 10 times, and the garbage
		// raised the peak resident memory of counters.lps, K = 6,
		// by 7 MB.) But the first grows by a quarter: a set of fewer
		// than 65,536 words has only that chunk, and by doubling it
		// held up to twice its words (FlexRay 3_Ideal_trace's 28,473
		// root pairs: 182 kB for 107 kB of words, 2.6 bytes/state).
		// Its copies take at most four times its 512 kB.
		size := 8
		if c > 0 {
			size = chunkLen / 8
		}
		t.chunks = append(t.chunks, offheap.Make[byte](&t.pool, t.chunkBytes(size))[:8])
	}
	// The word goes where the zeros after the last were, and zeros
	// follow it again.
	b := t.chunks[c]
	k := int(id & (chunkLen - 1))
	if need := t.chunkBytes(k + 1); need > cap(b) {
		// Twice as large (the first chunk a quarter larger), and no
		// more than the chunk's words need.
		larger := 2 * cap(b)
		if c == 0 {
			larger = cap(b) + cap(b)/4
		}
		b = offheap.Resize(&t.pool, b, min(max(larger, need), t.chunkBytes(chunkLen)))
	}
	b = b[:t.chunkBytes(k+1)]
	putWord(b, uint64(k)*t.wordBits, p)
	t.chunks[c] = b
	t.n++
	home, _ := t.slot(key)
	t.insertAt(home, i, tag|(id+1))
	if t.n > t.limit {
		t.grow()
	}
	return id, true
}

// maxLoadEighths is the index's largest load, in eighths. Linear probing
// at 7/8 reads about 32 slots to find a word absent (half that on
// average over the loads between growths), but the slots are 4 bytes
// in a row and a slot whose tag differs costs no read of a word, so the
// probes stay cheap: user time on hesselink_2-b, onebit_3-b and
// counters.lps (K = 6) was within the noise of a 3/4 bound in five and
// three alternating runs. The index is then a seventh smaller on
// average, and much smaller where a state space just passes 3/4 of a
// power of two: counters.lps's 1,679,616 states fit 2^21 slots (0.80)
// instead of 2^22, store 13.04 -> 8.05 bytes/state, peak RSS 48.8 ->
// 32.7 MB, since the last doubling, when both indexes are live, is
// where the peak is.
const maxLoadEighths = 7

// Touch reads the first index slot of each key and the word it names
// when the tags agree: the memory inserting or finding the key reads
// first. The reads of different keys do not depend on each other, so the
// processor has them all under way at once, and the insertions that
// follow find them in the cache. It returns a sum of what it read, for
// the caller to keep, so that the reads are not dropped.
func (t *Set) Touch(keys []uint64) uint64 {
	var sum uint64
	var entries, tags [touchRun]uint32
	for len(keys) > 0 {
		n := min(len(keys), touchRun)
		for i, key := range keys[:n] {
			var slot uint64
			slot, tags[i] = t.slot(key)
			entries[i] = t.entry(slot)
		}
		for i, e := range entries[:n] {
			if e != 0 && e&^t.idMask == tags[i] {
				sum += t.stored(t.chunks, e&t.idMask-1)
			}
		}
		keys = keys[n:]
	}
	return sum
}

// touchRun is the number of keys whose memory Touch reads together.
const touchRun = 16

// Prefetch asks for the first index slot of each of the first touchRun
// keys, without waiting (package prefetch). (Asking also for the words
// the slots name, one run later, when the slots were in the cache, was
// no faster: counters.lps with K = 8, two threads, 13.4-13.8 s against
// 13.2-13.25 s, medians of three alternating runs twice. The processor
// keeps only so many misses under way.)
func (t *Set) Prefetch(keys []uint64) {
	var addrs [touchRun]uintptr
	n := min(len(keys), touchRun)
	for i, key := range keys[:n] {
		slot, _ := t.slot(key)
		if t.narrow != nil {
			addrs[i] = uintptr(unsafe.Pointer(&t.narrow[3*slot]))
		} else {
			addrs[i] = uintptr(unsafe.Pointer(&t.index[slot]))
		}
	}
	prefetch.Addrs(addrs[:n])
}

// grow makes the index larger and places the words again, from the
// newest back, so that the newest words are nearest their first slots,
// as insertAt leaves them. It doubles, or where t.growth says so grows
// by half or a third: the sizes are then 2^k and 3·2^k in turn, and the
// load after a growth is two thirds or three quarters of the bound
// instead of half of it (see defaultGrowth).
func (t *Set) grow() {
	size := t.size
	switch {
	case !t.growth.finer(size):
		size *= 2
	case size&(size-1) == 0:
		size += size / 2
	default:
		size += size / 3
	}
	size = min(size, 1<<32-1)
	t.initIndex(size)
	if t.narrow != nil {
		for id := t.n; id > 0; {
			id--
			i, tag := t.slot(t.Word(id))
			for narrowEntry(t.narrow, i) != 0 {
				if i++; i == size {
					i = 0
				}
			}
			t.setEntry(i, tag|(id+1))
		}
		return
	}
	t.place()
}

// place places the words in an empty index of 4-byte entries, growRun
// at a time from the newest back (within a run in the order their slots
// were asked for). It asks for their first slots together (package
// prefetch), so that the misses of a large index overlap, and its loop
// reads the 4-byte entries directly, not through entry. Placing one word
// at a time through entry took 62 ms of the 2.4 s of counters.lps with
// K = 6; user time of the whole run went from 2.53 to 2.39 s (medians of
// seven alternating runs; BenchmarkGrow 9.8 -> 6.5 ms, medians of six,
// on the grid of words benchWords gave then).
func (t *Set) place() {
	index := t.index
	size := uint64(len(index))
	var slots [growRun]uint64
	var tags [growRun]uint32
	var addrs [growRun]uintptr
	for last := t.n; last > 0; {
		n := min(growRun, last)
		first := last - n
		last = first
		for k := range n {
			i, tag := t.slot(t.Word(first + k))
			slots[k], tags[k] = i, tag
			addrs[k] = uintptr(unsafe.Pointer(&index[i]))
		}
		prefetch.Addrs(addrs[:n])
		for k := range n {
			i := slots[k]
			for index[i] != 0 {
				if i++; i == size {
					i = 0
				}
			}
			index[i] = tags[k] | (first + k + 1)
		}
	}
}

// growRun is the number of words place places together.
const growRun = 32

// growth is where an index grows by half or a third instead of doubling:
// from bandFrom slots to bandTo, where it also holds at most
// bandLoadSixteenths, and from finerFrom on.
type growth struct {
	bandFrom, bandTo, finerFrom uint64
}

// defaultGrowth is the growth of a Set.
//
// The band: the state spaces of the corpus's largest plain models end
// in it, and there an index that doubles is often half empty at the end
// (hesselink_2-b's 540,736 states in 2^20 slots, onebit_3-b's 289,296 in
// 2^19, dining_10's 154,450 in 2^18: 10.5 to 11.7 bytes/state, of which
// the index took 6.8 to 7.8). Grown by half or a third, at most 13/16
// full, they end in 3·2^18, 3·2^17 and 3·2^16 slots: 9.71, 8.80 and 8.83
// bytes/state. The load bound is 13/16, not 7/8, because the probes at
// 7/8 cost more than the smaller index saved: counters.lps with K = 6
// took 6% more user time with the band at 7/8 from 2^16 slots on.
//
// Between 2^20 and 2^24 slots (from 917,504 states) the index doubles,
// because growing finer there cost time: counters.lps with K = 6, whose
// 1,679,616 states end in 2^21 slots either way, took 2.53 s of user
// time with the band reaching 2^21 slots against 2.36 with the band
// ending at 2^20 (medians of nine alternating runs): more growths, and
// a fuller index while its last states are inserted. Ending at 2^20, it
// takes no more than doubling everywhere (2.43 against 2.48 s).
// hesselink_2-b and onebit_3-b take 2-3% more (0.635 against 0.624 s,
// 0.578 against 0.561, 25 alternating runs): their index is fuller.
//
// From 2^24 slots (14.7M states) the memory a growth needs matters more:
// the old index and the new one are both live while the words are
// placed, and grown by half or a third they take 2.5 or 2.33 times the
// old one's memory rather than 3 times (at 939M states, 4 + 6 GB instead
// of 4 + 8 GB). There the bound stays 7/8.
var defaultGrowth = growth{bandFrom: 1 << 17, bandTo: 1 << 20, finerFrom: 1 << 24}

// finer says whether an index of size slots grows by half or a third.
func (g growth) finer(size uint64) bool {
	return g.bandFrom <= size && size < g.bandTo || size >= g.finerFrom
}

// maxLoad is the most words an index of size slots holds, in sixteenths
// of its slots: bandLoadSixteenths inside the band (after its first
// size, which a doubling index reaches too), 7/8 elsewhere.
func (g growth) maxLoad(size uint64) uint64 {
	if g.bandFrom < size && size < g.bandTo {
		return bandLoadSixteenths
	}
	return 2 * maxLoadEighths
}

// bandLoadSixteenths is the largest load inside the band, in sixteenths.
const bandLoadSixteenths = 13

// Bytes returns the memory the set holds.
func (t *Set) Bytes() int {
	b := 4*cap(t.index) + cap(t.narrow) + 24*cap(t.chunks)
	for _, c := range t.chunks {
		b += cap(c)
	}
	return b
}
