package rewrite

import (
	"math/big"
	"testing"
	"unsafe"

	"github.com/lps2lts/lps2lts/lps"
)

// TestNodeSize keeps a node at 56 bytes: a search keeps every term its
// states name, and on models whose states hold lists the nodes are most
// of its memory (docs/stores.md, "Terms that die").
func TestNodeSize(t *testing.T) {
	if got := unsafe.Sizeof(node{}); got > 56 {
		t.Errorf("a node takes %d bytes, want at most 56", got)
	}
}

// TestInternExt checks that the terms whose fields hang from ext (big
// numbers, reals, variables) are shared by value, not by pointer, and
// that interning copies the key's values.
func TestInternExt(t *testing.T) {
	s := newStore()
	nat := &lps.Sort{Kind: lps.SortNat}
	real := &lps.Sort{Kind: lps.SortReal}
	x, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	a := s.intern(bigNode(nat, x))
	x.Add(x, big.NewInt(1))
	b := s.intern(bigNode(nat, x))
	y, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	if c := s.intern(bigNode(nat, y)); c != a || a == b {
		t.Errorf("big numbers: ids %d, %d, %d; want the first and third equal, the second apart", a, b, c)
	}
	if got := s.node(a).bigInt().String(); got != "123456789012345678901234567890" {
		t.Errorf("the stored number changed with the key's: %s", got)
	}
	r1 := s.intern(ratNode(real, big.NewRat(1, 3)))
	r2 := s.intern(ratNode(real, big.NewRat(2, 6)))
	if r1 != r2 || s.node(r1).rat().String() != "1/3" {
		t.Errorf("1/3 and 2/6: ids %d and %d, value %s", r1, r2, s.node(r1).rat())
	}
	v1, v2 := &varInfo{id: 1}, &varInfo{id: 2}
	t1, t2 := s.intern(varNode(nat, v1)), s.intern(varNode(nat, v2))
	if t1 == t2 || s.intern(varNode(nat, v1)) != t1 || s.node(t2).vi() != v2 {
		t.Errorf("variables: ids %d and %d", t1, t2)
	}
	if s.node(t1).flags&nodeGround != 0 {
		t.Error("a variable is marked ground")
	}
}
