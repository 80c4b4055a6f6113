package explore

import (
	"testing"

	"github.com/lps2lts/lps2lts/internal/statehash"
)

// TestSpecSet: the helper's set says new once per hash, through its
// growths, for hashes that share a first slot (the same top bits) and
// for 0 (stored as 1, so 0 and 1 are one hash to it); prefetching
// changes nothing.
func TestSpecSet(t *testing.T) {
	var s specSet
	s.init(4)
	defer s.free()
	var hs []uint64
	for i := range uint32(5000) {
		hs = append(hs, statehash.Sum([]uint32{i, 7}))
	}
	hs = append(hs, 1<<63, 1<<63+1, 1<<63+2, 0)
	for round := range 2 {
		for i, h := range hs {
			s.prefetch(hs[i:])
			if got := s.insert(h); got != (round == 0) {
				t.Fatalf("round %d, hash %d (%#x): new %v", round, i, h, got)
			}
		}
	}
	if s.len() != len(hs) {
		t.Errorf("len %d, want %d", s.len(), len(hs))
	}
	if s.insert(1) {
		t.Error("1 is new after 0 went in")
	}
	if len(s.slots)*3/4 < len(hs) {
		t.Errorf("%d slots for %d hashes: fuller than 3/4", len(s.slots), len(hs))
	}
}

// TestSpecSetBits: the set starts with room for a state limit's states
// at 3/4 (bounded by specMaxStates), and small without a limit.
func TestSpecSetBits(t *testing.T) {
	for _, c := range []struct {
		limit int
		bits  uint
	}{{0, 12}, {100, 12}, {300000, 19}, {393216, 19}, {393217, 20}, {1 << 40, 24}} {
		if got := specSetBits(c.limit); got != c.bits {
			t.Errorf("limit %d: %d bits, want %d", c.limit, got, c.bits)
		}
	}
}
