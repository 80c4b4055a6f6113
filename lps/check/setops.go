package check

import (
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/syntax"
)

// mCRL2's set library has, besides + * - on Set(S) and on FSet(S), the
// mixed overloads * : Set(S) # FSet(S) -> FSet(S), * : FSet(S) # Set(S)
// -> FSet(S) and - : FSet(S) # Set(S) -> FSet(S). Its type checker picks
// one of them when the operands, typed on their own, match it exactly,
// and does not retype the operation from its context: in a Set(Nat)
// context, (!{8} * {5, 2}) stays a set of Pos, given the wider sort by a
// conversion that converts no element. Its normal form then meets Nat
// sets that no equation can combine with it: mCRL2 evaluates
// {0} * (!{8} * {5, 2}) to {0} * {2, 5}. mixedSetOp and retag give our
// IR the same shape, so that the rewriter can leave the same terms.

// mixedSetOp checks e (an operation * or -) in a context that wants a set
// sort: when its operands, checked without the context, match a mixed
// overload exactly, it returns the operation, marked Fixed; otherwise
// nil, with nothing reported.
func (x *exprChecker) mixedSetOp(e *syntax.Binary) lps.Expr {
	n := len(x.c.errs)
	l, r := x.synth(e.L, nil), x.synth(e.R, nil)
	undo := func() lps.Expr { x.c.errs = x.c.errs[:n]; return nil }
	if l == nil || r == nil || lps.ContainsAny(r.Sort()) {
		return undo()
	}
	if !isMixedSetOp(e.Op, l, r) {
		return undo()
	}
	s := x.st.Set(l.Sort().Elem)
	op, _ := lps.InfixOp(e.Op)
	return lps.Fix(x.mk(op, []lps.Expr{x.coerce(l, s), x.coerce(r, s)}, s, pos(e.L.Start())))
}

// isMixedSetOp reports whether operands l and r, checked on their own,
// match one of the mixed overloads of op exactly. A Fixed operation is
// a finite set (mCRL2's result sort FSet(S)).
func isMixedSetOp(op string, l, r lps.Expr) bool {
	ls, rs := l.Sort(), r.Sort()
	if ls.Elem == nil || ls.Elem != rs.Elem || lps.ContainsAny(ls) {
		return false
	}
	kind := func(e lps.Expr) lps.SortKind {
		if lps.IsFixed(e) {
			return lps.SortFSet
		}
		return e.Sort().Kind
	}
	lk, rk := kind(l), kind(r)
	return lk == lps.SortFSet && rk == lps.SortSet && (op == "*" || op == "-") || op == "*" && lk == lps.SortSet && rk == lps.SortFSet
}

// retag gives a Fixed set operation the set sort t of a wider element
// sort without converting its elements, as mCRL2 does; nil when that
// does not apply.
func (x *exprChecker) retag(e lps.Expr, t *lps.Sort) lps.Expr {
	a, ok := e.(*lps.App)
	if !ok || !a.Fixed || t.Kind != lps.SortSet || a.S.Kind != lps.SortSet || a.S == t {
		return nil
	}
	if _, ok := lps.Upcast(a.S.Elem, t.Elem); !ok {
		return nil
	}
	return lps.ImplicitApp(x.st, lps.OpSetRetag, a, t)
}
