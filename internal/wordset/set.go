package wordset

import (
	"encoding/binary"
	"math/bits"
)

// Set numbers words densely in order of first insertion. Its zero value
// is not ready: call Init.
type Set struct {
	// chunks hold the words packed (see pack), width bytes each, and
	// 8 bytes of zeros after the last, so that a word is read by one
	// 8-byte load.
	chunks [][]byte
	n      uint32
	index  []uint32
	shift  uint   // 64 - L, for an index of 2^L slots
	idMask uint32 // the low L bits
	// A word is two 32-bit halves; stored, its high half takes hiBits
	// and its low half loBits, the fewest that every word stored so far
	// needs (at least 1 byte in all).
	hiBits, loBits uint
	width          int    // bytes of a stored word
	mask           uint64 // its bits in an 8-byte load
	loMask         uint64 // the low half's bits, stored and in a word
	over           uint64 // the bits of a word that do not fit the widths
}

const (
	chunkShift = 16
	chunkLen   = 1 << chunkShift
)

// Init empties the set, with an index of 2^bits slots to begin with.
func (t *Set) Init(bits uint) {
	*t = Set{}
	t.initIndex(bits)
	t.setWidth(0, 0)
}

// The words are stored in as few bytes as their halves need, and the
// halves widen when a word needs more (the words stored are packed again).
// The tree store's words are pairs of numbers of pairs, or of values,
// which stay far below 2^32: a pair of numbers below 2^11 (the 1,328 inner
// pairs of examples/counters.lps with K = 6) takes 3 bytes instead of 8,
// below 2^17 (merc.onebit_3-b's 69,587) 5 bytes. This is the idea of
// Cleary's compact hash table ("Compact hash tables using bidirectional
// linear probing") in its simplest form: store no bit that every entry
// has the same.

// setWidth sets the bits of the halves and the bytes of a stored word.
func (t *Set) setWidth(hi, lo uint) {
	t.hiBits, t.loBits = hi, lo
	t.width = max(1, int(hi+lo+7)/8)
	t.mask = ^uint64(0) >> (64 - 8*t.width)
	t.loMask = 1<<lo - 1
	t.over = ^(uint64(1<<hi-1)<<32 | t.loMask)
}

// pack returns word w as it is stored, and whether it fits the current
// widths.
func (t *Set) pack(w uint64) (uint64, bool) {
	return w>>32<<t.loBits | w&t.loMask, w&t.over == 0
}

// widen makes the halves wide enough for w and packs the words stored
// again. The widths only grow, by a bit at a time at most 64 times in
// all, so the words are packed again a few times over a run.
func (t *Set) widen(w uint64) {
	hi := max(t.hiBits, uint(bits.Len64(w>>32)))
	lo := max(t.loBits, uint(bits.Len64(w&0xFFFFFFFF)))
	old := t.chunks
	oldSet := *t
	t.setWidth(hi, lo)
	t.chunks = make([][]byte, len(old))
	for c := range old {
		n := min(chunkLen, int(t.n)-c*chunkLen)
		size := n
		if c > 0 || n == chunkLen {
			size = chunkLen
		}
		buf := make([]byte, n*t.width, size*t.width+8)
		for i := range n {
			p, _ := t.pack(oldSet.Word(uint32(c*chunkLen + i)))
			putWord(buf[i*t.width:], p, t.width)
		}
		t.chunks[c] = buf[:n*t.width+8]
	}
}

// putWord writes the low width bytes of p to b.
func putWord(b []byte, p uint64, width int) {
	var tmp [8]byte
	binary.LittleEndian.PutUint64(tmp[:], p)
	copy(b[:width], tmp[:width])
}

func (t *Set) initIndex(bits uint) {
	t.index = make([]uint32, 1<<bits)
	t.shift = 64 - bits
	t.idMask = uint32(1<<bits - 1)
}

// Len returns the number of words in the set.
func (t *Set) Len() int { return int(t.n) }

// Word returns the word numbered id.
func (t *Set) Word(id uint32) uint64 {
	p := t.stored(id)
	return p>>t.loBits<<32 | p&t.loMask
}

// stored returns the word numbered id as it is stored (packed).
func (t *Set) stored(id uint32) uint64 {
	c := t.chunks[id>>chunkShift]
	return binary.LittleEndian.Uint64(c[int(id&(chunkLen-1))*t.width:]) & t.mask
}

// slot returns the first slot of key and its tag, in place in an entry.
// The slot is the hash's top L bits and the tag the 32-L bits below them.
func (t *Set) slot(key uint64) (uint64, uint32) {
	key ^= key >> 29
	h := key * 0x9E3779B97F4A7C15
	return h >> t.shift, uint32(h>>(t.shift-32)) &^ t.idMask
}

// Find returns the number of key if the set holds it.
func (t *Set) Find(key uint64) (uint32, bool) {
	id, _, _, ok := t.find(key)
	return id, ok
}

// find returns the number of key, or the empty slot where it would go
// and its tag.
func (t *Set) find(key uint64) (id uint32, slot uint64, tag uint32, ok bool) {
	index, idMask := t.index, t.idMask
	mask := uint64(len(index) - 1)
	i, tag := t.slot(key)
	// The words are compared as stored. A key that does not fit the
	// widths is not in the set (and its packed form could equal another
	// word's): only its empty slot is sought.
	p, fits := t.pack(key)
	for e := index[i&mask]; e != 0; e = index[i&mask] {
		if fits && e&^idMask == tag {
			if id := e&idMask - 1; t.stored(id) == p {
				return id, i & mask, tag, true
			}
		}
		i++
	}
	return 0, i & mask, tag, false
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
		// The first chunk grows by append, so small sets stay small;
		// later ones are allocated whole.
		size := 0
		if c > 0 {
			size = chunkLen
		}
		t.chunks = append(t.chunks, make([]byte, 8, size*t.width+8))
	}
	// The word goes where the zeros after the last were, and zeros
	// follow it again: its 8-byte store writes zeros above its width.
	b := t.chunks[c]
	at := len(b) - 8
	if len(b)+t.width <= cap(b) {
		b = b[:len(b)+t.width]
	} else {
		b = append(b, make([]byte, t.width)...)
	}
	binary.LittleEndian.PutUint64(b[at:], p)
	t.chunks[c] = b
	t.n++
	t.index[i] = tag | (id + 1)
	if int(t.n)*8 > len(t.index)*maxLoadEighths {
		t.grow()
	}
	return id, true
}

// maxLoadEighths is the index's largest load, in eighths. Linear probing
// at 7/8 reads about 32 slots to find a word absent (half that on
// average over the loads between doublings), but the slots are 4 bytes
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
			entries[i] = t.index[slot]
		}
		for i, e := range entries[:n] {
			if e != 0 && e&^t.idMask == tags[i] {
				sum += t.stored(e&t.idMask - 1)
			}
		}
		keys = keys[n:]
	}
	return sum
}

// touchRun is the number of keys whose memory Touch reads together.
const touchRun = 16

func (t *Set) grow() {
	t.initIndex(64 - t.shift + 1)
	mask := uint64(len(t.index) - 1)
	id := uint32(0)
	for id < t.n {
		i, tag := t.slot(t.Word(id))
		for t.index[i] != 0 {
			i = (i + 1) & mask
		}
		id++
		t.index[i] = tag | id
	}
}

// Bytes returns the memory the set holds.
func (t *Set) Bytes() int {
	b := 4*len(t.index) + 24*cap(t.chunks)
	for _, c := range t.chunks {
		b += cap(c)
	}
	return b
}
