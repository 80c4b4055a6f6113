package syntax

import (
	"errors"
	"regexp"
	"sort"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/lps2lts/lps2lts/aterm"
	"github.com/lps2lts/lps2lts/lps"
)

// Parse reads an LPS in the textual syntax into its syntax tree, without
// checking it. filename is used in error positions. On failure the error
// is an lps.ErrorList of one syntax error. A binary file is refused with
// a message that says what it is.
func Parse(filename string, src []byte) (tree *Spec, err error) {
	defer lps.RecoverInternal(filename, &tree, &err)
	if aterm.IsBinary(src) {
		return nil, lps.ErrorList{{File: filename, Msg: "this is an LPS in mCRL2's binary format (as mcrl22lps writes it), not text; read it with load.Read, which takes both"}}
	}
	tree, err = specParser().ParseBytes(filename, src)
	if err != nil {
		return nil, lps.ErrorList{syntaxError(filename, err)}
	}
	return tree, nil
}

// ParseExpr reads src, one data expression written outside the
// specification (lps2lts --sweep=EXPR); name stands for src in errors.
func ParseExpr(name, src string) (Expr, error) {
	tree, err := exprOnlyParser().ParseString(name, src)
	if err != nil {
		return nil, lps.ErrorList{syntaxError(name, err)}
	}
	return tree.X.X, nil
}

// ParseMultiActions reads src, comma-separated multi-actions written
// outside the specification (lps2lts -m a(1)|b,c), each `tau` (empty) or
// `a(e1, ..., en) | b | ...`; name stands for src in errors.
func ParseMultiActions(name, src string) ([][]*Action, error) {
	tree, err := multiActionsParser().ParseString(name, src)
	if err != nil {
		return nil, lps.ErrorList{syntaxError(name, err)}
	}
	return tree.M.List, nil
}

// syntaxError turns a participle or scanner error into our Error.
func syntaxError(filename string, err error) *lps.Error {
	var pe interface {
		Position() lexer.Position
		Message() string
	}
	if errors.As(err, &pe) {
		p := pe.Position()
		msg := pe.Message()
		var ut *participle.UnexpectedTokenError
		if errors.As(err, &ut) {
			msg = unexpectedMessage(ut)
		}
		return &lps.Error{File: filename, Pos: lps.Pos{Line: p.Line, Col: p.Column}, Msg: "syntax error: " + inWords(msg)}
	}
	return &lps.Error{File: filename, Msg: "syntax error: " + inWords(err.Error())}
}

// unexpectedMessage rewrites participle's "unexpected token" message in
// our words and keeps only the first thing of what it expected.
func unexpectedMessage(ut *participle.UnexpectedTokenError) string {
	msg := ut.Message()
	msg = strings.Replace(msg, `unexpected token "<EOF>"`, "unexpected end of file", 1)
	msg = strings.Replace(msg, "unexpected token ", "unexpected ", 1)
	if i := strings.Index(msg, " (expected "); i >= 0 && strings.HasSuffix(msg, ")") {
		what := msg[i+len(" (expected ") : len(msg)-1]
		// participle lists a whole expected sequence; its first element
		// is what was missing.
		if strings.HasPrefix(what, `"`) && !strings.Contains(what, " | ") {
			if j := strings.Index(what[1:], `"`); j >= 0 {
				what = what[:j+2]
			}
		}
		msg = msg[:i] + ", expected " + firstExpected(inWords(what))
	}
	return msg
}

// grammarWords are the grammar's type names in words, for participle's
// messages, which name what they expected by type (SortDecl, ActDecl+).
var grammarWords = map[string]string{
	"SortExpr": "a sort", "DataExpr": "a data expression", "DataExprUnit": "a data expression",
	"Ident": "an identifier", "VarsList": "variable declarations", "VarsDecl": "a variable declaration",
	"Summands": "a summand", "Summand": "a summand", "Action": "an action", "Arg": "an argument",
	"SortDecl": "a sort declaration", "IdsDecl": "a declaration", "ActDecl": "an action declaration",
	"Eqn": "an equation", "Proc": "a process declaration", "Init": "an initial state",
	"Dist": "a distribution", "Next": "a next state", "Section": "a section (sort, cons, map, var, eqn, act, glob, proc or init)",
	"Spec": "a linear process specification",
}

// grammarName finds those names in a message, with the grammar's
// repetition after them; not inside quotes, where participle shows the
// user's text (an identifier may well be called Init).
var grammarName = func() *regexp.Regexp {
	names := make([]string, 0, len(grammarWords))
	for n := range grammarWords {
		names = append(names, n)
	}
	// Longest first, so that DataExprUnit is not read as DataExpr.
	sort.Slice(names, func(i, j int) bool { return len(names[i]) > len(names[j]) })
	return regexp.MustCompile(`(^|[^"\w])(` + strings.Join(names, "|") + `)\b[+*?]?`)
}()

// firstExpected is the first thing of an expected sequence as participle
// writes it ((variable declarations ";")+, an identifier ("(" ...)): what
// was missing, without the grammar around it.
func firstExpected(what string) string {
	w := strings.TrimLeft(what, "(")
	if i := strings.IndexAny(w, "()|*+"); i > 0 && w[0] != '"' {
		w = w[:i]
	}
	if i := strings.Index(w, ` "`); i > 0 {
		w = w[:i]
	}
	return strings.TrimSpace(w)
}

// inWords turns the grammar's type names in a participle message into
// words.
func inWords(s string) string {
	return grammarName.ReplaceAllStringFunc(s, func(m string) string {
		sub := grammarName.FindStringSubmatch(m)
		return sub[1] + grammarWords[sub[2]]
	})
}
