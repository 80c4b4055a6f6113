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
func (e *DataExpr) Parse(lex *lexer.PeekingLexer) error {
	p := exprParser{lex: lex}
	e.Pos = lex.Peek().Pos
	x, err := p.expr()
	e.X = x
	return err
}

// Parse reads a DataExprUnit, or tells participle to try another rule
// (NextMatch) where none starts, so that a summand's optional condition
// and time work with participle's lookahead.
func (e *DataExprUnit) Parse(lex *lexer.PeekingLexer) error {
	p := exprParser{lex: lex}
	t := lex.Peek()
	e.Pos = t.Pos
	if !p.startsUnit(t) {
		return participle.NextMatch
	}
	x, _, err := p.operand(true)
	e.X = x
	return err
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
func (s *SortExpr) Parse(lex *lexer.PeekingLexer) error {
	p := exprParser{lex: lex}
	if !p.startsSort(lex.Peek()) {
		return participle.NextMatch
	}
	x, err := p.sortExpr()
	if x != nil {
		*s = *x
	}
	return err
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
func (p *exprParser) chained(x Expr, at lexer.Position) error {
	h := p.height(x)
	if h > maxHeight {
		return &posError{pos: at, msg: fmt.Sprintf("expression too deeply nested (more than %d levels)", maxHeight)}
	}
	if p.heights == nil {
		p.heights = make(map[Expr]int)
	}
	p.heights[x] = h
	return nil
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

// errorf is a syntax error at token t.
func (p *exprParser) errorf(t *lexer.Token, format string, args ...any) error {
	return &posError{pos: t.Pos, msg: fmt.Sprintf(format, args...)}
}

// unexpected is the error for a token where what was expected.
func (p *exprParser) unexpected(t *lexer.Token, what string) error {
	return p.errorf(t, "unexpected %s, expected %s", describe(t), what)
}

// is reports whether t is the punctuation or keyword v (never an
// identifier spelled v).
func (p *exprParser) is(t *lexer.Token, v string) bool {
	return (t.Type == tokPunct || t.Type == tokKeyword) && t.Value == v
}

// expect consumes the punctuation or keyword v, or fails.
func (p *exprParser) expect(v string) (*lexer.Token, error) {
	t := p.lex.Peek()
	if !p.is(t, v) {
		return nil, p.unexpected(t, fmt.Sprintf("%q", v))
	}
	return p.lex.Next(), nil
}

// ident consumes an identifier.
func (p *exprParser) ident() (*Ident, error) {
	t := p.lex.Peek()
	if t.Type != tokIdent {
		return nil, p.unexpected(t, "an identifier")
	}
	p.lex.Next()
	return &Ident{Pos: t.Pos, Name: t.Value}, nil
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
func (p *exprParser) expr() (Expr, error) {
	x, pending, err := p.binary(0)
	return wrapWhere(x, pending), err
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
func (p *exprParser) whereClauses() ([]*Where, error) {
	var out []*Where
	for p.is(p.lex.Peek(), "whr") {
		w := &Where{Pos: p.lex.Next().Pos}
		for {
			name, err := p.ident()
			if err != nil {
				return out, err
			}
			if _, err := p.expect("="); err != nil {
				return out, err
			}
			v, err := p.expr()
			if err != nil {
				return out, err
			}
			w.Defs = append(w.Defs, Def{Name: name, Value: v})
			if !p.is(p.lex.Peek(), ",") {
				break
			}
			p.lex.Next()
		}
		if _, err := p.expect("end"); err != nil {
			return out, err
		}
		out = append(out, w)
	}
	return out, nil
}

// wrapWhere makes x the body of the pending clauses, innermost first.
func wrapWhere(x Expr, pending []*Where) Expr {
	if x == nil {
		return x
	}
	for _, w := range pending {
		w.start, w.Body = x.Start(), x
		x = w
	}
	return x
}

// binary parses operands joined by binary operators of priority >= min
// (precedence climbing). It returns the where clauses that follow its last
// operand and bind more than this level built (see whereClauses).
func (p *exprParser) binary(min int) (Expr, []*Where, error) {
	if p.level++; p.level > maxNesting {
		return nil, nil, p.errorf(p.lex.Peek(), "expression too deeply nested (more than %d levels)", maxNesting)
	}
	defer func() { p.level-- }()
	x, pending, err := p.operand(false)
	if err != nil {
		return x, nil, err
	}
	for {
		t := p.lex.Peek()
		info, ok := p.binOp(t)
		if !ok || info.Prec < min {
			return x, pending, nil
		}
		x, pending = wrapWhere(x, pending), nil
		p.lex.Next()
		next := info.Prec + 1
		if info.Right {
			next = info.Prec
		}
		y, ypending, err := p.binary(next)
		if err != nil {
			return x, nil, err
		}
		x, pending = &Binary{Pos: t.Pos, start: x.Start(), Op: t.Value, L: x, R: y}, ypending
		if err := p.chained(x, t.Pos); err != nil {
			return x, nil, err
		}
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
func (p *exprParser) operand(unit bool) (Expr, []*Where, error) {
	t := p.lex.Peek()
	if p.level++; p.level > maxNesting {
		return nil, nil, p.errorf(t, "expression too deeply nested (more than %d levels)", maxNesting)
	}
	defer func() { p.level-- }()
	if p.is(t, "!") || p.is(t, "-") || p.is(t, "#") {
		p.lex.Next()
		x, pending, err := p.operand(unit)
		return &Unary{Pos: t.Pos, Op: t.Value, X: x}, pending, err
	}
	if !unit && (p.is(t, "forall") || p.is(t, "exists") || p.is(t, "lambda")) {
		p.lex.Next()
		vars, err := p.varsList()
		if err != nil {
			return nil, nil, err
		}
		if _, err := p.expect("."); err != nil {
			return nil, nil, err
		}
		// The binder ends where its body ends: clauses after the body's
		// last operand bind the binder too.
		body, pending, err := p.binary(0)
		return &Binder{Pos: t.Pos, Kind: t.Value, Vars: vars, Body: body}, pending, err
	}
	x, err := p.primary(unit)
	if err != nil {
		return x, nil, err
	}
	for {
		t := p.lex.Peek()
		switch {
		case p.is(t, "("):
			p.lex.Next()
			args, err := p.exprList(")")
			if err != nil {
				return x, nil, err
			}
			x = &App{Pos: t.Pos, start: x.Start(), Head: x, Args: args}
			if err := p.chained(x, t.Pos); err != nil {
				return x, nil, err
			}
		case !unit && p.is(t, "["):
			p.lex.Next()
			key, err := p.expr()
			if err != nil {
				return x, nil, err
			}
			if _, err := p.expect("->"); err != nil {
				return x, nil, err
			}
			val, err := p.expr()
			if err != nil {
				return x, nil, err
			}
			if _, err := p.expect("]"); err != nil {
				return x, nil, err
			}
			x = &Update{Pos: t.Pos, start: x.Start(), Fun: x, Key: key, Val: val}
			if err := p.chained(x, t.Pos); err != nil {
				return x, nil, err
			}
		default:
			if unit {
				return x, nil, nil
			}
			pending, err := p.whereClauses()
			return x, pending, err
		}
	}
}

// exprList parses `e1, ..., en close` with n >= 1.
func (p *exprParser) exprList(close string) ([]Expr, error) {
	var out []Expr
	for {
		e, err := p.expr()
		if err != nil {
			return out, err
		}
		out = append(out, e)
		t := p.lex.Peek()
		if p.is(t, ",") {
			p.lex.Next()
			continue
		}
		if p.is(t, close) {
			p.lex.Next()
			return out, nil
		}
		return out, p.unexpected(t, fmt.Sprintf("\",\" or %q", close))
	}
}

// primary parses an identifier, a number, true, false, a parenthesised
// expression, a list or a brace; unit restricts it to what a
// DataExprUnit may be.
func (p *exprParser) primary(unit bool) (Expr, error) {
	t := p.lex.Peek()
	switch {
	case t.Type == tokIdent:
		p.lex.Next()
		return &Ident{Pos: t.Pos, Name: t.Value}, nil
	case t.Type == tokNumber:
		p.lex.Next()
		return &Number{Pos: t.Pos, Text: t.Value}, nil
	case p.is(t, "true") || p.is(t, "false"):
		p.lex.Next()
		return &Bool{Pos: t.Pos, Val: t.Value == "true"}, nil
	case p.is(t, "("):
		p.lex.Next()
		x, err := p.expr()
		if err != nil {
			return x, err
		}
		_, err = p.expect(")")
		return x, err
	case !unit && p.is(t, "["):
		p.lex.Next()
		if p.is(p.lex.Peek(), "]") {
			p.lex.Next()
			return &List{Pos: t.Pos}, nil
		}
		elems, err := p.exprList("]")
		return &List{Pos: t.Pos, Elems: elems}, err
	case !unit && p.is(t, "{"):
		p.lex.Next()
		return p.brace(t)
	}
	if unit {
		return nil, p.unexpected(t, "a data expression (an identifier, a number, true, false or a parenthesised expression)")
	}
	return nil, p.unexpected(t, "a data expression")
}

// brace parses what follows `{`: `}`, `:}`, a comprehension `x: S | e}`,
// a bag `e: n, ...}` or a set `e, ...}`.
func (p *exprParser) brace(open *lexer.Token) (Expr, error) {
	t := p.lex.Peek()
	if p.is(t, "}") {
		p.lex.Next()
		return &Set{Pos: open.Pos}, nil
	}
	if p.is(t, ":") {
		p.lex.Next()
		_, err := p.expect("}")
		return &Bag{Pos: open.Pos}, err
	}
	if t.Type == tokIdent {
		// Try a comprehension `x: S | e`; fall back to a bag or set.
		cp := p.lex.MakeCheckpoint()
		p.lex.Next()
		if p.is(p.lex.Peek(), ":") {
			p.lex.Next()
			if p.startsSort(p.lex.Peek()) {
				s, err := p.sortExpr()
				if err == nil && p.is(p.lex.Peek(), "|") {
					p.lex.Next()
					body, err := p.expr()
					if err != nil {
						return nil, err
					}
					if _, err := p.expect("}"); err != nil {
						return nil, err
					}
					return &Comp{Pos: open.Pos, Var: &Ident{Pos: t.Pos, Name: t.Value}, Sort: s, Body: body}, nil
				}
			}
		}
		p.lex.LoadCheckpoint(cp)
	}
	first, err := p.expr()
	if err != nil {
		return nil, err
	}
	if p.is(p.lex.Peek(), ":") {
		b := &Bag{Pos: open.Pos}
		e := first
		for {
			if _, err := p.expect(":"); err != nil {
				return nil, err
			}
			c, err := p.expr()
			if err != nil {
				return nil, err
			}
			b.Elems = append(b.Elems, e)
			b.Counts = append(b.Counts, c)
			t := p.lex.Peek()
			if p.is(t, "}") {
				p.lex.Next()
				return b, nil
			}
			if !p.is(t, ",") {
				return nil, p.unexpected(t, "\",\" or \"}\"")
			}
			p.lex.Next()
			if e, err = p.expr(); err != nil {
				return nil, err
			}
		}
	}
	s := &Set{Pos: open.Pos, Elems: []Expr{first}}
	if p.is(p.lex.Peek(), "}") {
		p.lex.Next()
		return s, nil
	}
	if _, err := p.expect(","); err != nil {
		return nil, p.unexpected(p.lex.Peek(), "\",\", \":\" or \"}\"")
	}
	rest, err := p.exprList("}")
	s.Elems = append(s.Elems, rest...)
	return s, err
}

// varsList parses `x1, x2: S1, y: S2, ...`.
func (p *exprParser) varsList() (*VarsList, error) {
	l := &VarsList{Pos: p.lex.Peek().Pos}
	for {
		d := &VarsDecl{Pos: p.lex.Peek().Pos}
		for {
			id, err := p.ident()
			if err != nil {
				return l, err
			}
			d.Names = append(d.Names, id)
			if !p.is(p.lex.Peek(), ",") {
				break
			}
			p.lex.Next()
		}
		if _, err := p.expect(":"); err != nil {
			return l, err
		}
		s, err := p.sortExpr()
		if err != nil {
			return l, err
		}
		d.Sort = s
		l.Decls = append(l.Decls, d)
		if !p.is(p.lex.Peek(), ",") {
			return l, nil
		}
		p.lex.Next()
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
func (p *exprParser) sortExpr() (*SortExpr, error) {
	s := &SortExpr{Pos: p.lex.Peek().Pos}
	for {
		a, err := p.sortAtom()
		if err != nil {
			return s, err
		}
		s.Prod = append(s.Prod, a)
		if !p.is(p.lex.Peek(), "#") {
			break
		}
		p.lex.Next()
	}
	if p.is(p.lex.Peek(), "->") {
		p.lex.Next()
		cod, err := p.sortExpr()
		s.Cod = cod
		return s, err
	}
	return s, nil
}

// sortAtom parses one factor of a sort expression: a primitive or
// declared sort, a container, a struct, or a parenthesised sort.
func (p *exprParser) sortAtom() (*SortAtom, error) {
	t := p.lex.Peek()
	if p.level++; p.level > maxNesting {
		return nil, p.errorf(t, "sort too deeply nested (more than %d levels)", maxNesting)
	}
	defer func() { p.level-- }()
	a := &SortAtom{Pos: t.Pos}
	switch {
	case t.Type == tokIdent:
		p.lex.Next()
		a.Name = t.Value
		return a, nil
	case t.Type == tokKeyword:
		switch t.Value {
		case "Bool", "Pos", "Nat", "Int", "Real":
			p.lex.Next()
			a.Prim = t.Value
			return a, nil
		case "List", "Set", "Bag", "FSet", "FBag":
			p.lex.Next()
			a.Cont = t.Value
			if _, err := p.expect("("); err != nil {
				return a, err
			}
			e, err := p.sortExpr()
			a.Elem = e
			if err != nil {
				return a, err
			}
			_, err = p.expect(")")
			return a, err
		case "struct":
			p.lex.Next()
			for {
				c, err := p.ctor()
				if err != nil {
					return a, err
				}
				a.Struct = append(a.Struct, c)
				if !p.is(p.lex.Peek(), "|") {
					return a, nil
				}
				p.lex.Next()
			}
		}
	case p.is(t, "("):
		p.lex.Next()
		e, err := p.sortExpr()
		a.Paren = e
		if err != nil {
			return a, err
		}
		_, err = p.expect(")")
		return a, err
	}
	return a, p.unexpected(t, "a sort")
}

// ctor parses one constructor of a struct: c(p1: S1, ...)?is_c.
func (p *exprParser) ctor() (*Ctor, error) {
	name, err := p.ident()
	if err != nil {
		return nil, err
	}
	c := &Ctor{Pos: name.Pos, Name: name}
	if p.is(p.lex.Peek(), "(") {
		p.lex.Next()
		for {
			pr := &Proj{Pos: p.lex.Peek().Pos}
			if p.lex.Peek().Type == tokIdent {
				cp := p.lex.MakeCheckpoint()
				t := p.lex.Next()
				if p.is(p.lex.Peek(), ":") {
					p.lex.Next()
					pr.Name = &Ident{Pos: t.Pos, Name: t.Value}
				} else {
					p.lex.LoadCheckpoint(cp)
				}
			}
			s, err := p.sortExpr()
			if err != nil {
				return c, err
			}
			pr.Sort = s
			c.Projs = append(c.Projs, pr)
			t := p.lex.Peek()
			if p.is(t, ")") {
				p.lex.Next()
				break
			}
			if !p.is(t, ",") {
				return c, p.unexpected(t, "\",\" or \")\"")
			}
			p.lex.Next()
		}
	}
	if p.is(p.lex.Peek(), "?") {
		p.lex.Next()
		r, err := p.ident()
		if err != nil {
			return c, err
		}
		c.Rec = r
	}
	return c, nil
}
