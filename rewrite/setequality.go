package rewrite

import "github.com/lps2lts/lps2lts/lps"

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
