// Package rewrite evaluates mCRL2 data terms: it brings the data
// expressions of a sort-checked linear process specification (package lps)
// to the normal forms mCRL2's rewriter computes, and prints those normal
// forms exactly as mCRL2 prints them.
//
// # Terms
//
// A Term is a small integer naming a hash-consed term in a term store shared
// by every Rewriter made from the same Spec: two terms are structurally equal
// exactly when their ids are equal. Because normal forms are canonical
// (numbers are values, finite sets and bags are sorted duplicate-free
// lists under a fixed total order, ...), two data values are equal in
// mCRL2's sense exactly when their normal forms have the same Term id; a
// state of the explorer is therefore a short vector of Terms.
//
// The store is safe for concurrent use: interning is sharded under
// per-shard locks and reading a term's node never locks. A Rewriter holds
// per-goroutine scratch space; use Clone to obtain one per goroutine.
//
// # Contract
//
//	New(spec)            compiles the equations of spec into matching code once,
//	                     per head symbol; global variables are replaced by
//	                     the default value mCRL2's representative generator
//	                     picks for their sort.
//	Translate(e)         turns an IR expression (possibly with free variables)
//	                     into a Term; it does not rewrite.
//	Rewrite(t, s)        returns the normal form of t under the substitution s
//	                     (s may be nil). The values bound in s must be normal
//	                     forms. Rewriting a term already in normal form
//	                     allocates nothing. Non-termination is reported as an
//	                     error naming the rule and the term (a bound on the
//	                     rewriting depth), never a stack overflow.
//	AppendString(dst, t) prints t as mCRL2's pretty printer does: 1, -3, 1/2,
//	                     [1, 2], {1, 2}, {d1: 2}, frame(d1, e), true.
//
// # Words
//
// Normal form: a term to which no rule applies. Value: a normal form
// without free variables. Substitution: a finite map from variables to
// normal forms, indexed by variable id so that binding and clearing never
// allocate.
package rewrite
