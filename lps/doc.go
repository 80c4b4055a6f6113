// Package lps is the front end's intermediate representation: the typed
// IR of an mCRL2 linear process specification (Spec) that every later
// stage reads, and its printer. It imports no other stage; the stages
// that make a Spec import it:
//
//	lps/syntax  the textual LPS into a syntax tree (parse loosely)
//	lps/check   that tree into a Spec (check strictly)
//	lps/mcrl2   mCRL2's binary term format into a Spec, and its Encoder back
//	lps/load    the one entry point: a file or bytes of either format
//
// # Contract
//
// A Spec made by load (package check or mcrl2) has every expression
// carrying its resolved sort and every name resolved to a declaration
// (*Var, *Func, *ActionDecl). A failure is an ErrorList: errors sorted by
// position, de-duplicated, at most MaxErrors, each printed as
// file:line:col: message.
//
// What always holds for a returned Spec:
//
//   - Sorts are interned by Spec.SortTable: equal sorts are the same *Sort.
//     Aliases (`sort T = List(D);`) are resolved: T and List(D) are one
//     *Sort. Later stages build further sorts with the same table.
//   - Built-in functions are *Func symbols with Kind FuncBuiltin and an Op;
//     each overload is a distinct symbol, interned per (Op, function sort)
//     by SortTable.Builtin, so symbols compare by pointer. The overload is
//     the one at the least common sort of the operands (n + m on Nat is
//     the symbol of sort Nat # Nat -> Nat), with mCRL2's exceptions: the
//     subtraction of Pos or Nat values is the Nat # Nat -> Int symbol,
//     division / always gives Real, div and mod take a Pos divisor
//     (Nat # Pos -> Nat, Int # Pos -> Int; mod always gives Nat), and where
//     a Pos is required, addition and max use mCRL2's mixed overloads
//     (Nat # Pos -> Pos for addition, Int # Nat -> Nat for max, ...);
//     so do the operands of a comparison, typed each on its own (in
//     n < n + 1 the sum is a Pos, converted to Nat).
//   - Numerals (*Number) take the sort their context asks for, else the
//     smallest that fits (0 is Nat, others Pos). Where a larger sort is
//     needed than an expression has, the checker inserts mCRL2's implicit
//     conversion as an *App with Implicit set: Pos2Nat, Pos2Int, Pos2Real,
//     Nat2Int, Nat2Real, Int2Real, and @setfset / @bagfbag (FSet(S) to
//     Set(S), FBag(S) to Bag(S)).
//   - Set enumerations {a, b} are SetEnum of sort FSet(S); bag enumerations
//     {a: 2} are BagEnum of sort FBag(S); in a Set or Bag context they are
//     wrapped in an implicit conversion. The empty set {} and bag {:} are a
//     FuncRef to OpEmptySet at whatever sort the context asks for (Set,
//     FSet, Bag or FBag); [] is OpEmptyList likewise. {x: S | e} is a
//     Binder of kind SetComp (e Bool) or BagComp (e Nat).
//   - Function update f[x -> v] is an App of OpUpdate to (f, x, v); element
//     access l . n is OpElementAt; #l is OpCount; if(c, a, b) is OpIf.
//   - Structured sorts have their constructors in Sort.Constructors, each
//     with its Projections (per argument, nil where unnamed) and Recogniser.
//     A projection name shared by several constructors of one sort with the
//     same result sort (`a(pid: Nat) | b(pid: Nat)`) is one Func: its Ctor
//     and Index describe the first constructor; find the argument position
//     for another constructor c by looking for it in c.Projections.
//   - Each Summand has a Cond (the builtin true when the source has none),
//     an empty Actions for tau, Delta for delta, an optional Time of sort
//     Real, an optional Dist (Prob of sort Real) and the Assignments of the
//     parameters that change, in source order. Spec.Init has one value per
//     parameter; Spec.InitDist is the initial distribution, if any.
//   - Global variables (glob) are in Spec.Globals and are referred to by
//     *VarRef like any variable; the explorer instantiates them.
//   - Every Equation lists in Vars the var-section variables it uses.
//   - A binary file's internal data functions (@redfracwhr, @monus,
//     @set(@not_(f), s), ...) are read (package mcrl2) as IR expressions
//     of the operators above where they say the same, else as Ops of
//     their own (OpSetFn ... OpIsNotAnUpdate, with mCRL2's names), which
//     only the binary reader makes; one mCRL2 leaves unevaluated is an
//     uninterpreted FuncMap of its name that no declaration lists
//     (docs/mcrl2-functions.md).
//
// Spec.Format / Spec.Print print the specification in lpspp's layout, and
// FormatExpr prints an expression as mCRL2's data printer does (mCRL2's
// priorities; parentheses only where priority or associativity need them;
// implicit conversions omitted). Printing is idempotent, and parsing what
// was printed gives the same Spec.
//
// # Structure
//
// ir.go holds the IR's types; sorts.go the SortTable that interns sorts
// and built-in symbols; builtinsorts.go the sorts each built-in may
// have; build.go the constructors both makers of a Spec share
// (BuiltinApp, ImplicitApp, Upcast); print.go the printer; errors.go the
// ErrorList.
package lps
