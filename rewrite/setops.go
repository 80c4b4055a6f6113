package rewrite

import "github.com/lps2lts/lps2lts/lps"

// Union, intersection, difference, complement and inclusion of sets and
// bags, as mCRL2's set and bag libraries define them on their
// representation @set(f, s) and @bag(f, b) (see containers.go).

func (r *Rewriter) setComplement(fn *symbol, a Term) (Term, bool) {
	n := r.node(a)
	if n.kind != kSet {
		return 0, false
	}
	return r.mkSet(r.sortOf(n), r.fnUnary(r.sortOf(n), fnNot, n.args()[0]), n.args()[1]), true
}

// fnUnary builds @not_(f), @Bool2Nat_(f) or @Nat2Bool_(f) (op is fnNot,
// fnBool2Nat or fnNat2Bool), applying mCRL2's rules for the function
// constants (@not_(@false_) = @true_, @Bool2Nat_(@true_) = @one_, ...).
func (r *Rewriter) fnUnary(s *lps.Sort, op int, f Term) Term {
	if n := r.node(f); n.kind == kFnConst {
		if c, ok := fnUnaryConst[op][int(n.value())]; ok {
			return r.fnConst(s, c)
		}
	}
	return r.internArgs(&key{kind: kFnOp, sort: s, val: int64(op)}, []Term{f})
}

// fnLaw is what mCRL2's rules simplify of a symmetric combinator op(f,
// g) of function parts: op(f, f) = f where idempotent; the absorbing
// constant where f or g is it; f where g is the unit constant, and g
// where f is. noFn stands for no such constant.
type fnLaw struct {
	idempotent      bool
	absorbing, unit int
}

const noFn = -1

var fnLaws = map[int]fnLaw{
	fnAnd: {idempotent: true, absorbing: fnFalse, unit: fnTrue},
	fnOr:  {idempotent: true, absorbing: fnTrue, unit: fnFalse},
	fnAdd: {absorbing: noFn, unit: fnZero},
	fnMin: {idempotent: true, absorbing: fnZero, unit: noFn},
}

// fnBin builds @and_/@or_/@add_/@min_/@monus_(f, g) with mCRL2's
// simplifications: fnLaws for the symmetric ones; for @monus_, f - f and
// 0 - g are 0, f - 0 is f.
func (r *Rewriter) fnBin(s *lps.Sort, op int, f, g Term) Term {
	isF := r.isFnConst
	if law, ok := fnLaws[op]; ok {
		switch {
		case law.idempotent && f == g:
			return f
		case isF(f, law.absorbing) || isF(g, law.absorbing):
			return r.fnConst(s, law.absorbing)
		case isF(g, law.unit):
			return f
		case isF(f, law.unit):
			return g
		}
	} else if op == fnMonus {
		switch {
		case f == g || isF(f, fnZero):
			return r.fnConst(s, fnZero)
		case isF(g, fnZero):
			return f
		}
	}
	return r.internArgs(&key{kind: kFnOp, sort: s, val: int64(op)}, []Term{f, g})
}

// setBagArith evaluates union (+), intersection (*) and difference (-) on
// finite sets, finite bags, sets and bags.
func (r *Rewriter) setBagArith(fn *symbol, a, b Term) (Term, bool) {
	na, nb := r.node(a), r.node(b)
	res := fn.res
	switch {
	case na.kind == kFSet && nb.kind == kFSet:
		return r.fsetOp(res, fn.op, na.args(), nb.args())
	case na.kind == kFBag && nb.kind == kFBag:
		return r.fbagOp(res, fn.op, na.args(), nb.args())
	case na.kind == kFSet && nb.kind == kSet:
		// FSet * Set and FSet - Set give the elements of the finite set
		// that are (not) in the set.
		var keep []Term
		for _, e := range na.args() {
			in, ok := r.member(e, b)
			if !ok || in != r.trueT && in != r.falseT {
				return 0, false
			}
			if (in == r.trueT) == (fn.op == lps.OpMul) {
				keep = append(keep, e)
			}
		}
		// The elements kept are in the finite set's order, as mCRL2's
		// equation keeps them.
		return r.internArgs(&key{kind: kFSet, sort: res}, keep), true
	case na.kind == kSet && nb.kind == kFSet && fn.op == lps.OpMul:
		return r.setBagArith(fn, b, a)
	case na.kind == kSet && nb.kind == kSet:
		f, s := na.args()[0], r.node(na.args()[1]).args()
		g, t := nb.args()[0], r.node(nb.args()[1]).args()
		switch fn.op {
		case lps.OpSub:
			// x - y = x * !y
			g = r.fnUnary(res, fnNot, g)
			fallthrough
		case lps.OpMul:
			fs, ok := r.fsetMerge(res, f, g, s, t, false)
			if !ok {
				return 0, false
			}
			return r.mkSet(res, r.fnBin(res, fnAnd, f, g), fs), true
		case lps.OpAdd:
			fs, ok := r.fsetMerge(res, f, g, s, t, true)
			if !ok {
				return 0, false
			}
			return r.mkSet(res, r.fnBin(res, fnOr, f, g), fs), true
		}
	case na.kind == kBag && nb.kind == kBag:
		if r.isFnConst(na.args()[0], fnZero) && r.isFnConst(nb.args()[0], fnZero) {
			fb, ok := r.fbagOp(res, fn.op, r.node(na.args()[1]).args(), r.node(nb.args()[1]).args())
			if !ok {
				return 0, false
			}
			return r.mkBag(res, na.args()[0], fb), true
		}
		return r.bagArith(fn.op, res, a, b, na, nb)
	}
	return 0, false
}

// bagArith is +, * and - on bags with function parts, as mCRL2's bag
// library has them: the function part of the result is @add_, @min_ or
// @monus_ of the operands' (by which elements outside both finite parts
// are counted), and its finite part is @fbag_join, @fbag_inter or
// @fbag_diff of the operands' (see swapZeroOp).
func (r *Rewriter) bagArith(op lps.Op, res *lps.Sort, a, b Term, na, nb *node) (Term, bool) {
	which := fnMonus
	switch op {
	case lps.OpAdd:
		which = fnAdd
	case lps.OpMul:
		which = fnMin
	}
	h := r.fnBin(res, which, na.args()[0], nb.args()[0])
	nat := r.natSortOf()
	xs, ys := r.bagEntries(na.args()[1]), r.bagEntries(nb.args()[1])
	for _, es := range [2][]bagEntry{xs, ys} {
		for _, e := range es {
			if !r.IsGround(e.e) {
				return 0, false
			}
		}
	}
	zero := r.mkInt(nat, 0)
	var es []bagEntry
	ok := true
	entry := func(d, m1, m2 Term) {
		n1 := r.applyTerm(nat, na.args()[0], []Term{d})
		n2 := r.applyTerm(nat, nb.args()[0], []Term{d})
		if !r.isIntValue(n1) || !r.isIntValue(n2) {
			ok = false
			return
		}
		if v := r.swapZeroOp(op, nat, n1, n2, m1, m2); r.isPositive(v) {
			es = append(es, bagEntry{d, v})
		}
	}
	order, sorted := r.orderOf(r.node(na.args()[1]).args(), r.node(nb.args()[1]).args(), 2)
	if !sorted {
		return 0, false
	}
	mergeSorted(xs, ys, order.cmpEntries,
		func(x bagEntry) { entry(x.e, x.n, zero) },
		func(y bagEntry) { entry(y.e, zero, y.n) },
		func(x, y bagEntry) { entry(x.e, x.n, y.n) })
	if !ok || order.stuck {
		return 0, false
	}
	return r.mkBag(res, h, r.mkFBag(res, nat, es)), true
}

// fsetOp is union, intersection or difference of sorted element lists;
// false when mCRL2's equations do not decide the order of their elements
// (elemorder.go).
func (r *Rewriter) fsetOp(s *lps.Sort, op lps.Op, a, b []Term) (Term, bool) {
	order, sorted := r.orderOf(a, b, 1)
	if !sorted {
		return 0, false
	}
	out := mergeByOp(op, a, b, order.cmp, func(x, _ Term) (Term, bool) { return x, op != lps.OpSub })
	if order.stuck {
		return 0, false
	}
	return r.internArgs(&key{kind: kFSet, sort: s}, out), true
}

// fbagOp is join (+), intersection (*, minimum) or difference (-, monus)
// of the finite bags with arguments xs and ys (elements and counts);
// false when mCRL2's equations do not decide the order of their elements.
func (r *Rewriter) fbagOp(s *lps.Sort, op lps.Op, xs, ys []Term) (Term, bool) {
	order, sorted := r.orderOf(xs, ys, 2)
	if !sorted {
		return 0, false
	}
	a, b := entriesOf(xs), entriesOf(ys)
	nat := r.natSortOf()
	out := mergeByOp(op, a, b, order.cmpEntries, func(x, y bagEntry) (bagEntry, bool) {
		switch op {
		case lps.OpAdd:
			return bagEntry{x.e, r.natAdd(nat, x.n, y.n)}, true
		case lps.OpMul:
			if r.natCmp(y.n, x.n) < 0 {
				return bagEntry{x.e, y.n}, true
			}
			return x, true
		}
		return bagEntry{x.e, r.natMonus(nat, x.n, y.n)}, true
	})
	if order.stuck {
		return 0, false
	}
	return r.mkFBag(s, nat, out), true
}

// mergeSorted walks the lists a and b, each sorted by cmp, in order: an
// element of a alone goes to onlyA, of b alone to onlyB, and equal
// elements of both to both.
func mergeSorted[T any](a, b []T, cmp func(x, y T) int, onlyA, onlyB func(T), both func(x, y T)) {
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		var c int
		switch {
		case i == len(a):
			c = 1
		case j == len(b):
			c = -1
		default:
			c = cmp(a[i], b[j])
		}
		switch {
		case c < 0:
			onlyA(a[i])
			i++
		case c > 0:
			onlyB(b[j])
			j++
		default:
			both(a[i], b[j])
			i++
			j++
		}
	}
}

// mergeByOp is union (+), intersection (*) or difference (-) of the lists
// a and b, each sorted by cmp: an element of a alone stays but for *, one
// of b alone only for +, and an element of both becomes what both makes
// of it, if anything.
func mergeByOp[T any](op lps.Op, a, b []T, cmp func(x, y T) int, both func(x, y T) (T, bool)) []T {
	var out []T
	mergeSorted(a, b, cmp, func(x T) {
		if op != lps.OpMul {
			out = append(out, x)
		}
	}, func(y T) {
		if op == lps.OpAdd {
			out = append(out, y)
		}
	}, func(x, y T) {
		if z, ok := both(x, y); ok {
			out = append(out, z)
		}
	})
	return out
}

// fsetMerge computes mCRL2's @fset_union(f, g, s, t) (union) or
// @fset_inter(f, g, s, t): the finite part of the union or intersection of
// @set(f, s) and @set(g, t).
func (r *Rewriter) fsetMerge(sort *lps.Sort, f, g Term, s, t []Term, union bool) (Term, bool) {
	if union && r.isFnConst(f, fnFalse) && r.isFnConst(g, fnFalse) {
		return r.fsetOp(sort, lps.OpAdd, s, t)
	}
	order, sorted := r.orderOf(s, t, 1)
	if !sorted {
		return 0, false
	}
	apply := func(h, e Term) Term { return r.applyTerm(r.boolSort, h, []Term{e}) }
	var out []Term
	add := func(e, c Term) bool {
		switch c {
		case r.trueT:
			out = append(out, e)
			return true
		case r.falseT:
			return true
		}
		return false
	}
	// An element of one side alone is in the union when the other's
	// function part excludes it, in the intersection when it includes
	// it; one of both when the function parts agree on it.
	alone := func(h, e Term) Term {
		if union {
			return r.not(apply(h, e))
		}
		return apply(h, e)
	}
	failed := false
	mergeSorted(s, t, order.cmp, func(e Term) {
		failed = failed || !add(e, alone(g, e))
	}, func(e Term) {
		failed = failed || !add(e, alone(f, e))
	}, func(e, _ Term) {
		failed = failed || !add(e, r.equal(apply(f, e), apply(g, e)))
	})
	if failed || order.stuck {
		return 0, false
	}
	return r.internArgs(&key{kind: kFSet, sort: sort}, out), true
}

// subsetOp decides a <= b (subset) and a < b (proper subset).
func (r *Rewriter) subsetOp(op lps.Op, a, b Term) (Term, bool) {
	na, nb := r.node(a), r.node(b)
	var sub bool
	switch {
	case na.kind == kFSet && nb.kind == kFSet:
		diff, ok := r.fsetOp(r.sortOf(na), lps.OpSub, na.args(), nb.args())
		if !ok {
			return 0, false
		}
		sub = len(r.node(diff).args()) == 0
	case na.kind == kFBag && nb.kind == kFBag:
		diff, ok := r.fbagOp(r.sortOf(na), lps.OpSub, na.args(), nb.args())
		if !ok {
			return 0, false
		}
		sub = len(r.node(diff).args()) == 0
	default:
		// x <= y = (x * y == x) on sets and bags.
		// The shared symbol, not one made per call: every symbol a
		// stored term names takes an entry of the store's heads for good.
		m, ok := r.setBagArith(r.opSymN(lps.OpMul, r.sortOf(na), 2), a, b)
		if !ok {
			return 0, false
		}
		eq := r.equal(m, a)
		if eq != r.trueT && eq != r.falseT {
			// An undecided quantifier (equalSetsByQuantifier) is the
			// normal form; an equation that stays leaves x <= y as is.
			if r.node(eq).kind != kBinder {
				return 0, false
			}
			if op == lps.OpLt {
				return r.and(eq, r.not(r.equal(a, b))), true
			}
			return eq, true
		}
		sub = eq == r.trueT
	}
	if op == lps.OpLt && sub {
		// x < y = x <= y && x != y, with mCRL2's != (a set with a
		// function part may equal one written otherwise).
		return r.not(r.equal(a, b)), true
	}
	return r.Bool(sub), true
}

// foreignSet reports whether t is a set whose finite part holds elements
// of another sort than its own (lps.OpSetRetag made it): no equation of
// mCRL2's set library applies to it but complement's, so operations on it
// stay as they are ({0} * {2, 5} with a Nat 0 and Pos 2 and 5).
func (r *Rewriter) foreignSet(t Term) bool { return r.foreignSetNode(r.node(t)) }

func (r *Rewriter) foreignSetNode(n *node) bool {
	if n.kind != kSet {
		return false
	}
	fin := r.node(n.args()[1])
	return r.sortOf(fin) != nil && r.sortOf(fin).Elem != r.sortOf(n).Elem
}

// withEmptyFinite applies mCRL2's equations for +, - and * of finite sets
// and bags with an empty operand, whatever the other is: s + {} = s,
// {} + t = t, s - {} = s, {} - t = {}, s * {} = {} * t = {} (and so with
// {:}), so that if(b, {:}, {0: 1}) - {:} is if(b, {:}, {0: 1}).
func (r *Rewriter) withEmptyFinite(fn *symbol, a, b Term) (Term, bool) {
	empty := func(t Term) bool {
		n := r.node(t)
		return (n.kind == kFSet || n.kind == kFBag) && len(n.args()) == 0
	}
	switch {
	case empty(b) && fn.op == lps.OpMul:
		return b, true
	case empty(b):
		return a, true
	case empty(a) && fn.op == lps.OpAdd:
		return b, true
	case empty(a):
		return a, true
	}
	return 0, false
}
