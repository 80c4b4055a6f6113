package lps

// Built-in functions called by name (the operators are in checkexpr.go).
// Signatures follow mCRL2's data library (scripts/code_generation/
// data_types/*.spec); where mCRL2 has mixed-sort overloads (max: Pos # Nat
// -> Pos, ...) we use the overload at the least common sort.

type convInfo struct {
	op       Op
	from, to SortKind
}

var conversions = map[string]convInfo{
	"Pos2Nat": {OpPos2Nat, SortPos, SortNat}, "Pos2Int": {OpPos2Int, SortPos, SortInt},
	"Pos2Real": {OpPos2Real, SortPos, SortReal}, "Nat2Pos": {OpNat2Pos, SortNat, SortPos},
	"Nat2Int": {OpNat2Int, SortNat, SortInt}, "Nat2Real": {OpNat2Real, SortNat, SortReal},
	"Int2Pos": {OpInt2Pos, SortInt, SortPos}, "Int2Nat": {OpInt2Nat, SortInt, SortNat},
	"Int2Real": {OpInt2Real, SortInt, SortReal}, "Real2Pos": {OpReal2Pos, SortReal, SortPos},
	"Real2Nat": {OpReal2Nat, SortReal, SortNat}, "Real2Int": {OpReal2Int, SortReal, SortInt},
}

// builtinNames lists the built-in functions that are called by name.
var builtinNames = map[string]Op{
	"head": OpHead, "tail": OpTail, "rhead": OpRHead, "rtail": OpRTail,
	"count": OpBagCount, "max": OpMax, "min": OpMin, "abs": OpAbs,
	"succ": OpSucc, "pred": OpPred, "exp": OpExp,
	"floor": OpFloor, "ceil": OpCeil, "round": OpRound, "sqrt": OpSqrt,
	"Set2Bag": OpSet2Bag, "Bag2Set": OpBag2Set, "pick": OpPick,
}

func init() {
	for name, c := range conversions {
		builtinNames[name] = c.op
	}
}

func (st *SortTable) numeric(k SortKind) *Sort {
	switch k {
	case SortPos:
		return st.Pos
	case SortNat:
		return st.Nat
	case SortInt:
		return st.Int
	case SortReal:
		return st.Real
	}
	return nil
}

func (x *exprChecker) builtinCall(id *rawIdent, raw []rawExpr, hint *Sort) Expr {
	name := id.Name
	op := builtinNames[name]
	p := pos(id.Pos)
	arity := 1
	switch op {
	case OpBagCount, OpMax, OpMin, OpExp:
		arity = 2
	}
	if len(raw) != arity {
		s := "s"
		if arity == 1 {
			s = ""
		}
		x.c.errorf(id.Pos, "wrong number of arguments: %s takes %d argument%s, found %d", name, arity, s, len(raw))
		return nil
	}
	st := x.st
	if c, ok := conversions[name]; ok {
		a := x.expect(raw[0], st.numeric(c.from))
		return x.mk(c.op, []Expr{a}, st.numeric(c.to), p)
	}
	mismatch := func(a Expr, want string) Expr {
		x.c.errorAt(a.Position(), "sort mismatch: %s expects %s, found %s", name, want, sortName(a.Sort()))
		return nil
	}
	switch op {
	case OpHead, OpTail, OpRHead, OpRTail:
		var h *Sort
		if hint != nil {
			if op == OpHead || op == OpRHead {
				h = st.List(hint)
			} else if hint.Kind == SortList {
				h = hint
			}
		}
		a := x.synth(raw[0], h)
		if a == nil {
			return nil
		}
		if a.Sort().Kind != SortList {
			return mismatch(a, "a List")
		}
		res := a.Sort()
		if op == OpHead || op == OpRHead {
			res = res.Elem
		}
		return x.mk(op, []Expr{a}, res, p)
	case OpBagCount:
		b := x.synth(raw[1], nil)
		if b == nil {
			return nil
		}
		bs := b.Sort()
		if bs.Kind != SortBag && bs.Kind != SortFBag {
			return mismatch(b, "a Bag or FBag as its second argument")
		}
		if f, ok := b.(*FuncRef); ok && f.Func.Op == OpEmptySet && bs.Kind == SortFBag && bs.Elem == AnySort {
			// count(7, {:}): mCRL2 leaves the bag's element sort unknown
			// and the count without equations (see isEmptyBagOfUnknown).
			if e := x.synth(raw[0], nil); e != nil && !ContainsAny(e.Sort()) {
				return x.mk(OpBagCount, []Expr{e, b}, st.Nat, p)
			}
		}
		if bs.Kind == SortFBag && !ContainsAny(bs) {
			// mCRL2's type checker unifies the element sort with the
			// bag's only for a Bag: with an FBag each argument keeps the
			// sort it has on its own, and count: Pos # FBag(Nat) -> Nat,
			// say, is a symbol without equations (count(1, {0: 2}) is a
			// normal form).
			n := len(x.c.errs)
			if e := x.synth(raw[0], nil); e != nil && !ContainsAny(e.Sort()) && e.Sort() != bs.Elem {
				return x.mk(OpBagCount, []Expr{e, b}, st.Nat, p)
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
		return x.mk(OpBagCount, []Expr{x.coerce(e, el), x.coerce(b, st.Container(bs.Kind, el))}, st.Nat, p)
	case OpMax, OpMin:
		var a, b Expr
		if op == OpMax && !(isFlex(raw[0]) && isFlex(raw[1])) {
			a, b = x.synth(raw[0], nil), x.synth(raw[1], nil)
			// An operand of unknown sort (rhead([])) takes the other's.
			if a != nil && b != nil && ContainsAny(a.Sort()) && !ContainsAny(b.Sort()) {
				a = x.synth(raw[0], b.Sort())
			} else if a != nil && b != nil && ContainsAny(b.Sort()) && !ContainsAny(a.Sort()) {
				b = x.synth(raw[1], a.Sort())
			}
		} else {
			a, b = x.synthPair(raw[0], raw[1], hint)
		}
		if a == nil || b == nil {
			return nil
		}
		if as, bs := a.Sort(), b.Sort(); op == OpMax && as != bs && as.IsNumeric() && bs.IsNumeric() &&
			as.Kind != SortReal && bs.Kind != SortReal &&
			!(hint != nil && hint.IsNumeric() && NumRank(hint) >= NumRank(x.join(as, bs))) {
			// mCRL2's mixed max: the result lies in the narrower sort
			// (max: Pos # Nat -> Pos, max: Int # Nat -> Nat, ...).
			res := as
			if NumRank(bs) < NumRank(as) {
				res = bs
			}
			return x.mk(op, []Expr{a, b}, res, p)
		}
		s := x.join(a.Sort(), b.Sort())
		if s == nil || !s.IsNumeric() {
			x.c.errorf(id.Pos, "sort mismatch: %s expects two numbers, found %s and %s", name, sortName(a.Sort()), sortName(b.Sort()))
			return nil
		}
		return x.mk(op, []Expr{x.coerce(a, s), x.coerce(b, s)}, s, p)
	case OpExp:
		a := x.synth(raw[0], hint)
		if a == nil {
			return nil
		}
		if !a.Sort().IsNumeric() {
			return mismatch(a, "a number as its first argument")
		}
		if hint != nil && hint.IsNumeric() && NumRank(hint) > NumRank(a.Sort()) {
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
		if a.Sort().Kind == SortReal || !x.canCoerce(b, st.Nat) {
			a = x.coerce(a, st.Real)
			return x.mk(op, []Expr{a, x.coerce(b, st.Int)}, st.Real, p)
		}
		return x.mk(op, []Expr{a, x.coerce(b, st.Nat)}, a.Sort(), p)
	case OpAbs, OpSucc, OpPred:
		a := x.synth(raw[0], nil)
		if a == nil {
			return nil
		}
		s := a.Sort()
		if !s.IsNumeric() {
			return mismatch(a, "a number")
		}
		var res *Sort
		switch op {
		case OpAbs:
			if s.Kind != SortReal {
				s, res = st.Int, st.Nat
			} else {
				res = st.Real
			}
		case OpSucc:
			res = map[SortKind]*Sort{SortPos: st.Pos, SortNat: st.Pos, SortInt: st.Int, SortReal: st.Real}[s.Kind]
		case OpPred:
			res = map[SortKind]*Sort{SortPos: st.Nat, SortNat: st.Int, SortInt: st.Int, SortReal: st.Real}[s.Kind]
		}
		return x.mk(op, []Expr{x.coerce(a, s)}, res, p)
	case OpSqrt: // mCRL2's sqrt: Nat -> Nat
		return x.mk(op, []Expr{x.expect(raw[0], st.Nat)}, st.Nat, p)
	case OpFloor, OpCeil, OpRound:
		a := x.expect(raw[0], st.Real)
		return x.mk(op, []Expr{a}, st.Int, p)
	case OpPick: // mCRL2's pick: FSet(S) -> S and FBag(S) -> S
		a := x.synth(raw[0], nil)
		if a == nil {
			return nil
		}
		if in, ok := a.(*App); ok && in.Implicit && a.Sort().Kind == SortSet {
			a = in.Args[0] // a set literal is a finite set
		}
		if k := a.Sort().Kind; k != SortFBag && k != SortFSet {
			return mismatch(a, "an FSet or FBag")
		}
		if hint != nil && x.canCoerce(a, st.Container(a.Sort().Kind, hint)) {
			a = x.coerce(a, st.Container(a.Sort().Kind, hint))
		}
		return x.mk(op, []Expr{a}, a.Sort().Elem, p)
	case OpSet2Bag, OpBag2Set:
		var h *Sort
		switch {
		case op == OpSet2Bag && hint != nil && (hint.Kind == SortBag || hint.Kind == SortFBag):
			h = st.Set(hint.Elem)
		case op == OpBag2Set && hint != nil && (hint.Kind == SortSet || hint.Kind == SortFSet):
			h = st.Bag(hint.Elem)
		}
		a := x.synth(raw[0], h)
		if a == nil {
			return nil
		}
		s := a.Sort()
		if op == OpSet2Bag {
			if s.Kind == SortFSet {
				s = st.Set(s.Elem)
			}
			if s.Kind != SortSet {
				return mismatch(a, "a Set")
			}
			return x.mk(op, []Expr{x.coerce(a, s)}, st.Bag(s.Elem), p)
		}
		if s.Kind == SortFBag {
			s = st.Bag(s.Elem)
		}
		if s.Kind != SortBag {
			return mismatch(a, "a Bag")
		}
		return x.mk(op, []Expr{x.coerce(a, s)}, st.Set(s.Elem), p)
	}
	x.c.errorf(id.Pos, "unknown function %s", name)
	return nil
}
