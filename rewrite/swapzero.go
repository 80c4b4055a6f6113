package rewrite

import "github.com/lps2lts/lps2lts/lps"

// The finite part of a bag with a function part, @bag(f, b), stores for
// each of its elements e the value v with count(e, @bag(f, b)) =
// @swap_zero(f(e), v) (see swapZero). Joining, intersecting and
// subtracting two such bags computes the new values with mCRL2's
// @swap_zero_add, @swap_zero_min and @swap_zero_monus of the two function
// values n1, n2 and the two stored values m1, m2 (0 for an element
// absent from a finite part). swapZeroOp follows the equations mCRL2's
// data library uses, case for case, because labels must read as mCRL2's:
// they differ from the counts in one case (n1 > 0, n2 = 0, m2 = 0 gives
// n1 for a join, 0 for an intersection, where the decoded counts would
// give m1), so mCRL2 computes count(3, ({ x: Nat | x * 2 } + {3: 1}) +
// {5: 1}) as 0, and so do we.
func (r *Rewriter) swapZeroOp(op lps.Op, nat *lps.Sort, n1, n2, m1, m2 Term) Term {
	zero := func(t Term) bool { return !r.isPositive(t) }
	sz := func(m, n Term) Term { return r.swapZero(nat, m, n) }
	min := func(a, b Term) Term {
		if r.natCmp(b, a) < 0 {
			return b
		}
		return a
	}
	var comb func(a, b Term) Term // +, min or monus
	switch op {
	case lps.OpAdd:
		comb = func(a, b Term) Term { return r.natAdd(nat, a, b) }
	case lps.OpMul:
		comb = min
	default:
		comb = func(a, b Term) Term { return r.natMonus(nat, a, b) }
	}
	z := r.mkInt(nat, 0)
	switch {
	case zero(n1) && zero(n2):
		return comb(m1, m2)
	case zero(n1) && zero(m1):
		if op == lps.OpAdd {
			return m2
		}
		return z
	case zero(n1):
		if op == lps.OpAdd {
			return sz(n2, comb(m1, sz(n2, m2)))
		}
		return comb(m1, sz(n2, m2))
	case zero(n2) && zero(m2):
		switch op {
		case lps.OpAdd:
			return n1
		case lps.OpMul:
			return z
		}
		return m1
	case zero(n2):
		if op == lps.OpMul {
			return comb(sz(n1, m1), m2)
		}
		return sz(n1, comb(sz(n1, m1), m2))
	}
	return sz(comb(n1, n2), comb(sz(n1, m1), sz(n2, m2)))
}

// swapZero is mCRL2's @swap_zero(m, n): n if m = 0, m if n = 0, 0 if m = n,
// else n.
func (r *Rewriter) swapZero(nat *lps.Sort, m, n Term) Term {
	switch {
	case r.node(m).kind == kNum && r.node(m).value() == 0:
		return n
	case r.node(n).kind == kNum && r.node(n).value() == 0:
		return m
	case m == n:
		return r.mkInt(nat, 0)
	}
	return n
}
