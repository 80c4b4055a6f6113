package lps

import (
	"fmt"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// Multi-actions written outside the specification (lps2lts's -m a(1)|b,c)
// are read by the specification's parser and checked against its action
// declarations, as mCRL2's lps2lts type-checks -m: an unknown action, a
// wrong number of arguments, an argument of the wrong sort or a syntax
// error is refused with its position in the text, where a text compared
// with the labels would silently match nothing.

// astMultiActions is `m1, m2, ...`, each `tau` or `a(args) | b | ...`.
type astMultiActions struct {
	List [][]*astAction // an empty multi-action for tau
}

type astMultiActionsOnly struct {
	M *astMultiActions `parser:"@@"`
}

var multiActionsParser = participle.MustBuild[astMultiActionsOnly](
	participle.Lexer(lpsLexer),
	participle.UseLookahead(participle.MaxLookahead),
)

func (m *astMultiActions) Parse(lex *lexer.PeekingLexer) error {
	p := exprParser{lex: lex}
	for {
		var acts []*astAction
		if p.is(lex.Peek(), "tau") {
			lex.Next()
		} else {
			for {
				a, err := p.action()
				if err != nil {
					return err
				}
				acts = append(acts, a)
				if !p.is(lex.Peek(), "|") {
					break
				}
				lex.Next()
			}
		}
		m.List = append(m.List, acts)
		if !p.is(lex.Peek(), ",") {
			return nil
		}
		lex.Next()
	}
}

// ParseMultiActions reads src, comma-separated multi-actions (`tau` or
// `a(e1, ..., en) | b | ...`), and checks each action against spec's
// declarations: its arguments are closed data expressions (no parameter
// is in scope), coerced to the declared sorts. name stands for src in
// errors, whose positions count within src ("-m:1:13: ..."). On failure
// the error is an ErrorList.
func ParseMultiActions(spec *Spec, name, src string) (out [][]Action, err error) {
	defer func() {
		// As Parse: a bug of the checker must not take the caller down.
		if r := recover(); r != nil {
			out, err = nil, ErrorList{{File: name, Msg: fmt.Sprintf("internal error: %v", r)}}
		}
	}()
	ast, perr := multiActionsParser.ParseString(name, src)
	if perr != nil {
		return nil, ErrorList{syntaxError(name, perr)}
	}
	c := checkerOf(spec, name)
	x := c.newExprChecker(&scope{vars: map[string]*Var{}})
	for _, acts := range ast.M.List {
		var m []Action
		for _, aa := range acts {
			a, ok := c.checkAction(x, aa)
			if !ok {
				continue
			}
			for _, arg := range a.Args {
				if x.reportAny(arg) {
					ok = false
				}
			}
			m = append(m, a)
		}
		out = append(out, m)
	}
	if len(c.errs) > 0 {
		return nil, c.errs.normalize()
	}
	return out, nil
}
