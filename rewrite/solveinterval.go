package rewrite

import (
	"fmt"
	"math"

	"github.com/lps2lts/lps2lts/lps"
)

// Sum variables of Nat, Pos and Int that the condition bounds by number
// values (j < 1000, 2 <= j && j <= n once n is bound) are bound to each
// value of that interval directly: the Peano-style expansion (solve.go)
// reaches the k-th value in O(k) steps, so a sum over N values cost
// O(N^2). The values come in the order mCRL2's breadth-first enumerator
// gives them for one variable: Nat and Pos ascending; Int interleaving its
// two constructors, @cInt(n) and @cNeg(p), as 0, -1, 1, -2, 2, ...

// interval is the set of values lo..hi (inclusive) the conjuncts allow;
// a side is known when its has flag is set.
type interval struct {
	lo, hi       int64
	hasLo, hasHi bool
}

// boundTable says what a conjunct v OP c (v the variable, c a number
// value) tells about v, per comparison operator; flipped gives the
// operator of c OP v written with v first.
var boundTable = map[lps.Op]struct {
	flipped lps.Op
	apply   func(iv *interval, c int64)
}{
	lps.OpLt: {lps.OpGt, func(iv *interval, c int64) { iv.narrow(c, false, -1) }},
	lps.OpLe: {lps.OpGe, func(iv *interval, c int64) { iv.narrow(c, false, 0) }},
	lps.OpGt: {lps.OpLt, func(iv *interval, c int64) { iv.narrow(c, true, 1) }},
	lps.OpGe: {lps.OpLe, func(iv *interval, c int64) { iv.narrow(c, true, 0) }},
	lps.OpEq: {lps.OpEq, func(iv *interval, c int64) { iv.narrow(c, true, 0); iv.narrow(c, false, 0) }},
}

// narrow narrows one side of iv to c+delta: the lower side when low, else
// the upper. A bound past the int64 range empties iv.
func (iv *interval) narrow(c int64, low bool, delta int64) {
	if delta > 0 && c == math.MaxInt64 || delta < 0 && c == math.MinInt64 {
		iv.lo, iv.hi, iv.hasLo, iv.hasHi = 1, 0, true, true // empty
		return
	}
	c += delta
	if low {
		if !iv.hasLo || c > iv.lo {
			iv.lo, iv.hasLo = c, true
		}
		return
	}
	if !iv.hasHi || c < iv.hi {
		iv.hi, iv.hasHi = c, true
	}
}

// numberInterval returns the interval of the Nat, Pos or Int variable v
// that the conjuncts of cond bound on both sides (Nat from 0 and Pos from
// 1 without a lower bound), or false.
func (r *Rewriter) numberInterval(cond, v Term, sort *lps.Sort) (interval, bool) {
	var iv interval
	switch sort.Kind {
	case lps.SortNat:
		iv = interval{lo: 0, hasLo: true}
	case lps.SortPos:
		iv = interval{lo: 1, hasLo: true}
	case lps.SortInt:
	default:
		return iv, false
	}
	r.conjunctBounds(cond, v, &iv, r.widened)
	return iv, iv.hasLo && iv.hasHi
}

// conjunctBounds narrows iv by every conjunct of cond that compares v with
// a number value: a side of a comparison is v when measure gives v for it
// (widened: v converted to a wider number sort; lengthOf: the length #v
// of a list).
func (r *Rewriter) conjunctBounds(cond, v Term, iv *interval, measure func(Term) Term) {
	n := r.node(cond)
	if n.kind != kApp || r.fnOf(n).kind != lps.FuncBuiltin || len(n.args()) != 2 {
		return
	}
	if r.fnOf(n).op == lps.OpAnd {
		r.conjunctBounds(n.args()[0], v, iv, measure)
		r.conjunctBounds(n.args()[1], v, iv, measure)
		return
	}
	b, ok := boundTable[r.fnOf(n).op]
	if !ok {
		return
	}
	a, c := n.args()[0], n.args()[1]
	if measure(c) == v {
		a, c = c, a
		b = boundTable[b.flipped]
	}
	if cn := r.node(c); measure(a) == v && cn.kind == kNum {
		b.apply(iv, cn.value())
	}
}

// lengthOf returns l for the length #l of a list (as a wider number too),
// else 0.
func (r *Rewriter) lengthOf(t Term) Term {
	n := r.node(r.widened(t))
	if n.kind == kApp && r.fnOf(n).kind == lps.FuncBuiltin && r.fnOf(n).op == lps.OpCount && len(n.args()) == 1 && r.sortOf(r.node(n.args()[0])).Kind == lps.SortList {
		return n.args()[0]
	}
	return 0
}

// widened strips the conversions Pos2Nat, Pos2Int and Nat2Int that the
// type checker puts around a variable compared with a wider number.
func (r *Rewriter) widened(t Term) Term {
	for {
		n := r.node(t)
		if n.kind != kApp || r.fnOf(n).kind != lps.FuncBuiltin || len(n.args()) != 1 {
			return t
		}
		switch r.fnOf(n).op {
		case lps.OpPos2Nat, lps.OpPos2Int, lps.OpNat2Int:
			t = n.args()[0]
		default:
			return t
		}
	}
}

// bindInterval binds v to each value of iv in mCRL2's order and continues
// with rest; it returns false when the search must stop.
func (sv *solver) bindInterval(v Term, sort *lps.Sort, iv interval, rest []Term, cond Term) bool {
	r := sv.r
	return iv.each(func(x int64) bool { return sv.bindAndRec(v, r.mkInt(sort, x), nil, rest, cond) })
}

// each calls f with each value of iv in mCRL2's order until f returns
// false; it returns false when f did.
func (iv interval) each(f func(x int64) bool) bool {
	switch {
	case iv.lo > iv.hi:
		return true
	case iv.lo >= 0:
		for x := iv.lo; ; x++ {
			if !f(x) {
				return false
			}
			if x == iv.hi {
				return true
			}
		}
	case iv.hi < 0:
		for x := iv.hi; ; x-- {
			if !f(x) {
				return false
			}
			if x == iv.lo {
				return true
			}
		}
	}
	// lo < 0 <= hi: n from @cInt, then -(n+1) from @cNeg, while either
	// is in the interval.
	for n := int64(0); n <= iv.hi || -n-1 >= iv.lo; n++ {
		if n <= iv.hi && !f(n) {
			return false
		}
		if -n-1 >= iv.lo && !f(-n-1) {
			return false
		}
	}
	return true
}

// unboundedReason says why the sum of vars under cond may be infinite:
// the variables no conjunct bounds, for the message of a sum given up.
func (sv *solver) unboundedReason() string {
	b := sv.r.appendUnbounded(nil, sv.vars, sv.cond)
	if len(b) == 0 {
		return "the conjuncts of the condition bound every variable of an infinite sort: the sum is finite but larger than the bound"
	}
	return fmt.Sprintf("the sum is probably infinite: no conjunct of the condition bounds %s (a Nat or Pos needs v < e, v <= e or v == e with e a value, an Int also e <= v or e < v, a list #v < e or #v <= e)", b)
}

// SumUnbounded reports whether a conjunct of cond (rewritten, with the
// process parameters replaced by their values) leaves a variable of vars
// of an infinite sort unbounded: a Nat, Pos or Int outside an interval of
// values, a list whose length #l no conjunct bounds by a value, or a
// variable of another infinite sort that no conjunct v == e binds. Such a
// sum may have infinitely many solutions (it need not: the check looks at
// the conjuncts alone).
func (r *Rewriter) SumUnbounded(vars []Term, cond Term) bool {
	return len(r.appendUnbounded(nil, vars, cond)) > 0
}

// appendUnbounded appends to b the names of the variables of vars that
// the conjuncts of cond leave unbounded (SumUnbounded), comma-separated.
func (r *Rewriter) appendUnbounded(b []byte, vars []Term, cond Term) []byte {
	for _, v := range vars {
		n := r.node(v)
		switch r.sortOf(n).Kind {
		case lps.SortNat, lps.SortPos, lps.SortInt:
			if _, ok := r.numberInterval(cond, v, r.sortOf(n)); ok {
				continue
			}
		case lps.SortList:
			iv := interval{lo: 0, hasLo: true}
			if r.conjunctBounds(cond, v, &iv, r.lengthOf); iv.hasHi {
				continue
			}
		default:
			if r.sortClass(r.sortOf(n)) != sortClassInfinite {
				continue
			}
		}
		if _, ok := (&solver{r: r}).onePoint(cond, v); ok {
			continue
		}
		if len(b) > 0 {
			b = append(b, ", "...)
		}
		b = append(b, r.varOf(n).v.Name...)
	}
	return b
}
