package rewrite

import (
	"fmt"

	"github.com/lps2lts/lps2lts/lps"
)

// equalSetsByQuantifier decides @set(f, s) == @set(g, t) over an element
// sort too large to compare pointwise, by mCRL2's rule in its set library:
//
//	forall c: S. (f(c) == g(c)) == (c in s == c in t)
//
// evaluated as every quantifier is (see quantifier): enumerated until a
// counterexample or the quantifier limit. So {1} == { k: Pos | k <= 5 }
// is false (c = 2 is a counterexample), as mCRL2 decides it in its
// regression model for ticket 975 (gossiping girls). It reports false
// when the quantifier stays undecided, leaving the equation as it is.
func (r *Rewriter) equalSetsByQuantifier(a, b *node) (Term, bool) {
	c := r.poolVar('q', r.qdepth, 0, a.sort.Elem)
	fc := r.applyTerm(r.boolSort, a.args[0], []Term{c})
	gc := r.applyTerm(r.boolSort, b.args[0], []Term{c})
	inS, ok1 := r.member(c, a.args[1])
	inT, ok2 := r.member(c, b.args[1])
	if !ok1 || !ok2 {
		return 0, false
	}
	body := r.equal(r.equal(fc, gc), r.equal(inS, inT))
	res := r.quantifier(lps.Forall, r.boolSort, []Term{c}, body)
	if res != r.trueT && res != r.falseT {
		return 0, false
	}
	return res, true
}

// equalFunctionsByQuantifier decides f == g for functions over an
// infinite domain (or of several arguments) as mCRL2 does, by
// extensionality: forall x0, ..., xn: D. f(x0, ..., xn) == g(x0, ..., xn),
// evaluated as every quantifier is. An undecided quantifier is the normal
// form, printed as mCRL2 prints it (forall x0,x1: Nat. x0 + x1 == x1 + x0).
func (r *Rewriter) equalFunctionsByQuantifier(s *lps.Sort, f, g Term) Term {
	xs := make([]Term, len(s.Domain))
	for i, d := range s.Domain {
		xs[i] = r.namedVar(i, d)
	}
	body := r.equal(r.applyTerm(s.Codomain, f, xs), r.applyTerm(s.Codomain, g, xs))
	return r.quantifier(lps.Forall, r.boolSort, xs, body)
}

// namedVar is the variable x<i> of sort s, the name mCRL2 gives the
// variables of the quantifiers it introduces.
func (r *Rewriter) namedVar(i int, s *lps.Sort) Term {
	k := poolKey{'x', 0, i, s}
	r.mu.Lock()
	t, ok := r.pool[k]
	r.mu.Unlock()
	if ok {
		return t
	}
	t = r.VarTerm(&lps.Var{Name: fmt.Sprintf("x%d", i), S: s})
	r.mu.Lock()
	r.pool[k] = t
	r.mu.Unlock()
	return t
}
