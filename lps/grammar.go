package lps

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// This file holds the participle grammar. It is deliberately loose: data
// expressions are read as flat operand/operator sequences (priorities are
// applied by the checker), sections may come in any order, and a few forms
// are accepted in more places than mCRL2 allows. The checker rejects what
// the language does not allow, with positions. None of these types leave
// the package.

type astSpec struct {
	Sections []*astSection `parser:"@@*"`
}

type astSection struct {
	Pos  lexer.Position
	Sort []*astSortDecl `parser:"'sort' @@+"`
	Cons []*astIdsDecl  `parser:"| 'cons' @@+"`
	Map  []*astIdsDecl  `parser:"| 'map' @@+"`
	Var  []*astVarsList `parser:"| 'var' (@@ ';')+"`
	Eqn  []*astEqn      `parser:"| 'eqn' @@+"`
	Act  []*astActDecl  `parser:"| 'act' @@+"`
	Glob []*astVarsList `parser:"| 'glob' (@@ ';')+"`
	Proc *astProc       `parser:"| 'proc' @@"`
	Init *astInit       `parser:"| 'init' @@"`
}

type astIdent struct {
	Pos  lexer.Position
	Name string `parser:"@Ident"`
}

type astSortDecl struct {
	Pos   lexer.Position
	Names []*astIdent  `parser:"@@ (',' @@)*"`
	Rhs   *astSortExpr `parser:"('=' @@)? ';'"`
}

type astIdsDecl struct {
	Pos   lexer.Position
	Names []*astIdent  `parser:"@@ (',' @@)*"`
	Sort  *astSortExpr `parser:"':' @@ ';'"`
}

type astVarsDecl struct {
	Pos   lexer.Position
	Names []*astIdent  `parser:"@@ (',' @@)*"`
	Sort  *astSortExpr `parser:"':' @@"`
}

type astVarsList struct {
	Pos   lexer.Position
	Decls []*astVarsDecl `parser:"@@ (',' @@)*"`
}

// astEqn is `parser:"[First ->] Second = Rhs;"` or `parser:"First = Rhs;"`.
type astEqn struct {
	Pos    lexer.Position
	First  *astExpr `parser:"@@"`
	Second *astExpr `parser:"('->' @@)?"`
	Rhs    *astExpr `parser:"'=' @@ ';'"`
}

type astActDecl struct {
	Pos   lexer.Position
	Names []*astIdent  `parser:"@@ (',' @@)*"`
	Sort  *astSortExpr `parser:"(':' @@)? ';'"`
}

type astProc struct {
	Pos    lexer.Position
	Name   *astIdent    `parser:"@@"`
	Params *astVarsList `parser:"('(' @@? ')')?"`
	Body   *astSummands `parser:"'=' @@ ';'"`
}

// astSummands is the body of the process, summands separated by `+`. It
// is parsed by hand (summands.go): it is the largest part of big models.
type astSummands struct {
	Items []*astSummand
}

type astSummand struct {
	Pos   lexer.Position
	Sum   *astVarsList
	Cond  *astUnit
	Delta bool
	Acts  []*astAction // empty for tau
	Time  *astUnit
	Next  *astNext
}

type astAction struct {
	Pos  lexer.Position
	Name *astIdent
	Args []*astExpr
}

type astNext struct {
	Pos  lexer.Position
	Dist *astDist
	Proc *astIdent
	Args []*astArg
}

type astDist struct {
	Pos  lexer.Position
	Vars *astVarsList `parser:"@@"`
	Prob *astExpr     `parser:"'[' @@ ']'"`
}

// astArg is `parser:"Name = Value"` (an assignment) or a positional `parser:"Value"`.
type astArg struct {
	Pos   lexer.Position
	Name  *astIdent `parser:"(@@ '=')?"`
	Value *astExpr  `parser:"@@"`
}

type astInit struct {
	Pos   lexer.Position
	Dist  *astDist  `parser:"('dist' @@ '.')?"`
	Proc  *astIdent `parser:"@@"`
	Paren bool      `parser:"( @'('"`
	Args  []*astArg `parser:"(@@ (',' @@)*)? ')' )? ';'"`
}

var specParser = participle.MustBuild[astSpec](
	participle.Lexer(lpsLexer),
	participle.UseLookahead(participle.MaxLookahead),
)
