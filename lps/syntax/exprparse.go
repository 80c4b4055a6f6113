package syntax

import (
	"fmt"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/lps2lts/lps2lts/lps"
)

// Data and sort expressions are the bulk of every LPS (the largest corpus
// models are almost entirely expressions), so they are read by a small
// hand-written recursive-descent parser that plugs into the participle
// grammar through participle.Parseable. It applies mCRL2's priorities
// (libraries/core/source/mcrl2_syntax.g) while parsing and builds raw,
// untyped syntax trees that the checker turns into the typed IR.

// ---------------------------------------------------------------------------
// Raw syntax trees

// Expr is a data expression as written: untyped, operators as their
// tokens. Start is where its text begins (for a binary operation, its
// left operand's start: the error for `a + b` points at a).
type Expr interface{ Start() lexer.Position }

type (
	Number struct {
		Pos  lexer.Position
		Text string
	}
	Bool struct {
		Pos lexer.Position
		Val bool
	}
	List struct { // [e1, ..., en], n >= 0
		Pos   lexer.Position
		Elems []Expr
	}
	Set struct { // {e1, ..., en}, n >= 0
		Pos   lexer.Position
		Elems []Expr
	}
	Bag struct { // {e1: c1, ..., en: cn}, n >= 0 ({:} when 0)
		Pos    lexer.Position
		Elems  []Expr
		Counts []Expr
	}
	Comp struct { // {x: S | body}
		Pos  lexer.Position
		Var  *Ident
		Sort *SortExpr
		Body Expr
	}
	App struct {
		Pos   lexer.Position // of the opening parenthesis
		start lexer.Position // of Head, kept so that Start takes constant time
		Head  Expr
		Args  []Expr
	}
	Update struct { // f[key -> val]
		Pos      lexer.Position
		start    lexer.Position // of Fun
		Fun      Expr
		Key, Val Expr
	}
	Unary struct {
		Pos lexer.Position
		Op  string
		X   Expr
	}
	Binary struct {
		Pos   lexer.Position // of the operator
		start lexer.Position // of L: a chain of n operators would take n steps to find it
		Op    string
		L, R  Expr
	}
	Binder struct {
		Pos  lexer.Position
		Kind string // forall, exists, lambda
		Vars *VarsList
		Body Expr
	}
	Where struct {
		Pos   lexer.Position // of `whr`
		start lexer.Position // of Body
		Body  Expr
		Defs  []Def
	}
)

type Def struct {
	Name  *Ident
	Value Expr
}

func (e *Ident) Start() lexer.Position  { return e.Pos }
func (e *Number) Start() lexer.Position { return e.Pos }
func (e *Bool) Start() lexer.Position   { return e.Pos }
func (e *List) Start() lexer.Position   { return e.Pos }
func (e *Set) Start() lexer.Position    { return e.Pos }
func (e *Bag) Start() lexer.Position    { return e.Pos }
func (e *Comp) Start() lexer.Position   { return e.Pos }
func (e *App) Start() lexer.Position    { return e.start }
func (e *Update) Start() lexer.Position { return e.start }
func (e *Unary) Start() lexer.Position  { return e.Pos }
func (e *Binary) Start() lexer.Position { return e.start }
func (e *Binder) Start() lexer.Position { return e.Pos }
func (e *Where) Start() lexer.Position  { return e.start }

// DataExpr is a full data expression (mCRL2's DataExpr).
type DataExpr struct {
	Pos lexer.Position
	X   Expr
}

// DataExprUnit is mCRL2's DataExprUnit: the condition before `->` and the time
// after `@` in a summand.
type DataExprUnit struct {
	Pos lexer.Position
	X   Expr
}

// Parse is participle's hook: a DataExpr is read by the hand-written
// parser, where participle would be slow and could not apply mCRL2's
// priorities.
func (e *DataExpr) Parse(lex *lexer.PeekingLexer) (err error) {
	defer catch(&err)
	p := exprParser{lex: lex}
	e.Pos = lex.Peek().Pos
	e.X = p.expr()
	return nil
}

// Parse reads a DataExprUnit, or tells participle to try another rule
// (NextMatch) where none starts, so that a summand's optional condition
// and time work with participle's lookahead.
func (e *DataExprUnit) Parse(lex *lexer.PeekingLexer) (err error) {
	defer catch(&err)
	p := exprParser{lex: lex}
	t := lex.Peek()
	e.Pos = t.Pos
	if !p.startsUnit(t) {
		return participle.NextMatch
	}
	e.X, _ = p.operand(true)
	return nil
}

// ---------------------------------------------------------------------------
// Sort expressions

// SortExpr is Prod[0] # ... # Prod[n-1] [-> Cod]. A product without an
// arrow is only allowed as the sort of an action.
type SortExpr struct {
	Pos  lexer.Position
	Prod []*SortAtom
	Cod  *SortExpr
}

type SortAtom struct {
	Pos    lexer.Position
	Prim   string    // Bool, Pos, Nat, Int, Real
	Cont   string    // List, Set, Bag, FSet, FBag (with Elem)
	Elem   *SortExpr //
	Struct []*Ctor   // struct c1 | c2 ...
	Paren  *SortExpr // ( S )
	Name   string    // a declared sort or alias
}

type Ctor struct {
	Pos   lexer.Position
	Name  *Ident
	Projs []*Proj
	Rec   *Ident
}

type Proj struct {
	Pos  lexer.Position
	Name *Ident // nil when the argument has no projection
	Sort *SortExpr
}

// Parse reads a sort expression by hand, or tells participle to try
// another rule where none starts.
func (s *SortExpr) Parse(lex *lexer.PeekingLexer) (err error) {
	defer catch(&err)
	p := exprParser{lex: lex}
	if !p.startsSort(lex.Peek()) {
		return participle.NextMatch
	}
	*s = *p.sortExpr()
	return nil
}

// ---------------------------------------------------------------------------
// The parser

type exprParser struct {
	lex *lexer.PeekingLexer
	// level is the depth of the parser's recursion, heights the height of
	// the operator chains built so far: both are bounded (maxNesting,
	// maxHeight), so that neither the parser nor the checker and the
	// rewriter, which recurse over the tree, can overflow the stack.
	level   int
	heights map[Expr]int
}

const (
	maxNesting = 100000
	maxHeight  = 1 << 17
)

// height is the height of the tree x; chains built by the parser's loops
// are remembered, everything else lies within the recursion bound.
func (p *exprParser) height(x Expr) int {
	if h, ok := p.heights[x]; ok {
		return h
	}
	h := 0
	for _, c := range children(x) {
		h = max(h, p.height(c))
	}
	return h + 1
}

// chained records the height of a node built in a loop (an operator
// chain, applications and updates in a row) and refuses one that is too
// high.
func (p *exprParser) chained(x Expr, at lexer.Position) {
	h := p.height(x)
	if h > maxHeight {
		panic(&posError{pos: at, msg: fmt.Sprintf("expression too deeply nested (more than %d levels)", maxHeight)})
	}
	if p.heights == nil {
		p.heights = make(map[Expr]int)
	}
	p.heights[x] = h
}

// children are the subexpressions of x.
func children(x Expr) []Expr {
	switch x := x.(type) {
	case *List:
		return x.Elems
	case *Set:
		return x.Elems
	case *Bag:
		return append(append([]Expr(nil), x.Elems...), x.Counts...)
	case *Comp:
		return []Expr{x.Body}
	case *App:
		return append([]Expr{x.Head}, x.Args...)
	case *Update:
		return []Expr{x.Fun, x.Key, x.Val}
	case *Unary:
		return []Expr{x.X}
	case *Binary:
		return []Expr{x.L, x.R}
	case *Binder:
		return []Expr{x.Body}
	case *Where:
		out := []Expr{x.Body}
		for _, d := range x.Defs {
			out = append(out, d.Value)
		}
		return out
	}
	return nil
}

// posError is an error of the lexer or the hand-written parser, with
// its position, shaped as participle's errors are (Position, Message).
type posError struct {
	pos lexer.Position
	msg string
}

// Error is the message with its position, as participle's errors are.
func (e *posError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.pos.Filename, e.pos.Line, e.pos.Column, e.msg)
}
func (e *posError) Position() lexer.Position { return e.pos }
func (e *posError) Message() string          { return e.msg }

// describe names a token for a message: end of file, or its text quoted.
func describe(t *lexer.Token) string {
	if t.EOF() {
		return "end of file"
	}
	return fmt.Sprintf("%q", t.Value)
}

// A syntax error stops the parse at once: fail panics with a *posError,
// which the entry points (the Parse hooks) recover with catch, and a
// speculative parse with try, as starlark-go's parser bails out. The
// parser's functions thus return what they parsed, never an error.

// fail stops the parse with a syntax error at token t.
func (p *exprParser) fail(t *lexer.Token, format string, args ...any) {
	panic(&posError{pos: t.Pos, msg: fmt.Sprintf(format, args...)})
}

// unexpected stops the parse at a token where what was expected.
func (p *exprParser) unexpected(t *lexer.Token, what string) {
	p.fail(t, "unexpected %s, expected %s", describe(t), what)
}

// catch, deferred by an entry point, makes the syntax error the parse
// stopped with its result. Any other panic is a bug, and goes on.
func catch(err *error) {
	if r := recover(); r != nil {
		e, ok := r.(*posError)
		if !ok {
			panic(r)
		}
		*err = e
	}
}

// try runs a speculative parse and reports whether it ended without a
// syntax error; the caller rewinds the lexer where it did not.
func (p *exprParser) try(parse func()) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if _, isSyntax := r.(*posError); !isSyntax {
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
func (p *exprParser) enter(t *lexer.Token, what string) {
	if p.level++; p.level > maxNesting {
		p.fail(t, "%s too deeply nested (more than %d levels)", what, maxNesting)
	}
}

func (p *exprParser) leave() { p.level-- }

// is reports whether t is the punctuation or keyword v (never an
// identifier spelled v).
func (p *exprParser) is(t *lexer.Token, v string) bool {
	return (t.Type == tokPunct || t.Type == tokKeyword) && t.Value == v
}

// accept consumes the punctuation or keyword v if it comes next.
func (p *exprParser) accept(v string) bool {
	if p.is(p.lex.Peek(), v) {
		p.lex.Next()
		return true
	}
	return false
}

// expect consumes the punctuation or keyword v, or fails.
func (p *exprParser) expect(v string) *lexer.Token {
	t := p.lex.Peek()
	if !p.is(t, v) {
		p.unexpected(t, fmt.Sprintf("%q", v))
	}
	return p.lex.Next()
}

// ident consumes an identifier.
func (p *exprParser) ident() *Ident {
	t := p.lex.Peek()
	if t.Type != tokIdent {
		p.unexpected(t, "an identifier")
	}
	p.lex.Next()
	return &Ident{Pos: t.Pos, Name: t.Value}
}

// binOp is the operator table's entry (lps.OpInfo) of the infix
// operator t, if t is one: its priority and associativity are mCRL2's
// (mcrl2_syntax.g), and the printers read the same entry.
func (p *exprParser) binOp(t *lexer.Token) (lps.OpInfo, bool) {
	if t.Type != tokPunct && t.Type != tokKeyword {
		return lps.OpInfo{}, false
	}
	op, ok := lps.InfixOp(t.Value)
	if !ok {
		return lps.OpInfo{}, false
	}
	return op.Info(), true
}

// expr parses a DataExpr including its where clauses.
func (p *exprParser) expr() Expr {
	return wrapWhere(p.binary(0))
}

// A where clause `whr d1 = e1, ... end` follows an operand in the text but
// binds the largest subexpression that ends with that operand, as mCRL2
// reads it: in `4 * v whr v = 6 end - 1` the clause binds `4 * v` and the
// result is the left operand of `-` (23); in `1 + v whr v = 2 end * 5` it
// binds only `v`, since `v * 5` is the right operand of `+`; a binder ends
// with its body, so in `forall x: Bool. x whr x = true end` the clause
// binds the whole quantifier (false). Precedence climbing knows that
// subexpression only when the operator after `end` is seen: a level that
// continues with that operator has it in hand, and a level that returns
// hands the clauses up as pending.

// whereClauses parses the where clauses (none or more) after an operand.
func (p *exprParser) whereClauses() []*Where {
	var out []*Where
	for p.is(p.lex.Peek(), "whr") {
		w := &Where{Pos: p.lex.Next().Pos}
		for {
			name := p.ident()
			p.expect("=")
			w.Defs = append(w.Defs, Def{Name: name, Value: p.expr()})
			if !p.accept(",") {
				break
			}
		}
		p.expect("end")
		out = append(out, w)
	}
	return out
}

// wrapWhere makes x the body of the pending clauses, innermost first.
func wrapWhere(x Expr, pending []*Where) Expr {
	for _, w := range pending {
		w.start, w.Body = x.Start(), x
		x = w
	}
	return x
}

// binary parses operands joined by binary operators of priority >= min
// (precedence climbing). It returns the where clauses that follow its last
// operand and bind more than this level built (see whereClauses).
func (p *exprParser) binary(min int) (Expr, []*Where) {
	p.enter(p.lex.Peek(), "expression")
	defer p.leave()
	x, pending := p.operand(false)
	for {
		t := p.lex.Peek()
		info, ok := p.binOp(t)
		if !ok || info.Prec < min {
			return x, pending
		}
		x = wrapWhere(x, pending)
		p.lex.Next()
		next := info.Prec + 1
		if info.Right {
			next = info.Prec
		}
		var y Expr
		y, pending = p.binary(next)
		x = &Binary{Pos: t.Pos, start: x.Start(), Op: t.Value, L: x, R: y}
		p.chained(x, t.Pos)
	}
}

// startsUnit reports whether t can start a DataExprUnit: mCRL2's grammar
// wants a unit for the condition before -> and the time after @ (a sum
// there is written in parentheses).
func (p *exprParser) startsUnit(t *lexer.Token) bool {
	switch t.Type {
	case tokIdent, tokNumber:
		return true
	case tokKeyword:
		return t.Value == "true" || t.Value == "false"
	case tokPunct:
		return t.Value == "(" || t.Value == "!" || t.Value == "-" || t.Value == "#"
	}
	return false
}

// operand parses prefix operators applied to a binder or to a primary
// expression with its applications and updates. In unit mode it accepts
// only mCRL2's DataExprUnit. Outside unit mode it also returns the where
// clauses that follow the operand, to be placed by binary.
func (p *exprParser) operand(unit bool) (Expr, []*Where) {
	t := p.lex.Peek()
	p.enter(t, "expression")
	defer p.leave()
	if p.is(t, "!") || p.is(t, "-") || p.is(t, "#") {
		p.lex.Next()
		x, pending := p.operand(unit)
		return &Unary{Pos: t.Pos, Op: t.Value, X: x}, pending
	}
	if !unit && (p.is(t, "forall") || p.is(t, "exists") || p.is(t, "lambda")) {
		p.lex.Next()
		vars := p.varsList()
		p.expect(".")
		// The binder ends where its body ends: clauses after the body's
		// last operand bind the binder too.
		body, pending := p.binary(0)
		return &Binder{Pos: t.Pos, Kind: t.Value, Vars: vars, Body: body}, pending
	}
	x := p.primary(unit)
	for {
		t := p.lex.Peek()
		switch {
		case p.accept("("):
			x = &App{Pos: t.Pos, start: x.Start(), Head: x, Args: p.exprList(")")}
			p.chained(x, t.Pos)
		case !unit && p.accept("["):
			key := p.expr()
			p.expect("->")
			val := p.expr()
			p.expect("]")
			x = &Update{Pos: t.Pos, start: x.Start(), Fun: x, Key: key, Val: val}
			p.chained(x, t.Pos)
		case unit:
			return x, nil
		default:
			return x, p.whereClauses()
		}
	}
}

// exprList parses `e1, ..., en close` with n >= 1.
func (p *exprParser) exprList(close string) []Expr {
	var out []Expr
	for {
		out = append(out, p.expr())
		if p.accept(close) {
			return out
		}
		if !p.accept(",") {
			p.unexpected(p.lex.Peek(), fmt.Sprintf("\",\" or %q", close))
		}
	}
}

// primary parses an identifier, a number, true, false, a parenthesised
// expression, a list or a brace; unit restricts it to what a
// DataExprUnit may be.
func (p *exprParser) primary(unit bool) Expr {
	t := p.lex.Peek()
	switch {
	case t.Type == tokIdent:
		p.lex.Next()
		return &Ident{Pos: t.Pos, Name: t.Value}
	case t.Type == tokNumber:
		p.lex.Next()
		return &Number{Pos: t.Pos, Text: t.Value}
	case p.is(t, "true") || p.is(t, "false"):
		p.lex.Next()
		return &Bool{Pos: t.Pos, Val: t.Value == "true"}
	case p.accept("("):
		x := p.expr()
		p.expect(")")
		return x
	case !unit && p.accept("["):
		if p.accept("]") {
			return &List{Pos: t.Pos}
		}
		return &List{Pos: t.Pos, Elems: p.exprList("]")}
	case !unit && p.accept("{"):
		return p.brace(t)
	}
	if unit {
		p.unexpected(t, "a data expression (an identifier, a number, true, false or a parenthesised expression)")
	}
	p.unexpected(t, "a data expression")
	return nil
}

// brace parses what follows `{`: `}`, `:}`, a comprehension `x: S | e}`,
// a bag `e: n, ...}` or a set `e, ...}`.
func (p *exprParser) brace(open *lexer.Token) Expr {
	if p.accept("}") {
		return &Set{Pos: open.Pos}
	}
	if p.accept(":") {
		p.expect("}")
		return &Bag{Pos: open.Pos}
	}
	if c := p.comprehension(open); c != nil {
		return c
	}
	first := p.expr()
	if p.is(p.lex.Peek(), ":") {
		b := &Bag{Pos: open.Pos}
		for e := first; ; e = p.expr() {
			p.expect(":")
			b.Elems = append(b.Elems, e)
			b.Counts = append(b.Counts, p.expr())
			if p.accept("}") {
				return b
			}
			if !p.accept(",") {
				p.unexpected(p.lex.Peek(), "\",\" or \"}\"")
			}
		}
	}
	s := &Set{Pos: open.Pos, Elems: []Expr{first}}
	if p.accept("}") {
		return s
	}
	if !p.accept(",") {
		p.unexpected(p.lex.Peek(), "\",\", \":\" or \"}\"")
	}
	s.Elems = append(s.Elems, p.exprList("}")...)
	return s
}

// comprehension parses `x: S | e}` after `{` where the tokens read so,
// and otherwise rewinds and returns nil: `{x: 2}` is a bag.
func (p *exprParser) comprehension(open *lexer.Token) *Comp {
	t := p.lex.Peek()
	if t.Type != tokIdent {
		return nil
	}
	cp := p.lex.MakeCheckpoint()
	p.lex.Next()
	var s *SortExpr
	if p.accept(":") && p.startsSort(p.lex.Peek()) && p.try(func() { s = p.sortExpr() }) && p.accept("|") {
		body := p.expr()
		p.expect("}")
		return &Comp{Pos: open.Pos, Var: &Ident{Pos: t.Pos, Name: t.Value}, Sort: s, Body: body}
	}
	p.lex.LoadCheckpoint(cp)
	return nil
}

// varsList parses `x1, x2: S1, y: S2, ...`.
func (p *exprParser) varsList() *VarsList {
	l := &VarsList{Pos: p.lex.Peek().Pos}
	for {
		d := &VarsDecl{Pos: p.lex.Peek().Pos}
		for {
			d.Names = append(d.Names, p.ident())
			if !p.accept(",") {
				break
			}
		}
		p.expect(":")
		d.Sort = p.sortExpr()
		l.Decls = append(l.Decls, d)
		if !p.accept(",") {
			return l
		}
	}
}

// startsSort reports whether t can start a sort expression.
func (p *exprParser) startsSort(t *lexer.Token) bool {
	switch t.Type {
	case tokIdent:
		return true
	case tokKeyword:
		switch t.Value {
		case "Bool", "Pos", "Nat", "Int", "Real", "List", "Set", "Bag", "FSet", "FBag", "struct":
			return true
		}
	case tokPunct:
		return t.Value == "("
	}
	return false
}

// sortExpr parses S1 # ... # Sn [-> S]; its nesting is bounded as a
// data expression's is (maxNesting).
func (p *exprParser) sortExpr() *SortExpr {
	s := &SortExpr{Pos: p.lex.Peek().Pos}
	for {
		s.Prod = append(s.Prod, p.sortAtom())
		if !p.accept("#") {
			break
		}
	}
	if p.accept("->") {
		s.Cod = p.sortExpr()
	}
	return s
}

// sortAtom parses one factor of a sort expression: a primitive or
// declared sort, a container, a struct, or a parenthesised sort.
func (p *exprParser) sortAtom() *SortAtom {
	t := p.lex.Peek()
	p.enter(t, "sort")
	defer p.leave()
	a := &SortAtom{Pos: t.Pos}
	switch {
	case t.Type == tokIdent:
		p.lex.Next()
		a.Name = t.Value
		return a
	case t.Type == tokKeyword:
		switch t.Value {
		case "Bool", "Pos", "Nat", "Int", "Real":
			p.lex.Next()
			a.Prim = t.Value
			return a
		case "List", "Set", "Bag", "FSet", "FBag":
			p.lex.Next()
			a.Cont = t.Value
			p.expect("(")
			a.Elem = p.sortExpr()
			p.expect(")")
			return a
		case "struct":
			p.lex.Next()
			for {
				a.Struct = append(a.Struct, p.ctor())
				if !p.accept("|") {
					return a
				}
			}
		}
	case p.accept("("):
		a.Paren = p.sortExpr()
		p.expect(")")
		return a
	}
	p.unexpected(t, "a sort")
	return nil
}

// ctor parses one constructor of a struct: c(p1: S1, ...)?is_c.
func (p *exprParser) ctor() *Ctor {
	name := p.ident()
	c := &Ctor{Pos: name.Pos, Name: name}
	if p.accept("(") {
		for {
			pr := &Proj{Pos: p.lex.Peek().Pos, Name: p.label(":")}
			pr.Sort = p.sortExpr()
			c.Projs = append(c.Projs, pr)
			if p.accept(")") {
				break
			}
			if !p.accept(",") {
				p.unexpected(p.lex.Peek(), "\",\" or \")\"")
			}
		}
	}
	if p.accept("?") {
		c.Rec = p.ident()
	}
	return c
}

// label consumes `name sep` where the next two tokens are an identifier
// and sep (a projection's `name:`, a named argument's `name =`) and
// returns the name; otherwise it consumes nothing and returns nil.
func (p *exprParser) label(sep string) *Ident {
	t := p.lex.Peek()
	if t.Type != tokIdent {
		return nil
	}
	cp := p.lex.MakeCheckpoint()
	p.lex.Next()
	if p.accept(sep) {
		return &Ident{Pos: t.Pos, Name: t.Value}
	}
	p.lex.LoadCheckpoint(cp)
	return nil
}
