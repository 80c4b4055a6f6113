package rewrite

import "github.com/lps2lts/lps2lts/lps"

// mulByZero is mCRL2's pair of Real equations r * 0 = 0 and 0 * r = 0
// (real64.spec: @equals_zero(m) -> *(r, @cReal(@cInt(m), p)) = 0): a
// product of Reals with a zero factor is zero even when the other factor
// is no value, such as if(i < 24, 1 / 24, 0) with i a free variable. A
// stochastic distribution over unbounded variables relies on it to prune
// the values of probability zero (mCRL2's
// probabilistic/slot_machines/paylines). Pos, Nat and Int have no such
// equation in mCRL2, so their products stay as they are.
func (r *Rewriter) mulByZero(fn *symbol, a, b Term) (Term, bool) {
	if fn.res.Kind != lps.SortReal {
		return 0, false
	}
	for _, t := range [2]Term{a, b} {
		if n := r.node(t); n.kind == kReal && r.ratVal(n).Sign() == 0 {
			return t, true
		}
	}
	return 0, false
}
