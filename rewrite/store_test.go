package rewrite

import (
	"math/big"
	"testing"
	"unsafe"

	"github.com/lps2lts/lps2lts/lps"
)

// TestNodeSize keeps a node at 32 bytes: a search keeps every term its
// states name, and on models whose states hold lists the nodes are most
// of its memory (docs/stores.md, "Nodes of 32 bytes").
func TestNodeSize(t *testing.T) {
	if got := unsafe.Sizeof(node{}); got > 32 {
		t.Errorf("a node takes %d bytes, want at most 32", got)
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
	if got := s.bigVal(s.node(a)).String(); got != "123456789012345678901234567890" {
		t.Errorf("the stored number changed with the key's: %s", got)
	}
	r1 := s.intern(ratNode(real, big.NewRat(1, 3)))
	r2 := s.intern(ratNode(real, big.NewRat(2, 6)))
	if r1 != r2 || s.ratVal(s.node(r1)).String() != "1/3" {
		t.Errorf("1/3 and 2/6: ids %d and %d, value %s", r1, r2, s.ratVal(s.node(r1)))
	}
	v1, v2 := &varInfo{id: 1}, &varInfo{id: 2}
	t1, t2 := s.intern(varNode(nat, v1)), s.intern(varNode(nat, v2))
	if t1 == t2 || s.intern(varNode(nat, v1)) != t1 || s.varOf(s.node(t2)) != v2 {
		t.Errorf("variables: ids %d and %d", t1, t2)
	}
	if s.node(t1).flags&nodeGround != 0 {
		t.Error("a variable is marked ground")
	}
}

// markAll marks every id below n, as a collection that keeps everything.
func markAll(n Term) []uint64 {
	marked := make([]uint64, (n+63)/64)
	for t := Term(1); t < n; t++ {
		marked[t/64] |= 1 << (t % 64)
	}
	return marked
}

// TestManyArgs checks terms around the 16-bit count of a node's
// arguments: a term of manyArgs arguments or more keeps its count in its
// slab, is found again by value, and keeps its arguments through a
// collection, which copies them to new slabs.
func TestManyArgs(t *testing.T) {
	s := newStore()
	nat := &lps.Sort{Kind: lps.SortNat}
	set := &lps.Sort{Kind: lps.SortFSet, Elem: nat}
	elems := []Term{s.intern(&key{kind: kNum, sort: nat, val: 1}), s.intern(&key{kind: kNum, sort: nat, val: 2})}
	args := func(n, flip int) []Term {
		a := make([]Term, n)
		for i := range a {
			a[i] = elems[i%2]
		}
		if flip >= 0 {
			a[flip] = elems[1-flip%2]
		}
		return a
	}
	sizes := []int{manyArgs - 1, manyArgs, manyArgs + 1, 70000}
	var ts []Term
	for _, n := range sizes {
		t1 := s.internArgs(&key{kind: kFSet, sort: set}, args(n, -1))
		if got := len(s.node(t1).args()); got != n {
			t.Fatalf("%d arguments stored as %d", n, got)
		}
		if t2 := s.internArgs(&key{kind: kFSet, sort: set}, args(n, -1)); t2 != t1 {
			t.Errorf("%d arguments: interned twice as %d and %d", n, t1, t2)
		}
		if t3 := s.internArgs(&key{kind: kFSet, sort: set}, args(n, n-1)); t3 == t1 {
			t.Errorf("%d arguments: a changed last argument gives the same term", n)
		}
		ts = append(ts, t1)
	}
	if len(ts) != len(sizes) || ts[0] == ts[1] || ts[1] == ts[2] {
		t.Fatalf("terms of different lengths are equal: %v", ts)
	}
	n := Term(s.next.Load())
	s.sweep(markAll(n), n)
	for i, size := range sizes {
		want := args(size, -1)
		got := s.node(ts[i]).args()
		if len(got) != size || got[0] != want[0] || got[size-1] != want[size-1] {
			t.Fatalf("%d arguments after a collection: %d", size, len(got))
		}
		if t2 := s.internArgs(&key{kind: kFSet, sort: set}, want); t2 != ts[i] {
			t.Errorf("%d arguments after a collection: found %d, want %d", size, t2, ts[i])
		}
	}
}

// TestCollectNumbers checks that a collection keeps the values of the
// big numbers and reals it keeps, though it makes their table again, and
// that one it freed is made anew by value.
func TestCollectNumbers(t *testing.T) {
	s := newStore()
	nat := &lps.Sort{Kind: lps.SortNat}
	real := &lps.Sort{Kind: lps.SortReal}
	big1, _ := new(big.Int).SetString("100000000000000000000", 10)
	big2, _ := new(big.Int).SetString("200000000000000000000", 10)
	s.intern(bigNode(nat, big1))
	b2 := s.intern(bigNode(nat, big2))
	r1 := s.intern(ratNode(real, big.NewRat(1, 3)))
	s.intern(ratNode(real, big.NewRat(2, 3)))
	n := Term(s.next.Load())
	marked := make([]uint64, (n+63)/64)
	for _, k := range []Term{b2, r1} {
		marked[k/64] |= 1 << (k % 64)
	}
	if cs := s.sweep(marked, n); cs.Kept != 2 || cs.Freed != 2 {
		t.Fatalf("kept %d, freed %d; want 2 and 2", cs.Kept, cs.Freed)
	}
	if got := s.bigVal(s.node(b2)); got.Cmp(big2) != 0 {
		t.Errorf("kept big number is %s after the collection", got)
	}
	if got := s.ratVal(s.node(r1)).String(); got != "1/3" {
		t.Errorf("kept real is %s after the collection", got)
	}
	if s.intern(bigNode(nat, big2)) != b2 || s.intern(ratNode(real, big.NewRat(1, 3))) != r1 {
		t.Error("kept numbers are not found again by value")
	}
	nb1, nr2 := s.intern(bigNode(nat, big1)), s.intern(ratNode(real, big.NewRat(2, 3)))
	if s.bigVal(s.node(nb1)).Cmp(big1) != 0 || s.ratVal(s.node(nr2)).String() != "2/3" {
		t.Errorf("freed numbers made again: %s and %s", s.bigVal(s.node(nb1)), s.ratVal(s.node(nr2)))
	}
}

// TestHeads checks that the symbol and sort of a term come back from
// its head index for more pairs than a shard's cache holds, and that a
// symbol with two sorts makes two terms.
func TestHeads(t *testing.T) {
	s := newStore()
	sorts := []*lps.Sort{{Kind: lps.SortNat}, {Kind: lps.SortBool}}
	type made struct {
		t    Term
		fn   *symbol
		sort *lps.Sort
	}
	var all []made
	for i := range 100 {
		fn := &symbol{name: "f", id: uint32(i + 1)}
		for _, so := range sorts {
			all = append(all, made{s.intern(&key{kind: kApp, fn: fn, sort: so}), fn, so})
		}
	}
	seen := map[Term]bool{}
	for _, m := range all {
		n := s.node(m.t)
		if s.fnOf(n) != m.fn || s.sortOf(n) != m.sort {
			t.Fatalf("term %d: symbol %p, sort %p; want %p, %p", m.t, s.fnOf(n), s.sortOf(n), m.fn, m.sort)
		}
		if s.intern(&key{kind: kApp, fn: m.fn, sort: m.sort}) != m.t {
			t.Errorf("term %d is not found again", m.t)
		}
		if seen[m.t] {
			t.Errorf("term %d made for two pairs", m.t)
		}
		seen[m.t] = true
	}
}

// TestInlineArgs checks the terms of one or two arguments and no value,
// which keep their arguments in the node: their arguments and value read
// back, a term with a value keeps its arguments in a slab, and a
// collection keeps both.
func TestInlineArgs(t *testing.T) {
	s := newStore()
	nat := &lps.Sort{Kind: lps.SortNat}
	list := &lps.Sort{Kind: lps.SortList, Elem: nat}
	one, two := s.intern(&key{kind: kNum, sort: nat, val: 1}), s.intern(&key{kind: kNum, sort: nat, val: 2})
	nilT := s.intern(&key{kind: kNil, sort: list})
	cell := s.internArgs(&key{kind: kCons, sort: list}, []Term{two, nilT})
	cells := s.internArgs(&key{kind: kCons, sort: list}, []Term{one, cell})
	op := s.internArgs(&key{kind: kFnOp, sort: nat, val: 5}, []Term{cells})
	three := s.internArgs(&key{kind: kUpdate, sort: nat}, []Term{one, two, nilT})
	check := func(when string) {
		for _, c := range []struct {
			t      Term
			args   []Term
			value  int64
			inline bool
		}{
			{cell, []Term{two, nilT}, 0, true},
			{cells, []Term{one, cell}, 0, true},
			{op, []Term{cells}, 5, false},
			{three, []Term{one, two, nilT}, 0, false},
			{two, nil, 2, false},
		} {
			n := s.node(c.t)
			if got := n.args(); len(got) != len(c.args) || len(got) > 0 && (got[0] != c.args[0] || got[len(got)-1] != c.args[len(c.args)-1]) {
				t.Errorf("%s: term %d has arguments %v, want %v", when, c.t, got, c.args)
			}
			if n.value() != c.value || (n.flags&nodeInline != 0) != c.inline {
				t.Errorf("%s: term %d has value %d, inline %v; want %d, %v", when, c.t, n.value(), n.flags&nodeInline != 0, c.value, c.inline)
			}
		}
		if s.internArgs(&key{kind: kCons, sort: list}, []Term{one, cell}) != cells {
			t.Errorf("%s: a cons cell is not found again", when)
		}
		if s.internArgs(&key{kind: kFnOp, sort: nat, val: 4}, []Term{cells}) == op {
			t.Errorf("%s: operations of two codes are one term", when)
		}
	}
	check("made")
	n := Term(s.next.Load())
	s.sweep(markAll(n), n)
	check("after a collection")
}
