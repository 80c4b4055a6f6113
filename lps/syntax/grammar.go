package syntax

import (
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// This file holds the participle grammar. It is deliberately loose: data
// expressions are read as flat operand/operator sequences (priorities are
// applied by the checker), sections may come in any order, and a few forms
// are accepted in more places than mCRL2 allows. The checker rejects what
// the language does not allow, with positions. None of these types leave
// the package.

type Spec struct {
	Sections []*Section `parser:"@@*"`
}

type Section struct {
	Pos  lexer.Position
	Sort []*SortDecl `parser:"'sort' @@+"`
	Cons []*IdsDecl  `parser:"| 'cons' @@+"`
	Map  []*IdsDecl  `parser:"| 'map' @@+"`
	Var  []*VarsList `parser:"| 'var' (@@ ';')+"`
	Eqn  []*Eqn      `parser:"| 'eqn' @@+"`
	Act  []*ActDecl  `parser:"| 'act' @@+"`
	Glob []*VarsList `parser:"| 'glob' (@@ ';')+"`
	Proc *Proc       `parser:"| 'proc' @@"`
	Init *Init       `parser:"| 'init' @@"`
}

// Ident is a name where the grammar wants one (a declaration, an
// action, a process) and also the expression that is a name: one type for
// both, so a name has one tree node wherever it stands.
type Ident struct {
	Pos  lexer.Position
	Name string `parser:"@Ident"`
}

type SortDecl struct {
	Pos   lexer.Position
	Names []*Ident  `parser:"@@ (',' @@)*"`
	Rhs   *SortExpr `parser:"('=' @@)? ';'"`
}

type IdsDecl struct {
	Pos   lexer.Position
	Names []*Ident  `parser:"@@ (',' @@)*"`
	Sort  *SortExpr `parser:"':' @@ ';'"`
}

type VarsDecl struct {
	Pos   lexer.Position
	Names []*Ident  `parser:"@@ (',' @@)*"`
	Sort  *SortExpr `parser:"':' @@"`
}

type VarsList struct {
	Pos   lexer.Position
	Decls []*VarsDecl `parser:"@@ (',' @@)*"`
}

// Eqn is `parser:"[First ->] Second = Rhs;"` or `parser:"First = Rhs;"`.
type Eqn struct {
	Pos    lexer.Position
	First  *DataExpr `parser:"@@"`
	Second *DataExpr `parser:"('->' @@)?"`
	Rhs    *DataExpr `parser:"'=' @@ ';'"`
}

type ActDecl struct {
	Pos   lexer.Position
	Names []*Ident  `parser:"@@ (',' @@)*"`
	Sort  *SortExpr `parser:"(':' @@)? ';'"`
}

type Proc struct {
	Pos    lexer.Position
	Name   *Ident    `parser:"@@"`
	Params *VarsList `parser:"('(' @@? ')')?"`
	Body   *Summands `parser:"'=' @@ ';'"`
}

// Summands is the body of the process, summands separated by `+`. It
// is parsed by hand (summands.go): it is the largest part of big models.
type Summands struct {
	Items []*Summand
}

type Summand struct {
	Pos   lexer.Position
	Sum   *VarsList
	Cond  *DataExprUnit
	Delta bool
	Acts  []*Action // empty for tau
	Time  *DataExprUnit
	Next  *Next
}

type Action struct {
	Pos  lexer.Position
	Name *Ident
	Args []*DataExpr
}

type Next struct {
	Pos  lexer.Position
	Dist *Dist
	Proc *Ident
	Args []*Arg
}

type Dist struct {
	Pos  lexer.Position
	Vars *VarsList `parser:"@@"`
	Prob *DataExpr `parser:"'[' @@ ']'"`
}

// Arg is `parser:"Name = Value"` (an assignment) or a positional `parser:"Value"`.
type Arg struct {
	Pos   lexer.Position
	Name  *Ident    `parser:"(@@ '=')?"`
	Value *DataExpr `parser:"@@"`
}

type Init struct {
	Pos   lexer.Position
	Dist  *Dist  `parser:"('dist' @@ '.')?"`
	Proc  *Ident `parser:"@@"`
	Paren bool   `parser:"( @'('"`
	Args  []*Arg `parser:"(@@ (',' @@)*)? ')' )? ';'"`
}

// The parsers are built when first used: a run that reads mCRL2's binary
// format never needs them, and building them by reflection at start-up
// cost every run a third of a megabyte of heap and the pages it touched.
var specParser = lazyParser[Spec]()

// lazyParser returns a function that builds the parser of T with the
// LPS lexer on its first call and returns that parser on every call.
func lazyParser[T any]() func() *participle.Parser[T] {
	return sync.OnceValue(func() *participle.Parser[T] {
		return participle.MustBuild[T](
			participle.Lexer(lpsLexer),
			participle.UseLookahead(participle.MaxLookahead),
		)
	})
}
