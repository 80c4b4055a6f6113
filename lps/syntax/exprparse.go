package syntax

import (
	"fmt"

	"github.com/lps2lts/lps2lts/lps"
)

// Data and sort expressions are the bulk of every LPS (the largest corpus
// models are almost entirely expressions). The parser applies mCRL2's
// priorities (libraries/core/source/mcrl2_syntax.g) while parsing and
// builds raw, untyped syntax trees that the checker turns into the typed
// IR.

// ---------------------------------------------------------------------------
// Raw syntax trees

// Expr is a data expression as written: untyped, operators as their
// tokens. Start is where its text begins (for a binary operation, its
// left operand's start: the error for `a + b` points at a).
type Expr interface{ Start() Position }

// At is where a node's first token stands. The nodes that begin with a
// token of their own (a name, a numeral, a bracket, a prefix operator, a
// binder's keyword) embed it, and it is their Start; the nodes that begin
// with an operand (App, Update, Binary, Where) keep that operand's start
// beside their own token's position.
type At struct{ Pos Position }

// Start is the position of the node's first token.
func (a At) Start() Position { return a.Pos }

type (
	Number struct {
		At
		Text string
	}
	Bool struct {
		At
		Val bool
	}
	List struct { // [e1, ..., en], n >= 0
		At
		Elems []Expr
	}
	Set struct { // {e1, ..., en}, n >= 0
		At
		Elems []Expr
	}
	Bag struct { // {e1: c1, ..., en: cn}, n >= 0 ({:} when 0)
		At
		Elems  []Expr
		Counts []Expr
	}
	Comp struct { // {x: S | body}
		At
		Var  *Ident
		Sort *SortExpr
		Body Expr
	}
	App struct {
		Pos    Position // of the opening parenthesis
		start  Position // of Head, kept so that Start takes constant time
		height int32    // the tree's, recorded by the parser (chained)
		Head   Expr
		Args   []Expr
	}
	Update struct { // f[key -> val]
		Pos      Position
		start    Position // of Fun
		height   int32    // the tree's, recorded by the parser (chained)
		Fun      Expr
		Key, Val Expr
	}
	Unary struct {
		At
		Op string
		X  Expr
	}
	Binary struct {
		Pos    Position // of the operator
		start  Position // of L: a chain of n operators would take n steps to find it
		height int32    // the tree's, recorded by the parser (chained)
		Op     string
		L, R   Expr
	}
	Binder struct {
		At
		Kind string // forall, exists, lambda
		Vars *VarsList
		Body Expr
	}
	Where struct {
		Pos   Position // of `whr`
		start Position // of Body
		Body  Expr
		Defs  []Def
	}
)

type Def struct {
	Name  *Ident
	Value Expr
}

func (e *App) Start() Position    { return e.start }
func (e *Update) Start() Position { return e.start }
func (e *Binary) Start() Position { return e.start }
func (e *Where) Start() Position  { return e.start }

// DataExpr is a full data expression (mCRL2's DataExpr).
type DataExpr struct {
	Pos Position
	X   Expr
}

// DataExprUnit is mCRL2's DataExprUnit: the condition before `->` and the time
// after `@` in a summand.
type DataExprUnit struct {
	Pos Position
	X   Expr
}

// ---------------------------------------------------------------------------
// Sort expressions

// SortExpr is Prod[0] # ... # Prod[n-1] [-> Cod]. A product without an
// arrow is only allowed as the sort of an action.
type SortExpr struct {
	Pos  Position
	Prod []*SortAtom
	Cod  *SortExpr
}

type SortAtom struct {
	Pos    Position
	Prim   string    // Bool, Pos, Nat, Int, Real
	Cont   string    // List, Set, Bag, FSet, FBag (with Elem)
	Elem   *SortExpr //
	Struct []*Ctor   // struct c1 | c2 ...
	Paren  *SortExpr // ( S )
	Name   string    // a declared sort or alias
}

type Ctor struct {
	Pos   Position
	Name  *Ident
	Projs []*Proj
	Rec   *Ident
}

type Proj struct {
	Pos  Position
	Name *Ident // nil when the argument has no projection
	Sort *SortExpr
}

// ---------------------------------------------------------------------------
// Parsing

// expr parses a DataExpr including its where clauses.
func (p *parser) expr() Expr {
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
func (p *parser) whereClauses() []*Where {
	var out []*Where
	for p.is(p.tok, "whr") {
		w := &Where{Pos: p.next().pos}
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
func (p *parser) binary(min int) (Expr, []*Where) {
	p.enter(p.tok, "expression")
	defer p.leave()
	x, pending := p.operand(false)
	for {
		// The infix operator's priority and associativity are mCRL2's
		// (mcrl2_syntax.g), from the operator table that the printers
		// read too.
		t := p.tok
		prec, right := t.infix.Binding()
		if t.infix == lps.OpNone || prec < min {
			return x, pending
		}
		x = wrapWhere(x, pending)
		p.next()
		next := prec + 1
		if right {
			next = prec
		}
		var y Expr
		y, pending = p.binary(next)
		b := p.binaries.New(Binary{Pos: t.pos, start: x.Start(), Op: t.text, L: x, R: y})
		p.chained(b, &b.height, t.pos)
		x = b
	}
}

// startsUnit reports whether t can start a DataExprUnit: mCRL2's grammar
// wants a unit for the condition before -> and the time after @ (a sum
// there is written in parentheses).
func (p *parser) startsUnit(t token) bool {
	switch t.kind {
	case tokIdent, tokNumber:
		return true
	case tokKeyword:
		return t.text == "true" || t.text == "false"
	case tokPunct:
		return t.text == "(" || t.text == "!" || t.text == "-" || t.text == "#"
	}
	return false
}

// startsExpr reports whether t can start a data expression: whether
// expr would read t rather than fail at it.
func (p *parser) startsExpr(t token) bool {
	switch t.kind {
	case tokIdent, tokNumber:
		return true
	case tokKeyword:
		switch t.text {
		case "true", "false", "forall", "exists", "lambda":
			return true
		}
	case tokPunct:
		switch t.text {
		case "(", "[", "{", "!", "-", "#":
			return true
		}
	}
	return false
}

// operand parses prefix operators applied to a binder or to a primary
// expression with its applications and updates. In unit mode it accepts
// only mCRL2's DataExprUnit. Outside unit mode it also returns the where
// clauses that follow the operand, to be placed by binary.
func (p *parser) operand(unit bool) (Expr, []*Where) {
	t := p.tok
	p.enter(t, "expression")
	defer p.leave()
	if p.is(t, "!") || p.is(t, "-") || p.is(t, "#") {
		p.next()
		x, pending := p.operand(unit)
		return &Unary{At: At{t.pos}, Op: t.text, X: x}, pending
	}
	if !unit && (p.is(t, "forall") || p.is(t, "exists") || p.is(t, "lambda")) {
		p.next()
		vars := p.varsList("an identifier")
		p.expect(".")
		// The binder ends where its body ends: clauses after the body's
		// last operand bind the binder too.
		body, pending := p.binary(0)
		return &Binder{At: At{t.pos}, Kind: t.text, Vars: vars, Body: body}, pending
	}
	x := p.primary(unit)
	for {
		t := p.tok
		switch {
		case p.accept("("):
			a := p.apps.New(App{Pos: t.pos, start: x.Start(), Head: x, Args: p.exprList(")")})
			p.chained(a, &a.height, t.pos)
			x = a
		case !unit && p.accept("["):
			key := p.expr()
			p.expect("->")
			val := p.expr()
			p.expect("]")
			u := &Update{Pos: t.pos, start: x.Start(), Fun: x, Key: key, Val: val}
			p.chained(u, &u.height, t.pos)
			x = u
		case unit:
			return x, nil
		default:
			return x, p.whereClauses()
		}
	}
}

// commaOr is what a list closed by close expects after an element. The
// closers of lists are constants: a message made for every list was 4,569
// of the 186,524 allocations of Lamport_3-bit's loading.
func commaOr(close string) string {
	switch close {
	case ")":
		return `"," or ")"`
	case "]":
		return `"," or "]"`
	case "}":
		return `"," or "}"`
	}
	return fmt.Sprintf("\",\" or %q", close)
}

// exprList parses `e1, ..., en close` with n >= 1.
func (p *parser) exprList(close string) []Expr {
	start := len(p.exprStack)
	p.commaList(close, commaOr(close), func() {
		x := p.expr() // which may push and pop lists of its own
		p.exprStack = append(p.exprStack, x)
	})
	xs := p.exprStack[start:]
	list := p.exprLists.Copy(xs)
	clear(xs)
	p.exprStack = p.exprStack[:start]
	return list
}

// primary parses an identifier, a number, true, false, a parenthesised
// expression, a list or a brace; unit restricts it to what a
// DataExprUnit may be.
func (p *parser) primary(unit bool) Expr {
	t := p.tok
	switch {
	case t.kind == tokIdent:
		p.next()
		return p.idents.New(Ident{At: At{t.pos}, Name: t.text})
	case t.kind == tokNumber:
		p.next()
		return p.numbers.New(Number{At: At{t.pos}, Text: t.text})
	case p.is(t, "true") || p.is(t, "false"):
		p.next()
		return &Bool{At: At{t.pos}, Val: t.text == "true"}
	case p.accept("("):
		x := p.expr()
		p.expect(")")
		return x
	case !unit && p.accept("["):
		if p.accept("]") {
			return &List{At: At{t.pos}}
		}
		return &List{At: At{t.pos}, Elems: p.exprList("]")}
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
func (p *parser) brace(open token) Expr {
	if p.accept("}") {
		return &Set{At: At{open.pos}}
	}
	if p.accept(":") {
		p.expect("}")
		return &Bag{At: At{open.pos}}
	}
	if c := p.comprehension(open); c != nil {
		return c
	}
	first := p.expr()
	if p.is(p.tok, ":") {
		b := &Bag{At: At{open.pos}}
		for e := first; ; e = p.expr() {
			p.expect(":")
			b.Elems = append(b.Elems, e)
			b.Counts = append(b.Counts, p.expr())
			if p.accept("}") {
				return b
			}
			if !p.accept(",") {
				p.unexpected(p.tok, "\",\" or \"}\"")
			}
		}
	}
	s := &Set{At: At{open.pos}, Elems: []Expr{first}}
	if p.accept("}") {
		return s
	}
	if !p.accept(",") {
		p.unexpected(p.tok, "\",\", \":\" or \"}\"")
	}
	s.Elems = append(s.Elems, p.exprList("}")...)
	return s
}

// comprehension parses `x: S | e}` after `{` where the tokens read so,
// and otherwise rewinds and returns nil: `{x: 2}` is a bag.
func (p *parser) comprehension(open token) *Comp {
	var s *SortExpr
	v := p.identThen(func() bool {
		return p.accept(":") && p.startsSort(p.tok) && p.try(func() { s = p.sortExpr() }) && p.accept("|")
	})
	if v == nil {
		return nil
	}
	body := p.expr()
	p.expect("}")
	return &Comp{At: At{open.pos}, Var: v, Sort: s, Body: body}
}

// varsList parses `x1, x2: S1, y: S2, ...`; what names what must follow
// a comma between declarations where no identifier does (the section
// level's words differ from a sum's and a binder's).
func (p *parser) varsList(what string) *VarsList {
	l := &VarsList{Pos: p.pos()}
	for {
		d := &VarsDecl{Pos: p.pos(), Names: p.names()}
		p.expect(":")
		d.Sort = p.sortExpr()
		l.Decls = append(l.Decls, d)
		if !p.accept(",") {
			return l
		}
		p.first(what)
	}
}

// startsSort reports whether t can start a sort expression.
func (p *parser) startsSort(t token) bool {
	switch t.kind {
	case tokIdent:
		return true
	case tokKeyword:
		switch t.text {
		case "Bool", "Pos", "Nat", "Int", "Real", "List", "Set", "Bag", "FSet", "FBag", "struct":
			return true
		}
	case tokPunct:
		return t.text == "("
	}
	return false
}

// sortExpr parses S1 # ... # Sn [-> S]; its nesting is bounded as a
// data expression's is (maxNesting).
func (p *parser) sortExpr() *SortExpr {
	s := &SortExpr{Pos: p.pos()}
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
func (p *parser) sortAtom() *SortAtom {
	t := p.tok
	p.enter(t, "sort")
	defer p.leave()
	a := &SortAtom{Pos: t.pos}
	switch {
	case t.kind == tokIdent:
		p.next()
		a.Name = t.text
		return a
	case t.kind == tokKeyword:
		switch t.text {
		case "Bool", "Pos", "Nat", "Int", "Real":
			p.next()
			a.Prim = t.text
			return a
		case "List", "Set", "Bag", "FSet", "FBag":
			p.next()
			a.Cont = t.text
			p.expect("(")
			a.Elem = p.sortExpr()
			p.expect(")")
			return a
		case "struct":
			p.next()
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
func (p *parser) ctor() *Ctor {
	name := p.ident()
	c := &Ctor{Pos: name.Pos, Name: name}
	if p.accept("(") {
		p.commaList(")", "\",\" or \")\"", func() {
			pr := &Proj{Pos: p.pos(), Name: p.label(":")}
			pr.Sort = p.sortExpr()
			c.Projs = append(c.Projs, pr)
		})
	}
	if p.accept("?") {
		c.Rec = p.ident()
	}
	return c
}

// label consumes `name sep` where the next two tokens are an identifier
// and sep (a projection's `name:`, a named argument's `name =`) and
// returns the name; otherwise it consumes nothing and returns nil.
func (p *parser) label(sep string) *Ident {
	return p.identThen(func() bool { return p.accept(sep) })
}

// identThen consumes an identifier and then what more reads, and returns
// the identifier if more reports that it read what it looked for;
// otherwise, or where the token in hand is no identifier, it consumes
// nothing and returns nil.
func (p *parser) identThen(more func() bool) *Ident {
	t := p.tok
	if t.kind != tokIdent {
		return nil
	}
	cp := p.mark()
	p.next()
	if more() {
		return &Ident{At: At{t.pos}, Name: t.text}
	}
	p.reset(cp)
	return nil
}
