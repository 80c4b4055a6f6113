package syntax

import (
	"github.com/alecthomas/participle/v2/lexer"
)

// Parse reads `summand + summand + ...` (stopping before the final `;`):
//
//	[sum VarsDecls .] [DataExprUnit ->] (delta | tau | a(..)|b(..)) [@ DataExprUnit]
//	    [. [dist VarsDecls [DataExpr] .] P[(args)]]
func (s *Summands) Parse(lex *lexer.PeekingLexer) error {
	p := exprParser{lex: lex}
	for {
		sm, err := p.summand()
		if err != nil {
			return err
		}
		s.Items = append(s.Items, sm)
		if !p.is(lex.Peek(), "+") {
			return nil
		}
		lex.Next()
	}
}

// summand parses [sum vars.] [cond ->] actions [@ time] . next, or
// [cond ->] delta [@ time].
func (p *exprParser) summand() (*Summand, error) {
	t := p.lex.Peek()
	s := &Summand{Pos: t.Pos}
	if p.is(t, "sum") {
		p.lex.Next()
		vars, err := p.varsList()
		if err != nil {
			return nil, err
		}
		s.Sum = vars
		if _, err := p.expect("."); err != nil {
			return nil, err
		}
	}
	// A condition is a DataExprUnit followed by `->`; without the arrow
	// the same tokens were the first action.
	if t := p.lex.Peek(); p.startsUnit(t) {
		cp := p.lex.MakeCheckpoint()
		x, _, err := p.operand(true)
		if err == nil && p.is(p.lex.Peek(), "->") {
			p.lex.Next()
			s.Cond = &DataExprUnit{Pos: t.Pos, X: x}
		} else {
			p.lex.LoadCheckpoint(cp)
		}
	}
	t = p.lex.Peek()
	switch {
	case p.is(t, "delta"):
		p.lex.Next()
		s.Delta = true
	case p.is(t, "tau"):
		p.lex.Next()
	default:
		for {
			a, err := p.action()
			if err != nil {
				return nil, err
			}
			s.Acts = append(s.Acts, a)
			if !p.is(p.lex.Peek(), "|") {
				break
			}
			p.lex.Next()
		}
	}
	if t := p.lex.Peek(); p.is(t, "@") {
		p.lex.Next()
		u := p.lex.Peek()
		if !p.startsUnit(u) {
			return nil, p.unexpected(u, "a time (a data expression)")
		}
		x, _, err := p.operand(true)
		if err != nil {
			return nil, err
		}
		s.Time = &DataExprUnit{Pos: u.Pos, X: x}
	}
	if t := p.lex.Peek(); p.is(t, ".") {
		p.lex.Next()
		n, err := p.next()
		if err != nil {
			return nil, err
		}
		s.Next = n
	}
	return s, nil
}

// action parses a(e1, ..., en).
func (p *exprParser) action() (*Action, error) {
	t := p.lex.Peek()
	if t.Type != tokIdent {
		return nil, p.unexpected(t, "an action, tau or delta")
	}
	p.lex.Next()
	a := &Action{Pos: t.Pos, Name: &Ident{Pos: t.Pos, Name: t.Value}}
	if p.is(p.lex.Peek(), "(") {
		p.lex.Next()
		args, err := p.exprList(")")
		if err != nil {
			return nil, err
		}
		for _, x := range args {
			a.Args = append(a.Args, &DataExpr{Pos: x.Start(), X: x})
		}
	}
	return a, nil
}

// next parses `[dist ...] P[(args)]` after the `.` of a summand.
func (p *exprParser) next() (*Next, error) {
	n := &Next{Pos: p.lex.Peek().Pos}
	if t := p.lex.Peek(); p.is(t, "dist") {
		p.lex.Next()
		d, err := p.dist(t)
		if err != nil {
			return nil, err
		}
		n.Dist = d
		if _, err := p.expect("."); err != nil {
			return nil, err
		}
	}
	id, err := p.ident()
	if err != nil {
		return nil, err
	}
	n.Proc = id
	if p.is(p.lex.Peek(), "(") {
		p.lex.Next()
		if p.is(p.lex.Peek(), ")") {
			p.lex.Next()
			return n, nil
		}
		for {
			a, err := p.arg()
			if err != nil {
				return nil, err
			}
			n.Args = append(n.Args, a)
			t := p.lex.Peek()
			if p.is(t, ")") {
				p.lex.Next()
				return n, nil
			}
			if !p.is(t, ",") {
				return nil, p.unexpected(t, "\",\" or \")\"")
			}
			p.lex.Next()
		}
	}
	return n, nil
}

// dist parses `VarsDecls [DataExpr]` after `dist`.
func (p *exprParser) dist(kw *lexer.Token) (*Dist, error) {
	vars, err := p.varsList()
	if err != nil {
		return nil, err
	}
	if _, err := p.expect("["); err != nil {
		return nil, err
	}
	prob, err := p.expr()
	if err != nil {
		return nil, err
	}
	if _, err := p.expect("]"); err != nil {
		return nil, err
	}
	return &Dist{Pos: kw.Pos, Vars: vars, Prob: &DataExpr{Pos: prob.Start(), X: prob}}, nil
}

// arg parses `x = e` or `e`.
func (p *exprParser) arg() (*Arg, error) {
	t := p.lex.Peek()
	a := &Arg{Pos: t.Pos}
	if t.Type == tokIdent {
		cp := p.lex.MakeCheckpoint()
		p.lex.Next()
		if p.is(p.lex.Peek(), "=") {
			p.lex.Next()
			a.Name = &Ident{Pos: t.Pos, Name: t.Value}
		} else {
			p.lex.LoadCheckpoint(cp)
		}
	}
	x, err := p.expr()
	if err != nil {
		return nil, err
	}
	a.Value = &DataExpr{Pos: x.Start(), X: x}
	return a, nil
}
