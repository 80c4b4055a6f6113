package lpsgen

import (
	"math/bits"
	"slices"

	"github.com/lps2lts/lps2lts/internal/fibhash"
	"github.com/lps2lts/lps2lts/internal/vecset"
	"github.com/lps2lts/lps2lts/internal/wordset"
)

// keyTable numbers the keys of a summand's cache, the guard cache's or the
// step cache's, densely in order of insertion: vectors of values of a
// fixed width, filled in key by the cache before each lookup. Keys of at
// most two values are packed in one word (short), 32 bits a value; keys
// of three to eight values too while every value fits in 64/width bits
// (21 to 8), and in a vector set from the first key that does not. Most
// conditions read one or two parameters, and on
// ex.academic.dining.dining_10 (92 lookups per state) the vector set's
// hash of bytes and compare in a second array were a fifth of the
// search. The step caches of
// parallel_counting have keys of three small values: in one word, 11
// bytes a key instead of 32 (the vector set's 12 bytes of values, with
// their capacity, and 8-byte index slots at most 7/10 full).
//
// The table remembers the last key it found or numbered: successive
// states of a search share most values, so a summand often reads the
// same values as for the state before (10.1M of dining_10's 14.3M
// condition lookups, 3.9M of 15.7M on FlexRay's 3_Regular), and comparing
// with the last key spares the hash and the probe.
type keyTable struct {
	width int
	// valueBits is the bits of a value in a packed key; 0 when keys are
	// never packed.
	valueBits uint
	short     *wordset.Set
	keys      *vecset.Set
	key       []uint32 // the key of the lookup at hand
	// last is the last key found or numbered, lastID its number (valid
	// when hasLast).
	last    []uint32
	lastID  int
	hasLast bool
	// lastPacked is the last key packed in a word (findIn, add), valid
	// when hasLastPacked; where hasLast is set too, both name one key.
	lastPacked    uint64
	hasLastPacked bool
	// memo holds packed keys found or numbered before, and their
	// numbers plus one, by a hash of the key: a direct-mapped cache in
	// front of short, as the tree store's memo is in front of its inner
	// pairs. A summand's table holds a few keys, each looked up again
	// and again, and short's probe (a hash, the index's entry, the
	// packed word) took 130 instructions of a hit on
	// merc.onebit_3-b; the memo takes a multiply, a load and a compare.
	memo      []keyMemo
	memoShift uint
}

// keyMemo is a packed key and its number plus one (0: empty).
type keyMemo struct {
	key uint64
	id  uint32
}

// keyMemoMax is the most entries of a table's memo (4 kB): it has twice
// as many entries as the table has keys, up to this.
const keyMemoMax = 256

// maxPackedWidth is the widest key packed in a word. Up to four,
// wafer_stepper's conditions of five to eight parameters (booleans, and
// wafers of a few values) were hashed a value at a time and compared in a
// vector set; packed, the run takes 2.2% fewer instructions (Aravind_BLRU
// 0.8%).
const maxPackedWidth = 8

func newKeyTable(width int) keyTable {
	t := keyTable{width: width, key: make([]uint32, width), last: make([]uint32, width)}
	if width <= maxPackedWidth {
		t.valueBits = uint(64 / max(width, 2))
	}
	return t
}

// find returns the number of key, if the table holds it.
func (t *keyTable) find() (int, bool) {
	if t.hasLast && slices.Equal(t.key, t.last) {
		return t.lastID, true
	}
	return t.findKey()
}

// findIn is find of the key of the values of state at reads (as many as
// the table's width): it compares them with the last key in place, and
// makes the key only where they differ. A guard cache's lookup made the
// key and compared it with the last one in two loops; on wafer_stepper,
// whose conditions read ten parameters each, the two were a tenth of the
// run.
func (t *keyTable) findIn(state []uint32, reads []int) (int, bool) {
	if t.keys == nil && t.valueBits != 0 {
		// Packed as the values are read, and compared with the last key,
		// the memo's and the set's as one word.
		var k uint64
		fits := true
		switch len(reads) {
		case 1:
			k = uint64(state[reads[0]])
		case 2:
			k = uint64(state[reads[0]])<<32 | uint64(state[reads[1]])
		default:
			var or uint32
			vb := t.valueBits & 63
			for _, p := range reads {
				v := state[p]
				k = k<<vb | uint64(v)
				or |= v
			}
			fits = uint64(or)>>vb == 0
		}
		if fits {
			if t.hasLastPacked && k == t.lastPacked {
				return t.lastID, true
			}
			return t.findPacked(k, state, reads)
		}
	}
	if t.hasLast {
		last := t.last[:len(reads)]
		same := true
		for i, p := range reads {
			if state[p] != last[i] {
				same = false
				break
			}
		}
		if same {
			return t.lastID, true
		}
	}
	key := t.key[:len(reads)]
	for i, p := range reads {
		key[i] = state[p]
	}
	return t.findKey()
}

// findPacked is findIn of k, the packed key of the values of state at
// reads, other than the last key. On a miss the key is also left in key,
// where add and the shared tables read it. findIn's loops (the compare
// with the last key, the key's copy) and packedKey's took a third more
// instructions on Aravind_BLRU, whose conditions read five values on
// average.
func (t *keyTable) findPacked(k uint64, state []uint32, reads []int) (int, bool) {
	if t.short != nil {
		m := &t.memo[k*fibhash.Mul>>(t.memoShift&63)]
		id, ok := m.id-1, m.key == k && m.id != 0
		if !ok {
			if id, ok = t.short.Find(k); ok {
				*m = keyMemo{k, id + 1}
			}
		}
		if ok {
			t.lastID, t.lastPacked, t.hasLastPacked, t.hasLast = int(id), k, true, false
			return int(id), true
		}
	}
	key := t.key[:len(reads)]
	for i, p := range reads {
		key[i] = state[p]
	}
	return 0, false
}

// findKey is find without the compare with the last key.
func (t *keyTable) findKey() (int, bool) {
	var id uint32
	var ok bool
	switch {
	case t.short != nil:
		// A key that does not fit is not among the packed ones.
		k, fits := t.packedKey()
		if !fits {
			break
		}
		m := &t.memo[k*fibhash.Mul>>(t.memoShift&63)]
		if m.key == k && m.id != 0 {
			id, ok = m.id-1, true
			break
		}
		if id, ok = t.short.Find(k); ok {
			*m = keyMemo{k, id + 1}
		}
	case t.keys != nil:
		// The memo names a vector key by a hash of its values, and the
		// vector set's copy of the key confirms it.
		h := vectorHash(t.key)
		m := &t.memo[h>>(t.memoShift&63)]
		if m.key == h && m.id != 0 && slices.Equal(t.keys.Vector(m.id-1), t.key) {
			id, ok = m.id-1, true
			break
		}
		if id, ok = t.keys.Find(t.key); ok {
			*m = keyMemo{h, id + 1}
		}
	}
	if ok {
		t.remember(int(id))
	}
	return int(id), ok
}

// add numbers key, which the table does not hold, and returns its number.
func (t *keyTable) add() int {
	if t.keys == nil {
		if k, fits := t.packedKey(); fits {
			if t.short == nil {
				t.short = new(wordset.Set)
				t.short.Init(4)
			}
			id, _ := t.short.Insert(k)
			t.sizeMemo(t.short.Len())
			t.memo[k*fibhash.Mul>>(t.memoShift&63)] = keyMemo{k, id + 1}
			t.remember(int(id))
			t.lastPacked, t.hasLastPacked = k, true
			return int(id)
		}
		t.toVectors()
	}
	id, _ := t.keys.Insert(t.key)
	t.sizeMemo(t.keys.Len())
	h := vectorHash(t.key)
	t.memo[h>>(t.memoShift&63)] = keyMemo{h, id + 1}
	t.remember(int(id))
	return int(id)
}

// vectorHash hashes a key of a vector set for the memo: a multiply per
// value, where the set's hash (xxhash of the bytes) and probe took a
// twelfth of wafer_stepper, whose conditions read ten parameters.
func vectorHash(key []uint32) uint64 {
	h := uint64(len(key))
	for _, v := range key {
		h = (h ^ uint64(v)) * fibhash.Mul
	}
	return h
}

// sizeMemo makes the memo an empty one of twice as many entries as the
// table's keys, a power of two from 4 to keyMemoMax, unless it has that
// size already.
func (t *keyTable) sizeMemo(keys int) {
	n := 4
	for n < keyMemoMax && n < 2*keys {
		n *= 2
	}
	if len(t.memo) == n {
		return
	}
	t.memo = make([]keyMemo, n)
	t.memoShift = uint(64 - bits.TrailingZeros(uint(n)))
}

// toVectors moves the packed keys, in order, to a vector set, which keeps
// their numbers: a key of values too wide to pack has come.
func (t *keyTable) toVectors() {
	t.keys = vecset.NewMoving(t.width) // its keys are never read back
	if t.short == nil {
		return
	}
	v := make([]uint32, t.width)
	mask := uint64(1)<<t.valueBits - 1
	for id := range t.short.Len() {
		k := t.short.Word(uint32(id))
		for i := t.width - 1; i >= 0; i-- {
			v[i] = uint32(k & mask)
			k >>= t.valueBits
		}
		t.keys.Insert(v)
	}
	t.short.Free()
	t.short, t.memo = nil, nil
}

// remember makes key, numbered id, the last key.
func (t *keyTable) remember(id int) {
	t.key, t.last = t.last, t.key
	t.lastID, t.hasLast, t.hasLastPacked = id, true, false
}

// reset empties the table; the first key added makes its set again, so
// that an empty table costs nothing against a bound (a vector set's
// first index is 8 KB, and dining3's 330 guard caches made 2.6 MB empty).
// The sets give their memory back at once, not when they are collected.
func (t *keyTable) reset() {
	if t.short != nil {
		t.short.Free()
	}
	if t.keys != nil {
		t.keys.Free()
	}
	t.short, t.keys, t.hasLast, t.hasLastPacked, t.memo = nil, nil, false, false, nil
}

// packedKey is the key in one word, and whether it fits: every value in
// valueBits bits. Keys of one or two values, most guard caches', always
// fit, and take the shorter loop.
func (t *keyTable) packedKey() (uint64, bool) {
	var k uint64
	switch t.valueBits {
	case 0:
		return 0, false
	case 32:
		for _, v := range t.key {
			k = k<<32 | uint64(v)
		}
		return k, true
	}
	var or uint32
	for _, v := range t.key {
		k = k<<t.valueBits | uint64(v)
		or |= v
	}
	return k, uint64(or)>>t.valueBits == 0
}

// bytes is the memory the table's sets hold.
func (t *keyTable) bytes() int {
	switch {
	case t.short != nil:
		return t.short.Bytes() + 16*cap(t.memo)
	case t.keys != nil:
		return t.keys.Bytes() + 16*cap(t.memo)
	}
	return 0
}

// cacheCounts are a cache's lookups and hits, and its trial: after trial
// lookups, a cache with fewer than one hit in minHitRate is dropped.
type cacheCounts struct {
	lookups, hits int
	off, tried    bool
	// sharedLookups and sharedHits count the lookups in the shared
	// table (after a miss) and its hits; the trial counts neither.
	sharedLookups, sharedHits int
}

// decide ends the trial, at the first miss after trial lookups (a hit adds
// no entry, so a cache decides when it adds one), or before, at the miss
// after which the cache can no longer reach one hit in minHitRate within
// trial lookups; it says whether the cache is now off. A cache whose keys
// are always new (bakery's conditions over its ever new tickets) is off
// after 3,073 of a guard trial's 4,096 lookups: each miss of the trial
// adds an entry, and the trial was 7% of bakery's first 300,000 states.
func (c *cacheCounts) decide(trial, minHitRate int) bool {
	if c.tried {
		return c.off
	}
	switch {
	case c.lookups >= trial:
		c.tried = true
		c.off = c.hits*minHitRate < c.lookups
	case c.lookups-c.hits > trial-trial/minHitRate:
		c.tried, c.off = true, true
	}
	return c.off
}

// charge records that a cache holds b bytes, where it held *counted.
func (bg *guardBudget) charge(counted *int, b int) {
	bg.used += b - *counted
	*counted = b
}

// full says whether the caches of the budget pass its bound; the cache
// that asks is then emptied, which counts as a flush.
func (bg *guardBudget) full() bool {
	if bg.used > bg.max {
		bg.flushes++
		return true
	}
	return false
}

// boundedCache is what settle needs of a guard or step cache.
type boundedCache interface {
	empty()
	Bytes() int
}

// settle is what a guard or step cache does after it added an entry: it
// goes off, emptied, when its trial ends with too few hits (counts), and
// it empties when the caches of its budget together pass the bound;
// counted is what it has charged to budget.
func settle(c boundedCache, counts *cacheCounts, budget *guardBudget, counted *int, trial, minHitRate int) {
	if counts.decide(trial, minHitRate) {
		c.empty()
		budget.charge(counted, 0)
		return
	}
	budget.charge(counted, c.Bytes())
	if budget.full() {
		c.empty()
		budget.charge(counted, c.Bytes())
	}
}
