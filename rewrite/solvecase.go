package rewrite

import "github.com/lps2lts/lps2lts/lps"

// Case functions in the solver. mcrl22lps turns a choice among the
// values of an enumerated sort into a case function, C(e, x1, ..., xn),
// defined by an equation C(c, x1, ..., xn) = xj for each constructor c
// of e's sort, and a sum over such an e leaves conditions like
//
//	C19_4(e, false, ..., false, true, false, ...) && x == C19_1(e, ...)
//
// once the parameters are substituted (Lamport_3-bit's sums over a sort
// of 19 values). Narrowing e to each constructor rewrote the whole
// condition 19 times to keep one: on Lamport_3-bit's first 20,000
// states, 52,109 rewrites for 3,344 enumerations, a tenth of the run. A
// conjunct C(e, a1, ..., an) whose argument selected by constructor c is
// false makes the condition false for e = c, and the solver does not try
// c (caseExcluded). The solutions and their order are the same: a
// constructor skipped would have rewritten the condition to false.

// caseSelector is a case function's selection: pick[i] is the argument
// (1 for the first after the selector) that constructor i of the first
// argument's sort picks, 0 where no equation says.
type caseSelector struct {
	sort *lps.Sort
	pick []int
}

// caseSelectors finds the case functions of spec's equations: for a
// function f, the equations f(c, x1, ..., xn) = xj without a condition,
// c a constructor constant and x1, ..., xn distinct variables. Other
// equations of f (mcrl22lps adds f(e, x, ..., x) = x) agree with these
// and do not matter. A constructor given two different arguments makes
// f none.
func caseSelectors(spec *lps.Spec) map[*lps.Func]caseSelector {
	picks := map[*lps.Func]map[*lps.Func]int{}
	bad := map[*lps.Func]bool{}
	for _, eq := range spec.Equations {
		f, c, j, ok := caseEquation(eq)
		if !ok {
			continue
		}
		byCons := picks[f]
		if byCons == nil {
			byCons = map[*lps.Func]int{}
			picks[f] = byCons
		}
		if old, seen := byCons[c]; seen && old != j {
			bad[f] = true
		}
		byCons[c] = j
	}
	sel := map[*lps.Func]caseSelector{}
	for f, byCons := range picks {
		if bad[f] {
			continue
		}
		sort := f.Sort.Domain[0]
		pick := make([]int, len(sort.Constructors))
		for i, c := range sort.Constructors {
			pick[i] = byCons[c]
		}
		sel[f] = caseSelector{sort: sort, pick: pick}
	}
	return sel
}

// caseEquation says whether eq is f(c, x1, ..., xn) = xj, and returns f,
// c and j.
func caseEquation(eq *lps.Equation) (f, c *lps.Func, j int, ok bool) {
	app, isApp := eq.LHS.(*lps.App)
	if !isApp || eq.Cond != nil || len(app.Args) < 2 {
		return nil, nil, 0, false
	}
	head, isRef := app.Head.(*lps.FuncRef)
	first, isConst := app.Args[0].(*lps.FuncRef)
	rhs, isVar := eq.RHS.(*lps.VarRef)
	if !isRef || !isConst || !isVar || first.Func.Kind != lps.FuncConstructor {
		return nil, nil, 0, false
	}
	seen := make(map[*lps.Var]bool, len(app.Args)-1)
	for i, a := range app.Args[1:] {
		v, isVar := a.(*lps.VarRef)
		if !isVar || seen[v.Var] {
			return nil, nil, 0, false
		}
		seen[v.Var] = true
		if v.Var == rhs.Var {
			j = i + 1
		}
	}
	if j == 0 {
		return nil, nil, 0, false
	}
	return head.Func, first.Func, j, true
}

// caseExcluded returns the constructors of sort, v's, ruled out by a
// conjunct of cond (its top-level &&s) that applies a case function to
// v, a bit each: those whose selected argument is false. A sort of more
// than 64 constructors rules none out.
func (r *Rewriter) caseExcluded(cond, v Term, sort *lps.Sort) uint64 {
	if len(r.cases) == 0 || len(sort.Constructors) > 64 {
		return 0
	}
	return r.excludeCases(cond, v, sort)
}

// excludeCases is caseExcluded of the conjunct t.
func (r *Rewriter) excludeCases(t, v Term, sort *lps.Sort) uint64 {
	n := r.node(t)
	if n.kind != kApp || n.flags&nodeGround != 0 {
		return 0
	}
	fn, args := r.fnOf(n), n.args()
	if fn.kind == lps.FuncBuiltin && fn.op == lps.OpAnd {
		return r.excludeCases(args[0], v, sort) | r.excludeCases(args[1], v, sort)
	}
	sel, ok := r.cases[fn.fn]
	if !ok || sel.sort != sort || len(args) < 2 || args[0] != v {
		return 0
	}
	var out uint64
	for i, j := range sel.pick {
		if j > 0 && j < len(args) && args[j] == r.falseT {
			out |= 1 << i
		}
	}
	return out
}
