package rewrite

import (
	"github.com/lps2lts/lps2lts/lps"
)

// Ground numbers that are not values. mCRL2's type checker lets through a
// few applications that no equation defines (count(1, {0: 2}) is typed
// count: Pos # FBag(Nat) -> Nat), so a closed term of a number sort can be
// a normal form without being a numeral. mCRL2's rules for max and min have
// a plain variable on each side and so still apply to such a term:
// max(m, n) = if(m <= n, n, m); the comparison then stays as it is unless
// a rule decides it.

// unfoldMaxMin rewrites max or min of numbers, one of which is not a
// value (a ground normal form such as count(1, {0: 2}), or a term with a
// variable bound by a lambda or a comprehension), as mCRL2's equations
// do. It reports false when they do not apply (a mix of sorts other than
// Pos and Nat).
func (r *Rewriter) unfoldMaxMin(fn *symbol, a, b Term) (Term, bool) {
	if fn.fn == nil || fn.fn.Sort.Kind != lps.SortFunc || len(fn.fn.Sort.Domain) != 2 {
		return 0, false
	}
	sa, sb := fn.fn.Sort.Domain[0], fn.fn.Sort.Domain[1]
	if sa.Kind != sb.Kind {
		if fn.op != lps.OpMax {
			return 0, false
		}
		return r.maxOfMixed(fn.res, sa.Kind, a, b)
	}
	// max(m, n) = if(m <= n, n, m), min(m, n) = if(m <= n, m, n); Real's
	// equations compare with <.
	cmpOp := lps.OpLe
	if sa.Kind == lps.SortReal {
		cmpOp = lps.OpLt
	}
	c := r.apply(r.cmpSym(cmpOp, sa), []Term{a, b})
	if fn.op == lps.OpMax {
		a, b = b, a
	}
	return r.apply(r.opSymN(lps.OpIf, fn.res, 3), []Term{c, a, b}), true
}

// holds reports whether fn applied to args rewrites to true, without
// interning the application when no rule applies (a decision that is
// asked and thrown away, as the ordering of a set's elements does).
func (r *Rewriter) holds(fn *symbol, args ...Term) bool {
	t, ok := r.builtin(fn, args)
	return ok && t == r.trueT
}

// apply is the normal form of fn applied to normal forms: the built-in
// result, or the application itself when no rule applies.
func (r *Rewriter) apply(fn *symbol, args []Term) Term {
	if t, ok := r.builtin(fn, args); ok {
		return t
	}
	return r.mkApp(fn, args)
}

// A ground number term that is not a value is compared only as mCRL2's
// equations compare it: by its sort's least value (0 <= n and 1 <= p hold,
// n < 0 and p < 1 do not) and, for an Int, by its constructor (a Nat
// converted to Int is not below a negative number, a negated Pos is below
// any Nat). The bounds the enumerator's symbolic arithmetic uses (x + 2 is
// at least 2) are not rules of mCRL2's, so they decide nothing here.

// intSign classifies an Int term by the constructor mCRL2 gives it: +1 for
// a converted Pos or Nat (@cInt), -1 for a negated Pos (@cNeg), 0 when it
// has neither form. Values are classified by their sign.
func (r *Rewriter) intSign(t Term) int {
	n := r.node(t)
	switch n.kind {
	case kNum:
		if n.value() < 0 {
			return -1
		}
		return 1
	case kBig:
		if r.bigVal(n).Sign() < 0 {
			return -1
		}
		return 1
	case kApp:
		if r.fnOf(n).kind == lps.FuncBuiltin && len(n.args()) == 1 {
			switch r.fnOf(n).op {
			case lps.OpNat2Int, lps.OpPos2Int:
				return 1
			case lps.OpNeg:
				if s := r.sortOf(r.node(n.args()[0])); s != nil && s.Kind == lps.SortPos {
					return -1
				}
			}
		}
	}
	return 0
}

// stuckLess decides a < b (a <= b when orEqual) for ground number terms,
// one of which is not a value, as far as mCRL2's equations do.
func (r *Rewriter) stuckLess(a, b Term, orEqual bool) (Term, bool) {
	s := r.sortOf(r.node(a))
	if s == nil || !r.isIntValue(a) && !r.isIntValue(b) {
		return 0, false
	}
	if s.Kind == lps.SortInt {
		sa, sb := r.intSign(a), r.intSign(b)
		if sa != 0 && sb != 0 && sa != sb {
			return r.Bool(sa < sb), true
		}
		return 0, false
	}
	least := int64(0)
	if s.Kind == lps.SortPos {
		least = 1
	}
	if orEqual && r.isIntValue(a) && r.node(a).kind == kNum && r.node(a).value() == least {
		return r.trueT, true
	}
	if !orEqual && r.isIntValue(b) && r.node(b).kind == kNum && r.node(b).value() == least {
		return r.falseT, true
	}
	return 0, false
}

// stuckEqual decides a == b for ground number terms, one of which is not
// a value, as far as mCRL2's equations do: only an Int's constructors
// tell.
func (r *Rewriter) stuckEqual(a, b Term) (Term, bool) {
	if s := r.sortOf(r.node(a)); s != nil && s.Kind == lps.SortInt {
		if sa, sb := r.intSign(a), r.intSign(b); sa != 0 && sb != 0 && sa != sb {
			return r.falseT, true
		}
	}
	return 0, false
}

// expOfNonValue rewrites exp(t, n) for a t that is no value and a number
// n as mCRL2's equations do for any Pos or Nat t, and for an Int in
// constructor form (Nat2Int(n) or -p): 1 for n = 0, t for n = 1, a
// product otherwise (expBySquaring). It reports false when they do not
// apply.
func (r *Rewriter) expOfNonValue(fn *symbol, t, e Term) (Term, bool) {
	n := r.node(e)
	if n.kind != kNum || !(fn.res.Kind == lps.SortPos || fn.res.Kind == lps.SortNat || r.isIntConstructor(t)) {
		return 0, false
	}
	switch n.value() {
	case 0:
		return r.mkInt(fn.res, 1), true
	case 1:
		return t, true
	}
	if n.value() < 0 || n.value() > maxUnfoldedExp {
		return 0, false
	}
	if fn.res.Kind == lps.SortPos || fn.res.Kind == lps.SortNat {
		return r.expBySquaring(fn.res, t, n.value()), true
	}
	// exp(@cInt(m), n) = @cInt(exp(m, n)); exp(@cNeg(p), n) is
	// @cNeg(exp(p, n)) for an odd n, @cInt(exp(p, n)) for an even one.
	inner := r.node(t)
	m := inner.args()[0]
	ms := r.sortOf(r.node(m))
	x := r.expBySquaring(ms, m, n.value())
	switch {
	case r.fnOf(inner).op == lps.OpNat2Int:
		return r.apply(r.opSymN(lps.OpNat2Int, fn.res, 1), []Term{x}), true
	case n.value()%2 == 1:
		return r.apply(r.opSymN(lps.OpNeg, fn.res, 1), []Term{x}), true
	}
	return r.apply(r.opSymN(lps.OpPos2Int, fn.res, 1), []Term{x}), true
}

// maxUnfoldedExp bounds the exponents for which exp of a term that is no
// value is unfolded into products: the printed product has one factor per
// unit of the exponent.
const maxUnfoldedExp = 1 << 12

// expBySquaring is exp(t, w) for w >= 1 as mCRL2's equations for a Pos or
// Nat base compute it bit by bit: exp(t, w) = t for w = 1, t *
// exp(t * t, w div 2) for another odd w, exp(t * t, w div 2) for an even
// one. So exp(t, 3) is t * (t * t) and exp(t, 4) is t * t * (t * t).
func (r *Rewriter) expBySquaring(s *lps.Sort, t Term, w int64) Term {
	mul := r.opSymN(lps.OpMul, s, 2)
	if w == 1 {
		return t
	}
	sq := r.expBySquaring(s, r.apply(mul, []Term{t, t}), w/2)
	if w%2 == 0 {
		return sq
	}
	return r.apply(mul, []Term{t, sq})
}

// isIntConstructor reports whether t is an Int in mCRL2's constructor
// form @cInt(n) or @cNeg(p): Nat2Int(n) or -p here.
func (r *Rewriter) isIntConstructor(t Term) bool {
	n := r.node(t)
	return n.kind == kApp && r.fnOf(n).kind == lps.FuncBuiltin && len(n.args()) == 1 &&
		(r.fnOf(n).op == lps.OpNat2Int || r.fnOf(n).op == lps.OpNeg && r.sortOf(r.node(n.args()[0])).Kind == lps.SortPos)
}

// absOfNonValue rewrites abs(t) for a t that is no value as mCRL2's
// equations do on the constructor forms of Int and Real: abs(@cInt(n)) =
// n and abs(@cNeg(p)) = p, so abs of a Pos or Nat (converted or not) is
// that number and abs(-p) is p. Another Int (a map's value) stays.
func (r *Rewriter) absOfNonValue(fn *symbol, t Term) (Term, bool) {
	n := r.node(t)
	for n.kind == kApp && r.fnOf(n).kind == lps.FuncBuiltin && len(n.args()) == 1 {
		switch r.fnOf(n).op {
		case lps.OpPos2Nat, lps.OpPos2Int, lps.OpNat2Int, lps.OpPos2Real, lps.OpNat2Real:
			t = n.args()[0]
			n = r.node(t)
			continue
		case lps.OpNeg:
			if a := n.args()[0]; r.isSortKind(a, lps.SortPos) {
				t = a
				n = r.node(t)
			}
		}
		break
	}
	if r.sortOf(n) == nil || r.sortOf(n).Kind != lps.SortPos && r.sortOf(n).Kind != lps.SortNat {
		return 0, false
	}
	return r.upcast(t, fn.res), true
}

// upcast converts a Pos or Nat term t to the number sort s (Pos2Nat,
// Pos2Int, ...), which mCRL2 prints invisibly.
func (r *Rewriter) upcast(t Term, s *lps.Sort) Term {
	from := r.sortOf(r.node(t)).Kind
	if from == s.Kind {
		return t
	}
	var op lps.Op
	switch {
	case from == lps.SortPos && s.Kind == lps.SortNat:
		op = lps.OpPos2Nat
	case from == lps.SortPos && s.Kind == lps.SortInt:
		op = lps.OpPos2Int
	case from == lps.SortPos && s.Kind == lps.SortReal:
		op = lps.OpPos2Real
	case from == lps.SortNat && s.Kind == lps.SortInt:
		op = lps.OpNat2Int
	case from == lps.SortNat && s.Kind == lps.SortReal:
		op = lps.OpNat2Real
	default:
		return t
	}
	return r.apply(r.opSymN(op, s, 1), []Term{t})
}

// intDivModOfNonValue rewrites div and mod of an Int in constructor form
// by a Pos, one of them no value, as mCRL2's equations do: on @cInt(n)
// they are Nat's div and mod; -p mod q = Int2Nat(q - succ(pred(p) mod q))
// and -p div q = -succ(pred(p) div q). So -3 mod x is Int2Nat(x -
// succ(2 mod x)). It reports false for another Int (a map's value).
func (r *Rewriter) intDivModOfNonValue(fn *symbol, a, q Term) (Term, bool) {
	if fn.fn == nil || fn.fn.Sort.Kind != lps.SortFunc || len(fn.fn.Sort.Domain) != 2 ||
		fn.fn.Sort.Domain[0].Kind != lps.SortInt || !r.isSortKind(q, lps.SortPos) {
		return 0, false
	}
	intSort := fn.fn.Sort.Domain[0]
	nat, pos := r.natSortOf(), r.posSortOf()
	inner := func() Term {
		n := r.node(a)
		switch n.kind {
		case kNum:
			return r.mkInt(nat, abs64(n.value()))
		case kBig:
			b := r.bigOf(a)
			return r.mkBigInt(nat, b.Abs(b))
		}
		return n.args()[0]
	}
	natOp := r.opSymN(fn.op, nat, 2)
	switch r.intSign(a) {
	case 1:
		m := r.apply(natOp, []Term{r.upcast(inner(), nat), q})
		return r.upcast(m, fn.res), true
	case -1:
		p := inner()
		if r.sortOf(r.node(p)).Kind != lps.SortPos {
			p = r.natIn(pos, p)
		}
		m := r.apply(natOp, []Term{r.apply(r.opSymN(lps.OpPred, nat, 1), []Term{p}), q})
		s := r.apply(r.opSymN(lps.OpSucc, pos, 1), []Term{m})
		if fn.op == lps.OpDiv {
			return r.apply(r.opSymN(lps.OpNeg, fn.res, 1), []Term{s}), true
		}
		d := r.apply(r.opSymN(lps.OpSub, intSort, 2), []Term{q, s})
		return r.apply(r.opSymN(lps.OpInt2Nat, fn.res, 1), []Term{d}), true
	}
	return 0, false
}

// narrowWidened rewrites Int2Pos and Int2Nat of a Nat or Pos that is no
// value, widened to Int, as mCRL2's equations do: mCRL2 holds the Int as
// @cInt(n) (Pos2Int(p) is @cInt(@cNat(p))), and Int2Pos(@cInt(n)) =
// Nat2Pos(n), Int2Nat(@cInt(n)) = n. So lambda p: Pos. Int2Pos(p) is
// lambda p: Pos. Nat2Pos(p) (@cNat is not printed), and Int2Nat(p) is p.
// It reports false for any other Int (a map's value, a difference).
func (r *Rewriter) narrowWidened(fn *symbol, a Term) (Term, bool) {
	n := r.node(a)
	if n.kind != kApp || r.fnOf(n) == nil || (r.fnOf(n).op != lps.OpNat2Int && r.fnOf(n).op != lps.OpPos2Int) {
		return 0, false
	}
	nat := r.upcast(n.args()[0], r.natSortOf())
	if fn.op == lps.OpInt2Nat {
		return nat, true
	}
	return r.mkApp(r.opSymN(lps.OpNat2Pos, fn.res, 1), []Term{nat}), true
}
