package rewrite

import (
	"fmt"

	"github.com/lps2lts/lps2lts/lps"
)

// Equality of sets, bags and functions: pointwise over a finite sort, by
// mCRL2's quantifiers over an infinite one.

// equalSetsByQuantifier decides @set(f, s) == @set(g, t) over an element
// sort too large to compare pointwise, by mCRL2's rule in its set library:
//
//	forall c: S. (f(c) == g(c)) == (c in s == c in t)
//
// evaluated as every quantifier is (see quantifier): enumerated until a
// counterexample or the quantifier limit. So {1} == { k: Pos | k <= 5 }
// is false (c = 2 is a counterexample), as mCRL2 decides it in its
// regression model for ticket 975 (gossiping girls). A quantifier that
// stays undecided is the normal form, as in mCRL2: { n: Nat | false } ==
// {2954312706550833698643} is forall c: Nat. !(c ==
// 2954312706550833698643). Its second result is false when membership
// is not evaluated: the equation stays.
func (r *Rewriter) equalSetsByQuantifier(a, b *node) (Term, bool) {
	c := r.quantifiedVar(r.sortOf(a).Elem)
	fc := r.applyTerm(r.boolSort, a.args()[0], []Term{c})
	gc := r.applyTerm(r.boolSort, b.args()[0], []Term{c})
	inS, ok1 := r.member(c, a.args()[1])
	inT, ok2 := r.member(c, b.args()[1])
	if !ok1 || !ok2 {
		return 0, false
	}
	body := r.equal(r.equal(fc, gc), r.equal(inS, inT))
	return r.quantifier(lps.Forall, r.boolSort, []Term{c}, body), true
}

// quantifiedVar is the variable c of sort s that mCRL2's equations for
// the equality of sets and bags quantify over, one per quantifier depth.
func (r *Rewriter) quantifiedVar(s *lps.Sort) Term {
	return r.pooled(poolKey{'c', r.qdepth, 0, s}, func() string { return "c" })
}

// equalBagsByQuantifier decides @bag(f, b) == @bag(g, c) over an element
// sort too large to compare pointwise when f == g is false, by mCRL2's
// rule: forall d: S. count(d, @bag(f, b)) == count(d, @bag(g, c)),
// evaluated as every quantifier is ({ n: Nat | 2 } == { n: Nat | 3 } is
// false: d = 0 is a counterexample). Its second result is false when the
// quantifier stays undecided: the equation stays.
func (r *Rewriter) equalBagsByQuantifier(a, b *node) (Term, bool) {
	d := r.quantifiedVar(r.sortOf(a).Elem)
	nat := r.natSortOf()
	count := r.opSymN(lps.OpBagCount, nat, 2)
	ta := r.internArgs(&key{kind: a.kind, sort: r.sortOf(a)}, a.args())
	tb := r.internArgs(&key{kind: b.kind, sort: r.sortOf(b)}, b.args())
	body := r.equal(r.apply(count, []Term{d, ta}), r.apply(count, []Term{d, tb}))
	res := r.quantifier(lps.Forall, r.boolSort, []Term{d}, body)
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
	return r.pooled(poolKey{'x', 0, i, s}, func() string { return fmt.Sprintf("x%d", i) })
}

// equalSetBag decides equality of two sets or two bags.
func (r *Rewriter) equalSetBag(a, b *node) (Term, bool) {
	if r.foreignSetNode(a) || r.foreignSetNode(b) {
		return 0, false
	}
	if _, finite := r.Values(r.sortOf(a).Elem, 1<<12); a.kind == kSet && !finite {
		// mCRL2's one equation for sets over an infinite sort.
		return r.equalSetsByQuantifier(a, b)
	}
	if a.args()[0] == b.args()[0] {
		// Same function part: equal exactly when the finite parts are.
		eq := r.equal(a.args()[1], b.args()[1])
		return eq, eq == r.trueT || eq == r.falseT
	}
	// forall c: S. membership agrees; decidable for a finite element sort.
	elems, ok := r.Values(r.sortOf(a).Elem, 1<<12)
	if !ok {
		if a.kind == kSet {
			if res, ok := r.equalSetsConst(a, b); ok {
				return res, true
			}
			return r.equalSetsByQuantifier(a, b)
		}
		// mCRL2: @bag(f, b) == @bag(g, c) = if(f == g, b == c, forall
		// d: S. count(d, ...) == count(d, ...)); the first branch when
		// f == g rewrites to true (by extensionality on lambdas).
		if r.sameFunctionPart(r.sortOf(a).Elem, a.args()[0], b.args()[0]) {
			return r.equal(a.args()[1], b.args()[1]), true
		}
		return r.equalBagsByQuantifier(a, b)
	}
	ta := r.internArgs(&key{kind: a.kind, sort: r.sortOf(a)}, a.args())
	tb := r.internArgs(&key{kind: b.kind, sort: r.sortOf(b)}, b.args())
	for _, e := range elems {
		var x, y Term
		var ok1, ok2 bool
		if a.kind == kSet {
			x, ok1 = r.member(e, ta)
			y, ok2 = r.member(e, tb)
		} else {
			x, ok1 = r.bagCount(r.natSortOf(), e, ta)
			y, ok2 = r.bagCount(r.natSortOf(), e, tb)
		}
		if !ok1 || !ok2 {
			return 0, false
		}
		eq := r.equal(x, y)
		if eq == r.falseT {
			return eq, true
		}
		if eq != r.trueT {
			return 0, false
		}
	}
	return r.trueT, true
}

// sameFunctionPart reports whether f == g rewrites to true for the
// function parts of two bags over the element sort e, by extensionality:
// forall x: e. f(x) == g(x) with a body that rewrites to true.
func (r *Rewriter) sameFunctionPart(e *lps.Sort, f, g Term) bool {
	x := r.namedVar(0, e)
	nat := r.natSortOf()
	body := r.equal(r.applyTerm(nat, f, []Term{x}), r.applyTerm(nat, g, []Term{x}))
	return body == r.trueT
}

// equalSetsConst decides @set(f, s) == @set(g, t) over a large or
// infinite element sort when f and g are the constants @true_ or
// @false_. mCRL2's rule is forall c. (f(c) == g(c)) != c in s△t (the
// symmetric difference): with f(c) == g(c) a constant b, that is b when
// s△t is empty, and false otherwise (b true: an element of s△t is a
// counterexample; b false: s△t, finite, cannot hold every element of the
// sort).
func (r *Rewriter) equalSetsConst(a, b *node) (Term, bool) {
	f, g := r.node(a.args()[0]), r.node(b.args()[0])
	if f.kind != kFnConst || g.kind != kFnConst {
		return 0, false
	}
	s, t := r.node(a.args()[1]).args(), r.node(b.args()[1]).args()
	if !r.allGround(s) || !r.allGround(t) {
		return 0, false
	}
	if len(s) == len(t) {
		same := true
		for i := range s {
			if s[i] != t[i] {
				same = false
				break
			}
		}
		if same {
			return r.Bool(f.value() == g.value()), true
		}
	}
	return r.falseT, true
}

// equalFunctions decides f == g for functions over a finite domain by
// comparing them pointwise.
func (r *Rewriter) equalFunctions(s *lps.Sort, f, g Term) (Term, bool) {
	if len(s.Domain) != 1 {
		return 0, false
	}
	dom, ok := r.Values(s.Domain[0], 1<<12)
	if !ok {
		return 0, false
	}
	for _, d := range dom {
		eq := r.equal(r.applyTerm(s.Codomain, f, []Term{d}), r.applyTerm(s.Codomain, g, []Term{d}))
		if eq == r.falseT {
			return eq, true
		}
		if eq != r.trueT {
			return 0, false
		}
	}
	return r.trueT, true
}
