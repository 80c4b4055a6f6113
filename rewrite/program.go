package rewrite

import (
	"slices"

	"github.com/lps2lts/lps2lts/lps"
)

// A Program is a term compiled for rewriting under many substitutions:
// the generator rewrites each summand's condition once per state, each
// time under other values of the parameters, and the rewriter each
// equation's condition and right-hand side under the values its
// left-hand side matched. rewrite reads every node of such a term again
// each time (its kind, whether it is ground, its symbol and the symbol's
// kind) before it gets to the work; a Program has made those decisions
// once, into nested closures, and leaves the work to the rewriter: a
// variable is looked up, a ground subterm is rewritten (its normal form is
// remembered in its node), an application has its arguments evaluated
// and is applied by applySym (a lazy function's by applyLazyArgs, if,
// &&, || and => lazily as rewriteIf and rewriteBoolOp do), a higher-order
// application by applyTerm, an internal constructor (a list cell, a
// finite set, an update, ...) by renormalise; binders, where clauses and
// enumerations with free variables are rewritten by rewrite. The result
// is rewrite's, to the term: each closure does what rewriteCompound does
// for its node, the depth it counts included.
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
	if p.ground || r.interpreted {
		return r.Rewrite(p.t, s)
	}
	if s == nil {
		s = &r.sub
	}
	err = r.guard(func() { res = p.run(r, s) })
	return res, err
}

// SetInterpreted makes r rewrite every term by the interpreter, Programs
// and the equations' right-hand sides and conditions too (true), or run
// the compiled ones (false, the default): a test compares the two.
func (r *Rewriter) SetInterpreted(on bool) { r.interpreted = on }

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
			// A non-ground application has arguments; only user
			// mappings have lazy positions (markLazy), never the lazy
			// builtins of compileApp.
			fn := r.fnOf(n)
			if fn.lazy == nil {
				return r.compileApp(t, n, fn)
			}
			args, raw := r.compileArgs(n), slices.Clone(n.args())
			return func(r *Rewriter, s *Subst) Term {
				r.enter(t)
				res := r.applyLazyArgs(fn, raw, args, s)
				r.depth--
				return res
			}
		case kHOApp:
			return r.compileHOApp(t, n)
		case kBinder, kWhere, kSetEnum, kBagEnum:
		default:
			return r.compileCtor(t, n)
		}
	}
	return func(r *Rewriter, s *Subst) Term { return r.rewrite(t, s) }
}

// compileArgs compiles the arguments of n.
func (r *Rewriter) compileArgs(n *node) []eval {
	args := make([]eval, len(n.args()))
	for i, a := range n.args() {
		args[i] = r.compileTerm(a)
	}
	return args
}

// compileHOApp compiles t, node n, a higher-order application: its head
// and arguments first, then applyTerm.
func (r *Rewriter) compileHOApp(t Term, n *node) eval {
	args, sort := r.compileArgs(n), r.sortOf(n)
	return func(r *Rewriter, s *Subst) Term {
		r.enter(t)
		base := len(r.argStack)
		for _, a := range args {
			r.argStack = append(r.argStack, a(r, s))
		}
		res := r.applyTerm(sort, r.argStack[base], r.argStack[base+1:])
		r.argStack = r.argStack[:base]
		r.depth--
		return res
	}
}

// compileCtor compiles t, node n, an internal constructor (a list cell,
// a finite set or bag, a set or bag, a function combinator, an update):
// its arguments first, then renormalise, given t itself when no argument
// changed.
func (r *Rewriter) compileCtor(t Term, n *node) eval {
	args, orig := r.compileArgs(n), slices.Clone(n.args())
	return func(r *Rewriter, s *Subst) Term {
		r.enter(t)
		base := len(r.argStack)
		changed := false
		for i, a := range args {
			na := a(r, s)
			changed = changed || na != orig[i]
			r.argStack = append(r.argStack, na)
		}
		same := t
		if changed {
			same = 0
		}
		res := r.renormalise(same, r.node(t), r.argStack[base:])
		r.argStack = r.argStack[:base]
		r.depth--
		return res
	}
}

// compileApp compiles t, node n, an application of fn that rewrite
// evaluates by rewriteIf, rewriteBoolOp or the arguments first. The lazy
// operators are closures of their own, a second copy of rewriteIf's and
// rewriteBoolOp's logic: behind one function with an argument callback,
// shared with the interpreter, they cost bakery 6% of its instructions
// (and the argument loops below stay written out, a call each more
// otherwise: 1.6%).
func (r *Rewriter) compileApp(t Term, n *node, fn *symbol) eval {
	args := r.compileArgs(n)
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
	case builtin && (fn.op == lps.OpAnd || fn.op == lps.OpOr):
		// && stops at false, || at true (andOr's zero and unit; the
		// rewriters of one store have the same true and false).
		a, b, op := args[0], args[1], fn.op
		zero, unit := r.falseT, r.trueT
		if op == lps.OpOr {
			zero, unit = unit, zero
		}
		return func(r *Rewriter, s *Subst) Term {
			r.enter(t)
			res := a(r, s)
			if res != zero {
				res = r.andOr(op, zero, unit, res, b(r, s))
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
