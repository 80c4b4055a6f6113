package syntax

// This file holds the sections of a specification: their tree and their
// parser. The parser is deliberately loose: sections may come in any
// order and a few forms are accepted in more places than mCRL2 allows;
// the checker rejects what the language does not allow, with positions.
//
// Its messages name what was expected at the first token that does not
// fit, in the words participle's grammar gave them when it read this
// level (`expected a sort declaration` after `sort`, `expected variable
// declarations` after `var`), so that they did not change with the
// parser.

type Spec struct {
	Sections []*Section
}

// Section is one section: the field of its keyword is set, with the
// declarations in the order written. Pos is the keyword's.
type Section struct {
	Pos  Position
	Sort []*SortDecl
	Cons []*IdsDecl
	Map  []*IdsDecl
	Var  []*VarsList
	Eqn  []*Eqn
	Act  []*ActDecl
	Glob []*VarsList
	Proc *Proc
	Init *Init
}

// Ident is a name where the grammar wants one (a declaration, an
// action, a process) and also the expression that is a name: one type for
// both, so a name has one tree node wherever it stands.
type Ident struct {
	At
	Name string
}

// SortDecl is `a, b;` (sorts declared) or `a = S;` (an alias, or a
// struct's name).
type SortDecl struct {
	Pos   Position
	Names []*Ident
	Rhs   *SortExpr
}

// IdsDecl is `f, g: S;` in cons and map.
type IdsDecl struct {
	Pos   Position
	Names []*Ident
	Sort  *SortExpr
}

// VarsDecl is `x, y: S` in a variable list.
type VarsDecl struct {
	Pos   Position
	Names []*Ident
	Sort  *SortExpr
}

// VarsList is `x, y: S, z: T`: the variables of var, glob, a process's
// parameters, a sum, a binder, a distribution.
type VarsList struct {
	Pos   Position
	Decls []*VarsDecl
}

// Eqn is `First -> Second = Rhs;` (a condition, then the equation's
// left side) or `First = Rhs;`.
type Eqn struct {
	Pos    Position
	First  *DataExpr
	Second *DataExpr
	Rhs    *DataExpr
}

// ActDecl is `a, b: S;` or `a, b;` (actions without data).
type ActDecl struct {
	Pos   Position
	Names []*Ident
	Sort  *SortExpr
}

// Proc is `P(params) = summands;`.
type Proc struct {
	Pos    Position
	Name   *Ident
	Params *VarsList
	Body   *Summands
}

// Summands is the body of the process, summands separated by `+`
// (parsed in summands.go).
type Summands struct {
	Items []*Summand
}

type Summand struct {
	Pos   Position
	Sum   *VarsList
	Cond  *DataExprUnit
	Delta bool
	Acts  []*Action // empty for tau
	Time  *DataExprUnit
	Next  *Next
}

type Action struct {
	Pos  Position
	Name *Ident
	Args []*DataExpr
}

type Next struct {
	Pos  Position
	Dist *Dist
	Proc *Ident
	Args []*Arg
}

// Dist is `Vars[Prob]` after `dist`.
type Dist struct {
	Pos  Position
	Vars *VarsList
	Prob *DataExpr
}

// Arg is `Name = Value` (an assignment) or a positional `Value`.
type Arg struct {
	Pos   Position
	Name  *Ident
	Value *DataExpr
}

// Init is `[dist Dist .] P[(args)];`.
type Init struct {
	Pos   Position
	Dist  *Dist
	Proc  *Ident
	Paren bool
	Args  []*Arg
}

// spec parses the sections up to the end of the text.
func (p *parser) spec() *Spec {
	s := &Spec{}
	for {
		sec := p.section()
		if sec == nil {
			p.trailing()
			return s
		}
		s.Sections = append(s.Sections, sec)
	}
}

// section parses one section, or returns nil where no section starts.
// A section runs as long as its declarations do: the first token that
// cannot start one ends it, and must start the next section.
func (p *parser) section() *Section {
	t := p.tok
	if t.kind != tokKeyword {
		return nil
	}
	s := &Section{Pos: t.pos}
	switch t.text {
	case "sort":
		p.next()
		p.first("a sort declaration")
		for p.tok.kind == tokIdent {
			s.Sort = append(s.Sort, p.sortDecl())
		}
	case "cons", "map":
		p.next()
		p.first("a declaration")
		var decls []*IdsDecl
		for p.tok.kind == tokIdent {
			d := &IdsDecl{Pos: p.pos(), Names: p.names()}
			p.expect(":")
			d.Sort = p.sortExpr()
			p.expect(";")
			decls = append(decls, d)
		}
		if t.text == "cons" {
			s.Cons = decls
		} else {
			s.Map = decls
		}
	case "var", "glob":
		p.next()
		p.first("variable declarations")
		var lists []*VarsList
		for p.tok.kind == tokIdent {
			lists = append(lists, p.varsList("a variable declaration"))
			p.expect(";")
		}
		if t.text == "var" {
			s.Var = lists
		} else {
			s.Glob = lists
		}
	case "eqn":
		p.next()
		// The first equation is parsed whatever comes, so that a token
		// that starts none is named as one that starts no expression.
		s.Eqn = append(s.Eqn, p.eqn())
		for p.startsExpr(p.tok) {
			s.Eqn = append(s.Eqn, p.eqn())
		}
	case "act":
		p.next()
		p.first("an action declaration")
		for p.tok.kind == tokIdent {
			d := &ActDecl{Pos: p.pos(), Names: p.names()}
			if p.accept(":") {
				d.Sort = p.sortExpr()
			}
			p.expect(";")
			s.Act = append(s.Act, d)
		}
	case "proc":
		p.next()
		p.first("a process declaration")
		s.Proc = p.proc()
	case "init":
		p.next()
		s.Init = p.init()
	default:
		return nil
	}
	return s
}

// names parses `a, b, ...`.
func (p *parser) names() []*Ident {
	names := []*Ident{p.ident()}
	for p.accept(",") {
		names = append(names, p.ident())
	}
	return names
}

// sortDecl parses `a, b;` or `a = S;`.
func (p *parser) sortDecl() *SortDecl {
	d := &SortDecl{Pos: p.pos(), Names: p.names()}
	if p.accept("=") {
		d.Rhs = p.sortExpr()
	}
	p.expect(";")
	return d
}

// dataExpr parses a data expression as the section level holds it: at
// the position of its first token.
func (p *parser) dataExpr() *DataExpr {
	return &DataExpr{Pos: p.pos(), X: p.expr()}
}

// eqn parses `[c ->] lhs = rhs;`.
func (p *parser) eqn() *Eqn {
	e := &Eqn{Pos: p.pos(), First: p.dataExpr()}
	if p.accept("->") {
		e.Second = p.dataExpr()
	}
	p.expect("=")
	e.Rhs = p.dataExpr()
	p.expect(";")
	return e
}

// proc parses `P[([params])] = summands;` after `proc`.
func (p *parser) proc() *Proc {
	pr := &Proc{Pos: p.pos(), Name: p.ident()}
	if p.accept("(") {
		if p.tok.kind == tokIdent {
			pr.Params = p.varsList("a variable declaration")
		}
		p.expect(")")
	}
	p.expect("=")
	pr.Body = p.summands()
	p.expect(";")
	return pr
}

// init parses `[dist vars[prob] .] P[([args])];` after `init`.
func (p *parser) init() *Init {
	in := &Init{Pos: p.pos()}
	if p.accept("dist") {
		d := &Dist{Pos: p.pos()}
		p.first("a distribution")
		d.Vars = p.varsList("a variable declaration")
		p.expect("[")
		d.Prob = p.dataExpr()
		p.expect("]")
		p.expect(".")
		in.Dist = d
	}
	in.Proc = p.ident()
	if p.accept("(") {
		in.Paren = true
		if !p.accept(")") {
			p.commaList(")", `")"`, func() {
				a := &Arg{Pos: p.pos(), Name: p.label("=")}
				a.Value = p.dataExpr()
				in.Args = append(in.Args, a)
			})
		}
	}
	p.expect(";")
	return in
}
