package compactset

import "math/bits"

// A new entry goes into the slot where find stopped, and the entries from
// there to the next empty slot move one slot on, each one slot further
// from its home. Moved one slot at a time (carryOn), each move loads the
// 8 bytes of a slot and stores them back changed, and the next load
// starts 3 or 4 bytes into the bytes just stored: the processor cannot
// forward a store to a load that only partly overlaps it, so each move
// waits for the store to reach the cache. On counters.lps (K = 6) the
// moves were 19% of the root table's samples, six times wordset's
// (which moves 4-byte entries with one copy), though they execute a
// tenth of its instructions. moveRun moves a run as the bits it is: the
// 64-bit words that hold the run are each loaded once and stored once,
// shifted by a slot's width, with the new entry or-ed in and a 1 added
// at each moved slot's displacement.

// runEnd returns the first empty slot from slot at on, if the run of
// entries up to it can be moved by moveRun: it lies in at's chunk, ends
// before the table's last slot, and no displacement in it would reach
// dispMax (whose entries keep theirs in far).
func (t *Set) runEnd(at uint64) (uint64, bool) {
	c := t.chunks[at>>chunkShift]
	b, mask := uint64(t.bits), t.slotMask
	last := min(at|chunkMask, t.slots-2)
	pos := (at & chunkMask) * b
	for p := at; p <= last; p++ {
		v := word(c, pos>>3) >> (pos & 7) & mask
		if v == 0 {
			return p, true
		}
		if v&dispMask >= dispMax-1 {
			return 0, false
		}
		pos += b
	}
	return 0, false
}

// moveRun writes entry e into slot at of chunk c, whose slots are b bits
// wide (at most 57; ones1 and step1 as onesEvery gives them for b), and moves the entries of slots at to end-1 one slot
// on, each with its displacement one more; slot end is empty and no
// displacement of the run reaches dispMax-1. at and end count from the
// chunk's first slot.
//
// The run's bits [lo, hi) become the old bits [lo, hi-b) shifted up by b,
// with e in the first b bits, plus a 1 at the start of every slot after
// the first (the displacement is each slot's lowest field). A field's
// sum stays in the field, but a field may straddle two words, so the
// ones are added with a carry from word to word. The words are taken
// from byte 8i of the chunk, the i-th 64-bit word of its bits, whatever
// the chunk's alignment in memory; the chunk's 9 bytes after its last
// slot's byte hold the last word of a run.
func moveRun(c []byte, b, at, end, e uint64, ones1 *[64]uint64, step1 *[64]uint8) {
	lo, hi := at*b, (end+1)*b
	first, last := lo>>6, (hi-1)>>6
	// In the first word, the bits below lo stay; from lo on, b bits
	// take e (the rest of e spills into the next word). In the last,
	// the bits from hi on stay.
	keepFirst := uint64(1)<<(lo&63) - 1
	eMask, eBits := (uint64(1)<<b-1)<<(lo&63), e<<(lo&63)
	spill := lo&63+b > 64
	spillMask, spillBits := (uint64(1)<<b-1)>>((64-lo&63)&63), e>>((64-lo&63)&63)
	keepLast := uint64(0)
	if hi&63 != 0 {
		keepLast = ^uint64(0) << (hi & 63)
	}
	// r is the bit of the next 1 to add, from the current word's first
	// bit: the second slot's first bit to begin with.
	r := lo&63 + b
	var prev, carry uint64
	for i := first; i <= last; i++ {
		o := word(c, 8*i)
		w := o<<(b&63) | prev>>((64-b)&63)
		prev = o
		var ones uint64
		if r < 64 {
			ones = ones1[r&63]
			r += uint64(step1[r&63])
		}
		r -= 64
		if i <= first+1 || i == last { // the run's edges
			if i == first {
				w = o&keepFirst | w&^keepFirst&^eMask | eBits
			} else if i == first+1 && spill {
				w = w&^spillMask | spillBits
			}
			if i == last {
				w = w&^keepLast | o&keepLast
				ones &^= keepLast
			}
		}
		w, carry = bits.Add64(w, ones, carry)
		putWord(c, 8*i, w)
	}
}

// onesEvery returns, for each bit r of a 64-bit word, the ones at r, r+b,
// r+2b, ... within the word, and the distance from r to the first of
// them past the word: moveRun's ones a word at a time. (Found a slot at
// a time, they took a third of moveRun's instructions on hesselink_2-b,
// whose runs are long at 7/8 load.)
func onesEvery(b uint64) (ones [64]uint64, step [64]uint8) {
	for r := range uint64(64) {
		p := r
		for ; p < 64; p += b {
			ones[r] |= 1 << p
		}
		step[r] = uint8(p - r)
	}
	return ones, step
}
