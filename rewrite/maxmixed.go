package rewrite

import (
	"github.com/lps2lts/lps2lts/lps"
)

// max over two number sorts of which one is not a value: mCRL2 declares
// max: Pos # Nat -> Pos, Pos # Int -> Pos, Nat # Int -> Nat and the same
// the other way round, and its equations reduce an Int operand by its
// constructor (int64.spec: max(p, @cInt(n)) = max(p, n), max(p, @cNeg(q))
// = p, and so for Nat) before the Pos/Nat ones unfold the rest. The result
// has the sort of the narrower operand: a term that is not a value when
// this unfolds (the enumerator's y - 1 of a Pos y, say) must become a
// number of the result's sort once it is one, or a Pos parameter would be
// handed an Int 1 that no equation matching on 1 recognises.

// maxOfMixed unfolds max(a, b) of result sort res, leftKind being the
// sort of a. It reports false when an Int operand has neither constructor
// form (no equation applies).
func (r *Rewriter) maxOfMixed(res *lps.Sort, leftKind lps.SortKind, a, b Term) (Term, bool) {
	narrow, wide := a, b
	narrowLeft := leftKind == res.Kind
	if !narrowLeft {
		narrow, wide = b, a
	}
	if r.sortOf(r.node(wide)).Kind == lps.SortInt {
		switch r.intSign(wide) {
		case -1:
			return narrow, true
		case 0:
			return 0, false
		}
		wide = r.natOfNonNegative(wide)
	}
	nat := r.sortOf(r.node(wide))
	if res.Kind == lps.SortNat {
		// max(m, n) = if(m <= n, n, m), in the order the operands had.
		m, n := narrow, wide
		if !narrowLeft {
			m, n = wide, narrow
		}
		c := r.apply(r.cmpSym(lps.OpLe, nat), []Term{m, n})
		return r.apply(r.opSymN(lps.OpIf, res, 3), []Term{c, n, m}), true
	}
	// max(p, n) = max(n, p) = if(n <= Pos2Nat(p), p, Nat2Pos(n)).
	p, n := narrow, wide
	c := r.apply(r.cmpSym(lps.OpLe, nat), []Term{n, r.apply(r.opSymN(lps.OpPos2Nat, nat, 1), []Term{p})})
	return r.apply(r.opSymN(lps.OpIf, res, 3), []Term{c, p, r.apply(r.opSymN(lps.OpNat2Pos, res, 1), []Term{n})}), true
}

// natOfNonNegative returns the Nat n of an Int that intSign classifies as
// @cInt(n): a non-negative value as a Nat, Nat2Int(n) as n, Pos2Int(q) as
// Pos2Nat(q).
func (r *Rewriter) natOfNonNegative(t Term) Term {
	n := r.node(t)
	switch {
	case n.kind == kNum:
		return r.mkInt(r.natSortOf(), n.value())
	case n.kind == kBig:
		return r.mkBigInt(r.natSortOf(), r.bigVal(n))
	case r.fnOf(n).op == lps.OpNat2Int:
		return n.args()[0]
	}
	return r.apply(r.opSymN(lps.OpPos2Nat, r.natSortOf(), 1), []Term{n.args()[0]})
}
