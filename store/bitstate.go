package store

import (
	"fmt"
	"math"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/statehash"
)

// BitstateStore is Holzmann's bitstate hashing, the baseline of the ComBack
// paper (Westergaard et al., Table 6.1): a state sets k bits of an m-bit array, at
// positions h1 + i*h2 (i < k) by double hashing from two independent
// hashes, and counts as old when all k bits are already set. It keeps
// neither states nor ids: Insert returns NoState for an old state.
type BitstateStore struct {
	words []uint64
	m     uint64 // bits, a power of two
	k     int
	n     uint32
	set   uint64 // bits set
}

// NewBitstateStore returns a store of at least mbits bits using k hash
// functions.
func NewBitstateStore(mbits, k int) (*BitstateStore, error) {
	if mbits < 64 {
		return nil, fmt.Errorf("bitstate: %d bits: need at least 64", mbits)
	}
	if k < 1 || k > 64 {
		return nil, fmt.Errorf("bitstate: %d hash functions: use 1 to 64", k)
	}
	m := uint64(1) << bitsFor(uint64(mbits))
	return &BitstateStore{words: make([]uint64, m/64), m: m, k: k}, nil
}

func (s *BitstateStore) Len() int           { return int(s.n) }
func (s *BitstateStore) QueueVectors() bool { return true }
func (s *BitstateStore) CanState() bool     { return false }

// State panics: bitstate hashing keeps no states.
func (s *BitstateStore) State(explore.StateID) []uint32 {
	panic("explore: bitstate hashing keeps no state vectors")
}

// Bytes returns the memory held by the bit array.
func (s *BitstateStore) Bytes() int { return 8 * len(s.words) }

// Insert sets the state's k bits; it is new if one of them was clear.
func (s *BitstateStore) Insert(state []uint32) (explore.StateID, bool) {
	h1 := statehash.Sum(state)
	h2 := statehash.Second(state) | 1
	mm := s.m - 1
	isNew := false
	for i := 0; i < s.k; i++ {
		b := (h1 + uint64(i)*h2) & mm
		w, bit := b>>6, uint64(1)<<(b&63)
		if s.words[w]&bit == 0 {
			s.words[w] |= bit
			s.set++
			isNew = true
		}
	}
	if !isNew {
		return explore.NoState, false
	}
	if s.n == ^uint32(0)-1 {
		panic("explore: more than 2^32-2 states")
	}
	s.n++
	return explore.StateID(s.n - 1), true
}

// FalsePositive estimates the probability that a new state, inserted now,
// would be taken for an old one: the k-th power of the fraction of bits set.
func (s *BitstateStore) FalsePositive() float64 {
	return math.Pow(float64(s.set)/float64(s.m), float64(s.k))
}

// OmissionProbability estimates the chance of even one omission: the sum
// over the n insertions of the false-positive probability at that time,
// with the expected fill 1-exp(-k i/m) after i insertions, turned into a
// probability by 1 - exp(-sum).
func (s *BitstateStore) OmissionProbability() float64 {
	n, m, k := float64(s.n), float64(s.m), float64(s.k)
	// Integrate (1-exp(-k x/m))^k over x in [0, n] with 64 midpoints.
	const steps = 64
	sum := 0.0
	for i := 0; i < steps; i++ {
		x := (float64(i) + 0.5) * n / steps
		sum += math.Pow(-math.Expm1(-k*x/m), k) * n / steps
	}
	return -math.Expm1(-sum)
}

// Describe sums the store up after a search.
func (s *BitstateStore) Describe() string {
	return fmt.Sprintf("bitstate hashing: %d states in %d bits (%s bytes/state), %d hash functions, %.2g%% of bits set; omission probability ~ %.3g",
		s.n, s.m, perState(s.Bytes(), int(s.n)), s.k, 100*float64(s.set)/float64(s.m), s.OmissionProbability())
}
