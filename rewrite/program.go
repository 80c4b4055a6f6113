package rewrite

import "github.com/lps2lts/lps2lts/lps"

// A Program is a term compiled for rewriting under many substitutions:
// the generator rewrites each summand's condition, next-state values and
// action arguments once per state, each time under other values of the
// parameters. rewrite reads every node of such a term again each time (its
// kind, whether it is ground, its symbol and the symbol's kind) before it
// gets to the work; a Program has made those decisions once, into nested
// closures, and leaves the rest to the rewriter: a variable is looked up,
// a ground subterm is rewritten (its normal form is remembered in its
// node), an application of a function that is not lazy has its arguments
// evaluated and is applied by applySym, if, &&, || and => are evaluated
// lazily as rewriteIf and rewriteBoolOp do, and anything else (binders,
// where clauses, lazy functions, higher-order applications, the internal
// constructors) is rewritten by rewrite. The result is rewrite's, to the
// term: each closure does what rewriteCompound does for its node, the
// depth it counts included.
//
// The closures take the rewriter as an argument and hold only terms and
// symbols of the shared store, so the rewriters of a search with threads
// run one Program.
type Program struct {
	t      Term
	ground bool
	run    eval
}

type eval func(r *Rewriter, s *Subst) Term

// Compile compiles t.
func (r *Rewriter) Compile(t Term) *Program {
	return &Program{t: t, ground: r.node(t).flags&nodeGround != 0, run: r.compileTerm(t)}
}

// Term is the term p was compiled from.
func (p *Program) Term() Term { return p.t }

// Run returns the normal form of p's term under s, as Rewrite does.
func (r *Rewriter) Run(p *Program, s *Subst) (res Term, err error) {
	if p.ground {
		return r.Rewrite(p.t, s)
	}
	if s == nil {
		s = &r.sub
	}
	err = r.guard(func() { res = p.run(r, s) })
	return res, err
}

func (r *Rewriter) compileTerm(t Term) eval {
	n := r.node(t)
	if n.flags&nodeGround == 0 {
		switch n.kind {
		case kVar:
			id := n.varID()
			return func(r *Rewriter, s *Subst) Term {
				if v := s.getID(id); v != 0 {
					return v
				}
				return t
			}
		case kApp:
			if fn := r.fnOf(n); fn.lazy == nil && len(n.args()) > 0 || fn.kind == lps.FuncBuiltin && isLazyBuiltin(fn.op) {
				return r.compileApp(t, n, fn)
			}
		}
	}
	return func(r *Rewriter, s *Subst) Term { return r.rewrite(t, s) }
}

// isLazyBuiltin says whether op is one of the builtins that rewrite
// evaluates lazily (rewriteIf, rewriteBoolOp).
func isLazyBuiltin(op lps.Op) bool {
	return op == lps.OpIf || op == lps.OpAnd || op == lps.OpOr || op == lps.OpImplies
}

// compileApp compiles t, node n, an application of fn that rewrite
// evaluates by rewriteIf, rewriteBoolOp or the arguments first.
func (r *Rewriter) compileApp(t Term, n *node, fn *symbol) eval {
	args := make([]eval, len(n.args()))
	for i, a := range n.args() {
		args[i] = r.compileTerm(a)
	}
	builtin := fn.kind == lps.FuncBuiltin
	switch {
	case builtin && fn.op == lps.OpIf:
		c, a, b := args[0], args[1], args[2]
		return func(r *Rewriter, s *Subst) Term {
			r.enter(t)
			var res Term
			switch cv := c(r, s); cv {
			case r.trueT:
				res = a(r, s)
			case r.falseT:
				res = b(r, s)
			default:
				av, bv := a(r, s), b(r, s)
				if av == bv {
					res = av
				} else {
					res = r.mkApp(fn, []Term{cv, av, bv})
				}
			}
			r.depth--
			return res
		}
	case builtin && fn.op == lps.OpAnd:
		a, b := args[0], args[1]
		return func(r *Rewriter, s *Subst) Term {
			r.enter(t)
			res := a(r, s)
			if res != r.falseT {
				res = r.and(res, b(r, s))
			}
			r.depth--
			return res
		}
	case builtin && fn.op == lps.OpOr:
		a, b := args[0], args[1]
		return func(r *Rewriter, s *Subst) Term {
			r.enter(t)
			res := a(r, s)
			if res != r.trueT {
				res = r.or(res, b(r, s))
			}
			r.depth--
			return res
		}
	case builtin && fn.op == lps.OpImplies:
		a, b := args[0], args[1]
		return func(r *Rewriter, s *Subst) Term {
			r.enter(t)
			res := a(r, s)
			if res == r.falseT {
				res = r.trueT
			} else {
				res = r.implies(fn, res, b(r, s))
			}
			r.depth--
			return res
		}
	}
	return func(r *Rewriter, s *Subst) Term {
		r.enter(t)
		base := len(r.argStack)
		for _, a := range args {
			r.argStack = append(r.argStack, a(r, s))
		}
		res := r.applySym(fn, 0, r.argStack[base:])
		r.argStack = r.argStack[:base]
		r.depth--
		return res
	}
}
