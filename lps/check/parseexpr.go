package check

import (
	"slices"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/syntax"
)

// A data expression written outside the specification (lps2lts's
// --sweep=EXPR) is read by the same parser and checker as the
// specification's own expressions, with the process parameters in scope.

// ParseExpr parses src as a data expression over the process parameters
// of spec and checks it against spec's sorts and functions. name stands
// for the source in errors, whose positions count within src ("--sweep:1:5:
// ..."). On failure the error is an ErrorList.
func ParseExpr(spec *lps.Spec, name, src string) (e lps.Expr, err error) {
	defer lps.RecoverInternal(name, &e, &err)
	tree, perr := syntax.ParseExpr(name, src)
	if perr != nil {
		return nil, perr
	}
	c := checkerOf(spec, name)
	sc := &scope{vars: map[string]*lps.Var{}}
	for _, p := range spec.Params {
		sc.vars[p.Name] = p
	}
	c.params = sc.vars
	x := c.newExprChecker(sc)
	e = x.synth(tree, nil)
	if e != nil && x.reportAny(e) {
		e = nil
	}
	if len(c.errs) > 0 {
		return nil, c.errs.Normalize()
	}
	if e == nil {
		return nil, lps.ErrorList{{File: name, Msg: "not a data expression"}}
	}
	return e, nil
}

// checkerOf is a checker of text written outside the checked
// specification spec (name stands for that text in errors): its sorts,
// functions and actions, nothing in scope.
func checkerOf(spec *lps.Spec, name string) *checker {
	c := &checker{
		file:      name,
		st:        spec.SortTable,
		spec:      spec,
		sortNames: map[string]*sortEntry{},
		funcs:     map[string][]*lps.Func{},
		actions:   map[string][]*lps.ActionDecl{},
	}
	// The checker's tables are rebuilt from the checked specification:
	// the sorts as resolved, the functions by name.
	seen := map[*lps.Func]bool{}
	add := func(f *lps.Func) {
		if f != nil && !seen[f] {
			seen[f] = true
			c.funcs[f.Name] = append(c.funcs[f.Name], f)
		}
	}
	for _, d := range spec.Sorts {
		c.sortNames[d.Name] = &sortEntry{decl: d, state: 2}
		if d.Sort == nil {
			continue
		}
		for _, ctor := range d.Sort.Constructors {
			add(ctor)
			for _, p := range ctor.Projections {
				add(p)
			}
			add(ctor.Recogniser)
		}
	}
	for _, f := range slices.Concat(spec.Cons, spec.Maps) {
		add(f)
	}
	for _, a := range spec.Actions {
		c.actions[a.Name] = append(c.actions[a.Name], a)
	}
	return c
}
