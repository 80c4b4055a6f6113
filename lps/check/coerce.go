package check

import "github.com/lps2lts/lps2lts/lps"

// Coercion: mCRL2's implicit conversions (Pos ⊂ Nat ⊂ Int ⊂ Real, FSet ⊂
// Set, FBag ⊂ Bag), the retyping of literals and container operations
// from their context, and the least sort two operands share.

// isSetLike reports whether k is a set or bag sort, finite or not.
func isSetLike(k lps.SortKind) bool {
	return k == lps.SortSet || k == lps.SortFSet || k == lps.SortBag || k == lps.SortFBag
}

// canCoerce reports whether coerce(e, t) would succeed.
func (x *exprChecker) canCoerce(e lps.Expr, t *lps.Sort) bool {
	s := e.Sort()
	if s == t {
		return true
	}
	if inner, ft := finiteUnder(e, t, x.st); inner != nil {
		return x.canCoerce(inner, ft)
	}
	if ft := finiteOf(s, t, x.st); ft != nil {
		return x.canCoerce(e, ft)
	}
	switch e := e.(type) {
	case *lps.Number:
		if t.IsNumeric() {
			return t.Kind != lps.SortPos || e.Value.Sign() > 0
		}
	case *lps.FuncRef:
		switch e.Func.Op {
		case lps.OpEmptyList:
			if t.Kind == lps.SortList {
				return true
			}
		case lps.OpEmptySet:
			if isSetLike(t.Kind) {
				return true
			}
		}
	case *lps.ListEnum:
		if t.Kind == lps.SortList {
			return x.canCoerceAll(e.Elems, t.Elem)
		}
	case *lps.SetEnum:
		if t.Kind == lps.SortSet || t.Kind == lps.SortFSet {
			return x.canCoerceAll(e.Elems, t.Elem)
		}
	case *lps.BagEnum:
		if t.Kind == lps.SortBag || t.Kind == lps.SortFBag {
			return x.canCoerceAll(e.Elems, t.Elem)
		}
	case *lps.Where:
		if x.canCoerce(e.Body, t) {
			return true
		}
	case *lps.App:
		if e.Fixed {
			return x.retag(e, t) != nil
		}
		if f, ok := e.Head.(*lps.FuncRef); ok && !e.Implicit {
			switch f.Func.Op {
			case lps.OpNeg:
				if (t.Kind == lps.SortInt || t.Kind == lps.SortReal) && x.canCoerce(e.Args[0], t) {
					return true
				}
			case lps.OpIf:
				if x.canCoerce(e.Args[1], t) && x.canCoerce(e.Args[2], t) {
					return true
				}
			case lps.OpElementAt:
				if lps.ContainsAny(s) && x.canCoerce(e.Args[0], x.st.List(t)) {
					return true
				}
			}
			if x.canCoerceContainerOp(f.Func.Op, e, t) {
				return true
			}
		}
	}
	if lps.ContainsAny(s) || s == nil {
		return false
	}
	_, ok := lps.Upcast(s, t)
	return ok
}

// canCoerceAll reports whether every one of es can be coerced to t: the
// elements of an enumeration, in a container of t's.
func (x *exprChecker) canCoerceAll(es []lps.Expr, t *lps.Sort) bool {
	for _, e := range es {
		if !x.canCoerce(e, t) {
			return false
		}
	}
	return true
}

// coerceAll converts each of es to t (which canCoerceAll allowed).
func (x *exprChecker) coerceAll(es []lps.Expr, t *lps.Sort) []lps.Expr {
	out := make([]lps.Expr, len(es))
	for i, e := range es {
		out[i] = x.coerce(e, t)
	}
	return out
}

// coerce converts e to sort t, or reports a sort mismatch and returns nil.
func (x *exprChecker) coerce(e lps.Expr, t *lps.Sort) lps.Expr {
	if e == nil || t == nil {
		return nil
	}
	s := e.Sort()
	if s == t {
		return e
	}
	if inner, ft := finiteUnder(e, t, x.st); inner != nil && x.canCoerce(inner, ft) {
		return x.wrapUpcast(x.coerce(inner, ft), t)
	}
	if ft := finiteOf(s, t, x.st); ft != nil && x.canCoerce(e, ft) {
		return x.wrapUpcast(x.coerce(e, ft), t)
	}
	switch e := e.(type) {
	case *lps.Number:
		if t.IsNumeric() {
			if t.Kind == lps.SortPos && e.Value.Sign() == 0 {
				x.c.errorAt(e.Pos, "expected sort Pos, found 0 (of sort Nat)")
				return nil
			}
			return &lps.Number{Value: e.Value, S: t, Pos: e.Pos}
		}
	case *lps.FuncRef:
		switch e.Func.Op {
		case lps.OpEmptyList:
			if t.Kind == lps.SortList {
				return &lps.FuncRef{Func: x.st.Builtin(lps.OpEmptyList, t), Pos: e.Pos}
			}
		case lps.OpEmptySet:
			if isSetLike(t.Kind) {
				return &lps.FuncRef{Func: x.st.Builtin(lps.OpEmptySet, t), Pos: e.Pos}
			}
		}
	case *lps.ListEnum:
		if t.Kind == lps.SortList && x.canCoerce(e, t) {
			return &lps.ListEnum{Enum: lps.Enum{Elems: x.coerceAll(e.Elems, t.Elem), S: t, Pos: e.Pos}}
		}
	case *lps.SetEnum:
		if (t.Kind == lps.SortSet || t.Kind == lps.SortFSet) && x.canCoerce(e, t) {
			return x.wrapUpcast(&lps.SetEnum{Enum: lps.Enum{Elems: x.coerceAll(e.Elems, t.Elem), S: x.st.FSet(t.Elem), Pos: e.Pos}}, t)
		}
	case *lps.BagEnum:
		if (t.Kind == lps.SortBag || t.Kind == lps.SortFBag) && x.canCoerce(e, t) {
			return x.wrapUpcast(&lps.BagEnum{Enum: lps.Enum{Elems: x.coerceAll(e.Elems, t.Elem), S: x.st.FBag(t.Elem), Pos: e.Pos}, Counts: e.Counts}, t)
		}
	case *lps.Where:
		// The body is typed from the context, as mCRL2 types it:
		// ({5} whr x = 1 end) < {0} compares FSet(Nat)s.
		if x.canCoerce(e.Body, t) {
			return &lps.Where{Body: x.coerce(e.Body, t), Defs: e.Defs, Pos: e.Pos}
		}
	case *lps.App:
		if out := x.retag(e, t); out != nil {
			return out
		}
		if f, ok := e.Head.(*lps.FuncRef); ok && !e.Implicit && !e.Fixed {
			switch f.Func.Op {
			case lps.OpNeg:
				if (t.Kind == lps.SortInt || t.Kind == lps.SortReal) && x.canCoerce(e.Args[0], t) {
					return x.mk(lps.OpNeg, []lps.Expr{x.coerce(e.Args[0], t)}, t, e.Pos)
				}
			case lps.OpIf:
				if x.canCoerce(e.Args[1], t) && x.canCoerce(e.Args[2], t) {
					return x.mkIf(e.Args[0], x.coerce(e.Args[1], t), x.coerce(e.Args[2], t), e.Pos)
				}
			case lps.OpElementAt:
				// An element of a list whose element sort only the
				// context gives ([] . n where a Nat is expected): the list
				// takes the sort List(t), as mCRL2's type checker types
				// it (txt2lps accepts lpspp's `if(c, 1, [] . n)`).
				if lps.ContainsAny(s) && x.canCoerce(e.Args[0], x.st.List(t)) {
					return x.mk(lps.OpElementAt, []lps.Expr{x.coerce(e.Args[0], x.st.List(t)), e.Args[1]}, t, e.Pos)
				}
			}
			if out := x.coerceContainerOp(f.Func.Op, e, t); out != nil {
				return out
			}
		}
	}
	if s != nil && !lps.ContainsAny(s) {
		if _, ok := lps.Upcast(s, t); ok {
			return x.wrapUpcast(e, t)
		}
	}
	x.c.errorAt(e.Position(), "sort mismatch: expected %s, found %s", t, sortName(s))
	return nil
}

// canCoerceContainerOp says whether coerceContainerOp applies.
func (x *exprChecker) canCoerceContainerOp(op lps.Op, e *lps.App, t *lps.Sort) bool {
	s := e.Sort()
	if s == nil || !s.IsContainer() || !t.IsContainer() || s.Kind != t.Kind || len(e.Args) == 0 {
		return false
	}
	if _, ok := lps.Upcast(s.Elem, t.Elem); !ok && !lps.ContainsAny(s.Elem) {
		return false
	}
	switch op {
	case lps.OpConcat, lps.OpAdd, lps.OpSub, lps.OpMul:
		return len(e.Args) == 2 && x.canCoerce(e.Args[0], t) && x.canCoerce(e.Args[1], t)
	case lps.OpCons:
		return x.canCoerce(e.Args[0], t.Elem) && x.canCoerce(e.Args[1], t)
	case lps.OpSnoc:
		return x.canCoerce(e.Args[0], t) && x.canCoerce(e.Args[1], t.Elem)
	case lps.OpTail, lps.OpRTail:
		return x.canCoerce(e.Args[0], t)
	case lps.OpComplement:
		return t.Kind == lps.SortSet && x.canCoerce(e.Args[0], t)
	case lps.OpSet2Bag:
		return x.canCoerce(e.Args[0], x.st.Set(t.Elem))
	case lps.OpBag2Set:
		return x.canCoerce(e.Args[0], x.st.Bag(t.Elem))
	}
	return false
}

// coerceContainerOp retypes an operation that builds a container of the
// same kind as t with a wider element sort (head([[1]]) ++ [2] as a
// List(Nat) although its operands were checked as List(Pos)): its
// operands are coerced instead of the result, as mCRL2's type checker
// types them from the context. It returns nil when that does not apply.
func (x *exprChecker) coerceContainerOp(op lps.Op, e *lps.App, t *lps.Sort) lps.Expr {
	if !x.canCoerceContainerOp(op, e, t) {
		return nil
	}
	args := make([]lps.Expr, len(e.Args))
	switch op {
	case lps.OpCons:
		args[0], args[1] = x.coerce(e.Args[0], t.Elem), x.coerce(e.Args[1], t)
	case lps.OpSnoc:
		args[0], args[1] = x.coerce(e.Args[0], t), x.coerce(e.Args[1], t.Elem)
	case lps.OpSet2Bag:
		args[0] = x.coerce(e.Args[0], x.st.Set(t.Elem))
	case lps.OpBag2Set:
		args[0] = x.coerce(e.Args[0], x.st.Bag(t.Elem))
	default:
		for i, a := range e.Args {
			args[i] = x.coerce(a, t)
		}
	}
	return x.mk(op, args, t, e.Pos)
}

// finiteUnder sees through the implicit conversion of a finite set or bag
// to a set or bag: when e is @setfset(f) (or @bagfbag(f)) and t a Set (or
// Bag), it returns f and the finite sort f must have for e to become t.
func finiteUnder(e lps.Expr, t *lps.Sort, st *lps.SortTable) (lps.Expr, *lps.Sort) {
	a, ok := e.(*lps.App)
	if !ok || !a.Implicit || len(a.Args) != 1 {
		return nil, nil
	}
	f, ok := a.Head.(*lps.FuncRef)
	if !ok {
		return nil, nil
	}
	switch {
	case f.Func.Op == lps.OpFSet2Set && t.Kind == lps.SortSet:
		return a.Args[0], st.FSet(t.Elem)
	case f.Func.Op == lps.OpFBag2Bag && t.Kind == lps.SortBag:
		return a.Args[0], st.FBag(t.Elem)
	}
	return nil, nil
}

// finiteOf is the finite set or bag sort that an expression of the finite
// sort s must have to become t (a Set or Bag of another element sort):
// FSet(t.Elem) for s = FSet(...), t = Set(...); nil when that is not the
// case.
func finiteOf(s, t *lps.Sort, st *lps.SortTable) *lps.Sort {
	if s == nil || s.Elem == t.Elem {
		return nil
	}
	switch {
	case s.Kind == lps.SortFSet && t.Kind == lps.SortSet:
		return st.FSet(t.Elem)
	case s.Kind == lps.SortFBag && t.Kind == lps.SortBag:
		return st.FBag(t.Elem)
	}
	return nil
}

// wrapUpcast applies the implicit conversion from e's sort to t (if the
// sorts differ; Upcast(e.Sort(), t) must exist).
func (x *exprChecker) wrapUpcast(e lps.Expr, t *lps.Sort) lps.Expr {
	s := e.Sort()
	if s == t {
		return e
	}
	op, _ := lps.Upcast(s, t)
	return lps.ImplicitApp(x.st, op, e, t)
}

// join is the least sort both a and b coerce to, or nil.
func (x *exprChecker) join(a, b *lps.Sort) *lps.Sort {
	if a == b {
		return a
	}
	if a == lps.AnySort {
		return b
	}
	if b == lps.AnySort {
		return a
	}
	if a.IsNumeric() && b.IsNumeric() {
		if lps.NumRank(a) >= lps.NumRank(b) {
			return a
		}
		return b
	}
	if a.IsContainer() && b.IsContainer() {
		e := x.join(a.Elem, b.Elem)
		if e == nil {
			return nil
		}
		ka, kb := a.Kind, b.Kind
		switch {
		case ka == kb:
			return x.st.Container(ka, e)
		case (ka == lps.SortSet || ka == lps.SortFSet) && (kb == lps.SortSet || kb == lps.SortFSet):
			return x.st.Set(e)
		case (ka == lps.SortBag || ka == lps.SortFBag) && (kb == lps.SortBag || kb == lps.SortFBag):
			return x.st.Bag(e)
		}
	}
	return nil
}
