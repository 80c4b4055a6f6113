package store

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/statehash"
)

// HashCompactStore is Stern and Dill's improved hash compaction with their
// t-limited scheme ("Combining State Space Caching and Hash
// Compaction"): an open-addressing table of m slots, each holding a
// B-bit compressed value c(s) of a state instead of the state. The probe
// sequence (double hashing from the state's xxhash) is computed
// independently of c(s) (a second, differently seeded hash), so equal
// compressed values in different probe sequences cause no omission. At
// most t slots are probed; if all are taken by other values, one of them
// is replaced (state space caching), so a replaced state met again is
// explored again under a new id.
//
// A state whose compressed value is found in its probe sequence is taken
// to be old: when it is not, the state (and perhaps its successors) is
// omitted. OmissionProbability estimates the chance of even one omission.
//
// Without ids (reachability only) a slot is B/8 bytes and Insert returns
// NoState for an old state; with ids, 4 more bytes per slot give the id
// of the state last stored there, so that an LTS can be written.
type HashCompactStore struct {
	bits      uint   // B
	mask      uint64 // B low bits
	slotBytes int
	ids       bool
	m         uint64 // slots, a prime (any size, so a table can be sized to the states expected)
	t         uint64 // probe limit
	table     []byte // m*slotBytes + 8 bytes of padding for 8-byte loads
	n         uint32
	replaced  uint64
}

// NewHashCompactStore returns a store of slots slots, rounded up to a
// prime, of bits-bit compressed values (a multiple of 8, 8 to 64), probing
// at most probes slots per insertion (0: no limit), keeping state ids if
// ids. A prime table size makes every probe step visit all slots and
// lets the table be sized to the states expected: rounding up to a power
// of two would double the bytes per state in the worst case.
func NewHashCompactStore(bits, slots, probes int, ids bool) (*HashCompactStore, error) {
	if bits < 8 || bits > 64 || bits%8 != 0 {
		return nil, fmt.Errorf("hash compaction: %d-bit compressed values: use a multiple of 8 from 8 to 64", bits)
	}
	if slots < 2 {
		return nil, fmt.Errorf("hash compaction: table of %d slots: need at least 2", slots)
	}
	if probes < 0 {
		return nil, fmt.Errorf("hash compaction: negative probe limit %d", probes)
	}
	m := PrimeAtLeast(uint64(slots))
	s := &HashCompactStore{bits: uint(bits), ids: ids, m: m, t: uint64(probes)}
	if bits == 64 {
		s.mask = ^uint64(0)
	} else {
		s.mask = 1<<bits - 1
	}
	if s.t == 0 || s.t > m {
		s.t = m
	}
	s.slotBytes = bits / 8
	if ids {
		s.slotBytes += 4
	}
	s.table = make([]byte, int(m)*s.slotBytes+8)
	return s, nil
}

// PrimeAtLeast returns the smallest prime not below n (2 for n <= 2).
func PrimeAtLeast(n uint64) uint64 {
	if n <= 2 {
		return 2
	}
	for n |= 1; !isPrime(n); n += 2 {
	}
	return n
}

// PrimeAtMost returns the largest prime not above n, or 0 if n < 2.
func PrimeAtMost(n uint64) uint64 {
	switch {
	case n < 2:
		return 0
	case n < 4:
		return n
	}
	if n%2 == 0 {
		n--
	}
	for !isPrime(n) {
		n -= 2
	}
	return n
}

// isPrime tests an odd n > 2 by trial division (tables have at most a few
// billion slots, so at most ~2^16 divisions per candidate).
func isPrime(n uint64) bool {
	if n%3 == 0 {
		return n == 3
	}
	for d := uint64(5); d*d <= n; d += 6 {
		if n%d == 0 || n%(d+2) == 0 {
			return false
		}
	}
	return true
}

// bitsFor returns the smallest b with 1<<b >= n.
func bitsFor(n uint64) uint {
	if n <= 1 {
		return 0
	}
	return uint(bits.Len64(n - 1))
}

func (s *HashCompactStore) Len() int           { return int(s.n) }
func (s *HashCompactStore) QueueVectors() bool { return true }
func (s *HashCompactStore) CanState() bool     { return false }

// KeepsIDs says Insert numbers old states too (cycle detection needs it).
func (s *HashCompactStore) KeepsIDs() bool { return s.ids }

// State panics: hash compaction keeps no states.
func (s *HashCompactStore) State(explore.StateID) []uint32 {
	panic("explore: hash compaction keeps no state vectors")
}

// Slots returns m, the table size.
func (s *HashCompactStore) Slots() int { return int(s.m) }

// Replaced returns the number of t-limited replacements: states whose
// compressed value was overwritten (and may have been explored twice).
func (s *HashCompactStore) Replaced() uint64 { return s.replaced }

// Bytes returns the memory held by the table.
func (s *HashCompactStore) Bytes() int { return len(s.table) }

func (s *HashCompactStore) value(i uint64) uint64 {
	return binary.LittleEndian.Uint64(s.table[int(i)*s.slotBytes:]) & s.mask
}

func (s *HashCompactStore) set(i uint64, c uint64, id explore.StateID) {
	off := int(i) * s.slotBytes
	w := binary.LittleEndian.Uint64(s.table[off:])
	binary.LittleEndian.PutUint64(s.table[off:], w&^s.mask|c)
	if s.ids {
		binary.LittleEndian.PutUint32(s.table[off+int(s.bits/8):], uint32(id))
	}
}

func (s *HashCompactStore) id(i uint64) explore.StateID {
	if !s.ids {
		return explore.NoState
	}
	return explore.StateID(binary.LittleEndian.Uint32(s.table[int(i)*s.slotBytes+int(s.bits/8):]))
}

// Insert looks state up by its compressed value along its probe sequence.
func (s *HashCompactStore) Insert(state []uint32) (explore.StateID, bool) {
	h := statehash.Sum(state)
	c := statehash.Second(state) & s.mask
	if c == 0 {
		c = 1 // 0 marks an empty slot
	}
	// Double hashing: the start from the high bits of h, the step from
	// the low ones; the table size is prime, so every step 1..m-1 visits
	// all slots.
	i, _ := bits.Mul64(h, s.m)
	step := 1 + uint64(uint32(h))%max(s.m-1, 1)
	for k := uint64(0); k < s.t; k++ {
		v := s.value(i)
		if v == 0 {
			return s.add(i, c), true
		}
		if v == c {
			return s.id(i), false
		}
		if i += step; i >= s.m {
			i -= s.m
		}
	}
	// t-limited scheme: replace one of the t probed slots.
	s.replaced++
	pos, _ := bits.Mul64(h, s.m)
	k := (h >> 16) % s.t
	hi, lo := bits.Mul64(k, step)
	return s.add((pos+bits.Rem64(hi, lo, s.m))%s.m, c), true
}

func (s *HashCompactStore) add(i, c uint64) explore.StateID {
	if s.n == ^uint32(0)-1 {
		panic("explore: more than 2^32-2 states")
	}
	id := explore.StateID(s.n)
	s.n++
	s.set(i, c, id)
	return id
}

// OmissionProbability is Stern and Dill's approximation (1) of the probability
// of even one omission, for the observed number of states.
func (s *HashCompactStore) OmissionProbability() float64 {
	return HashCompactOmission(float64(s.n), float64(s.m), int(s.bits), float64(s.t))
}

// Describe sums the store up after a search, omission estimate included.
func (s *HashCompactStore) Describe() string {
	ids := ""
	if s.ids {
		ids = " + 32-bit ids"
	}
	return fmt.Sprintf("hash compaction: %d states in %d slots of %d bits%s (%s bytes/state), at most %d probes, %d replaced; omission probability ~ %.3g",
		s.n, s.m, s.bits, ids, perState(s.Bytes(), int(s.n)), s.t, s.replaced, s.OmissionProbability())
}

// HashCompactOmission is Stern and Dill's estimate
//
//	p_om ~ 1 - ((l-1)/l)^C,  l = 2^b,
//	C = t/(t+1) n (n/m)^t + sum_{j=0}^{t-1} j (n/m)^(j+1) (m/(j+1) - n/(j+2))  if n <= m,
//	C = (H_{t+1} - 1) m + t (n - m)                                            if n > m,
//
// for n observed states, m slots and t probes at most (simplified for
// n, m >> t^2; for t = m, the plain scheme without replacement, the sum's
// terms vanish quickly unless the table is almost full).
func HashCompactOmission(n, m float64, b int, t float64) float64 {
	if n == 0 {
		return 0
	}
	var c float64
	if n <= m {
		a := n / m
		if a < 1 {
			c = t / (t + 1) * n * math.Exp(t*math.Log(a))
		} else {
			c = t / (t + 1) * n
		}
		p := a // a^(j+1)
		for j := 0.0; j < t; j++ {
			term := j * p * (m/(j+1) - n/(j+2))
			c += term
			if j > 2 && term < c*1e-17 && a < 1 {
				break
			}
			p *= a
		}
	} else {
		h := 0.0
		for i := 1.0; i <= t+1; i++ {
			h += 1 / i
		}
		c = (h-1)*m + t*(n-m)
	}
	// 1 - (1-1/l)^C, computed without cancellation.
	return -math.Expm1(c * math.Log1p(-math.Ldexp(1, -b)))
}
