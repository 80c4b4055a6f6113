package rewrite

import (
	"math/big"

	"github.com/lps2lts/lps2lts/lps"
)

// The list library (mCRL2's list.spec): [], |>, <|, ++, ., head, tail,
// rhead, rtail, # and in on lists of values, and on lists whose spine
// ends in a term that is no list enumeration as far as their equations
// go.

func init() {
	define(lps.OpEmptyList, func(r *Rewriter, fn *symbol, _ []Term) (Term, bool) {
		return r.intern(&key{kind: kNil, sort: fn.res}), true
	})
	define(lps.OpCons, func(r *Rewriter, fn *symbol, args []Term) (Term, bool) {
		return r.internArgs(&key{kind: kCons, sort: fn.res}, []Term{args[0], args[1]}), true
	})
	for _, op := range []lps.Op{lps.OpSnoc, lps.OpConcat, lps.OpElementAt, lps.OpHead, lps.OpTail, lps.OpRHead, lps.OpRTail} {
		define(op, (*Rewriter).listOp)
	}
	defineFor(lps.OpCount, true, (*Rewriter).listOp, lps.SortList)
	defineFor(lps.OpIn, true, (*Rewriter).listOp, lps.SortList)
}

// listOp evaluates list functions.
func (r *Rewriter) listOp(fn *symbol, args []Term) (Term, bool) {
	st := r.st
	switch fn.op {
	case lps.OpIn:
		return r.memberOfList(fn, args[0], args[1])
	case lps.OpCount:
		c := int64(0)
		for l := args[0]; ; c++ {
			n := st.node(l)
			switch n.kind {
			case kNil:
				return r.mkInt(fn.res, c), true
			case kCons:
				l = n.args()[1]
			default:
				if c == 0 {
					return 0, false
				}
				// #(e1 |> ... |> ek |> l) = #(l) + k, for the enumerator.
				return r.mkApp(r.opSym(lps.OpAdd, fn.res), []Term{r.mkApp(fn, []Term{l}), r.mkInt(fn.res, c)}), true
			}
		}
	case lps.OpHead, lps.OpTail:
		n := st.node(args[0])
		if n.kind != kCons {
			return 0, false
		}
		if fn.op == lps.OpHead {
			return n.args()[0], true
		}
		return n.args()[1], true
	case lps.OpElementAt:
		return r.elementAt(fn, args[0], args[1])
	}
	// The remaining functions need the whole list spine.
	elems, ok := r.listElems(args[0], nil)
	if !ok {
		if fn.op == lps.OpRHead {
			// rhead(d |> e |> s) = rhead(e |> s), as mCRL2 peels it.
			l := args[0]
			for n := st.node(l); n.kind == kCons && st.node(n.args()[1]).kind == kCons; n = st.node(l) {
				l = n.args()[1]
			}
			if l != args[0] {
				return r.mkApp(fn, []Term{l}), true
			}
		}
		return 0, false
	}
	switch fn.op {
	case lps.OpRHead:
		if len(elems) == 0 {
			return 0, false
		}
		return elems[len(elems)-1], true
	case lps.OpRTail:
		if len(elems) == 0 {
			return 0, false
		}
		return r.mkList(fn.res, elems[:len(elems)-1], r.intern(&key{kind: kNil, sort: fn.res})), true
	case lps.OpSnoc:
		return r.mkList(fn.res, append(elems, args[1]), r.intern(&key{kind: kNil, sort: fn.res})), true
	case lps.OpConcat:
		if st.node(args[1]).kind == kNil {
			return args[0], true
		}
		return r.mkList(fn.res, elems, args[1]), true
	}
	return 0, false
}

// elementAt is l . i for an index value i: the element, or, past the
// elements l shows, the rest of l at the index less the elements passed,
// as mCRL2's list library peels it ([3] . 5 is [] . 4).
func (r *Rewriter) elementAt(fn *symbol, l, i Term) (Term, bool) {
	if !r.isIntValue(i) {
		return r.elementAtNonValue(fn, l, i)
	}
	// An index beyond a machine word is past every list's elements.
	in := r.node(i)
	small := in.kind == kNum
	passed := int64(0)
	for {
		n := r.node(l)
		if n.kind != kCons {
			if passed == 0 {
				return 0, false
			}
			if small {
				return r.mkApp(fn, []Term{l, r.mkInt(r.sortOf(in), in.value()-passed)}), true
			}
			idx := r.bigOf(i)
			return r.mkApp(fn, []Term{l, r.mkBigInt(r.sortOf(in), idx.Sub(idx, big.NewInt(passed)))}), true
		}
		if small && in.value() == passed {
			return n.args()[0], true
		}
		passed++
		l = n.args()[1]
	}
}

// memberOfList is d in l by mCRL2's equations: d in [] = false, d in e |> s =
// d == e || d in s, the equalities rewritten and || simplified with true
// and false. So an equality no equation decides (count(7, {:}) == 8)
// stays in a disjunction, as does the membership in a rest that is no
// list enumeration; under a binder x in [1, 2] is x == 1 || x == 2.
func (r *Rewriter) memberOfList(fn *symbol, d, l Term) (Term, bool) {
	n := r.node(l)
	switch n.kind {
	case kNil:
		return r.falseT, true
	case kCons:
		e := r.equal(d, n.args()[0])
		if e == r.trueT {
			return e, true
		}
		rest, ok := r.memberOfList(fn, d, n.args()[1])
		if !ok {
			rest = r.mkApp(fn, []Term{d, n.args()[1]})
		}
		return r.or(e, rest), true
	}
	return 0, false
}

// elementAtNonValue is l . i for a ground index i that is no value
// (pn(d1), [] . 0): mCRL2's equation (d |> s) . n = if(n == 0, d, s .
// @natpred(n)) unfolds it along the elements l shows, and the comparisons
// stay undecided. @natpred(n) is pred on a Nat giving a Nat here, printed
// as mCRL2 prints it, max(0,n - 1). An index with a free variable stays
// as it is, for the enumerator.
func (r *Rewriter) elementAtNonValue(fn *symbol, l, i Term) (Term, bool) {
	n := r.node(l)
	if n.kind != kCons || !r.IsGround(i) || !r.isSortKind(i, lps.SortNat) {
		return 0, false
	}
	nat := r.sortOf(r.node(i))
	rest := n.args()[1]
	prev := r.apply(r.opSymN(lps.OpPred, nat, 1), []Term{i})
	tail, ok := r.elementAtNonValue(fn, rest, prev)
	if !ok {
		tail = r.mkApp(fn, []Term{rest, prev})
	}
	c := r.apply(r.cmpSym(lps.OpEq, nat), []Term{i, r.mkInt(nat, 0)})
	return r.apply(r.opSymN(lps.OpIf, fn.res, 3), []Term{c, n.args()[0], tail}), true
}

// listElems appends the elements of list l to dst; false if l is not a
// complete list (it ends in something other than []).
func (r *Rewriter) listElems(l Term, dst []Term) ([]Term, bool) {
	for {
		n := r.node(l)
		switch n.kind {
		case kNil:
			return dst, true
		case kCons:
			dst = append(dst, n.args()[0])
			l = n.args()[1]
		default:
			return dst, false
		}
	}
}

// mkList builds elems |> tail.
func (r *Rewriter) mkList(s *lps.Sort, elems []Term, tail Term) Term {
	for i := len(elems) - 1; i >= 0; i-- {
		tail = r.internArgs(&key{kind: kCons, sort: s}, []Term{elems[i], tail})
	}
	return tail
}
