// Package rewrite evaluates mCRL2 data terms: it brings the data
// expressions of a sort-checked linear process specification (package lps)
// to the normal forms mCRL2's rewriter computes, and prints those normal
// forms exactly as mCRL2 prints them.
//
// # Terms
//
// A Term is a small integer naming a hash-consed term in a term store shared
// by every Rewriter made from the same Spec: two terms are structurally equal
// exactly when their ids are equal. Normal forms are canonical (numbers are
// values; finite sets and bags are sorted, duplicate-free element lists
// under mCRL2's order; function updates are sorted chains), so two values
// are equal in mCRL2's sense exactly when their normal forms have the same
// id; a state of the explorer is a short vector of Terms. As in mCRL2, a
// variable is identified by its name and sort. Elements that are sets,
// bags or functions are ordered by mCRL2's < on their sort, inclusion or
// nothing, which is partial: such a set keeps the order in which mCRL2's
// @fset_insert leaves its elements, {{2}, {1}} and {{1}, {2}} are two
// normal forms, and their equality stays undecided, as in mCRL2
// (elemorder.go).
//
// The store is safe for concurrent use: interning is sharded under
// per-shard locks and reading a term's node never locks. A Rewriter holds
// per-goroutine scratch space; Clone gives one per goroutine.
//
// # API
//
//	New(spec)              compiles the equations (indexed by head symbol,
//	                       matched by argument shape: constructors and
//	                       user mappings applied alike, and f(x)(y)
//	                       inside; non-linear and conditional rules;
//	                       higher-order heads f(x)(y)...)
//	                       and replaces each global variable by the default
//	                       value mCRL2's representative generator picks.
//	Translate(e)           IR expression (may have free variables) -> Term; no
//	                       rewriting.
//	VarTerm(v)             the Term of a variable.
//	NewSubst, Subst.Set/Get/Clear
//	                       variable -> normal form, indexed by variable id: no
//	                       allocation once grown.
//	Rewrite(t, s)          normal form of t under s (s may be nil). Rewriting a
//	                       normal form or an already rewritten ground term
//	                       allocates nothing. Non-termination is an *Error
//	                       naming the term and the last rule applied (depth
//	                       bound, SetLimits), never a stack overflow. Rewrite
//	                       may be called from inside a Solve callback.
//	AppendString(dst, t)   mCRL2's printed form: 1, -3, 1 / 2, [1, 2],
//	                       {1, 2}, {1: 2}, {:}, !{1}, { x: Nat | x < 3 },
//	                       frame(d1, e), lambda x: Nat. x + 1, f[2 -> 7].
//	True, False, Bool      the Boolean values.
//	Solve(vars, c, s, n, yield)
//	                       the narrowing enumerator used by package enumerate;
//	                       SolveRewritten for a c already rewritten under s.
//	                       A constructor that a case function in c rules out
//	                       (C(v, ..., false, ...) in a top-level conjunct,
//	                       solvecase.go) is not tried.
//	Representative(sort)   mCRL2's default value of a sort.
//	Values(sort, n)        all values of a finite sort.
//	View(t), Make(view)    what a term is (TermView: its TermKind, sort,
//	                       head symbol, value or variable, arguments),
//	                       read-only, and the term a view describes,
//	                       checked so that outside input cannot make a
//	                       node the store would trip over (view.go). For
//	                       the writers of terms in formats of their own
//	                       (packages termcodec and ltsfile); never on the
//	                       path of rewriting.
//	Spec()                 the specification the rewriter was made from.
//	SealTerms()            the terms made so far are never collected.
//	Collect(roots)         gives back the terms made since SealTerms that
//	                       the roots, the rewriters' own tables and the
//	                       sealed terms do not reach (collect.go); their
//	                       ids serve new terms. Only with no rewriter of
//	                       the store at work, and only for callers that
//	                       name every term they keep.
//
// # Semantics
//
// Innermost rewriting, except if/&&/||/=> (lazy in the first argument),
// user mappings whose equations all have plain variables at some argument
// positions (case functions C(e, x1, ..., xn): such an argument is
// rewritten only when the equation tried compares it or the equation
// applied uses it; the normal form is innermost rewriting's), and binders
// (bodies rewritten with the bound variables free). A function symbol
// without its arguments (Pos2Nat as a value) is a normal form until it is
// applied; a mapping defined as a value (f = lambda x. lambda y. e)
// applies that value to its arguments, a group at a time. Built-in
// functions are mCRL2's data library, evaluated natively on values, one
// file per mCRL2 library (bool.go, numbers.go, lists.go, fsets.go,
// fbags.go, sets.go, bags.go, functions.go) behind one table indexed by
// operator (library.go); Pos/Nat/Int are int64 with a math/big
// fallback, Real exact normalised rationals. Sets are mCRL2's @set(f, s)
// (f a characteristic function: @false_, @true_, a lambda, or a
// combinator @not_/@and_/@or_; s a finite set of exceptions), bags
// @bag(f, b) likewise (+, * and - on bags with function parts as mCRL2's
// bag library has them: @add_, @min_, @monus_ over @fbag_join,
// @fbag_inter, @fbag_diff); the IR operators of mCRL2's internal set,
// bag and update functions that binary files apply (lps.OpSetFn, ...)
// build these forms, in the same table (mcrl2sets.go,
// mcrl2functions.go). forall/exists are evaluated as mCRL2 does:
// breadth-first enumeration, bounded by QuantifierLimit (mCRL2's --qlimit,
// default 10) steps when a variable's sort is infinite; otherwise the
// quantifier stays in the normal form.
//
// A ground term of a number sort need not be a value: count: Pos #
// FBag(Nat) -> Nat, which mCRL2's type checker produces for count(1, {0: 2}),
// has no equations. max/min unfold on such a term (if(m <= n, n, m)) and
// comparisons decide only what mCRL2's equations decide (stuck.go).
//
// Terms with free variables (enumeration only): a Pos/Nat variable is
// expanded Peano-style (as mCRL2's @c1/@succ_pos, @c0/@succ_nat
// constructors), and base + k terms are compared with numbers through their
// lower bounds; #(e |> l) is #(l) + 1. These forms never reach ground
// normal forms.
//
// # Known differences from mCRL2
//
//   - Unevaluated applications with free variables print in this package's
//     form, not the form of mCRL2's internal number representation.
//   - Equality of functions is decided only over finite domains; < on a
//     basic (cons) sort uses constructor order (mCRL2 has no rule).
//   - Sum variables of a set, bag or function sort are enumerated only
//     over finite element sorts (all values at once, Values); over an
//     infinite element sort the enumeration fails. Int sum variables
//     are enumerated as mCRL2's constructors, Nat2Int(n) and -p.
//   - Solve searches depth-first where mCRL2 searches breadth-first, except
//     for sums with a variable of a recursive sort (a list, a structured
//     sort that contains itself or a list), which it searches breadth-first
//     in mCRL2's order (solvebfs.go): sums over Nat, Pos and Int alone may
//     give their solutions in another order (solveorder.go,
//     solveinterval.go), and mCRL2's order of true and false depends on
//     the model.
//
// # Words
//
// Normal form: a term to which no rule applies. Value: a normal form
// without free variables. Substitution: a finite map from variables to
// normal forms.
package rewrite
