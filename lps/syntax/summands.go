package syntax

import (
	"github.com/alecthomas/participle/v2/lexer"
)

// Parse reads `summand + summand + ...` (stopping before the final `;`):
//
//	[sum VarsDecls .] [DataExprUnit ->] (delta | tau | a(..)|b(..)) [@ DataExprUnit]
//	    [. [dist VarsDecls [DataExpr] .] P[(args)]]
func (s *Summands) Parse(lex *lexer.PeekingLexer) (err error) {
	defer catch(&err)
	p := exprParser{lex: lex}
	for {
		s.Items = append(s.Items, p.summand())
		if !p.accept("+") {
			return nil
		}
	}
}

// summand parses [sum vars.] [cond ->] actions [@ time] . next, or
// [cond ->] delta [@ time].
func (p *exprParser) summand() *Summand {
	s := &Summand{Pos: p.lex.Peek().Pos}
	if p.accept("sum") {
		s.Sum = p.varsList()
		p.expect(".")
	}
	// A condition is a DataExprUnit followed by `->`; without the arrow
	// the same tokens were the first action.
	if t := p.lex.Peek(); p.startsUnit(t) {
		cp := p.lex.MakeCheckpoint()
		var x Expr
		if p.try(func() { x, _ = p.operand(true) }) && p.accept("->") {
			s.Cond = &DataExprUnit{Pos: t.Pos, X: x}
		} else {
			p.lex.LoadCheckpoint(cp)
		}
	}
	switch {
	case p.accept("delta"):
		s.Delta = true
	case p.accept("tau"):
	default:
		s.Acts = p.actions()
	}
	if p.accept("@") {
		u := p.lex.Peek()
		if !p.startsUnit(u) {
			p.unexpected(u, "a time (a data expression)")
		}
		x, _ := p.operand(true)
		s.Time = &DataExprUnit{Pos: u.Pos, X: x}
	}
	if p.accept(".") {
		s.Next = p.next()
	}
	return s
}

// actions parses a(...)|b(...)|...
func (p *exprParser) actions() []*Action {
	var acts []*Action
	for {
		acts = append(acts, p.action())
		if !p.accept("|") {
			return acts
		}
	}
}

// action parses a(e1, ..., en).
func (p *exprParser) action() *Action {
	t := p.lex.Peek()
	if t.Type != tokIdent {
		p.unexpected(t, "an action, tau or delta")
	}
	p.lex.Next()
	a := &Action{Pos: t.Pos, Name: &Ident{Pos: t.Pos, Name: t.Value}}
	if p.accept("(") {
		for _, x := range p.exprList(")") {
			a.Args = append(a.Args, &DataExpr{Pos: x.Start(), X: x})
		}
	}
	return a
}

// next parses `[dist ...] P[(args)]` after the `.` of a summand.
func (p *exprParser) next() *Next {
	n := &Next{Pos: p.lex.Peek().Pos}
	if t := p.lex.Peek(); p.accept("dist") {
		n.Dist = p.dist(t)
		p.expect(".")
	}
	n.Proc = p.ident()
	if !p.accept("(") || p.accept(")") {
		return n
	}
	for {
		n.Args = append(n.Args, p.arg())
		if p.accept(")") {
			return n
		}
		if !p.accept(",") {
			p.unexpected(p.lex.Peek(), "\",\" or \")\"")
		}
	}
}

// dist parses `VarsDecls [DataExpr]` after `dist`.
func (p *exprParser) dist(kw *lexer.Token) *Dist {
	vars := p.varsList()
	p.expect("[")
	prob := p.expr()
	p.expect("]")
	return &Dist{Pos: kw.Pos, Vars: vars, Prob: &DataExpr{Pos: prob.Start(), X: prob}}
}

// arg parses `x = e` or `e`.
func (p *exprParser) arg() *Arg {
	a := &Arg{Pos: p.lex.Peek().Pos, Name: p.label("=")}
	x := p.expr()
	a.Value = &DataExpr{Pos: x.Start(), X: x}
	return a
}
