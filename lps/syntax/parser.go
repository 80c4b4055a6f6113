package syntax

import (
	"fmt"

	"github.com/lps2lts/lps2lts/internal/slab"
)

// The parser is recursive descent over the scanner, one function per rule
// of the grammar, with one token of lookahead (tok). Where a rule needs
// more (a summand's condition is known only at its `->`, `{x: S | e}`
// only at its `|`), the parser marks its place, reads on, and goes back:
// a place is the scanner's state and the token in hand, so going back
// costs a copy and reading again, never a buffer of tokens.

type parser struct {
	sc  scanner
	tok token // the next token, not yet consumed

	// level is the depth of the parser's recursion; it and the height of
	// the operator chains built in loops, which those nodes record, are
	// bounded (maxNesting, maxHeight), so that neither the parser nor the
	// checker and the rewriter, which recurse over the tree, can overflow
	// the stack.
	level int

	// The parser's most frequent nodes come from chunks, one allocation
	// for many, where each was one (in the 220 kB of the bench's
	// Lamport_3-bit: 17,000 identifiers, 6,500 numerals, 4,900 binary
	// operators, 4,400 applications).
	idents   slab.Slab[Ident]
	numbers  slab.Slab[Number]
	binaries slab.Slab[Binary]
	apps     slab.Slab[App]

	// exprStack holds the expressions of the lists being parsed (nested
	// lists on top of each other), and exprLists the lists parsed, each
	// of its exact length: appending a list's expressions to a slice of
	// its own, doubling, allocated 0.62 MB of loading Lamport_3-bit's 9.
	exprStack []Expr
	exprLists slab.Slices[Expr]
}

const (
	maxNesting = 100000
	maxHeight  = 1 << 17
)

// newParser returns a parser at the start of src, its first token read
// (so it may stop with a lexical error: call it inside parseWith).
func newParser(src string) *parser {
	p := &parser{sc: newScanner(src)}
	p.next()
	return p
}

// next consumes the token in hand and returns it.
func (p *parser) next() token {
	t := p.tok
	tok, err := p.sc.scan()
	if err != nil {
		panic(err)
	}
	p.tok = tok
	return t
}

// pos is the position of the token in hand. It is a call, not the field,
// so that in a literal such as &Arg{Pos: p.pos(), Name: p.label("=")} it
// is read before the call after it consumes tokens: Go orders the calls
// of an expression, not its reads of fields.
func (p *parser) pos() Position { return p.tok.pos }

// place is where the parser stands: enough to come back to it.
type place struct {
	sc  scanner
	tok token
}

func (p *parser) mark() place    { return place{p.sc, p.tok} }
func (p *parser) reset(at place) { p.sc, p.tok = at.sc, at.tok }

// height is the height of the tree x; the nodes built by the parser's
// loops carry theirs, everything else lies within the recursion bound.
// (A map from node to height did the same for 5% of a large model's
// loading.)
func height(x Expr) int {
	if h := recordedHeight(x); h > 0 {
		return h
	}
	h := 0
	eachChild(x, func(c Expr) { h = max(h, height(c)) })
	return h + 1
}

// recordedHeight is the height chained recorded in x, 0 if none.
func recordedHeight(x Expr) int {
	switch x := x.(type) {
	case *App:
		return int(x.height)
	case *Update:
		return int(x.height)
	case *Binary:
		return int(x.height)
	}
	return 0
}

// chained records in *h the height of x, a node built in a loop (an
// operator chain, applications and updates in a row), and refuses one
// that is too high.
func (p *parser) chained(x Expr, h *int32, at Position) {
	n := height(x)
	if n > maxHeight {
		panic(&posError{pos: at, msg: fmt.Sprintf("expression too deeply nested (more than %d levels)", maxHeight)})
	}
	*h = int32(n)
}

// eachChild calls f on each subexpression of x, without collecting them
// in a slice: height visits every node outside the recorded chains.
func eachChild(x Expr, f func(Expr)) {
	each := func(es []Expr) {
		for _, e := range es {
			f(e)
		}
	}
	switch x := x.(type) {
	case *List:
		each(x.Elems)
	case *Set:
		each(x.Elems)
	case *Bag:
		each(x.Elems)
		each(x.Counts)
	case *Comp:
		f(x.Body)
	case *App:
		f(x.Head)
		each(x.Args)
	case *Update:
		f(x.Fun)
		f(x.Key)
		f(x.Val)
	case *Unary:
		f(x.X)
	case *Binary:
		f(x.L)
		f(x.R)
	case *Binder:
		f(x.Body)
	case *Where:
		f(x.Body)
		for _, d := range x.Defs {
			f(d.Value)
		}
	}
}

// posError is a syntax error at its position. lexical marks an error of
// the scanner (a character no token starts with): a speculative parse
// does not recover from it, since no other reading of the tokens makes
// the character a token.
type posError struct {
	pos     Position
	msg     string
	lexical bool
}

func (e *posError) Error() string {
	return fmt.Sprintf("%d:%d: %s", e.pos.Line, e.pos.Column, e.msg)
}

// describe names a token for a message: end of file, or its text quoted.
func describe(t token) string {
	if t.kind == tokEOF {
		return "end of file"
	}
	return fmt.Sprintf("%q", t.text)
}

// A syntax error stops the parse at once: fail panics with a *posError,
// which the entry points recover (parseWith), and a speculative parse
// with try, as starlark-go's parser bails out. The parser's functions
// thus return what they parsed, never an error.

// fail stops the parse with a syntax error at token t.
func (p *parser) fail(t token, format string, args ...any) {
	panic(&posError{pos: t.pos, msg: fmt.Sprintf(format, args...)})
}

// unexpected stops the parse at a token where what was expected.
func (p *parser) unexpected(t token, what string) {
	p.fail(t, "unexpected %s, expected %s", describe(t), what)
}

// trailing stops the parse at a token after a complete input (after the
// last section, after a whole expression): nothing was expected there
// but the end.
func (p *parser) trailing() {
	if p.tok.kind != tokEOF {
		p.fail(p.tok, "unexpected %s", describe(p.tok))
	}
}

// parseWith runs parse over src and returns the syntax error it stopped
// with, if any. A lexical error anywhere in src is the error, even one
// after a syntax error: the whole text is tokens or it is refused for
// the character that is none (as a scanner that reads the whole text
// first reports it). Any other panic is a bug, and goes on.
func parseWith(src string, parse func(p *parser)) (err *posError) {
	var p *parser
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		e, ok := r.(*posError)
		if !ok {
			panic(r)
		}
		err = e
		if !e.lexical && p != nil {
			for {
				t, lexErr := p.sc.scan()
				if lexErr != nil {
					err = lexErr
					break
				}
				if t.kind == tokEOF {
					break
				}
			}
		}
	}()
	p = newParser(src)
	parse(p)
	return nil
}

// try runs a speculative parse and reports whether it ended without a
// syntax error; the caller goes back where it did not.
func (p *parser) try(parse func()) (ok bool) {
	stack := len(p.exprStack)
	defer func() {
		if r := recover(); r != nil {
			clear(p.exprStack[stack:])
			p.exprStack = p.exprStack[:stack] // the lists the attempt left open
			if e, isSyntax := r.(*posError); !isSyntax || e.lexical {
				panic(r)
			}
			ok = false
		}
	}()
	parse()
	return true
}

// enter counts a level of the parser's recursion and stops the parse
// beyond maxNesting; the caller defers p.leave().
func (p *parser) enter(t token, what string) {
	if p.level++; p.level > maxNesting {
		p.fail(t, "%s too deeply nested (more than %d levels)", what, maxNesting)
	}
}

func (p *parser) leave() { p.level-- }

// is reports whether t is the punctuation or keyword v (never an
// identifier spelled v).
func (p *parser) is(t token, v string) bool {
	return (t.kind == tokPunct || t.kind == tokKeyword) && t.text == v
}

// accept consumes the punctuation or keyword v if it comes next.
func (p *parser) accept(v string) bool {
	if p.is(p.tok, v) {
		p.next()
		return true
	}
	return false
}

// commaList parses one or more items separated by commas up to close,
// whose opening bracket has been read; a token that is neither a comma
// nor close fails the parse as unexpected instead of what.
func (p *parser) commaList(close, what string, item func()) {
	for {
		item()
		if p.accept(close) {
			return
		}
		if !p.accept(",") {
			p.unexpected(p.tok, what)
		}
	}
}

// expect consumes the punctuation or keyword v, or fails.
func (p *parser) expect(v string) token {
	if !p.is(p.tok, v) {
		p.unexpected(p.tok, fmt.Sprintf("%q", v))
	}
	return p.next()
}

// first fails unless the token in hand is an identifier (which every
// declaration starts with), naming what was expected there.
func (p *parser) first(what string) {
	if p.tok.kind != tokIdent {
		p.unexpected(p.tok, what)
	}
}

// ident consumes an identifier.
func (p *parser) ident() *Ident {
	p.first("an identifier")
	t := p.next()
	return &Ident{At: At{t.pos}, Name: t.text}
}
