package mcrl2

import (
	"math/big"
	"testing"

	"github.com/lps2lts/lps2lts/aterm"
	"github.com/lps2lts/lps2lts/lps"
)

// TestEncodeNumbers: the encodings of numbers read back (as the binary
// reader reads them) to the values written, across machine-word bounds.
func TestEncodeNumbers(t *testing.T) {
	tb := aterm.NewTable()
	e := NewEncoder(tb)
	tab := lps.NewSortTable()
	big2 := func(s string) *big.Rat { r, _ := new(big.Rat).SetString(s); return r }
	cases := []struct {
		s *lps.Sort
		v string
	}{
		{tab.Pos, "1"}, {tab.Pos, "18446744073709551615"}, {tab.Pos, "18446744073709551616"},
		{tab.Nat, "0"}, {tab.Nat, "340282366920938463463374607431768211457"},
		{tab.Int, "-5"}, {tab.Int, "0"}, {tab.Int, "-18446744073709551617"},
		{tab.Real, "3/4"}, {tab.Real, "-5/2"}, {tab.Real, "2"},
	}
	for _, c := range cases {
		term, err := e.Number(c.s, big2(c.v))
		if err != nil {
			t.Fatalf("%s %s: %v", c.s, c.v, err)
		}
		got, ok := (&binConv{}).number(term)
		if !ok || got.Cmp(big2(c.v)) != 0 {
			t.Errorf("%s %s read back as %v (%v)", c.s, c.v, got, ok)
		}
	}
	for _, c := range []struct {
		s *lps.Sort
		v string
	}{{tab.Pos, "0"}, {tab.Nat, "-1"}, {tab.Int, "1/2"}, {tab.Bool, "1"}} {
		if _, err := e.Number(c.s, big2(c.v)); err == nil {
			t.Errorf("%s %s: no error", c.s, c.v)
		}
	}
}
