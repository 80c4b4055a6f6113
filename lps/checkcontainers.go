package lps

// Lists, sets and bags written out, comprehensions and function updates:
// their element sorts come from the elements and from the context.

// elemHint is the element sort a container hint asks for.
func elemHint(hint *Sort, kinds ...SortKind) *Sort {
	if hint == nil {
		return nil
	}
	for _, k := range kinds {
		if hint.Kind == k {
			return hint.Elem
		}
	}
	return nil
}

// elems checks enumerated elements and coerces them to their join.
func (x *exprChecker) elems(raw []rawExpr, h *Sort) ([]Expr, *Sort) {
	out := make([]Expr, len(raw))
	var s *Sort
	for i, r := range raw {
		hh := h
		if s != nil {
			hh = s
		}
		if out[i] = x.synth(r, hh); out[i] == nil {
			return nil, nil
		}
		if s == nil {
			s = out[i].Sort()
			continue
		}
		j := x.join(s, out[i].Sort())
		if j == nil {
			x.c.errorAt(out[i].Position(), "sort mismatch: elements of sorts %s and %s in one enumeration", sortName(s), sortName(out[i].Sort()))
			return nil, nil
		}
		s = j
	}
	for i := range out {
		if out[i] = x.coerce(out[i], s); out[i] == nil {
			return nil, nil
		}
	}
	return out, s
}

func (x *exprChecker) list(e *rawList, hint *Sort) Expr {
	h := elemHint(hint, SortList)
	p := pos(e.Pos)
	if len(e.Elems) == 0 {
		if h == nil {
			h = AnySort
		}
		return &FuncRef{Func: x.st.Builtin(OpEmptyList, x.st.List(h)), Pos: p}
	}
	el, s := x.elems(e.Elems, h)
	if el == nil {
		return nil
	}
	return &ListEnum{Elems: el, S: x.st.List(s), Pos: p}
}

func (x *exprChecker) set(e *rawSet, hint *Sort) Expr {
	p := pos(e.Pos)
	if len(e.Elems) == 0 {
		s := hint
		if s == nil || !isSetLike(s.Kind) {
			s = x.st.FSet(AnySort)
		}
		return &FuncRef{Func: x.st.Builtin(OpEmptySet, s), Pos: p}
	}
	el, s := x.elems(e.Elems, elemHint(hint, SortSet, SortFSet))
	if el == nil {
		return nil
	}
	return &SetEnum{Elems: el, S: x.st.FSet(s), Pos: p}
}

func (x *exprChecker) bag(e *rawBag, hint *Sort) Expr {
	p := pos(e.Pos)
	if len(e.Elems) == 0 {
		s := hint
		if s == nil || (s.Kind != SortBag && s.Kind != SortFBag) {
			s = x.st.FBag(AnySort)
		}
		return &FuncRef{Func: x.st.Builtin(OpEmptySet, s), Pos: p}
	}
	el, s := x.elems(e.Elems, elemHint(hint, SortBag, SortFBag))
	if el == nil {
		return nil
	}
	counts := make([]Expr, len(e.Counts))
	for i, c := range e.Counts {
		if counts[i] = x.expect(c, x.st.Nat); counts[i] == nil {
			return nil
		}
	}
	return &BagEnum{Elems: el, Counts: counts, S: x.st.FBag(s), Pos: p}
}

func (x *exprChecker) comp(e *rawComp, hint *Sort) Expr {
	s := x.c.sort(e.Sort)
	if s == nil {
		return nil
	}
	v := &Var{Name: e.Var.Name, S: s, Pos: pos(e.Var.Pos)}
	in := x.inner(&scope{vars: map[string]*Var{v.Name: v}, parent: x.sc})
	var h *Sort
	if hint != nil && (hint.Kind == SortBag || hint.Kind == SortFBag) {
		h = x.st.Nat
	}
	body := in.synth(e.Body, h)
	if body == nil {
		return nil
	}
	p := pos(e.Pos)
	switch body.Sort().Kind {
	case SortBool:
		return &Binder{Kind: SetComp, Vars: []*Var{v}, Body: body, S: x.st.Set(s), Pos: p}
	case SortPos, SortNat:
		body = in.coerce(body, x.st.Nat)
		return &Binder{Kind: BagComp, Vars: []*Var{v}, Body: body, S: x.st.Bag(s), Pos: p}
	}
	x.c.errorAt(body.Position(), "sort mismatch: a comprehension's body must be Bool (a set) or Nat (a bag), found %s", sortName(body.Sort()))
	return nil
}

func (x *exprChecker) update(e *rawUpdate, hint *Sort) Expr {
	f := x.synth(e.Fun, hint)
	if f == nil {
		return nil
	}
	fs := f.Sort()
	if fs.Kind != SortFunc || len(fs.Domain) != 1 {
		x.c.errorAt(f.Position(), "sort mismatch: a function update needs a function of one argument, found %s", sortName(fs))
		return nil
	}
	k := x.expect(e.Key, fs.Domain[0])
	v := x.expect(e.Val, fs.Codomain)
	return x.mk(OpUpdate, []Expr{f, k, v}, fs, f.Position())
}
