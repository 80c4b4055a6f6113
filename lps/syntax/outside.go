package syntax

import (
	"github.com/alecthomas/participle/v2/lexer"
)

// Text written outside the specification is read by the specification's
// own parser: a data expression (lps2lts --sweep=EXPR) and multi-actions
// (lps2lts -m a(1)|b,c). The checker then checks them against the checked
// specification (package check).

// exprOnly is a whole input that is one data expression.
type exprOnly struct {
	X *DataExpr `parser:"@@"`
}

var exprOnlyParser = lazyParser[exprOnly]()

// MultiActions is `m1, m2, ...`, each `tau` or `a(args) | b | ...`.
type MultiActions struct {
	List [][]*Action // an empty multi-action for tau
}

type multiActionsOnly struct {
	M *MultiActions `parser:"@@"`
}

var multiActionsParser = lazyParser[multiActionsOnly]()

// Parse reads `tau` or a|b|..., separated by commas, with the summand
// parser's action rule.
func (m *MultiActions) Parse(lex *lexer.PeekingLexer) (err error) {
	defer catch(&err)
	p := exprParser{lex: lex}
	for {
		var acts []*Action
		if !p.accept("tau") {
			acts = p.actions()
		}
		m.List = append(m.List, acts)
		if !p.accept(",") {
			return nil
		}
	}
}
