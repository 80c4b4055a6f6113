package compactset

import (
	"math/bits"
	"sync"
)

// The tree store computes the keys of a block of states on one goroutine
// (its fold) while another inserts the keys of the block before
// (explore.FoldingStore). Packing and hashing a key took about 20 of the
// instructions the inserting goroutine spent on it, twice over: once to
// ask for the home slot's memory ahead (Prefetch) and once to insert.
// With two threads that goroutine bounds the search. So the fold hashes:
// a Hasher turns a key into its hashed form, which Insert, Touch and
// Prefetch take, and the inserting goroutine is left one multiply for the
// home and one for the quotient.
//
// The hash depends on the widths of the key's halves, which grow as the
// keys do, and the fold meets a wider key before the table does. So the
// Hasher owns the widths: it widens them when a key needs it, as a new
// version, and a hashed key carries the version it was hashed for. The
// table takes a newer version's widths when the first key of it comes
// (placing every entry again, as a widening did before); a key of an
// older version, hashed before a widening and inserted after, is hashed
// again from the key its hash gives back. The keys reach the table in
// the order they were hashed, so that is the few keys under way at a
// widening.

// keyHash packs and hashes keys whose halves are hiBits and loBits wide.
type keyHash struct {
	hiBits, loBits uint
	loMask         uint64
	over           uint64 // the bits of a key that do not fit the widths
	kh             uint   // the hash's bits
	khMask         uint64 // its mask
}

// newKeyHash returns the hashing of keys of halves hi and lo bits wide.
func newKeyHash(hi, lo uint) keyHash {
	kh := max(hi+lo, minHashBits)
	return keyHash{
		hiBits: hi, loBits: lo,
		loMask: 1<<lo - 1,
		over:   ^(uint64(1<<hi-1)<<32 | (1<<lo - 1)),
		kh:     kh,
		khMask: 1<<kh - 1,
	}
}

// pack returns key as it is hashed, and whether it fits the widths.
// (Shift counts in the paths of every lookup are masked with 63: Go's
// shifts by a variable count must give 0 from 64 on, which costs
// instructions unless the count is known to be smaller.)
func (k *keyHash) pack(key uint64) (uint64, bool) {
	return key>>32<<(k.loBits&63) | key&k.loMask, key&k.over == 0
}

// unpack is pack's inverse.
func (k *keyHash) unpack(p uint64) uint64 {
	return p>>(k.loBits&63)<<32 | p&k.loMask
}

// The hash is a bijection of kh-bit words, so that the slot's position
// and the stored quotient give the key back: a multiply by an odd
// number, invertible modulo 2^kh, whose top bits choose the home
// (Fibonacci hashing, Knuth, The Art of Computer Programming vol. 3,
// 6.4: a product's top bits depend on every bit of the key). It was
// wordset's hash in kh bits (a multiply, a fold of the high half into
// the low one, a multiply), whose fold took a shift by a variable count
// and both took a third of HashAll's instructions. The root keys of a
// search spread as well or better over the homes with the one multiply:
// the mean distance of an entry from its home, all of a run's root
// pairs inserted, went from 1.10 to 1.08 on merc.hesselink_2-b (load
// 0.69), 1.38 to 1.30 on merc.onebit_3-b (0.74), 1.78 to 1.68 on
// dining_10 (0.79) and 1.00 to 0.31 on counters.lps, K = 6 (0.80, a
// grid); random keys lie 1.1, 1.4 and 1.8 from home at those loads.
const mulA = 0x9E3779B97F4A7C15

// invA is the inverse of mulA modulo 2^64, so modulo 2^kh too.
var invA = inverse(mulA)

// inverse returns the inverse of the odd a modulo 2^64, by Newton's
// iteration (each step doubles the bits that are right).
func inverse(a uint64) uint64 {
	x := a // right in 3 bits
	for range 5 {
		x *= 2 - a*x
	}
	return x
}

func (k *keyHash) hash(p uint64) uint64 { return p * mulA & k.khMask }

func (k *keyHash) unhash(h uint64) uint64 { return h * invA & k.khMask }

// A hashed key is the key's hash in its low versionShift bits (a hash has
// at most maxKeyBits) and the version of the widths it was hashed for
// above; the last version says the key is too wide for any set, and its
// low bits number it among the Hasher's spilled keys.
const (
	versionShift = maxKeyBits
	hashMask     = 1<<versionShift - 1
	spillVersion = 1<<(64-versionShift) - 1
)

// The widths only grow, a bit at a time at the least, and a key of more
// than maxKeyBits bits spills: at most 1+maxKeyBits versions, below
// spillVersion.
const _ = uint(spillVersion - 1 - maxKeyBits)

// Hasher gives keys the hashed form that a Set inserts (Hash), and the
// keys back from it (Key). Hash runs on one goroutine at a time, which
// may be another than the one that uses the Set, as long as the hashed
// keys reach that one through something that orders memory (a channel, a
// lock): the widths of a version are written before the first key of it
// leaves Hash, and never again.
type Hasher struct {
	// versions[v] is the hashing of version v.
	versions [spillVersion]keyHash
	// ver is the version Hash hashes for, cur a copy of its hashing;
	// Hash's goroutine alone reads and writes them.
	ver uint64
	cur keyHash
	// spilled holds the keys too wide for any set, by their number in
	// their hashed form.
	spilled struct {
		sync.Mutex
		keys []uint64
	}
}

// Hash returns key's hashed form: its hash for the widths of its halves
// so far, and their version. A key wider than those makes a new version,
// which widens a half that grows one bit past the other with it
// (widenTogether). A key too wide for any set (Fits) is spilled: Spilled
// says so of its hashed form, and Key gives it back.
func (h *Hasher) Hash(key uint64) uint64 {
	if key&h.cur.over != 0 {
		return h.hashWider(key)
	}
	return h.ver<<versionShift | h.cur.hash(key>>32<<(h.cur.loBits&63)|key&h.cur.loMask)
}

// HashAll replaces each key of keys by its hashed form, as Hash does, in
// one call for the keys of a state's successors or a block's (through
// Hash, the call took about 20 instructions a key, more than its work).
// The hashing's values are copied into locals for the loop, where they
// stay in registers: read through h, they were loaded again for every
// key. On counters.lps (K = 6), 13.4M keys: 482M instructions with the
// values read through h, 314M with locals and the one-multiply hash.
func (h *Hasher) HashAll(keys []uint64) {
	for i := 0; i < len(keys); i++ {
		over, lo, loMask := h.cur.over, h.cur.loBits&63, h.cur.loMask
		khMask, ver := h.cur.khMask, h.ver<<versionShift
		for ; i < len(keys) && keys[i]&over == 0; i++ {
			keys[i] = ver | (keys[i]>>32<<lo|keys[i]&loMask)*mulA&khMask
		}
		if i < len(keys) {
			keys[i] = h.hashWider(keys[i])
		}
	}
}

// hashWider is Hash for a key wider than the widths so far.
func (h *Hasher) hashWider(key uint64) uint64 {
	if h.widen(key) {
		return h.Hash(key)
	}
	h.spilled.Lock()
	defer h.spilled.Unlock()
	h.spilled.keys = append(h.spilled.keys, key)
	return spillVersion<<versionShift | uint64(len(h.spilled.keys)-1)
}

// widen makes a version whose widths fit key, if a set can take them.
func (h *Hasher) widen(key uint64) bool {
	hi := max(h.cur.hiBits, uint(bits.Len64(key>>32)))
	lo := max(h.cur.loBits, uint(bits.Len64(key&0xFFFFFFFF)))
	if !Fits(hi, lo) {
		return false
	}
	hi, lo = widenTogether(h.cur.hiBits, h.cur.loBits, hi, lo)
	h.ver++
	h.cur = newKeyHash(hi, lo)
	h.versions[h.ver] = h.cur
	return true
}

// Spilled says whether hk, a hashed key, is a key too wide for any set.
func Spilled(hk uint64) bool { return hk>>versionShift == spillVersion }

// Key returns the key whose hashed form is hk.
func (h *Hasher) Key(hk uint64) uint64 {
	v := hk >> versionShift
	if v == spillVersion {
		h.spilled.Lock()
		defer h.spilled.Unlock()
		return h.spilled.keys[hk&hashMask]
	}
	k := &h.versions[v]
	return k.unpack(k.unhash(hk & hashMask))
}
