package check

import (
	"slices"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/syntax"
)

// Lists, sets and bags written out, comprehensions and function updates:
// their element sorts come from the elements and from the context.

// elemHint is the element sort a container hint asks for.
func elemHint(hint *lps.Sort, kinds ...lps.SortKind) *lps.Sort {
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

// enum checks the elements of an enumeration written at p (h: the
// element sort the context asks for) and coerces them to their join J:
// an enumeration of sort container(J); false after an error.
func (x *exprChecker) enum(raw []syntax.Expr, h *lps.Sort, container func(*lps.Sort) *lps.Sort, p lps.Pos) (lps.Enum, bool) {
	out := make([]lps.Expr, len(raw))
	var s *lps.Sort
	for i, r := range raw {
		hh := h
		if s != nil {
			hh = s
		}
		if out[i] = x.synth(r, hh); out[i] == nil {
			return lps.Enum{}, false
		}
		if s == nil {
			s = out[i].Sort()
			continue
		}
		j := x.join(s, out[i].Sort())
		if j == nil {
			x.c.errorAt(out[i].Position(), "sort mismatch: elements of sorts %s and %s in one enumeration", sortName(s), sortName(out[i].Sort()))
			return lps.Enum{}, false
		}
		s = j
	}
	for i := range out {
		if out[i] = x.coerce(out[i], s); out[i] == nil {
			return lps.Enum{}, false
		}
	}
	return lps.Enum{Elems: out, S: container(s), Pos: p}, true
}

// container checks a list, set or bag written out, or a comprehension.
// An empty one takes its element sort from the hint: [] a list's, {} a
// set's or a bag's (it is both), {:} a bag's. A set written out is a
// finite set (FSet) that a Set context converts; a bag's counts are Nat.
func (x *exprChecker) container(e syntax.Expr, hint *lps.Sort) lps.Expr {
	p := pos(e.Start())
	switch e := e.(type) {
	case *syntax.List:
		h := elemHint(hint, lps.SortList)
		if len(e.Elems) == 0 {
			if h == nil {
				h = lps.AnySort
				x.c.unknownElems++
			}
			return &lps.FuncRef{Func: x.st.Builtin(lps.OpEmptyList, x.st.List(h)), Pos: p}
		}
		if en, ok := x.enum(e.Elems, h, x.st.List, p); ok {
			return &lps.ListEnum{Enum: en}
		}
	case *syntax.Set:
		if len(e.Elems) == 0 {
			return x.empty(p, hint, x.st.FSet, lps.SortSet, lps.SortFSet, lps.SortBag, lps.SortFBag)
		}
		if en, ok := x.enum(e.Elems, elemHint(hint, lps.SortSet, lps.SortFSet), x.st.FSet, p); ok {
			return &lps.SetEnum{Enum: en}
		}
	case *syntax.Bag:
		if len(e.Elems) == 0 {
			return x.empty(p, hint, x.st.FBag, lps.SortBag, lps.SortFBag)
		}
		en, ok := x.enum(e.Elems, elemHint(hint, lps.SortBag, lps.SortFBag), x.st.FBag, p)
		if !ok {
			return nil
		}
		counts := make([]lps.Expr, len(e.Counts))
		for i, c := range e.Counts {
			if counts[i] = x.expect(c, x.st.Nat); counts[i] == nil {
				return nil
			}
		}
		return &lps.BagEnum{Enum: en, Counts: counts}
	case *syntax.Comp:
		return x.comp(e, hint)
	}
	return nil
}

// comp checks {x: S | e}: a set when e is Bool, a bag when e is a Nat.
func (x *exprChecker) comp(e *syntax.Comp, hint *lps.Sort) lps.Expr {
	s := x.c.sort(e.Sort)
	if s == nil {
		return nil
	}
	v := &lps.Var{Name: e.Var.Name, S: s, Pos: pos(e.Var.Pos)}
	in := x.inner(&scope{vars: map[string]*lps.Var{v.Name: v}, parent: x.sc})
	var h *lps.Sort
	if hint != nil && (hint.Kind == lps.SortBag || hint.Kind == lps.SortFBag) {
		h = x.st.Nat
	}
	body := in.synth(e.Body, h)
	if body == nil {
		return nil
	}
	p := pos(e.Pos)
	switch body.Sort().Kind {
	case lps.SortBool:
		return &lps.Binder{Kind: lps.SetComp, Vars: []*lps.Var{v}, Body: body, S: x.st.Set(s), Pos: p}
	case lps.SortPos, lps.SortNat:
		body = in.coerce(body, x.st.Nat)
		return &lps.Binder{Kind: lps.BagComp, Vars: []*lps.Var{v}, Body: body, S: x.st.Bag(s), Pos: p}
	}
	x.c.errorAt(body.Position(), "sort mismatch: a comprehension's body must be Bool (a set) or Nat (a bag), found %s", sortName(body.Sort()))
	return nil
}

// update checks f[k -> v]: k and v at f's domain and codomain.
func (x *exprChecker) update(e *syntax.Update, hint *lps.Sort) lps.Expr {
	f := x.synth(e.Fun, hint)
	if f == nil {
		return nil
	}
	fs := f.Sort()
	if fs.Kind != lps.SortFunc || len(fs.Domain) != 1 {
		x.c.errorAt(f.Position(), "sort mismatch: a function update needs a function of one argument, found %s", sortName(fs))
		return nil
	}
	k := x.expect(e.Key, fs.Domain[0])
	v := x.expect(e.Val, fs.Codomain)
	return x.mk(lps.OpUpdate, []lps.Expr{f, k, v}, fs, f.Position())
}

// empty returns an empty set or bag ({} or {:}) of the sort the context
// asks for when its kind is one of kinds, else of finite(AnySort), whose
// element sort later unification fills in.
func (x *exprChecker) empty(p lps.Pos, hint *lps.Sort, finite func(*lps.Sort) *lps.Sort, kinds ...lps.SortKind) lps.Expr {
	s := hint
	if s == nil || !slices.Contains(kinds, s.Kind) {
		s = finite(lps.AnySort)
		x.c.unknownElems++
	}
	return &lps.FuncRef{Func: x.st.Builtin(lps.OpEmptySet, s), Pos: p}
}
