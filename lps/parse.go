package lps

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/lps2lts/lps2lts/aterm"
)

// Parse reads and checks an LPS in the textual syntax. filename is used in
// error positions. On failure the error is an ErrorList. (Read takes
// either format.)
func Parse(filename string, src []byte) (spec *Spec, err error) {
	if aterm.IsBinary(src) {
		return nil, ErrorList{{File: filename, Msg: "this is an LPS in mCRL2's binary format (as mcrl22lps writes it), not text; read it with load.Read, which takes both"}}
	}
	defer func() {
		// Last resort: the parser and checker are meant never to panic,
		// but a bug must not take the caller down.
		if r := recover(); r != nil {
			spec = nil
			err = ErrorList{{File: filename, Msg: fmt.Sprintf("internal error: %v", r)}}
		}
	}()
	ast, perr := specParser.ParseBytes(filename, src)
	if perr != nil {
		return nil, ErrorList{syntaxError(filename, perr)}
	}
	return check(filename, ast)
}

// syntaxError turns a participle or scanner error into our Error.
func syntaxError(filename string, err error) *Error {
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
		return &Error{File: filename, Pos: Pos{p.Line, p.Column}, Msg: "syntax error: " + inWords(msg)}
	}
	return &Error{File: filename, Msg: "syntax error: " + inWords(err.Error())}
}

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

// grammarName finds the grammar's type names in participle's messages,
// as it writes them (astSortDecl, AstActDecl+: capitalised, with the
// repetition of the grammar).
var grammarName = regexp.MustCompile(`\b[Aa]st([A-Z][A-Za-z]*)[+*?]?`)

// grammarWords are those names in words.
var grammarWords = map[string]string{
	"SortExpr": "a sort", "Expr": "a data expression", "Unit": "a data expression",
	"Ident": "an identifier", "VarsList": "variable declarations", "VarsDecl": "a variable declaration",
	"Summands": "a summand", "Summand": "a summand", "Action": "an action", "Arg": "an argument",
	"SortDecl": "a sort declaration", "IdsDecl": "a declaration", "ActDecl": "an action declaration",
	"Eqn": "an equation", "Proc": "a process declaration", "Init": "an initial state",
	"Dist": "a distribution", "Next": "a next state", "Section": "a section (sort, cons, map, var, eqn, act, glob, proc or init)",
	"Spec": "a linear process specification",
}

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
// words; a name without words loses its prefix.
func inWords(s string) string {
	return grammarName.ReplaceAllStringFunc(s, func(m string) string {
		name := strings.TrimRight(grammarName.FindStringSubmatch(m)[1], "+*?")
		if w, ok := grammarWords[name]; ok {
			return w
		}
		return name
	})
}
