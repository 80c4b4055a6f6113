// Package enumerate finds the values of sum variables that make a
// condition true, as mCRL2's enumerator does.
//
// Contract: New(r) makes an Enumerator over a rewrite.Rewriter (one per
// goroutine). Enumerate(vars, cond, s, yield) calls yield once for every
// assignment of values (ground normal forms) to vars under which cond
// rewrites to true, given the substitution s for the other free variables
// of cond (typically the process parameters; cond may already be
// rewritten). Values are passed in the order of vars; the slice is reused
// between calls, so yield must copy what it keeps. Returning false from
// yield stops the enumeration. yield may call Rewrite on the same
// rewriter.
//
// Method (rewrite.Rewriter.Solve): depth-first narrowing. A variable is
// replaced by each constructor of its sort applied to fresh variables
// (Bool: true, false; structured sorts: their constructors; Nat: 0, y + 1;
// Pos: 1, y + 1; Int: n, -p for a Nat n and a Pos p, mCRL2's @cInt and
// @cNeg; List: [], e |> l) and the condition is rewritten; a
// branch whose condition is false is pruned. A conjunct x == e with e free
// of x binds x directly (one-point rule). A Nat, Pos or Int that conjuncts
// of the condition bound by values (n < 3, -2 <= i && i <= 2, j <= n once
// n is bound) is bound to each value of that interval directly, in
// mCRL2's order for one variable (ascending; Int 0, -1, 1, -2, ...), so a
// sum over N values costs O(N), not the O(N^2) of the Peano expansion;
// other conditions such as #l <= 3 terminate by narrowing, as they do in
// mCRL2 (whose 64-bit Pos and Nat are also enumerated by @c1/@succ_pos and
// @c0/@succ_nat). Enumerate binds the variables in mCRL2's order for sum
// variables (enumerated sorts by constructor count, then the other finite
// sorts, each group reversed; then the rest in the given order),
// EnumerateInOrder (a distribution's variables) in the given order; both
// depth-first. The solutions of finite sorts come in mCRL2's order;
// mCRL2's search is breadth-first, so a sum with variables of infinite
// sorts may order its solutions differently. A sum with a variable of a
// recursive sort (a list, a structured sort that contains itself or a
// list) is enumerated breadth-first, as mCRL2 does it
// (rewrite/solvebfs.go): its solutions come one at a time in mCRL2's
// order, so an infinite one (mCRL2's industrial/garage: sum l:
// List(Instruction). valid(l)) yields every solution after finitely many
// steps and its consumer can stop. Fresh variables
// are pooled, so enumeration does not grow the term store.
//
// Cutting (a state limit reached inside an expansion, explore's
// SumCutter): after CutUnbounded, an enumeration of a sum that no
// conjunct of its condition bounds (rewrite.Rewriter.SumUnbounded) holds
// its solutions back; if it ends within HeldLimit (2^20) more steps it
// was finite (a mapping in the condition bounds it) and delivers them
// all, else it ends there, without an error and without being cached,
// having delivered the solutions found before the cut; bounded sums are
// enumerated whole. Without it, an infinite sum runs into the bound below
// and is an error, as it should be: mCRL2 enumerates it for ever, and a
// run that neither ends nor says why is worse than one that names the
// unbounded variable and the --enum-limit that raises the bound.
//
// Errors: a Real variable gives "cannot enumerate elements of sort Real";
// other unenumerable sorts (Set, Bag, FBag, function sorts with an
// infinite domain) "cannot enumerate elements of sort S"; a branch whose
// variables are all bound but whose condition is neither true nor false
// is an error naming the condition. An infinite sum is an error naming the
// variables, the condition and those variables no conjunct bounds
// (a *rewrite.SolveError with Bound set): the
// bound Limit (DefaultLimit, 2^24) counts work, i.e. candidate values tried
// plus the steps of resolving each solution's values, not solutions, since
// the k-th number of a Peano-style enumeration costs O(k) steps; a branch
// more than 2^16 bindings deep without a decided condition is an error too.
// rewrite.Rewriter.Interrupt makes a running enumeration return
// rewrite.ErrInterrupted within a few hundred steps.
//
// Caching (Wesselink, "State Space Exploration", §8): EnumerateCached(c, vars, cond, s, yield) is
// Enumerate with the solutions remembered in a Cache, keyed by the
// rewritten condition (a hash-consed id, a function of the values of the
// parameters free in the condition) and the sum variables. The explorer
// uses one Cache per summand (local, --cached) or one for all summands
// (global, --global-cache). Results and their order are the same with and
// without a cache; a hit allocates nothing.
package enumerate
