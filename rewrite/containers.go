package rewrite

import (
	"github.com/lps2lts/lps2lts/lps"
)

// Function constants and combinators of mCRL2's set and bag library.
const (
	fnFalse = iota // @false_: S -> Bool
	fnTrue         // @true_
	fnZero         // @zero_: S -> Nat
	fnOne          // @one_
)

var fnConstNames = [...]string{"@false_", "@true_", "@zero_", "@one_"}

const (
	fnNot = iota
	fnAnd
	fnOr
	fnAdd
	fnMin
	fnMonus
	fnNat2Bool
	fnBool2Nat
)

var fnOpNames = [...]string{"@not_", "@and_", "@or_", "@add_", "@min_", "@monus_", "@Nat2Bool_", "@Bool2Nat_"}

// fnConst returns a function constant; s is the Set or Bag sort it serves.
func (r *Rewriter) fnConst(s *lps.Sort, which int) Term {
	return r.st.intern(&node{kind: kFnConst, sort: s, val: int64(which)})
}

func (r *Rewriter) mkSet(s *lps.Sort, f, fs Term) Term {
	return r.st.intern(&node{kind: kSet, sort: s, args: []Term{f, fs}})
}

func (r *Rewriter) mkBag(s *lps.Sort, f, fb Term) Term {
	return r.st.intern(&node{kind: kBag, sort: s, args: []Term{f, fb}})
}

func (r *Rewriter) renormalise(t Term, n *node, args []Term) Term {
	if t != 0 {
		return t
	}
	return r.st.intern(&node{kind: n.kind, sort: n.sort, val: n.val, args: args})
}

func (r *Rewriter) rewriteSetEnum(n *node, s *Subst) Term { return 0 }
func (r *Rewriter) rewriteBagEnum(n *node, s *Subst) Term { return 0 }
func (r *Rewriter) applyFunction(h *node, arg Term) (Term, bool) {
	return 0, false
}
func (r *Rewriter) setComplement(fn *symbol, a Term) (Term, bool)      { return 0, false }
func (r *Rewriter) containerOp(fn *symbol, args []Term) (Term, bool)   { return 0, false }
func (r *Rewriter) subsetOp(op lps.Op, a, b Term) (Term, bool)         { return 0, false }
func (r *Rewriter) equalSetBag(a, b *node) (Term, bool)                { return 0, false }
func (r *Rewriter) equalFunctions(s *lps.Sort, a, b Term) (Term, bool) { return 0, false }
func (r *Rewriter) update(fn *symbol, args []Term) (Term, bool)        { return 0, false }
func (r *Rewriter) printSet(dst []byte, n *node) []byte                { return dst }
func (r *Rewriter) printBag(dst []byte, n *node) []byte                { return dst }

// Values lists all values of a finite sort, or false if the sort is
// infinite or has more than limit values.
func (r *Rewriter) Values(s *lps.Sort, limit int) ([]Term, bool) { return nil, false }
