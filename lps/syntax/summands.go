package syntax

// summands parses `summand + summand + ...` (stopping before the final `;`):
//
//	[sum VarsDecls .] [DataExprUnit ->] (delta | tau | a(..)|b(..)) [@ DataExprUnit]
//	    [. [dist VarsDecls [DataExpr] .] P[(args)]]
func (p *parser) summands() *Summands {
	s := &Summands{}
	for {
		s.Items = append(s.Items, p.summand())
		if !p.accept("+") {
			return s
		}
	}
}

// summand parses [sum vars.] [cond ->] actions [@ time] . next, or
// [cond ->] delta [@ time].
func (p *parser) summand() *Summand {
	s := &Summand{Pos: p.pos()}
	if p.accept("sum") {
		s.Sum = p.varsList("an identifier")
		p.expect(".")
	}
	// A condition is a DataExprUnit followed by `->`; without the arrow
	// the same tokens were the first action.
	if t := p.tok; p.startsUnit(t) {
		cp := p.mark()
		var x Expr
		if p.try(func() { x, _ = p.operand(true) }) && p.accept("->") {
			s.Cond = &DataExprUnit{Pos: t.pos, X: x}
		} else {
			p.reset(cp)
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
		u := p.tok
		if !p.startsUnit(u) {
			p.unexpected(u, "a time (a data expression)")
		}
		x, _ := p.operand(true)
		s.Time = &DataExprUnit{Pos: u.pos, X: x}
	}
	if p.accept(".") {
		s.Next = p.nextState()
	}
	return s
}

// actions parses a(...)|b(...)|...
func (p *parser) actions() []*Action {
	var acts []*Action
	for {
		acts = append(acts, p.action())
		if !p.accept("|") {
			return acts
		}
	}
}

// action parses a(e1, ..., en).
func (p *parser) action() *Action {
	p.first("an action, tau or delta")
	t := p.next()
	a := &Action{Pos: t.pos, Name: &Ident{At: At{t.pos}, Name: t.text}}
	if p.accept("(") {
		for _, x := range p.exprList(")") {
			a.Args = append(a.Args, &DataExpr{Pos: x.Start(), X: x})
		}
	}
	return a
}

// nextState parses `[dist ...] P[(args)]` after the `.` of a summand.
func (p *parser) nextState() *Next {
	n := &Next{Pos: p.pos()}
	if t := p.tok; p.accept("dist") {
		n.Dist = p.dist(t)
		p.expect(".")
	}
	n.Proc = p.ident()
	if !p.accept("(") || p.accept(")") {
		return n
	}
	p.commaList(")", "\",\" or \")\"", func() { n.Args = append(n.Args, p.arg()) })
	return n
}

// dist parses `VarsDecls [DataExpr]` after `dist`.
func (p *parser) dist(kw token) *Dist {
	vars := p.varsList("an identifier")
	p.expect("[")
	prob := p.expr()
	p.expect("]")
	return &Dist{Pos: kw.pos, Vars: vars, Prob: &DataExpr{Pos: prob.Start(), X: prob}}
}

// arg parses `x = e` or `e`.
func (p *parser) arg() *Arg {
	a := &Arg{Pos: p.pos(), Name: p.label("=")}
	x := p.expr()
	a.Value = &DataExpr{Pos: x.Start(), X: x}
	return a
}
