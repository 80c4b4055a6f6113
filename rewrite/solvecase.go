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
// constructor skipped would have rewritten the condition to false. The
// case functions, and the argument each constructor picks, are
// lps.CaseFunctions', which the control index reads too.

// CaseFunctions is lps.CaseFunctions of the rewriter's specification,
// found once when the rewriter is made (the control index reads them
// too).
func (r *Rewriter) CaseFunctions() map[*lps.Func]*lps.CaseFunction { return r.cases }

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
	cf, ok := r.cases[fn.fn]
	if !ok || cf.Sort != sort || len(args) < 2 || args[0] != v {
		return 0
	}
	var out uint64
	for i, j := range cf.Pick {
		if j > 0 && j < len(args) && args[j] == r.falseT {
			out |= 1 << i
		}
	}
	return out
}
