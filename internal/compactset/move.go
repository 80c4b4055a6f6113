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
	b := uint64(t.bits)
	last := min(at|chunkMask, t.slots-2)
	pos := (at & chunkMask) * b
	slotAt, nearAt := &t.slotAt, &t.nearAt
	for p := at; p <= last; p++ {
		// The slot is tested in place, in the 8 bytes from its first
		// byte, by masks for its first bit's place in that byte: a
		// shift by a variable count takes the count in one register,
		// and the moves to free it for each slot were a quarter of
		// the loop's instructions.
		w, sh := word(c, pos>>3), pos&7
		if w&slotAt[sh] == 0 {
			return p, true
		}
		if near := nearAt[sh]; w&near == near { // a displacement of dispMax-1 or more
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
	oFirst, oLast := word(c, 8*first), word(c, 8*last)
	shiftRun(c, first, last, b, lo&63+b, ones1, step1)
	// The first word keeps its bits below lo and takes e from lo on; the
	// rest of e spills into the next word. The last word keeps its bits
	// from hi on. The ones were added from the second slot on, so no
	// carry came from the bits that e replaces, and none leaves the last
	// moved slot (its displacement stays below dispMax).
	sh := lo & 63
	keepFirst := uint64(1)<<sh - 1
	keepLast := uint64(0)
	if hi&63 != 0 {
		keepLast = ^uint64(0) << (hi & 63)
	}
	eMask := (uint64(1)<<b - 1) << sh
	w := oFirst&keepFirst | word(c, 8*first)&^keepFirst&^eMask | e<<sh
	if first == last {
		w = w&^keepLast | oLast&keepLast
	}
	putWord(c, 8*first, w)
	next := first + 1
	if sh+b > 64 {
		spillMask := (uint64(1)<<b - 1) >> ((64 - sh) & 63)
		w := word(c, 8*next)&^spillMask | e>>((64-sh)&63)
		if next == last {
			w = w&^keepLast | oLast&keepLast
		}
		putWord(c, 8*next, w)
		next++
	}
	if last >= next {
		putWord(c, 8*last, word(c, 8*last)&^keepLast|oLast&keepLast)
	}
}

// shiftRun shifts the bits of words first to last of c up by b bits
// (the bits shifted out of a word go into the next; the first word takes
// zeros, the last word's top bits are lost) and adds a 1 at bit r of the
// first word and every b bits from there, with the carries from word to
// word. It is moveRun's loop, a function of its own so that the values
// moveRun keeps for the run's edges do not crowd the loop's registers:
// with them, the loop spilled and reloaded five of its values each word
// (moveRun took 11% of hesselink_2-b's root table samples).
func shiftRun(c []byte, first, last, b, r uint64, ones1 *[64]uint64, step1 *[64]uint8) {
	// r may start past the first word (a slot starts within every b < 64
	// bits, so from the second word on it is below 64).
	_, _ = ones1[0], step1[0] // the nil checks, once
	o := word(c, 8*first)
	var ones uint64
	if r < 64 {
		ones = ones1[r&63]
		r += uint64(step1[r&63])
	}
	r -= 64
	w, carry := bits.Add64(o<<(b&63), ones, 0)
	putWord(c, 8*first, w)
	prev := o
	for i := first + 1; i <= last; i++ {
		o := word(c, 8*i)
		w, carry = bits.Add64(o<<(b&63)|prev>>((64-b)&63), ones1[r&63], carry)
		r += uint64(step1[r&63]) - 64
		prev = o
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
