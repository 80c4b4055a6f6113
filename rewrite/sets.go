package rewrite

import "github.com/lps2lts/lps2lts/lps"

// The set library (mCRL2's set.spec): sets as @set(f, s) (containers.go),
// union, intersection and difference (setops.go), complement, and the
// conversions into sets. mcrl2sets.go has the library's internal
// functions as binary files apply them.

func init() {
	for _, op := range []lps.Op{lps.OpAdd, lps.OpMul, lps.OpSub} {
		defineFor(op, false, setBagArithOfValues, lps.SortSet)
	}
	define(lps.OpComplement, func(r *Rewriter, fn *symbol, args []Term) (Term, bool) {
		return r.setComplement(fn, args[0]) // also of a foreignSet
	})
	define(lps.OpFSet2Set, onContainers(fromFinite(kFSet, fnFalse, (*Rewriter).mkSet)))
	define(lps.OpSetRetag, onContainers((*Rewriter).evalSetRetag))
}

// setBagArithOfValues is +, * and - on finite sets, finite bags, sets and
// bags (setops.go), guarded by onContainers.
var setBagArithOfValues = onContainers(func(r *Rewriter, fn *symbol, args []Term) (Term, bool) {
	return r.setBagArith(fn, args[0], args[1])
})

// evalSetRetag gives a set the wider element sort of lps.OpSetRetag.
func (r *Rewriter) evalSetRetag(fn *symbol, args []Term) (Term, bool) {
	n := r.node(args[0])
	if n.kind != kSet {
		return 0, false
	}
	return r.mkSet(fn.res, n.args()[0], n.args()[1]), true
}
