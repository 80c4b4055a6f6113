package rewrite

import "github.com/lps2lts/lps2lts/lps"

// The finite set library (mCRL2's fset.spec): finite sets as sorted,
// duplicate-free element lists (containers.go: mkFSet, insertFSet),
// union, intersection and difference (setops.go: fsetOp), # and pick
// (containers.go).

func init() {
	for _, op := range []lps.Op{lps.OpAdd, lps.OpMul, lps.OpSub} {
		defineFor(op, false, finiteArith, lps.SortFSet)
	}
}

// finiteArith is +, * and - on finite sets and bags: with an empty
// operand whatever the other is (withEmptyFinite), else on values.
func finiteArith(r *Rewriter, fn *symbol, args []Term) (Term, bool) {
	if res, ok := r.withEmptyFinite(fn, args[0], args[1]); ok {
		return res, true
	}
	return setBagArithOfValues(r, fn, args)
}
