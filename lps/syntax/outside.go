package syntax

// Text written outside the specification is read by the specification's
// own parser: a data expression (lps2lts --sweep=EXPR) and multi-actions
// (lps2lts -m a(1)|b,c). The checker then checks them against the checked
// specification (package check).

// ParseExpr reads src, one data expression written outside the
// specification (lps2lts --sweep=EXPR); name stands for src in errors.
func ParseExpr(name, src string) (Expr, error) {
	var x Expr
	if e := parseWith(src, func(p *parser) {
		x = p.expr()
		p.trailing()
	}); e != nil {
		return nil, syntaxError(name, e)
	}
	return x, nil
}

// ParseMultiActions reads src, comma-separated multi-actions written
// outside the specification (lps2lts -m a(1)|b,c), each `tau` (empty) or
// `a(e1, ..., en) | b | ...`, with the summand parser's action rule; name
// stands for src in errors.
func ParseMultiActions(name, src string) ([][]*Action, error) {
	var list [][]*Action
	if e := parseWith(src, func(p *parser) {
		for {
			var acts []*Action
			if !p.accept("tau") {
				acts = p.actions()
			}
			list = append(list, acts)
			if !p.accept(",") {
				break
			}
		}
		p.trailing()
	}); e != nil {
		return nil, syntaxError(name, e)
	}
	return list, nil
}
