package rewrite

import "github.com/lps2lts/lps2lts/lps"

// The bag library (mCRL2's bag.spec): bags as @bag(f, b) (containers.go),
// join, intersection and difference (setops.go, swapzero.go), count, and
// the conversions between sets and bags. mcrl2sets.go has the library's
// internal functions as binary files apply them.

func init() {
	for _, op := range []lps.Op{lps.OpAdd, lps.OpMul, lps.OpSub} {
		defineFor(op, false, setBagArithOfValues, lps.SortBag)
	}
	define(lps.OpBagCount, (*Rewriter).evalCount)
	define(lps.OpFBag2Bag, onContainers(fromFinite(kFBag, fnZero, (*Rewriter).mkBag)))
	define(lps.OpSet2Bag, onContainers((*Rewriter).evalSet2Bag))
	define(lps.OpBag2Set, onContainers((*Rewriter).evalBag2Set))
}

// evalCount is count(e, b) on finite bags and bags, and on a bag
// enumeration that stays one (countInEnum).
func (r *Rewriter) evalCount(fn *symbol, args []Term) (Term, bool) {
	for _, a := range args {
		if r.noContainerValue(a) {
			return 0, false
		}
	}
	if !elemSortFits(fn) {
		return 0, false
	}
	return r.bagCount(fn.res, args[0], args[1])
}

// evalSet2Bag is Set2Bag(@set(h, s)) = @bag(@Bool2Nat_(h), s with each
// element once).
func (r *Rewriter) evalSet2Bag(fn *symbol, args []Term) (Term, bool) {
	n := r.node(args[0])
	if n.kind != kSet {
		return 0, false
	}
	elems := r.node(n.args()[1]).args()
	es := make([]bagEntry, len(elems))
	one := r.mkInt(r.natSortOf(), 1)
	for i, e := range elems {
		es[i] = bagEntry{e, one}
	}
	return r.mkBag(fn.res, r.fnUnary(fn.res, fnBool2Nat, n.args()[0]), r.mkFBag(fn.res, r.natSortOf(), es)), true
}

// evalBag2Set is Bag2Set(@bag(f, b)) = @set(@Nat2Bool_(f), u), where u
// holds the elements of b whose membership differs from f's verdict.
func (r *Rewriter) evalBag2Set(fn *symbol, args []Term) (Term, bool) {
	res := fn.res
	n := r.node(args[0])
	if n.kind != kBag {
		return 0, false
	}
	f, fb := n.args()[0], r.node(n.args()[1])
	fz := r.isFnConst(f, fnZero)
	nat := r.natSortOf()
	elems := make([]Term, 0, len(fb.args())/2)
	for i := 0; i < len(fb.args()); i += 2 {
		if fz {
			elems = append(elems, fb.args()[i])
			continue
		}
		fe := r.applyTerm(nat, f, []Term{fb.args()[i]})
		if !r.isIntValue(fe) {
			return 0, false
		}
		if r.isPositive(fe) != r.isPositive(r.swapZero(nat, fe, fb.args()[i+1])) {
			elems = append(elems, fb.args()[i])
		}
	}
	// The elements kept are in the bag's order.
	return r.mkSet(res, r.fnUnary(res, fnNat2Bool, f), r.internArgs(&key{kind: kFSet, sort: res}, elems)), true
}
