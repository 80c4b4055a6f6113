package check

import (
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/syntax"
)

// Quantifiers, lambdas and where clauses: the scopes they open.

// binder checks forall, exists and lambda: the bound variables hide
// names outside; a quantifier's body is Bool.
func (x *exprChecker) binder(e *syntax.Binder, hint *lps.Sort) lps.Expr {
	sc := &scope{vars: map[string]*lps.Var{}, parent: x.sc}
	vars := x.c.addVars(sc, e.Vars, "bound variable", nil)
	if len(vars) == 0 {
		return nil
	}
	in := x.inner(sc)
	p := pos(e.Pos)
	if e.Kind == "lambda" {
		var h *lps.Sort
		if hint != nil && hint.Kind == lps.SortFunc && len(hint.Domain) == len(vars) {
			h = hint.Codomain
		}
		body := in.synth(e.Body, h)
		if body == nil {
			return nil
		}
		if h != nil && in.canCoerce(body, h) {
			body = in.coerce(body, h)
		}
		dom := make([]*lps.Sort, len(vars))
		for i, v := range vars {
			dom[i] = v.S
		}
		return &lps.Binder{Kind: lps.Lambda, Vars: vars, Body: body, S: x.st.Func(dom, body.Sort()), Pos: p}
	}
	body := in.expect(e.Body, x.st.Bool)
	if body == nil {
		return nil
	}
	k := lps.Forall
	if e.Kind == "exists" {
		k = lps.Exists
	}
	return &lps.Binder{Kind: k, Vars: vars, Body: body, S: x.st.Bool, Pos: p}
}

// where checks `body whr x = e, ... end`: each definition is typed
// outside the clause, and its variable is in scope in the body only.
func (x *exprChecker) where(e *syntax.Where, hint *lps.Sort) lps.Expr {
	sc := &scope{vars: map[string]*lps.Var{}, parent: x.sc}
	w := &lps.Where{Pos: pos(e.Pos)}
	for _, d := range e.Defs {
		val := x.synth(d.Value, nil)
		if val == nil {
			return nil
		}
		if old, dup := sc.vars[d.Name.Name]; dup {
			x.c.errorf(d.Name.Pos, "duplicate where variable %s (first defined at %s)", d.Name.Name, old.Pos)
			return nil
		}
		v := &lps.Var{Name: d.Name.Name, S: val.Sort(), Pos: pos(d.Name.Pos)}
		sc.vars[v.Name] = v
		w.Defs = append(w.Defs, lps.WhereDef{Var: v, Value: val})
	}
	w.Body = x.inner(sc).synth(e.Body, hint)
	if w.Body == nil {
		return nil
	}
	return w
}
