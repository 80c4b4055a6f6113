package rewrite

import (
	"github.com/lps2lts/lps2lts/lps"
)

// rewrite returns the normal form of t under s. It panics with *Error on
// non-termination; Rewrite recovers.
//
// Strategy: innermost (arguments first), except for the lazy functions
// if, &&, || and => whose first argument is rewritten first, user mappings
// whose equations ignore some arguments (case functions; applyLazy), and binders,
// whose bodies are rewritten with the bound variables left free. Ground
// terms remember their normal form in their node, so a shared subterm is
// rewritten once per term store, not once per occurrence.
func (r *Rewriter) rewrite(t Term, s *Subst) Term {
	n := r.node(t)
	if n.flags&nodeGround == 0 {
		// A variable, or a term with one among its arguments (every
		// term without arguments but a variable is ground).
		if n.kind == kVar {
			if v := s.getID(n.varID()); v != 0 {
				return v
			}
			return t
		}
		return r.rewriteCompound(t, n, s)
	}
	if nf := n.nf.Load(); nf != 0 {
		return Term(nf)
	}
	res := r.rewriteNode(t, n, s)
	n.nf.Store(uint32(res))
	if rn := r.node(res); res != t && rn.flags&nodeGround != 0 {
		// (A term with variables keeps its variable mask in nf.)
		rn.nf.Store(uint32(res))
	}
	return res
}

func (r *Rewriter) enter(t Term) {
	r.depth++
	if r.depth > r.maxDepth {
		r.tooDeep(t)
	}
}

// tooDeep fails a rewrite whose nesting passed the bound, apart from
// enter so that enter is inlined.
func (r *Rewriter) tooDeep(t Term) {
	msg := "rewriting does not terminate: depth bound exceeded while rewriting " + r.clip(t)
	if r.lastRule != nil {
		msg += " (last rule applied: " + r.lastRule.String() + ")"
	}
	r.fail("%s", msg)
}

func (r *Rewriter) clip(t Term) string {
	b := r.AppendString(nil, t)
	if len(b) > 300 {
		b = append(b[:300], "..."...)
	}
	return string(b)
}

// rewriteNode is rewrite without the normal-form cache. Variables and
// values are answered here, small enough to be inlined into rewrite; the
// rest is rewriteCompound.
func (r *Rewriter) rewriteNode(t Term, n *node, s *Subst) Term {
	switch n.kind {
	case kVar:
		if v := s.getID(n.varID()); v != 0 {
			return v
		}
		return t
	case kNum, kBig, kReal, kNil, kFnConst:
		return t
	}
	return r.rewriteCompound(t, n, s)
}

// rewriteCompound is rewriteNode of a term with arguments or a symbol.
// The depth it counts is undone on return, and by guard when a failure
// unwinds it (no defer: this is the rewriter's most frequent call).
func (r *Rewriter) rewriteCompound(t Term, n *node, s *Subst) (res Term) {
	r.enter(t)
	switch n.kind {
	case kApp:
		fn := r.fnOf(n)
		switch {
		case fn.kind == lps.FuncBuiltin && fn.op == lps.OpIf:
			res = r.rewriteIf(fn, n.args(), s)
		case fn.kind == lps.FuncBuiltin && (fn.op == lps.OpAnd || fn.op == lps.OpOr || fn.op == lps.OpImplies):
			res = r.rewriteBoolOp(fn, n.args(), s)
		case len(n.args()) == 0:
			res = r.applySym(fn, t, nil)
		case fn.lazy != nil:
			res = r.applyLazy(fn, n.args(), s)
		default:
			base := len(r.argStack)
			for _, a := range n.args() {
				r.argStack = append(r.argStack, r.rewrite(a, s))
			}
			res = r.applySym(fn, 0, r.argStack[base:])
			r.argStack = r.argStack[:base]
		}
	case kHOApp:
		base := len(r.argStack)
		for _, a := range n.args() {
			r.argStack = append(r.argStack, r.rewrite(a, s))
		}
		res = r.applyTerm(r.sortOf(n), r.argStack[base], r.argStack[base+1:])
		r.argStack = r.argStack[:base]
	case kBinder:
		res = r.rewriteBinder(t, n, s)
	case kWhere:
		mark := len(r.saved)
		// Values are in the scope outside the whr: rewrite them all before binding.
		base := len(r.argStack)
		for i := 2; i < len(n.args()); i += 2 {
			r.argStack = append(r.argStack, r.rewrite(n.args()[i], s))
		}
		for i := 1; i < len(n.args()); i += 2 {
			r.bind(s, r.node(n.args()[i]).varID(), r.argStack[base+i/2])
		}
		r.argStack = r.argStack[:base]
		res = r.rewrite(n.args()[0], s)
		r.restore(s, mark)
	case kSetEnum:
		res = r.rewriteSetEnum(n, s)
	case kBagEnum:
		res = r.rewriteBagEnum(n, s)
	default:
		// Internal constructors (lists, finite sets and bags, sets,
		// bags, function combinators, updates): rewrite the arguments
		// and rebuild.
		base := len(r.argStack)
		changed := false
		for _, a := range n.args() {
			na := r.rewrite(a, s)
			changed = changed || na != a
			r.argStack = append(r.argStack, na)
		}
		args := r.argStack[base:]
		if !changed {
			res = r.renormalise(t, n, args)
		} else {
			res = r.renormalise(0, n, args)
		}
		r.argStack = r.argStack[:base]
	}
	r.depth--
	return res
}

// bind binds variable id to val in s, remembering the old value.
func (r *Rewriter) bind(s *Subst, id uint32, val Term) {
	r.saved = append(r.saved, savedBinding{s: s, id: id, val: s.getID(id)})
	s.grow(id)
	s.vals[id] = val // not recorded in s.set: restore undoes it
}

// restore undoes the bindings made since mark (in whichever substitution
// they were made; the first argument is unused).
func (r *Rewriter) restore(_ *Subst, mark int) {
	for i := len(r.saved) - 1; i >= mark; i-- {
		b := r.saved[i]
		if int(b.id) < len(b.s.vals) {
			b.s.vals[b.id] = b.val
		}
	}
	r.saved = r.saved[:mark]
}

// rewriteIf implements if(c, a, b) lazily.
func (r *Rewriter) rewriteIf(fn *symbol, args []Term, s *Subst) Term {
	c := r.rewrite(args[0], s)
	switch c {
	case r.trueT:
		return r.rewrite(args[1], s)
	case r.falseT:
		return r.rewrite(args[2], s)
	}
	a := r.rewrite(args[1], s)
	b := r.rewrite(args[2], s)
	if a == b {
		return a
	}
	return r.mkApp(fn, []Term{c, a, b})
}

// rewriteBoolOp implements &&, || and => lazily in their first argument,
// with mCRL2's simplifications when an argument is not a value.
func (r *Rewriter) rewriteBoolOp(fn *symbol, args []Term, s *Subst) Term {
	a := r.rewrite(args[0], s)
	switch fn.op {
	case lps.OpAnd:
		if a == r.falseT {
			return a
		}
		b := r.rewrite(args[1], s)
		return r.and(a, b)
	case lps.OpOr:
		if a == r.trueT {
			return a
		}
		b := r.rewrite(args[1], s)
		return r.or(a, b)
	default: // =>
		if a == r.falseT {
			return r.trueT
		}
		b := r.rewrite(args[1], s)
		return r.implies(fn, a, b)
	}
}

// applySym returns the normal form of fn(args) where args are normal
// forms. t is the term fn(args) if the caller has it, else 0.
func (r *Rewriter) applySym(fn *symbol, t Term, args []Term) Term {
	if len(fn.rules) > 0 {
		if res, ok := r.tryRules(r.candidates(fn, args), args, nil); ok {
			return res
		}
	}
	if fn.byValue && len(args) > 0 {
		// f(a..) with f = lambda x.. e: apply the value. Without this a
		// curried j(3)(2, 1) with j = lambda x. lambda y, z. e stays
		// j(3) applied to (2, 1) (mcrl22lps -o keeps such terms).
		if head := r.applySym(fn, 0, nil); r.fnOf(r.node(head)) != fn {
			return r.applyTerm(fn.res, head, args)
		}
	}
	if len(args) < fn.arity {
		// A function symbol passed as a value (mcrl22lps -f makes Pos2Nat
		// the arbitrary value of a Pos -> Nat parameter): nothing to
		// evaluate until applyTerm applies it to all its arguments.
		if t != 0 {
			return t
		}
		return r.mkApp(fn, args)
	}
	switch fn.kind {
	case lps.FuncBuiltin:
		if res, ok := r.builtin(fn, args); ok {
			return res
		}
	case lps.FuncProjection:
		a := r.node(args[0])
		if a.kind != kApp {
			break
		}
		if head := r.fnOf(a); head.fn == fn.fn.Ctor {
			return a.args()[fn.fn.Index]
		} else if head.fn != nil && head.kind == lps.FuncConstructor {
			// A projection shared by several constructors (HDR(s_:
			// Nat) | DATA_BIT(s_: Nat)) is one function: find it among
			// the constructor's projections.
			for j, p := range head.fn.Projections {
				if p == fn.fn && j < len(a.args()) {
					return a.args()[j]
				}
			}
		}
	case lps.FuncRecogniser:
		a := r.node(args[0])
		if a.kind != kApp {
			break
		}
		if head := r.fnOf(a); head.kind == lps.FuncConstructor && head.fn != nil {
			return r.Bool(head.fn == fn.fn.Ctor)
		}
	}
	if t != 0 {
		return t
	}
	return r.mkApp(fn, args)
}

// applyTerm returns the normal form of head(args) where head and args are
// normal forms and head is not a function symbol applied to all its
// arguments by name (a higher-order application).
func (r *Rewriter) applyTerm(sort *lps.Sort, head Term, args []Term) Term {
	h := r.node(head)
	switch h.kind {
	case kBinder:
		if lps.BinderKind(h.value()) == lps.Lambda && len(h.args())-1 == len(args) {
			return r.beta(h, args)
		}
	case kApp:
		if len(r.fnOf(h).horules) > 0 {
			if res, ok := r.tryRules(r.fnOf(h).horules, h.args(), [][]Term{args}); ok {
				return res
			}
		}
		if len(h.args()) == 0 && r.fnOf(h).arity == len(args) {
			// A function symbol passed as a value, now applied.
			return r.applySym(r.fnOf(h), 0, args)
		}
	case kHOApp:
		// f(a..)(b..)...(args): collect the argument groups down to the symbol.
		groups := [][]Term{args}
		for h.kind == kHOApp {
			groups = append(groups, h.args()[1:])
			h = r.node(h.args()[0])
		}
		if h.kind == kApp && len(r.fnOf(h).horules) > 0 {
			for i, j := 0, len(groups)-1; i < j; i, j = i+1, j-1 {
				groups[i], groups[j] = groups[j], groups[i]
			}
			if res, ok := r.tryRules(r.fnOf(h).horules, h.args(), groups); ok {
				return res
			}
		}
	case kFnConst, kFnOp, kUpdate, kUpdateStable:
		if len(args) == 1 {
			if res, ok := r.applyFunction(h, args[0]); ok {
				return res
			}
		}
	}
	all := make([]Term, 0, len(args)+1)
	all = append(all, head)
	all = append(all, args...)
	return r.internArgs(&key{kind: kHOApp, sort: sort}, all)
}

// beta applies lambda h to args.
func (r *Rewriter) beta(h *node, args []Term) Term {
	s := &r.sub
	mark := len(r.saved)
	for i, v := range h.args()[:len(h.args())-1] {
		r.bind(s, r.node(v).varID(), args[i])
	}
	res := r.rewrite(h.args()[len(h.args())-1], s)
	r.restore(s, mark)
	return res
}

// rewriteBinder rewrites lambda, forall, exists and comprehensions.
func (r *Rewriter) rewriteBinder(t Term, n *node, s *Subst) Term {
	kind := lps.BinderKind(n.value())
	vars := n.args()[:len(n.args())-1]
	mark := len(r.saved)
	for _, v := range vars {
		r.bind(s, r.node(v).varID(), v) // bound variables stay free in the body
	}
	body := r.rewrite(n.args()[len(n.args())-1], s)
	r.restore(s, mark)
	switch kind {
	case lps.Forall, lps.Exists:
		return r.quantifier(kind, r.sortOf(n), vars, body)
	case lps.SetComp:
		lam := r.mkLambda(vars, body)
		return r.mkSet(r.sortOf(n), lam, r.intern(&key{kind: kFSet, sort: r.sortOf(n)}))
	case lps.BagComp:
		lam := r.mkLambda(vars, body)
		return r.mkBag(r.sortOf(n), lam, r.intern(&key{kind: kFBag, sort: r.sortOf(n)}))
	}
	return r.mkLambdaSort(r.sortOf(n), vars, body)
}

func (r *Rewriter) mkLambda(vars []Term, body Term) Term {
	return r.mkLambdaSort(nil, vars, body)
}

func (r *Rewriter) mkLambdaSort(sort *lps.Sort, vars []Term, body Term) Term {
	args := make([]Term, 0, len(vars)+1)
	args = append(args, vars...)
	args = append(args, body)
	return r.internArgs(&key{kind: kBinder, sort: sort, val: int64(lps.Lambda)}, args)
}
