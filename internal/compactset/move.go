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

// runEnd returns the first empty slot from slot at on, whose bits start
// at bit pos of chunk c (at's) and whose displacement is d, if the run
// of entries up to it can be moved by moveRun: it lies in at's chunk,
// ends before the table's last slot, and no displacement in it would
// reach dispMax (whose entries keep theirs in far). The entries lie in
// order of home, so each is at most one slot further from its home than
// the one before: the first dispMax-1-d slots of the run cannot reach
// it, and only the slots after them are tested for it. (Tested at every
// slot, the displacements took 4 of the loop's 16 instructions; looked
// at after the run's end was found, they took a second pass over most
// runs of merc.hesselink_2-b, which are long at 7/8 load.)
func (t *Set) runEnd(c []byte, at, pos, d uint64) (uint64, bool) {
	b := uint64(t.bits)
	n := min(at|chunkMask, t.slots-2) - at + 1 // the slots to look at
	slotAt, nearAt := &t.slotAt, &t.nearAt
	safe := min(n, dispMax-1-min(d, dispMax-1))
	i := uint64(0)
	for ; i < safe; i++ {
		// The slot is tested in place, in the 8 bytes from its first
		// byte, by a mask for its first bit's place in that byte: a
		// shift by a variable count takes the count in one register,
		// and the moves to free it for each slot were a quarter of
		// the loop's instructions.
		if word(c, pos>>3)&slotAt[pos&7] == 0 {
			return at + i, true
		}
		pos += b
	}
	for ; i < n; i++ {
		w, sh := word(c, pos>>3), pos&7
		if w&slotAt[sh] == 0 {
			return at + i, true
		}
		if near := nearAt[sh]; w&near == near { // a displacement of dispMax-1 or more
			return 0, false
		}
		pos += b
	}
	return 0, false
}

// moveRun writes entry e into slot at of chunk c, whose slots are b bits
// wide (at most 57; ones as onesEvery gives them for b), and
// moves the entries of slots at to end-1 one slot on, each with its
// displacement one more; slot end is empty and no displacement of the
// run reaches dispMax-1. at and end count from the chunk's first slot.
//
// The run's bits [lo, hi) become e followed by the old bits [lo, hi-b),
// plus a 1 at the start of every slot after the first (the displacement
// is each slot's lowest field). Each 64-bit word of the run is the old
// word shifted up by b, with the top b bits of the old word before it;
// in the first, e takes the place of the bits that the shift brings up
// from below lo, and for the second it is counted among the old bits
// below lo. A field's sum stays in the field, but a field may straddle
// two words, so the ones are added with a carry from word to word. The
// words are taken from byte 8i of the chunk, the i-th 64-bit word of its
// bits, whatever the chunk's alignment in memory; the chunk's 9 bytes
// after its last slot's byte hold the last word of a run. (In one pass:
// the edges of the run set after a loop over its words took as many
// instructions as the loop, on merc.hesselink_2-b's runs of six words.)
func moveRun(c []byte, b, at, end, e uint64, ones *[64]onesAt) {
	_ = ones[0] // the nil check, once
	lo, hi := at*b, (end+1)*b
	i, last := lo>>6, (hi-1)>>6
	sh := lo & 63
	o := word(c, 8*i)
	keep := uint64(1)<<sh - 1
	moved := o &^ keep // the old bits from lo on
	w := o&keep | e<<sh | moved<<(b&63)
	// e, placed as the b old bits below lo would be, for the next word.
	if sh >= b {
		moved |= e << ((sh - b) & 63)
	} else {
		moved |= e >> ((b - sh) & 63)
	}
	// The first moved slot starts at bit sh+b of the first word, which
	// may be in the second (a slot starts within every b < 64 bits, so
	// from the second word on the start is below 64).
	r := sh + b
	var carry uint64
	if r < 64 {
		w, carry = bits.Add64(w, ones[r].ones, 0)
		r = ones[r].next
	} else {
		r -= 64
	}
	for i < last {
		putWord(c, 8*i, w)
		i++
		o = word(c, 8*i)
		w, carry = bits.Add64(o<<(b&63)|moved>>((64-b)&63), ones[r&63].ones, carry)
		r = ones[r&63].next
		moved = o
	}
	// The last word keeps its bits from hi on. (No carry leaves the last
	// moved slot: its displacement stays below dispMax.)
	if hi&63 != 0 {
		keepLast := ^uint64(0) << (hi & 63)
		w = w&^keepLast | o&keepLast
	}
	putWord(c, 8*i, w)
}

// onesEvery returns, for each bit r of a 64-bit word, the ones at r, r+b,
// r+2b, ... within the word, and where the first of them past the word
// falls in the next: moveRun's ones a word at a time. (Found a slot at
// a time, they took a third of moveRun's instructions on hesselink_2-b,
// whose runs are long at 7/8 load.)
func onesEvery(b uint64) (ones [64]onesAt) {
	for r := range uint64(64) {
		p := r
		for ; p < 64; p += b {
			ones[r].ones |= 1 << p
		}
		ones[r].next = p - 64
	}
	return ones
}

// onesAt is an entry of onesEvery's table.
type onesAt struct{ ones, next uint64 }
