package compactset

import "github.com/lps2lts/lps2lts/internal/fibhash"

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
// wordset's hash in kh bits: a multiply, a fold of the high half into
// the low one (a shift by a variable count, which x86 takes in one
// register only) and a multiply, about 20 instructions a key where this
// takes 6. The root keys of a search spread as well or better over the
// homes with the one multiply: the mean distance of an entry from its
// home, all of a run's root pairs inserted, went from 1.10 to 1.08 on
// merc.hesselink_2-b (load 0.69), 1.38 to 1.30 on merc.onebit_3-b
// (0.74), 1.78 to 1.68 on dining_10 (0.79) and 1.00 to 0.31 on
// counters.lps, K = 6 (0.80, a grid); random keys lie 1.1, 1.4 and 1.8
// from home at those loads.
const mulA = fibhash.Mul

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
