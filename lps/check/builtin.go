package check

import (
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/syntax"
)

// Built-in functions called by name (the operators are in operators.go;
// which names a text may call, and their arities, says lps's operator
// table: lps.CallOp).
// Signatures follow mCRL2's data library (scripts/code_generation/
// data_types/*.spec); where mCRL2 has mixed-sort overloads (max: Pos # Nat
// -> Pos, ...) we use the overload at the least common sort.

// builtinValue is a built-in function named as a value of the function
// sort hint (position_THROW = Pos2Nat, as lpspp prints what mcrl22lps -f
// chose for a don't-care Pos -> Nat), or nil when hint is no function
// sort that a call of the built-in has (a conversion between number
// sorts needs no hint: Pos2Nat == Pos2Nat). The overload is that of a call
// with arguments of hint's domain, checked as builtinCall checks it.
func (x *exprChecker) builtinValue(id *syntax.Ident, hint *lps.Sort) lps.Expr {
	op, ok := lps.CallOp(id.Name)
	if in := op.Info(); ok && in.From != in.To && (hint == nil || hint.Kind != lps.SortFunc) {
		// A conversion between number sorts has one sort.
		hint = x.st.Func([]*lps.Sort{x.st.OfKind(in.From)}, x.st.OfKind(in.To))
	}
	if !ok || hint == nil || hint.Kind != lps.SortFunc || len(hint.Domain) != op.Info().Arity {
		return nil
	}
	// Arguments named so that no text can name them.
	sc := &scope{vars: map[string]*lps.Var{}, parent: x.sc}
	raw := make([]syntax.Expr, len(hint.Domain))
	for i, d := range hint.Domain {
		name := " arg" + string(rune('0'+i))
		sc.vars[name] = &lps.Var{Name: name, S: d, Pos: pos(id.Pos)}
		raw[i] = &syntax.Ident{At: syntax.At{Pos: id.Pos}, Name: name}
	}
	outer := x.sc
	x.sc = sc
	call := x.builtinCall(id, raw, hint.Codomain)
	x.sc = outer
	app, ok := call.(*lps.App)
	if !ok || app.Sort() != hint.Codomain {
		return nil
	}
	head, ok := app.Head.(*lps.FuncRef)
	if !ok || head.Func.Sort != hint {
		return nil
	}
	return head
}

// builtinCall checks a call of a built-in by name (head(l), max(a, b),
// Pos2Nat(p)): its arity and conversion sorts from lps's operator table,
// its overload from the arguments' sorts.
func (x *exprChecker) builtinCall(id *syntax.Ident, raw []syntax.Expr, hint *lps.Sort) lps.Expr {
	name := id.Name
	op, _ := lps.CallOp(name)
	in := op.Info()
	p := pos(id.Pos)
	arity := in.Arity
	if len(raw) != arity {
		s := "s"
		if arity == 1 {
			s = ""
		}
		x.c.errorf(id.Pos, "wrong number of arguments: %s takes %d argument%s, found %d", name, arity, s, len(raw))
		return nil
	}
	st := x.st
	if in.From != in.To {
		// A conversion between number sorts.
		a := x.expect(raw[0], st.OfKind(in.From))
		return x.mk(op, []lps.Expr{a}, st.OfKind(in.To), p)
	}
	mismatch := func(a lps.Expr, want string) lps.Expr {
		x.c.errorAt(a.Position(), "sort mismatch: %s expects %s, found %s", name, want, sortName(a.Sort()))
		return nil
	}
	switch op {
	case lps.OpHead, lps.OpTail, lps.OpRHead, lps.OpRTail:
		var h *lps.Sort
		if hint != nil {
			if op == lps.OpHead || op == lps.OpRHead {
				h = st.List(hint)
			} else if hint.Kind == lps.SortList {
				h = hint
			}
		}
		a := x.synth(raw[0], h)
		if a == nil {
			return nil
		}
		if a.Sort().Kind != lps.SortList {
			return mismatch(a, "a List")
		}
		res := a.Sort()
		if op == lps.OpHead || op == lps.OpRHead {
			res = res.Elem
		}
		return x.mk(op, []lps.Expr{a}, res, p)
	case lps.OpBagCount:
		b := x.synth(raw[1], nil)
		if b == nil {
			return nil
		}
		bs := b.Sort()
		if bs.Kind != lps.SortBag && bs.Kind != lps.SortFBag {
			return mismatch(b, "a Bag or FBag as its second argument")
		}
		if f, ok := b.(*lps.FuncRef); ok && f.Func.Op == lps.OpEmptySet && bs.Kind == lps.SortFBag && bs.Elem == lps.AnySort {
			// count(7, {:}): mCRL2 leaves the bag's element sort unknown
			// and the count without equations (see isEmptyBagOfUnknown).
			if e := x.synth(raw[0], nil); e != nil && !lps.ContainsAny(e.Sort()) {
				return x.mk(lps.OpBagCount, []lps.Expr{e, b}, st.Nat, p)
			}
		}
		if bs.Kind == lps.SortFBag && !lps.ContainsAny(bs) {
			// mCRL2's type checker unifies the element sort with the
			// bag's only for a Bag: with an FBag each argument keeps the
			// sort it has on its own, and count: Pos # FBag(Nat) -> Nat,
			// say, is a symbol without equations (count(1, {0: 2}) is a
			// normal form).
			n := len(x.c.errs)
			if e := x.synth(raw[0], nil); e != nil && !lps.ContainsAny(e.Sort()) && e.Sort() != bs.Elem {
				return x.mk(lps.OpBagCount, []lps.Expr{e, b}, st.Nat, p)
			}
			// Same sort, or one the bag's element sort must decide:
			// checked again below with that hint.
			x.c.errs = x.c.errs[:n]
		}
		e := x.synth(raw[0], bs.Elem)
		if e == nil {
			return nil
		}
		el := x.join(e.Sort(), bs.Elem)
		if el == nil {
			return mismatch(e, bs.Elem.String()+" as its first argument")
		}
		return x.mk(lps.OpBagCount, []lps.Expr{x.coerce(e, el), x.coerce(b, st.Container(bs.Kind, el))}, st.Nat, p)
	case lps.OpMax, lps.OpMin:
		var a, b lps.Expr
		if op == lps.OpMax && !(isFlex(raw[0]) && isFlex(raw[1])) {
			a, b = x.synth(raw[0], nil), x.synth(raw[1], nil)
			// An operand of unknown sort (rhead([])) takes the other's.
			if a != nil && b != nil && lps.ContainsAny(a.Sort()) && !lps.ContainsAny(b.Sort()) {
				a = x.synth(raw[0], b.Sort())
			} else if a != nil && b != nil && lps.ContainsAny(b.Sort()) && !lps.ContainsAny(a.Sort()) {
				b = x.synth(raw[1], a.Sort())
			}
		} else {
			a, b = x.synthPair(raw[0], raw[1], hint)
		}
		if a == nil || b == nil {
			return nil
		}
		if as, bs := a.Sort(), b.Sort(); op == lps.OpMax && as != bs && as.IsNumeric() && bs.IsNumeric() &&
			as.Kind != lps.SortReal && bs.Kind != lps.SortReal &&
			!(hint != nil && hint.IsNumeric() && lps.NumRank(hint) >= lps.NumRank(x.join(as, bs))) {
			// mCRL2's mixed max: the result lies in the narrower sort
			// (max: Pos # Nat -> Pos, max: Int # Nat -> Nat, ...).
			res := as
			if lps.NumRank(bs) < lps.NumRank(as) {
				res = bs
			}
			return x.mk(op, []lps.Expr{a, b}, res, p)
		}
		s := x.join(a.Sort(), b.Sort())
		if s == nil || !s.IsNumeric() {
			x.c.errorf(id.Pos, "sort mismatch: %s expects two numbers, found %s and %s", name, sortName(a.Sort()), sortName(b.Sort()))
			return nil
		}
		return x.mk(op, []lps.Expr{x.coerce(a, s), x.coerce(b, s)}, s, p)
	case lps.OpExp:
		a := x.synth(raw[0], hint)
		if a == nil {
			return nil
		}
		if !a.Sort().IsNumeric() {
			return mismatch(a, "a number as its first argument")
		}
		if hint != nil && hint.IsNumeric() && lps.NumRank(hint) > lps.NumRank(a.Sort()) {
			// mCRL2 picks the overload of the context's sort:
			// exp(succ(1), -1) as a Real is exp: Real # Int -> Real.
			if a = x.coerce(a, hint); a == nil {
				return nil
			}
		}
		// mCRL2's exp: Pos # Nat -> Pos, Nat # Nat -> Nat, Int # Nat ->
		// Int and Real # Int -> Real: an exponent that is no Nat (-3, or an
		// Int expression) makes the base a Real.
		b := x.synth(raw[1], nil)
		if b == nil {
			return nil
		}
		if a.Sort().Kind == lps.SortReal || !x.canCoerce(b, st.Nat) {
			a = x.coerce(a, st.Real)
			return x.mk(op, []lps.Expr{a, x.coerce(b, st.Int)}, st.Real, p)
		}
		return x.mk(op, []lps.Expr{a, x.coerce(b, st.Nat)}, a.Sort(), p)
	case lps.OpAbs, lps.OpSucc, lps.OpPred:
		a := x.synth(raw[0], nil)
		if a == nil {
			return nil
		}
		s := a.Sort()
		if !s.IsNumeric() {
			return mismatch(a, "a number")
		}
		var res *lps.Sort
		switch op {
		case lps.OpAbs:
			if s.Kind != lps.SortReal {
				s, res = st.Int, st.Nat
			} else {
				res = st.Real
			}
		case lps.OpSucc:
			res = map[lps.SortKind]*lps.Sort{lps.SortPos: st.Pos, lps.SortNat: st.Pos, lps.SortInt: st.Int, lps.SortReal: st.Real}[s.Kind]
		case lps.OpPred:
			res = map[lps.SortKind]*lps.Sort{lps.SortPos: st.Nat, lps.SortNat: st.Int, lps.SortInt: st.Int, lps.SortReal: st.Real}[s.Kind]
		}
		return x.mk(op, []lps.Expr{x.coerce(a, s)}, res, p)
	case lps.OpSqrt: // mCRL2's sqrt: Nat -> Nat
		return x.mk(op, []lps.Expr{x.expect(raw[0], st.Nat)}, st.Nat, p)
	case lps.OpFloor, lps.OpCeil, lps.OpRound:
		a := x.expect(raw[0], st.Real)
		return x.mk(op, []lps.Expr{a}, st.Int, p)
	case lps.OpPick: // mCRL2's pick: FSet(S) -> S and FBag(S) -> S
		a := x.synth(raw[0], nil)
		if a == nil {
			return nil
		}
		if in, ok := a.(*lps.App); ok && in.Implicit && a.Sort().Kind == lps.SortSet {
			a = in.Args[0] // a set literal is a finite set
		}
		if k := a.Sort().Kind; k != lps.SortFBag && k != lps.SortFSet {
			return mismatch(a, "an FSet or FBag")
		}
		if hint != nil && x.canCoerce(a, st.Container(a.Sort().Kind, hint)) {
			a = x.coerce(a, st.Container(a.Sort().Kind, hint))
		}
		return x.mk(op, []lps.Expr{a}, a.Sort().Elem, p)
	case lps.OpSet2Bag, lps.OpBag2Set:
		var h *lps.Sort
		switch {
		case op == lps.OpSet2Bag && hint != nil && (hint.Kind == lps.SortBag || hint.Kind == lps.SortFBag):
			h = st.Set(hint.Elem)
		case op == lps.OpBag2Set && hint != nil && (hint.Kind == lps.SortSet || hint.Kind == lps.SortFSet):
			h = st.Bag(hint.Elem)
		}
		a := x.synth(raw[0], h)
		if a == nil {
			return nil
		}
		s := a.Sort()
		if op == lps.OpSet2Bag {
			if s.Kind == lps.SortFSet {
				s = st.Set(s.Elem)
			}
			if s.Kind != lps.SortSet {
				return mismatch(a, "a Set")
			}
			return x.mk(op, []lps.Expr{x.coerce(a, s)}, st.Bag(s.Elem), p)
		}
		if s.Kind == lps.SortFBag {
			s = st.Bag(s.Elem)
		}
		if s.Kind != lps.SortBag {
			return mismatch(a, "a Bag")
		}
		return x.mk(op, []lps.Expr{x.coerce(a, s)}, st.Set(s.Elem), p)
	}
	x.c.errorf(id.Pos, "unknown function %s", name)
	return nil
}
