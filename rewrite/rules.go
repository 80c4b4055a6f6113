package rewrite

import (
	"fmt"

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
}

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
	return nil
}

// wildcards turns the pattern variables of a first-order rule that occur
// once and are not used by its condition or right-hand side into
// wildcards. Equations such as C(e3_8, y1, ..., y8) = y6 (mCRL2's case
// functions, made by lpsparelm and friends) then bind one variable instead
// of eight.
func (ru *rule) wildcards() {
	count := map[uint32]int{}
	var walk func(ps []*pattern)
	walk = func(ps []*pattern) {
		for _, p := range ps {
			switch p.kind {
			case pVar, pVarEq:
				count[p.id]++
			}
			walk(p.args)
		}
	}
	walk(ru.pats)
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

// varsOf adds the ids of the variables occurring in t (bound or free) to
// set.
func (r *Rewriter) varsOf(t Term, set map[uint32]bool) {
	n := r.st.node(t)
	if n.flags&nodeGround != 0 && n.kind != kBinder {
		return
	}
	if n.kind == kVar {
		set[n.v.id] = true
		return
	}
	for _, a := range n.args {
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
	n := r.st.node(args[idx.pos])
	if n.kind == kApp {
		if rs, ok := idx.byHead[n.fn]; ok {
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
		if n := r.st.node(p.term); n.kind == kApp {
			return n.fn
		}
	}
	return nil
}

func (r *Rewriter) compilePattern(t Term, pending *[]*pattern, seen map[uint32]bool) *pattern {
	n := r.st.node(t)
	switch {
	case n.kind == kVar:
		if seen[n.v.id] {
			return &pattern{kind: pVarEq, id: n.v.id, term: t}
		}
		seen[n.v.id] = true
		return &pattern{kind: pVar, id: n.v.id, term: t}
	case n.flags&nodeGround != 0:
		p := &pattern{kind: pTerm, term: t}
		*pending = append(*pending, p)
		return p
	case n.kind == kApp && (n.fn.kind == lps.FuncConstructor || n.fn.op == lps.OpCons && n.fn.kind == lps.FuncBuiltin):
		p := &pattern{kind: pApp, fn: n.fn}
		if n.fn.kind == lps.FuncBuiltin {
			p.kind = pCons
		}
		for _, a := range n.args {
			p.args = append(p.args, r.compilePattern(a, pending, seen))
		}
		return p
	case n.kind == kCons:
		return &pattern{kind: pCons, args: []*pattern{r.compilePattern(n.args[0], pending, seen), r.compilePattern(n.args[1], pending, seen)}}
	}
	return &pattern{kind: pOther, term: t}
}

// match matches normal form t against p, binding variables in r.sub.
func (r *Rewriter) match(p *pattern, t Term) bool {
	switch p.kind {
	case pWild:
		return true
	case pVar:
		r.bind(&r.sub, p.id, t)
		return true
	case pVarEq:
		return r.sub.getID(p.id) == t
	case pTerm:
		return p.term == t
	case pApp:
		n := r.st.node(t)
		if n.kind != kApp || n.fn != p.fn || len(n.args) != len(p.args) {
			return false
		}
		for i, a := range p.args {
			if !r.match(a, n.args[i]) {
				return false
			}
		}
		return true
	case pCons:
		n := r.st.node(t)
		if n.kind != kCons {
			return false
		}
		return r.match(p.args[0], n.args[0]) && r.match(p.args[1], n.args[1])
	}
	return false
}

// tryRules applies the first rule of rules that matches. For first-order
// rules args are the head symbol's arguments and outer is nil; for
// higher-order rules args are the head symbol's arguments and outer the
// further argument groups, innermost first.
func (r *Rewriter) tryRules(rules []*rule, args []Term, outer [][]Term) (Term, bool) {
	for _, ru := range rules {
		if len(ru.pats) != len(args) || len(ru.outer) != len(outer) {
			continue
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
			c := r.rewrite(ru.cond, &r.sub)
			ok = c == r.trueT
		}
		if !ok {
			r.restore(&r.sub, mark)
			continue
		}
		r.steps++
		if r.steps&4095 == 0 && r.interrupt.Load() {
			panic(ErrInterrupted)
		}
		if r.steps > r.maxSteps {
			r.fail("rewriting does not terminate: more than %d rule applications (last rule: %s)", r.maxSteps, ru)
		}
		r.lastRule = ru
		res := r.rewrite(ru.rhs, &r.sub)
		r.restore(&r.sub, mark)
		return res, true
	}
	return 0, false
}
