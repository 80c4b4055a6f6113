package rewrite

import "github.com/lps2lts/lps2lts/lps"

// Function values: the constants and combinators of mCRL2's set and bag
// libraries applied to an argument, and function updates f[x -> v] in
// mCRL2's canonical form.

// applyFunction applies a function constant, combinator or update to arg.
func (r *Rewriter) applyFunction(h *node, arg Term) (Term, bool) {
	switch h.kind {
	case kFnConst:
		switch h.val {
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
		x := r.applyTerm(nil, h.args[0], []Term{arg})
		switch h.val {
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
		y := r.applyTerm(nil, h.args[1], []Term{arg})
		switch h.val {
		case fnAnd:
			return r.and(x, y), true
		case fnOr:
			return r.or(x, y), true
		}
		if !r.isIntValue(x) || !r.isIntValue(y) {
			return 0, false
		}
		bx, by := r.bigOf(x), r.bigOf(y)
		switch h.val {
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
		eq := r.equal(h.args[1], arg)
		switch eq {
		case r.trueT:
			return h.args[2], true
		case r.falseT:
			return r.applyTerm(nil, h.args[0], []Term{arg}), true
		}
	}
	return 0, false
}

// update evaluates f[x -> v].
func (r *Rewriter) update(fn *symbol, args []Term) (Term, bool) {
	if t, ok := r.updateFn(fn.res, args[0], args[1], args[2]); ok {
		return t, true
	}
	// Not in canonical form yet (the argument is not a value): kept as
	// an update, printed f[x -> v] as mCRL2 prints it.
	return r.st.internArgs(&node{kind: kUpdate, sort: fn.res}, args), true
}

// updateFn normalises f[x -> v] as mCRL2's function_update equations do:
// a function is its base (not an update) under a chain of stable updates
// ordered by argument, smallest outermost, and an update that gives the
// base's own value at x is dropped. When that cannot be decided (q(0) ==
// d1 for a map q without equations), mCRL2's conditional rule does not
// apply and the update stays, still in its place in the chain.
func (r *Rewriter) updateFn(s *lps.Sort, f, x, v Term) (Term, bool) {
	if !r.IsGround(x) {
		return 0, false
	}
	type upd struct{ x, v Term }
	var chain []upd
	base := f
	for {
		n := r.st.node(base)
		if n.kind != kUpdateStable {
			break
		}
		chain = append(chain, upd{n.args[1], n.args[2]})
		base = n.args[0]
	}
	bx := r.applyTerm(nil, base, []Term{x})
	same := r.equal(bx, v)
	if same != r.trueT {
		same = r.falseT
	}
	out := chain[:0:0]
	placed := false
	for _, u := range chain {
		c := r.termCmp(u.x, x)
		if c == 0 {
			continue
		}
		if c > 0 && !placed {
			if same == r.falseT {
				out = append(out, upd{x, v})
			}
			placed = true
		}
		out = append(out, u)
	}
	if !placed && same == r.falseT {
		out = append(out, upd{x, v})
	}
	t := base
	for i := len(out) - 1; i >= 0; i-- {
		t = r.st.internArgs(&node{kind: kUpdateStable, sort: s}, []Term{t, out[i].x, out[i].v})
	}
	return t, true
}
