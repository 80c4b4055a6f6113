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
