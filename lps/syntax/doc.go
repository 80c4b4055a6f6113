// Package syntax reads mCRL2's textual linear process specification (the
// text lpspp prints and txt2lps reads) into a syntax tree, without
// checking it: the first stage of the front end (syntax → check → lps,
// as go/parser comes before go/types).
//
// # Contract
//
// In: the bytes of a specification (Parse), or text written outside one
// (ParseExpr: lps2lts --sweep=EXPR; ParseMultiActions: lps2lts -m).
//
// Out: the tree, or an lps.ErrorList holding one syntax error at its
// file:line:col, in words ("expected a sort", never a grammar type's
// name). A binary file is refused with a message that says what it is.
//
// Always: Parse never panics on any input. The text is read token by
// token as the parser asks (lexer.go's scanner; a token is a substring of
// the source and its line and column), never as a slice of all its
// tokens. A character that starts no token is the error wherever it is,
// even after a syntax error. Nesting and operator chains are bounded
// (maxNesting, maxHeight), so that no later stage that recurses over the
// tree can overflow the stack. Operators are applied
// with mCRL2's priorities while parsing (libraries/core/source/
// mcrl2_syntax.g), so a Binary's operands are its operands.
//
// # The tree
//
// One exported tree: the sections of the specification (Spec, Section,
// SortDecl, IdsDecl, VarsList, Eqn, ActDecl, Proc, Summand, Init, ...),
// sort expressions (SortExpr, SortAtom, Ctor, Proj) and data expressions
// (the interface Expr: Ident, Number, Bool, List, Set, Bag, Comp, App,
// Update, Unary, Binary, Binder, Where). Ident is also the name in a
// declaration, so a name has one node wherever it stands. DataExpr and
// DataExprUnit (mCRL2's DataExpr and DataExprUnit) hold one Expr where a
// section or a summand holds a data expression. One recursive-descent
// parser reads it all: parser.go (the token in hand, places to go back
// to, errors), grammar.go (the sections), summands.go (the process
// body), exprparse.go (data and sort expressions). Operators are kept as
// the text the user wrote ("+", "div"); package check resolves them
// through lps's operator table.
//
// # Words
//
// Position is a line and a column, both from 1; the file is named once,
// in the error (lps.Error's File), not in every node.
package syntax
