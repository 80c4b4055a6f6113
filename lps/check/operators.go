package check

import (
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/syntax"
)

// The unary and binary operators: their overloads after mCRL2's data
// library, chosen by the sorts of the operands and the context.

// unary checks the prefix operators: ! on Bool (not) or on a set
// (complement), - on numbers (at least Int: -p of a Pos is an Int), #
// on lists, finite sets and finite bags.
func (x *exprChecker) unary(e *syntax.Unary, hint *lps.Sort) lps.Expr {
	a := x.synth(e.X, operandHint(e.Op, hint))
	if a == nil {
		return nil
	}
	p := pos(e.Pos)
	s := a.Sort()
	switch {
	case e.Op == "!" && s.Kind == lps.SortBool:
		return x.mk(lps.OpNot, []lps.Expr{a}, x.st.Bool, p)
	case e.Op == "!" && (s.Kind == lps.SortSet || s.Kind == lps.SortFSet):
		// A finite set is a set: the upcast exists whatever its element
		// sort (also one still unknown, as in !{}).
		a = x.wrapUpcast(a, x.st.Set(s.Elem))
		return x.mk(lps.OpComplement, []lps.Expr{a}, a.Sort(), p)
	case e.Op == "-" && s.IsNumeric():
		res := x.st.Int
		if s.Kind == lps.SortReal {
			res = x.st.Real
		}
		return x.mk(lps.OpNeg, []lps.Expr{a}, res, p)
	case e.Op == "#" && (s.Kind == lps.SortList || s.Kind == lps.SortFSet || s.Kind == lps.SortFBag):
		return x.mk(lps.OpCount, []lps.Expr{a}, x.st.Nat, p)
	}
	x.c.errorAt(a.Position(), "sort mismatch: %s, found %s", prefixExpects[e.Op], sortName(s))
	return nil
}

// operandHint is the hint a prefix operator passes to its operand: !
// the one it has (Bool, or a set sort), - only Int or Real (a negated
// Pos or Nat is an Int), # none (a count is a Nat whatever it counts).
func operandHint(op string, hint *lps.Sort) *lps.Sort {
	switch {
	case op == "!":
		return hint
	case op == "-" && hint != nil && (hint.Kind == lps.SortInt || hint.Kind == lps.SortReal):
		return hint
	}
	return nil
}

// prefixExpects says, in a sort mismatch, what each prefix operator
// expects of its operand.
var prefixExpects = map[string]string{
	"!": "! expects Bool or a Set",
	"-": "unary - expects a number",
	"#": "# expects a List, FSet or FBag",
}

// binary checks the infix operators (lps.InfixOp resolves the token),
// with mCRL2's overloads: the least common sort of the operands, and its
// exceptions (Pos + Nat is a Pos, Nat - Nat an Int, / always a Real).
func (x *exprChecker) binary(e *syntax.Binary, hint *lps.Sort) lps.Expr {
	p := pos(e.L.Start())
	opPos := pos(e.Pos)
	B := x.st.Bool
	switch e.Op {
	case "&&", "||", "=>":
		l := x.expect(e.L, B)
		r := x.expect(e.R, B)
		op, _ := lps.InfixOp(e.Op)
		return x.mk(op, []lps.Expr{l, r}, B, p)
	case "==", "!=", "<", "<=", ">", ">=":
		l, r := x.synthCompared(e.L, e.R)
		if l == nil || r == nil {
			return nil
		}
		s := x.join(l.Sort(), r.Sort())
		if s == nil {
			x.c.errorAt(opPos, "sort mismatch: cannot compare %s with %s", sortName(l.Sort()), sortName(r.Sort()))
			return nil
		}
		if e.Op != "==" && e.Op != "!=" && (s.Kind == lps.SortFunc) {
			x.c.errorAt(opPos, "%s is not defined on %s", e.Op, s)
			return nil
		}
		op, _ := lps.InfixOp(e.Op)
		return x.mk(op, []lps.Expr{x.coerce(l, s), x.coerce(r, s)}, B, p)
	case "in":
		var l, r lps.Expr
		if isFlex(e.R) && !isFlex(e.L) {
			if l = x.synth(e.L, nil); l == nil {
				return nil
			}
			r = x.synth(e.R, x.st.FSet(l.Sort()))
		} else {
			if r = x.synth(e.R, nil); r == nil {
				return nil
			}
			var h *lps.Sort
			if r.Sort().IsContainer() {
				h = r.Sort().Elem
			}
			l = x.synth(e.L, h)
		}
		if l == nil || r == nil {
			return nil
		}
		rs := r.Sort()
		if !rs.IsContainer() {
			x.c.errorAt(r.Position(), "sort mismatch: in expects a List, Set, FSet, Bag or FBag on the right, found %s", sortName(rs))
			return nil
		}
		el := x.join(l.Sort(), rs.Elem)
		if el == nil {
			x.c.errorAt(opPos, "sort mismatch: cannot look for an element of sort %s in %s", sortName(l.Sort()), sortName(rs))
			return nil
		}
		return x.mk(lps.OpIn, []lps.Expr{x.coerce(l, el), x.coerce(r, x.st.Container(rs.Kind, el))}, B, p)
	case "|>", "<|":
		el, li := e.L, e.R
		if e.Op == "<|" {
			el, li = e.R, e.L
		}
		var lh *lps.Sort
		if hint != nil && hint.Kind == lps.SortList {
			lh = hint
		}
		var eh *lps.Sort
		if lh != nil {
			eh = lh.Elem
		}
		var E, L lps.Expr
		if isFlex(li) && !isFlex(el) {
			if E = x.synth(el, eh); E == nil {
				return nil
			}
			lt := x.st.List(E.Sort())
			if lps.ContainsAny(E.Sort()) && lh != nil {
				lt = lh
			}
			L = x.synth(li, lt)
		} else {
			if L = x.synth(li, lh); L == nil {
				return nil
			}
			var h *lps.Sort
			if L.Sort().Kind == lps.SortList {
				h = L.Sort().Elem
			}
			E = x.synth(el, h)
		}
		if E == nil || L == nil {
			return nil
		}
		// An operand of unknown element sort ([] or rhead([]) without
		// context) takes the other's.
		if L.Sort().Kind == lps.SortList && lps.ContainsAny(E.Sort()) && !lps.ContainsAny(L.Sort()) {
			if E2 := x.synth(el, L.Sort().Elem); E2 != nil {
				E = E2
			}
		} else if lps.ContainsAny(L.Sort()) && !lps.ContainsAny(E.Sort()) {
			if L2 := x.synth(li, x.st.List(E.Sort())); L2 != nil {
				L = L2
			}
		}
		if L.Sort().Kind != lps.SortList {
			x.c.errorAt(L.Position(), "sort mismatch: %s expects a List, found %s", e.Op, sortName(L.Sort()))
			return nil
		}
		s := x.join(E.Sort(), L.Sort().Elem)
		if s == nil {
			x.c.errorAt(opPos, "sort mismatch: cannot add an element of sort %s to %s", sortName(E.Sort()), sortName(L.Sort()))
			return nil
		}
		ls := x.st.List(s)
		E, L = x.coerce(E, s), x.coerce(L, ls)
		if e.Op == "|>" {
			return x.mk(lps.OpCons, []lps.Expr{E, L}, ls, p)
		}
		return x.mk(lps.OpSnoc, []lps.Expr{L, E}, ls, p)
	case "++":
		var lh *lps.Sort
		if hint != nil && hint.Kind == lps.SortList {
			lh = hint
		}
		l, r := x.synthPair(e.L, e.R, lh)
		if l == nil || r == nil {
			return nil
		}
		s := x.join(l.Sort(), r.Sort())
		if s == nil || s.Kind != lps.SortList {
			x.c.errorAt(opPos, "sort mismatch: ++ expects two Lists, found %s and %s", sortName(l.Sort()), sortName(r.Sort()))
			return nil
		}
		return x.mk(lps.OpConcat, []lps.Expr{x.coerce(l, s), x.coerce(r, s)}, s, p)
	case "+", "-", "*", "/":
		if (e.Op == "*" || e.Op == "-") && hint != nil && isSetLike(hint.Kind) {
			if out := x.mixedSetOp(e); out != nil {
				return out
			}
		}
		var l, r lps.Expr
		if e.Op == "+" && (hint == nil || hint.Kind == lps.SortPos) {
			// A Pos is wanted, or nothing in particular: type the operands
			// on their own so that mCRL2's mixed overloads (+ : Nat # Pos
			// -> Pos) apply, as its type checker does (n + 1 is a Pos).
			l, r = x.synth(e.L, nil), x.synth(e.R, nil)
		} else {
			l, r = x.synthPair(e.L, e.R, hint)
		}
		if l == nil || r == nil {
			return nil
		}
		s := x.join(l.Sort(), r.Sort())
		op, _ := lps.InfixOp(e.Op)
		if op == lps.OpAdd && isPosNatMix(l.Sort(), r.Sort()) {
			// mCRL2's + : Pos # Nat -> Pos and + : Nat # Pos -> Pos.
			return x.mk(op, []lps.Expr{l, r}, x.st.Pos, p)
		}
		if s != nil && s.IsNumeric() {
			res := s
			switch op {
			case lps.OpSub:
				if s.Kind == lps.SortPos || s.Kind == lps.SortNat {
					s = x.st.Nat
				}
				if s.Kind == lps.SortNat {
					res = x.st.Int
				} else {
					res = s
				}
			case lps.OpDivide:
				res = x.st.Real
			}
			return x.mk(op, []lps.Expr{x.coerce(l, s), x.coerce(r, s)}, res, p)
		}
		if s != nil && isSetLike(s.Kind) && op != lps.OpDivide {
			res := x.mk(op, []lps.Expr{x.coerce(l, s), x.coerce(r, s)}, s, p)
			if (hint == nil || !isSetLike(hint.Kind)) && isMixedSetOp(e.Op, l, r) {
				res = lps.Fix(res) // typed on its own: see mixedSetOp
			}
			return res
		}
		x.c.errorAt(opPos, "sort mismatch: %s is not defined on %s and %s", e.Op, sortName(l.Sort()), sortName(r.Sort()))
		return nil
	case "div", "mod":
		l := x.synth(e.L, nil)
		r := x.expect(e.R, x.st.Pos)
		if l == nil || r == nil {
			return nil
		}
		var s *lps.Sort
		switch l.Sort().Kind {
		case lps.SortPos, lps.SortNat:
			s = x.st.Nat
		case lps.SortInt:
			s = x.st.Int
		default:
			x.c.errorAt(l.Position(), "sort mismatch: %s expects Nat or Int on the left, found %s", e.Op, sortName(l.Sort()))
			return nil
		}
		res, op := s, lps.OpDiv
		if e.Op == "mod" {
			res, op = x.st.Nat, lps.OpMod
		}
		return x.mk(op, []lps.Expr{x.coerce(l, s), r}, res, p)
	case ".":
		var lh *lps.Sort
		if hint != nil {
			lh = x.st.List(hint)
		}
		l := x.synth(e.L, lh)
		r := x.expect(e.R, x.st.Nat)
		if l == nil || r == nil {
			return nil
		}
		if l.Sort().Kind != lps.SortList {
			x.c.errorAt(l.Position(), "sort mismatch: . expects a List on the left, found %s", sortName(l.Sort()))
			return nil
		}
		return x.mk(lps.OpElementAt, []lps.Expr{l, r}, l.Sort().Elem, p)
	}
	x.c.errorAt(opPos, "unknown operator %s", e.Op)
	return nil
}

// isPosNatMix reports whether a and b are Pos and Nat in some order.
func isPosNatMix(a, b *lps.Sort) bool {
	return (a.Kind == lps.SortPos && b.Kind == lps.SortNat) || (a.Kind == lps.SortNat && b.Kind == lps.SortPos)
}
