package rewrite

import "github.com/lps2lts/lps2lts/lps"

// Function values: the constants and combinators of mCRL2's set and bag
// libraries applied to an argument, and function updates f[x -> v] in
// mCRL2's canonical form.

// applyFunction applies a function constant, combinator or update to arg.
func (r *Rewriter) applyFunction(h *node, arg Term) (Term, bool) {
	switch h.kind {
	case kFnConst:
		switch h.value() {
		case fnFalse:
			return r.falseT, true
		case fnTrue:
			return r.trueT, true
		case fnZero:
			return r.mkInt(r.natSortOf(), 0), true
		case fnOne:
			return r.mkInt(r.natSortOf(), 1), true
		}
	case kFnOp:
		nat := r.natSortOf()
		x := r.applyTerm(nil, h.args()[0], []Term{arg})
		switch h.value() {
		case fnNot:
			return r.not(x), true
		case fnBool2Nat:
			switch x {
			case r.trueT:
				return r.mkInt(nat, 1), true
			case r.falseT:
				return r.mkInt(nat, 0), true
			}
			return 0, false
		case fnNat2Bool:
			if !r.isIntValue(x) {
				return 0, false
			}
			return r.Bool(r.isPositive(x)), true
		}
		y := r.applyTerm(nil, h.args()[1], []Term{arg})
		switch h.value() {
		case fnAnd:
			return r.and(x, y), true
		case fnOr:
			return r.or(x, y), true
		}
		if !r.isIntValue(x) || !r.isIntValue(y) {
			return 0, false
		}
		bx, by := r.bigOf(x), r.bigOf(y)
		switch h.value() {
		case fnAdd:
			return r.mkBigInt(nat, bx.Add(bx, by)), true
		case fnMin:
			if bx.Cmp(by) > 0 {
				bx = by
			}
			return r.mkBigInt(nat, bx), true
		case fnMonus:
			bx.Sub(bx, by)
			if bx.Sign() < 0 {
				bx.SetInt64(0)
			}
			return r.mkBigInt(nat, bx), true
		}
	case kUpdateStable, kUpdate:
		eq := r.equal(h.args()[1], arg)
		switch eq {
		case r.trueT:
			return h.args()[2], true
		case r.falseT:
			return r.applyTerm(nil, h.args()[0], []Term{arg}), true
		}
	}
	return 0, false
}

func init() { define(lps.OpUpdate, (*Rewriter).update) }

// update evaluates f[x -> v].
func (r *Rewriter) update(fn *symbol, args []Term) (Term, bool) {
	if t, ok := r.updateFn(fn.res, args[0], args[1], args[2]); ok {
		return t, true
	}
	// Not in canonical form yet (the argument is not a value): kept as
	// an update, printed f[x -> v] as mCRL2 prints it.
	return r.internArgs(&key{kind: kUpdate, sort: fn.res}, args), true
}

// updateFn normalises f[x -> v] as mCRL2's function_update equations do:
// a function is its base (not an update) under a chain of stable updates
// ordered by argument, smallest outermost, and an update that gives the
// function's own value at x is dropped (also when that cannot be decided:
// mCRL2's @if_always_else keeps the update unless the equality rewrote
// to true). An update whose argument is compared with the chain's next
// argument by no equation (head([]) against pn(d1)) stays where it is,
// as an update over the chain: updateFn reports false for it.
func (r *Rewriter) updateFn(s *lps.Sort, f, x, v Term) (Term, bool) {
	if !r.IsGround(x) {
		return 0, false
	}
	stable := func(g, x, v Term) Term {
		return r.internArgs(&key{kind: kUpdateStable, sort: s}, []Term{g, x, v})
	}
	// dropOrStable is g[x -> v] over a g that has no update at x.
	dropOrStable := func(g Term) Term {
		if r.equal(r.applyTerm(nil, g, []Term{x}), v) == r.trueT {
			return g
		}
		return stable(g, x, v)
	}
	n := r.node(f)
	switch n.kind {
	case kUpdate:
		return 0, false
	case kUpdateStable:
		g, y, w := n.args()[0], n.args()[1], n.args()[2]
		switch {
		case y == x:
			return dropOrStable(g), true
		case r.keyLess(y, x):
			inner, ok := r.updateFn(s, g, x, v)
			if !ok {
				inner = r.internArgs(&key{kind: kUpdate, sort: s}, []Term{g, x, v})
			}
			return stable(inner, y, w), true
		case r.keyLess(x, y):
			return dropOrStable(f), true
		}
		return 0, false
	}
	return dropOrStable(f), true
}

// keyLess reports whether x < y rewrites to true for arguments of
// function updates: values by termCmp, other terms by mCRL2's equations
// for < (which decide little about a term that is no value).
func (r *Rewriter) keyLess(x, y Term) bool {
	if r.isOrderedValue(x) && r.isOrderedValue(y) {
		return r.termCmp(x, y) < 0
	}
	sort := r.sortOf(r.node(x))
	if sort == nil {
		return false
	}
	return r.holds(r.cmpSym(lps.OpLt, sort), x, y)
}
