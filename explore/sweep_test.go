package explore

import (
	"math"
	"math/big"
	"testing"
)

// TestProgressValueCmp compares exactly, with big.Rat as the oracle, also
// where the cross products overflow 64 bits.
func TestProgressValueCmp(t *testing.T) {
	vals := []int64{math.MinInt64, math.MinInt64 + 1, -1 << 40, -3, -1, 0, 1, 2, 3, 7, 1 << 40, math.MaxInt64 - 1, math.MaxInt64}
	var ps []ProgressValue
	for _, n := range vals {
		for _, d := range []int64{1, 2, 3, 1 << 33, math.MaxInt64} {
			p, err := RatProgressValue(new(big.Rat).SetFrac(big.NewInt(n), big.NewInt(d)))
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, p)
		}
	}
	rat := func(p ProgressValue) *big.Rat { return new(big.Rat).SetFrac(big.NewInt(p.Num), big.NewInt(p.Den)) }
	for _, p := range ps {
		for _, q := range ps {
			if got, want := p.Cmp(q), rat(p).Cmp(rat(q)); got != want {
				t.Errorf("%v.Cmp(%v) = %d, want %d", p, q, got, want)
			}
		}
	}
	big1 := new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), 63))
	if _, err := RatProgressValue(big1); err == nil {
		t.Error("2^63 fits in an int64?")
	}
}
