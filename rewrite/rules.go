package rewrite

import (
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/lps2lts/lps2lts/lps"
)

// A rule is one compiled equation Cond -> LHS = RHS. Rules are indexed by
// the head symbol of their left-hand side; matching follows the shape of
// the argument patterns, binding the equation's variables in the
// rewriter's own substitution (non-linear patterns compare the second
// occurrence with the first binding).
type rule struct {
	eq   *lps.Equation
	pats []*pattern // arguments of the head symbol
	// outer are the further argument groups of a higher-order left-hand
	// side f(pats)(outer[0])(outer[1])...
	outer [][]*pattern
	cond  Term // 0 when unconditional
	rhs   Term
	r     *Rewriter
	// lazy is the rule's plan when its symbol has lazy positions
	// (markLazy).
	lazy *lazyPlan
	// rhsP and condP are rhs and cond compiled (program.go), the first
	// time the rule applies; the rewriters of a search with threads
	// share the rules.
	rhsP, condP atomic.Pointer[eval]
}

// evalCompiled rewrites t under s by its program, compiled into *at the
// first time; by rewrite when r is interpreted.
func (r *Rewriter) evalCompiled(at *atomic.Pointer[eval], t Term, s *Subst) Term {
	if r.interpreted {
		return r.rewrite(t, s)
	}
	if e := at.Load(); e != nil {
		return (*e)(r, s)
	}
	e := r.compileTerm(t)
	at.Store(&e)
	return e(r, s)
}

// lazyPlan lists, for a rule of a symbol with lazy argument positions, what
// trying it needs: the eager positions whose patterns must fit, the pairs
// of lazy positions that hold the same variable (compared after rewriting
// both), and the lazy positions whose variable it binds.
type lazyPlan struct {
	eager []int8
	same  [][2]int8
	binds []int8
	// proj is the lazy position whose variable is the right-hand side of
	// an unconditional rule, -1 if there is none; xs marks the lazy
	// positions holding that variable.
	proj int8
	xs   uint64
}

// collapses says the rule is C(.., x, .., x, ..) = x: the value shared by
// its x positions (applyLazy).
func (p *lazyPlan) collapses() bool { return p.proj >= 0 && len(p.same) > 0 }

func (ru *rule) String() string {
	return fmt.Sprintf("equation at %s: %s = %s", ru.eq.Pos, ru.r.clipRaw(ru.r.Translate(ru.eq.LHS)), ru.r.clipRaw(ru.rhs))
}

func (r *Rewriter) clipRaw(t Term) string {
	b := r.AppendString(nil, t)
	if len(b) > 120 {
		b = append(b[:120], "..."...)
	}
	return string(b)
}

type patKind uint8

const (
	pVar   patKind = iota // first occurrence of a variable: binds it
	pVarEq                // later occurrence (non-linear): compares with the binding
	pTerm                 // a ground term: compare normal forms
	pApp                  // a constructor applied to argument patterns
	pCons                 // e |> l
	pOther                // a shape we cannot match structurally: the rule never applies
	pWild                 // a variable that occurs once and not in the condition or right-hand side: matches anything, binds nothing
	pHOApp                // a function-sorted term applied: args[0] the head's pattern, args[1:] the arguments'
)

type pattern struct {
	kind patKind
	id   uint32 // variable id (pVar)
	term Term   // pTerm: normal form; pVar: the variable term
	fn   *symbol
	args []*pattern
}

// compile turns the equations of spec into rules attached to their head
// symbols.
func (r *Rewriter) compile(spec *lps.Spec) error {
	var pending []*pattern // ground patterns to normalise once all rules exist
	for _, eq := range spec.Equations {
		ru := &rule{eq: eq, r: r, rhs: r.Translate(eq.RHS)}
		if eq.Cond != nil {
			ru.cond = r.Translate(eq.Cond)
		}
		// Peel applications off the left-hand side: f(a..)(b..)(c..).
		var head *lps.FuncRef
		var groups [][]lps.Expr
	peel:
		for e := eq.LHS; ; {
			switch l := e.(type) {
			case *lps.FuncRef:
				head = l
				break peel
			case *lps.App:
				groups = append([][]lps.Expr{l.Args}, groups...)
				e = l.Head
			default:
				break peel
			}
		}
		if head == nil {
			return fmt.Errorf("%s: equation: left-hand side has no function symbol at its head", eq.Pos)
		}
		var inner []lps.Expr
		var outer [][]lps.Expr
		if len(groups) > 0 {
			inner, outer = groups[0], groups[1:]
		}
		seen := map[uint32]bool{}
		for _, a := range inner {
			ru.pats = append(ru.pats, r.compilePattern(r.Translate(a), &pending, seen))
		}
		for _, g := range outer {
			var ps []*pattern
			for _, a := range g {
				ps = append(ps, r.compilePattern(r.Translate(a), &pending, seen))
			}
			ru.outer = append(ru.outer, ps)
		}
		sym := r.sym(head.Func)
		if len(outer) > 0 {
			sym.horules = append(sym.horules, ru)
		} else if len(inner) == sym.arity {
			ru.wildcards()
			sym.rules = append(sym.rules, ru)
		} else if len(inner) == 0 {
			// f = g for a function-sorted f: treat as f(x..) = g(x..) via higher-order.
			sym.rules = append(sym.rules, ru)
			sym.byValue = true
		} else {
			return fmt.Errorf("%s: equation: %s applied to %d arguments, expected %d", eq.Pos, head.Func.Name, len(inner), sym.arity)
		}
	}
	for _, p := range pending {
		nf, err := r.Rewrite(p.term, nil)
		if err != nil {
			return err
		}
		p.term = nf
	}
	r.indexRules()
	r.markLazy()
	return nil
}

// wildcards turns the pattern variables of a first-order rule that occur
// once and are not used by its condition or right-hand side into
// wildcards. Equations such as C(e3_8, y1, ..., y8) = y6 (mCRL2's case
// functions, made by lpsparelm and friends) then bind one variable instead
// of eight.
func (ru *rule) wildcards() {
	count := varCounts(ru.pats)
	used := map[uint32]bool{}
	ru.r.varsOf(ru.rhs, used)
	if ru.cond != 0 {
		ru.r.varsOf(ru.cond, used)
	}
	var mark func(ps []*pattern)
	mark = func(ps []*pattern) {
		for _, p := range ps {
			if p.kind == pVar && count[p.id] == 1 && !used[p.id] {
				p.kind = pWild
			}
			mark(p.args)
		}
	}
	mark(ru.pats)
}

// varCounts counts the occurrences of each variable in the patterns ps
// (wildcards have been variables that occur once).
func varCounts(ps []*pattern) map[uint32]int {
	count := map[uint32]int{}
	var walk func(ps []*pattern)
	walk = func(ps []*pattern) {
		for _, p := range ps {
			if p.kind == pVar || p.kind == pVarEq {
				count[p.id]++
			}
			walk(p.args)
		}
	}
	walk(ps)
	return count
}

// varsOf adds the ids of the variables occurring in t (bound or free) to
// set.
func (r *Rewriter) varsOf(t Term, set map[uint32]bool) {
	n := r.node(t)
	if n.flags&nodeGround != 0 && n.kind != kBinder {
		return
	}
	if n.kind == kVar {
		set[n.varID()] = true
		return
	}
	for _, a := range n.args() {
		r.varsOf(a, set)
	}
}

// minIndexed is the number of first-order rules of a symbol from which on
// they are indexed by the head symbol of one argument.
const minIndexed = 4

// indexRules compiles, for every symbol with enough rules, a dispatch on
// the head symbol of the argument position that discriminates most rules,
// so that applying a case function C(e, ...) of n constructors tries the
// few rules that can match instead of all n. A bucket keeps the rules in
// equation order (the first matching equation wins, as before): the rules
// whose pattern at that position has the bucket's head, and the rules
// whose pattern there is not headed by a symbol (a variable, say).
func (r *Rewriter) indexRules() {
	for _, sym := range r.syms {
		if len(sym.rules) < minIndexed || sym.arity == 0 {
			continue
		}
		best, bestCount := -1, 0
		for pos := 0; pos < sym.arity; pos++ {
			c := 0
			for _, ru := range sym.rules {
				if len(ru.pats) == sym.arity && r.patHead(ru.pats[pos]) != nil {
					c++
				}
			}
			if c > bestCount {
				best, bestCount = pos, c
			}
		}
		if bestCount < minIndexed {
			continue
		}
		idx := &ruleIndex{pos: best, byHead: map[*symbol][]*rule{}}
		for _, ru := range sym.rules {
			var h *symbol
			if len(ru.pats) == sym.arity {
				h = r.patHead(ru.pats[best])
			}
			if h == nil {
				idx.generic = append(idx.generic, ru)
				for k, b := range idx.byHead {
					idx.byHead[k] = append(b, ru)
				}
				continue
			}
			if _, ok := idx.byHead[h]; !ok {
				// A new bucket starts with the generic rules seen so far.
				idx.byHead[h] = append([]*rule(nil), idx.generic...)
			}
			idx.byHead[h] = append(idx.byHead[h], ru)
		}
		sym.index = idx
	}
}

// ruleIndex dispatches the rules of a symbol on the head symbol of the
// argument at pos.
type ruleIndex struct {
	pos     int
	byHead  map[*symbol][]*rule
	generic []*rule // rules that may match an argument of any head
}

// candidates returns the rules that may match args.
func (r *Rewriter) candidates(sym *symbol, args []Term) []*rule {
	idx := sym.index
	if idx == nil || len(args) != sym.arity {
		return sym.rules
	}
	n := r.node(args[idx.pos])
	if n.kind == kApp {
		if rs, ok := idx.byHead[r.fnOf(n)]; ok {
			return rs
		}
	}
	return idx.generic
}

// patHead returns the head symbol every term matching p has, or nil.
func (r *Rewriter) patHead(p *pattern) *symbol {
	switch p.kind {
	case pApp:
		return p.fn
	case pTerm:
		if n := r.node(p.term); n.kind == kApp {
			return r.fnOf(n)
		}
	}
	return nil
}

func (r *Rewriter) compilePattern(t Term, pending *[]*pattern, seen map[uint32]bool) *pattern {
	n := r.node(t)
	switch {
	case n.kind == kVar:
		if seen[n.varID()] {
			return &pattern{kind: pVarEq, id: n.varID(), term: t}
		}
		seen[n.varID()] = true
		return &pattern{kind: pVar, id: n.varID(), term: t}
	case n.flags&nodeGround != 0:
		p := &pattern{kind: pTerm, term: t}
		*pending = append(*pending, p)
		return p
	case n.kind == kApp && (r.fnOf(n).kind == lps.FuncConstructor || r.fnOf(n).kind == lps.FuncMap || r.fnOf(n).op == lps.OpCons && r.fnOf(n).kind == lps.FuncBuiltin):
		// A user mapping heads a pattern as a constructor does: mCRL2
		// matches left-hand sides syntactically against normal forms, and
		// a mapping no equation rewrites stays in them, applied
		// (update(b, q, y, s) in ins_upd(a, o, x, update(b, q, y, s)),
		// the function-valued states of mCRL2's example garage).
		p := &pattern{kind: pApp, fn: r.fnOf(n)}
		if r.fnOf(n).kind == lps.FuncBuiltin {
			p.kind = pCons
		}
		for _, a := range n.args() {
			p.args = append(p.args, r.compilePattern(a, pending, seen))
		}
		return p
	case n.kind == kCons:
		return &pattern{kind: pCons, args: []*pattern{r.compilePattern(n.args()[0], pending, seen), r.compilePattern(n.args()[1], pending, seen)}}
	case n.kind == kHOApp && r.node(n.args()[0]).kind != kVar:
		// f(x)(y) inside a left-hand side, g(f(x)(y)) = y: its normal
		// forms are higher-order applications too, matched part by
		// part. A variable head, arg(h(x)) = x, stays pOther and never
		// matches: mCRL2 does not use such an equation either ("variable
		// h is used as head symbol in an application").
		p := &pattern{kind: pHOApp}
		for _, a := range n.args() {
			p.args = append(p.args, r.compilePattern(a, pending, seen))
		}
		return p
	}
	return &pattern{kind: pOther, term: t}
}

// match matches normal form t against p, binding variables in r.sub.
func (r *Rewriter) match(p *pattern, t Term) bool { return r.matchPat(p, t, true) }

// matchPat is match, or with bind false a check of a linear pattern's
// shape that binds nothing (a repeated variable is not compared).
func (r *Rewriter) matchPat(p *pattern, t Term, bind bool) bool {
	switch p.kind {
	case pWild:
		return true
	case pVar:
		if bind {
			r.bind(&r.sub, p.id, t)
		}
		return true
	case pVarEq:
		return !bind || r.sub.getID(p.id) == t
	case pTerm:
		return p.term == t
	case pApp:
		n := r.node(t)
		if n.kind != kApp || r.fnOf(n) != p.fn || len(n.args()) != len(p.args) {
			return false
		}
		for i, a := range p.args {
			if !r.matchPat(a, n.args()[i], bind) {
				return false
			}
		}
		return true
	case pCons:
		n := r.node(t)
		if n.kind != kCons {
			return false
		}
		return r.matchPat(p.args[0], n.args()[0], bind) && r.matchPat(p.args[1], n.args()[1], bind)
	case pHOApp:
		n := r.node(t)
		if n.kind != kHOApp || len(n.args()) != len(p.args) {
			return false
		}
		for i, a := range p.args {
			if !r.matchPat(a, n.args()[i], bind) {
				return false
			}
		}
		return true
	}
	return false
}

// tryRules applies the first rule of rules that matches. For first-order
// rules args are the head symbol's arguments and outer is nil; for
// higher-order rules args are the head symbol's arguments and outer the
// further argument groups, innermost first.
func (r *Rewriter) tryRules(rules []*rule, args []Term, outer [][]Term) (Term, bool) {
	for _, ru := range rules {
		if res, ok := r.applyRule(ru, args, outer); ok {
			return res, true
		}
	}
	return 0, false
}

// applyRule applies ru to args (and outer) if it matches.
func (r *Rewriter) applyRule(ru *rule, args []Term, outer [][]Term) (Term, bool) {
	if len(ru.pats) != len(args) || len(ru.outer) != len(outer) {
		return 0, false
	}
	mark := len(r.saved)
	ok := true
	for i, p := range ru.pats {
		if !r.match(p, args[i]) {
			ok = false
			break
		}
	}
	for g := 0; ok && g < len(outer); g++ {
		if len(ru.outer[g]) != len(outer[g]) {
			ok = false
			break
		}
		for i, p := range ru.outer[g] {
			if !r.match(p, outer[g][i]) {
				ok = false
				break
			}
		}
	}
	if ok && ru.cond != 0 {
		c := r.evalCompiled(&ru.condP, ru.cond, &r.sub)
		ok = c == r.trueT
	}
	if !ok {
		r.restore(&r.sub, mark)
		return 0, false
	}
	r.countStep(ru)
	r.lastRule = ru
	res := r.evalCompiled(&ru.rhsP, ru.rhs, &r.sub)
	r.restore(&r.sub, mark)
	return res, true
}

// countStep counts the application of ru against the bound on rule
// applications, and polls Interrupt now and then.
func (r *Rewriter) countStep(ru *rule) {
	r.steps++
	if r.steps&4095 == 0 && r.interrupt.Load() {
		panic(ErrInterrupted)
	}
	if r.steps > r.maxSteps {
		r.fail("rewriting does not terminate: more than %d rule applications (last rule: %s)", r.maxSteps, ru)
	}
}

// markLazy finds the user mappings at whose argument positions every
// first-order equation has a plain variable, and marks those positions
// lazy: such an argument is rewritten only when the equation being tried
// compares it (a variable that occurs twice) or the equation that applies
// uses it (applyLazy). Case functions C(e, x1, ..., xn), whose equations
// C(c_i, x1, ..., xn) = x_i each use one of their n arguments, then
// rewrite one argument instead of n, as mCRL2's just-in-time rewriter
// does. The normal form is the same: which equation applies is decided on
// normal forms, as before, and the argument an equation uses is rewritten
// before it is bound. Variables of the other positions must occur once in
// an equation's left-hand side.
func (r *Rewriter) markLazy() {
	for _, sym := range r.syms {
		if sym.kind != lps.FuncMap || len(sym.rules) == 0 || len(sym.horules) > 0 || sym.arity == 0 || sym.arity > 64 {
			continue
		}
		lazy := make([]bool, sym.arity)
		for i := range lazy {
			lazy[i] = true
		}
		ok := true
		for _, ru := range sym.rules {
			if len(ru.pats) != sym.arity || len(ru.outer) > 0 {
				ok = false
				break
			}
			for i, p := range ru.pats {
				if p.kind != pVar && p.kind != pVarEq && p.kind != pWild {
					lazy[i] = false
				}
			}
		}
		if !ok || !slices.Contains(lazy, true) {
			continue
		}
		for _, ru := range sym.rules {
			if ru.lazy, ok = ru.lazyPlan(lazy); !ok {
				break
			}
		}
		if ok {
			sym.lazy = lazy
		}
	}
}

// lazyPlan checks that the variables at the eager positions of ru occur
// once, and returns its plan.
func (ru *rule) lazyPlan(lazy []bool) (*lazyPlan, bool) {
	count := varCounts(ru.pats)
	shared := false
	var check func(ps []*pattern)
	check = func(ps []*pattern) {
		for _, q := range ps {
			if (q.kind == pVar || q.kind == pVarEq) && count[q.id] > 1 {
				shared = true
			}
			check(q.args)
		}
	}
	plan := &lazyPlan{proj: -1}
	first := map[uint32]int8{}
	rhs := ru.r.node(ru.rhs)
	if ru.cond == 0 && rhs.kind == kVar {
		for i, p := range ru.pats {
			if lazy[i] && (p.kind == pVar || p.kind == pVarEq) && p.id == rhs.varID() {
				plan.xs |= 1 << i
				if p.kind == pVar {
					plan.proj = int8(i)
				}
			}
		}
	}
	for i, p := range ru.pats {
		switch {
		case !lazy[i]:
			check([]*pattern{p})
			if p.kind != pWild {
				plan.eager = append(plan.eager, int8(i))
			}
		case p.kind == pVar:
			first[p.id] = int8(i)
			plan.binds = append(plan.binds, int8(i))
		case p.kind == pVarEq:
			plan.same = append(plan.same, [2]int8{first[p.id], int8(i)})
		}
	}
	return plan, !shared
}

// applyLazy returns the normal form of fn(raw) under s for a symbol with
// lazy argument positions (markLazy). The eager arguments are rewritten
// first; then, equation by equation, the lazy arguments that a repeated
// variable compares are rewritten, and those the equation binds, before
// it is tried. Rewriting happens under s before the equation binds
// anything, so its variables cannot disturb the arguments' own.
func (r *Rewriter) applyLazy(fn *symbol, raw []Term, s *Subst) Term {
	return r.applyLazyArgs(fn, raw, nil, s)
}

// applyLazyArgs is applyLazy with the arguments compiled (program.go),
// or nil: args[i] rewrites raw[i].
func (r *Rewriter) applyLazyArgs(fn *symbol, raw []Term, args []eval, s *Subst) Term {
	base := len(r.argStack)
	var done uint64 // lazy arguments rewritten so far
	arg := func(i int) Term {
		if args != nil {
			return args[i](r, s)
		}
		return r.rewrite(raw[i], s)
	}
	for i, a := range raw {
		if !fn.lazy[i] {
			a = arg(i)
		}
		r.argStack = append(r.argStack, a)
	}
	force := func(i int) {
		if done&(1<<i) == 0 {
			r.argStack[base+i] = arg(i)
			done |= 1 << i
		}
	}
	rules := r.candidates(fn, r.argStack[base:])
next:
	for k, ru := range rules {
		plan := ru.lazy
		if plan.collapses() {
			// C(c, .., x, .., x, ..) = x comes before the rules that
			// project one argument, C(c_i, y1, .., yn) = y_i. Comparing
			// all the x arguments would rewrite them all; when the rule
			// that applies otherwise projects an x position, its result
			// is the same either way, so apply it at once.
			if alt := r.surelyApplies(rules[k+1:], base); alt != nil && plan.xs&(1<<alt.lazy.proj) != 0 {
				ru, plan = alt, alt.lazy
			}
		}
		for _, i := range plan.eager {
			if !r.fitsPattern(ru.pats[i], r.argStack[base+int(i)]) {
				continue next
			}
		}
		for _, ij := range plan.same {
			i, j := int(ij[0]), int(ij[1])
			force(i)
			force(j)
			if r.argStack[base+i] != r.argStack[base+j] {
				continue next
			}
		}
		for _, i := range plan.binds {
			force(int(i))
		}
		if res, ok := r.applyPlanned(ru, base); ok {
			r.argStack = r.argStack[:base]
			return res
		}
	}
	// No equation applies: the normal form is fn applied to the normal
	// forms of all arguments.
	for i := range raw {
		if fn.lazy[i] {
			force(i)
		}
	}
	res := r.mkApp(fn, r.argStack[base:])
	r.argStack = r.argStack[:base]
	return res
}

// applyPlanned is applyRule for a rule with a lazy plan whose patterns
// fit the arguments at base, lazy ones rewritten as the plan needs: only
// the eager patterns and the bound variables are matched, and a rule whose
// right-hand side is one of its arguments returns it.
func (r *Rewriter) applyPlanned(ru *rule, base int) (Term, bool) {
	plan := ru.lazy
	r.countStep(ru)
	if plan.proj >= 0 {
		r.lastRule = ru
		return r.argStack[base+int(plan.proj)], true
	}
	mark := len(r.saved)
	for _, i := range plan.eager {
		r.match(ru.pats[i], r.argStack[base+int(i)])
	}
	for _, i := range plan.binds {
		r.bind(&r.sub, ru.pats[i].id, r.argStack[base+int(i)])
	}
	if ru.cond != 0 && r.evalCompiled(&ru.condP, ru.cond, &r.sub) != r.trueT {
		r.restore(&r.sub, mark)
		r.steps--
		return 0, false
	}
	r.lastRule = ru
	res := r.evalCompiled(&ru.rhsP, ru.rhs, &r.sub)
	r.restore(&r.sub, mark)
	return res, true
}

// surelyApplies returns the first of rules that applies to the arguments
// at base without rewriting a lazy argument to decide it: an unconditional
// rule without repeated variables whose eager patterns fit, all rules
// before it not fitting. It returns nil if a rule before it can be decided
// only by rewriting, or none fits.
func (r *Rewriter) surelyApplies(rules []*rule, base int) *rule {
next:
	for _, ru := range rules {
		for _, i := range ru.lazy.eager {
			if !r.fitsPattern(ru.pats[i], r.argStack[base+int(i)]) {
				continue next
			}
		}
		if ru.cond == 0 && len(ru.lazy.same) == 0 && ru.lazy.proj >= 0 {
			return ru
		}
		return nil
	}
	return nil
}

// fitsPattern matches t against a linear pattern p without binding.
func (r *Rewriter) fitsPattern(p *pattern, t Term) bool { return r.matchPat(p, t, false) }
