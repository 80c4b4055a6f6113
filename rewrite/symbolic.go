package rewrite

import (
	"github.com/lps2lts/lps2lts/lps"
)

// Symbolic arithmetic on terms with free variables, just enough for the
// enumerator's Peano-style expansion (see solve.go): a Pos or Nat term t
// that is not a value is written base + k with k a number value, and has a
// lower bound (1 for Pos, 0 for Nat, plus k). An Int variable is expanded
// into n (a Nat, converted) or -p (p a Pos): the first has a lower bound,
// the second an upper bound (-1, minus p's offset). Comparisons of such a
// term with a number are decided when a bound decides them. Ground terms
// are compared only as mCRL2's equations compare them (stuck.go).

// splitOffset returns base and k with t = base + k (k = 0, base = t when t
// has no constant summand).
func (r *Rewriter) splitOffset(t Term) (Term, int64) {
	n := r.node(t)
	if n.kind == kApp && r.fnOf(n).kind == lps.FuncBuiltin && r.fnOf(n).op == lps.OpAdd && len(n.args()) == 2 {
		if k := r.node(n.args()[1]); k.kind == kNum {
			return n.args()[0], k.value()
		}
	}
	return t, 0
}

// lowerBound returns a lower bound of the Pos/Nat term t.
func (r *Rewriter) lowerBound(t Term) (int64, bool) {
	n := r.node(t)
	switch n.kind {
	case kNum:
		return n.value(), true
	case kBig:
		return 0, false
	}
	if n.kind == kApp && r.fnOf(n).kind == lps.FuncBuiltin && len(n.args()) == 1 {
		switch r.fnOf(n).op {
		case lps.OpPos2Nat, lps.OpPos2Int, lps.OpNat2Int:
			return r.lowerBound(n.args()[0])
		case lps.OpNeg:
			if ub, ok := r.upperBound(n.args()[0]); ok {
				return -ub, true
			}
		}
	}
	if n.kind == kApp && r.fnOf(n).kind == lps.FuncBuiltin && len(n.args()) == 2 {
		switch r.fnOf(n).op {
		case lps.OpAdd:
			a, ok1 := r.lowerBound(n.args()[0])
			b, ok2 := r.lowerBound(n.args()[1])
			if ok1 && ok2 && a < 1<<60 && b < 1<<60 {
				return a + b, true
			}
		case lps.OpSub:
			a, ok1 := r.lowerBound(n.args()[0])
			b, ok2 := r.upperBound(n.args()[1])
			if ok1 && ok2 && a < 1<<60 && a > -1<<60 && b < 1<<60 && b > -1<<60 {
				return a - b, true
			}
		case lps.OpMul:
			a, ok1 := r.lowerBound(n.args()[0])
			b, ok2 := r.lowerBound(n.args()[1])
			if ok1 && ok2 && a >= 0 && b >= 0 && a < 1<<30 && b < 1<<30 {
				return a * b, true
			}
		}
	}
	if r.sortOf(n) == nil {
		return 0, false
	}
	switch r.sortOf(n).Kind {
	case lps.SortPos:
		return 1, true
	case lps.SortNat:
		return 0, true
	}
	return 0, false
}

// upperBound returns an upper bound of the number term t, if it has one:
// a value, the negation of a term with a lower bound, or a sum or
// difference of bounded terms.
func (r *Rewriter) upperBound(t Term) (int64, bool) {
	n := r.node(t)
	if n.kind == kNum {
		return n.value(), true
	}
	if n.kind != kApp || r.fnOf(n).kind != lps.FuncBuiltin {
		return 0, false
	}
	switch {
	case r.fnOf(n).op == lps.OpNeg && len(n.args()) == 1:
		if lb, ok := r.lowerBound(n.args()[0]); ok && lb > -1<<60 {
			return -lb, true
		}
	case r.fnOf(n).op == lps.OpAdd && len(n.args()) == 2:
		a, ok1 := r.upperBound(n.args()[0])
		b, ok2 := r.upperBound(n.args()[1])
		if ok1 && ok2 && a < 1<<60 && a > -1<<60 && b < 1<<60 && b > -1<<60 {
			return a + b, true
		}
	case r.fnOf(n).op == lps.OpSub && len(n.args()) == 2:
		a, ok1 := r.upperBound(n.args()[0])
		b, ok2 := r.lowerBound(n.args()[1])
		if ok1 && ok2 && a < 1<<60 && a > -1<<60 && b < 1<<60 && b > -1<<60 {
			return a - b, true
		}
	}
	return 0, false
}

// symbolicAdd normalises a + b for Pos/Nat terms that are not both values:
// constants move right and merge, (x + 1) + 2 = x + 3. That is the
// enumerator's arithmetic on free variables; a ground sum with a term that
// is no value (5 + Int2Pos(-8)) matches none of mCRL2's equations for +
// and stays as written.
func (r *Rewriter) symbolicAdd(fn *symbol, a, b Term) (Term, bool) {
	if fn.res.Kind != lps.SortPos && fn.res.Kind != lps.SortNat {
		return 0, false
	}
	if r.IsGround(a) && r.IsGround(b) {
		return 0, false
	}
	if r.isIntValue(a) && !r.isIntValue(b) {
		a, b = b, a
	}
	kb := r.node(b)
	if kb.kind != kNum {
		return 0, false
	}
	base, k := r.splitOffset(a)
	if k+kb.value() < k {
		return 0, false
	}
	if k == 0 && base == a {
		return r.mkApp(fn, []Term{a, b}), true
	}
	return r.mkApp(r.opSym(lps.OpAdd, fn.res), []Term{base, r.mkInt(fn.res, k+kb.value())}), true
}

// symbolicEqual decides a == b from lower bounds and offsets, or reports
// false when it cannot.
func (r *Rewriter) symbolicEqual(a, b Term) (Term, bool) {
	if r.IsGround(a) && r.IsGround(b) {
		return r.stuckEqual(a, b)
	}
	if r.isIntValue(a) {
		a, b = b, a
	}
	if r.isIntValue(b) {
		if nb := r.node(b); nb.kind == kNum {
			if lb, ok := r.lowerBound(a); ok && lb > nb.value() {
				return r.falseT, true
			}
			if ub, ok := r.upperBound(a); ok && ub < nb.value() {
				return r.falseT, true
			}
		}
		return 0, false
	}
	ba, ka := r.splitOffset(a)
	bb, kb := r.splitOffset(b)
	if ba == bb && ka != kb {
		return r.falseT, true
	}
	return 0, false
}

// symbolicLess decides a < b (a <= b when orEqual) from lower bounds.
func (r *Rewriter) symbolicLess(a, b Term, orEqual bool) (Term, bool) {
	if r.IsGround(a) && r.IsGround(b) {
		return r.stuckLess(a, b, orEqual)
	}
	nb := r.node(b)
	na := r.node(a)
	if nb.kind == kNum && na.kind != kNum {
		// a < c is false when lb(a) >= c; a <= c false when lb(a) > c.
		if lb, ok := r.lowerBound(a); ok {
			if lb > nb.value() || lb == nb.value() && !orEqual {
				return r.falseT, true
			}
		}
		// a < c is true when ub(a) < c; a <= c true when ub(a) <= c.
		if ub, ok := r.upperBound(a); ok {
			if ub < nb.value() || ub == nb.value() && orEqual {
				return r.trueT, true
			}
		}
		return 0, false
	}
	if na.kind == kNum && nb.kind != kNum {
		// c < b is true when c < lb(b); c <= b true when c <= lb(b).
		if lb, ok := r.lowerBound(b); ok {
			if na.value() < lb || na.value() == lb && orEqual {
				return r.trueT, true
			}
		}
		// c < b is false when ub(b) <= c; c <= b false when ub(b) < c.
		if ub, ok := r.upperBound(b); ok {
			if ub < na.value() || ub == na.value() && !orEqual {
				return r.falseT, true
			}
		}
		return 0, false
	}
	ba, ka := r.splitOffset(a)
	bb, kb := r.splitOffset(b)
	if ba == bb {
		return r.Bool(ka < kb || ka == kb && orEqual), true
	}
	return 0, false
}
