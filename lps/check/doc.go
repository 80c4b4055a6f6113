// Package check type-checks the syntax tree of a textual linear process
// specification (package syntax) and builds the typed IR (package lps):
// the second stage of the front end, as go/types follows go/parser.
//
// # Contract
//
// In: a *syntax.Spec and the file's name (Spec); or, for text written
// outside a checked specification, that specification and the text
// (ParseExpr: a data expression over the process parameters, lps2lts
// --sweep; ParseMultiActions: closed multi-actions, lps2lts -m).
//
// Out: a *lps.Spec (package lps states what always holds for one) or an
// lps.ErrorList: errors sorted by position, de-duplicated, at most
// lps.MaxErrors, each file:line:col: message. Errors are collected, not
// stopped at the first.
//
// Always: nothing here panics to the caller (a bug of the checker comes
// back as an "internal error"); the syntax tree is only read.
//
// # Structure
//
// One idea a file: check.go walks the sections in declaration-dependency
// order (sorts, constructors and maps, equations, actions, globals, the
// process, the initial state); expr.go types an expression from the sort
// its context asks for (synth, expect); operators.go the prefix and infix
// operators, builtin.go the built-in functions called by name;
// containers.go list, set and bag enumerations and comprehensions,
// binders.go lambda, forall, exists and where; coerce.go mCRL2's implicit
// conversions and the least common sort of two operands; setops.go the
// set operations mCRL2 keeps at their finite sort; parseexpr.go and
// multiaction.go the text written outside a specification.
//
// # Words
//
// Hint: the sort a context asks of an expression, nil when it asks none.
// Synth: to type an expression from its parts and the hint. Coerce: to
// insert mCRL2's implicit conversion (lps.ImplicitApp) to a wider sort.
package check
