package rewrite

import "github.com/lps2lts/lps2lts/lps"

// Narrowing by operands. A step of the search binds one variable and
// rewrites the condition, a normal form, again (narrow). The condition of
// a summand with many sum variables is a large conjunction, and each
// binding changes the few conjuncts that mention the variable: the
// others are normal forms without it, which the binding leaves as they
// are, but rewriting the whole condition rewrote them too, rebuilding
// and re-deciding every comparison (ex.games.magic_square: 37 conjuncts
// and nine variables, 33,000 instructions a binding). rewriteBound goes
// down the condition's &&, || and ! and rewrites only the operands that
// mention the variable, and combines them as rewriteBoolOp and evalNot
// do (&& and || lazily in the first operand): the result is the term the
// whole rewrite makes.

// rewriteBound returns t, a normal form, rewritten under sv.es, which
// binds variable id alone.
func (sv *solver) rewriteBound(t Term, id uint32) Term {
	r := sv.r
	n := r.node(t)
	if n.flags&nodeGround != 0 || r.varMask(t)&varBit(id) == 0 {
		return t // a normal form without the variable
	}
	if n.kind != kApp {
		return r.rewrite(t, sv.es)
	}
	fn := r.fnOf(n)
	if fn.kind != lps.FuncBuiltin {
		return r.rewrite(t, sv.es)
	}
	args := n.args()
	switch fn.op {
	case lps.OpAnd, lps.OpOr:
		if len(args) != 2 {
			break
		}
		if fn.op == lps.OpOr {
			a := sv.rewriteBound(args[0], id)
			if a == r.trueT {
				return a
			}
			return r.or(a, sv.rewriteBound(args[1], id))
		}
		a := sv.rewriteBound(args[0], id)
		if a == r.falseT {
			return a
		}
		return r.and(a, sv.rewriteBound(args[1], id))
	case lps.OpNot:
		// !b as applySym evaluates it (the library's evalNot), where no
		// equation of the specification's comes first and b is no set.
		if len(args) != 1 || len(fn.rules) != 0 {
			break
		}
		if s := r.sortOf(r.node(args[0])); s != nil && s.Kind == lps.SortBool {
			return r.not(sv.rewriteBound(args[0], id))
		}
	}
	return r.rewrite(t, sv.es)
}

// varBit is variable id's bit in a variable mask.
func varBit(id uint32) uint32 { return 1 << (id % 31) }

// maskKept marks a variable mask kept in a node's nf (varMask).
const maskKept = 1 << 31

// varMask returns the mask of the variables in t: varBit of each, free or
// bound, so that a variable whose bit is not set is not in t (a bit
// stands for every 31st variable). A compound term's mask is kept in its
// node's nf, which only ground terms use for their normal form (a map
// of the masks was a tenth of magic_square's run): maskKept and the
// mask.
func (r *Rewriter) varMask(t Term) uint32 {
	n := r.node(t)
	switch {
	case n.flags&nodeGround != 0:
		return 0
	case n.kind == kVar:
		return varBit(n.varID())
	}
	if m := n.nf.Load(); m != 0 {
		return m &^ maskKept
	}
	var m uint32
	for _, a := range n.args() {
		m |= r.varMask(a)
	}
	n.nf.Store(m | maskKept)
	return m
}
