// Package mcrl2diff tests our data rewriting and printing against mCRL2
// itself, on random expressions.
//
// The generator (Gen) writes well-sorted closed data expressions of every
// sort: Bool, Pos, Nat, Int, Real; List, Set, FSet, Bag and FBag of
// numbers, Booleans and structured values, with the function parts of
// sets and bags (complements, comprehensions); the structured sorts D and
// C that every model declares (Declarations); functions (lambdas,
// updates f[a -> b], applications); quantifiers over finite and infinite
// sorts; whr clauses; numbers beyond 2^64. Each node records the feature
// it exercises, for the report. Children are parenthesized as mCRL2's
// grammar needs, and now and then beyond that, to vary what the parsers
// see. Where mCRL2 does not widen a sort (a lambda's body must have the
// function's codomain exactly) the generator writes an expression whose
// type is that sort (exact).
//
// Model puts a batch of expressions into one linear process in the style
// of the corpus's data.rand models: P(go0: Bool) with one summand
// go0 -> ak(expr) . P(go0 = false) per expression, so that the initial
// state has one transition per expression, labelled by its normal form.
// A Tool (MCRL2: txt2lps then lps2lts; Ours: our lps2lts binary) turns a
// model into those labels; Evaluate halves a batch that fails until each
// failing expression stands alone. Compare gives a Verdict per
// expression: Same, Differ (labels differ), OursFails (mCRL2 labels it,
// we fail), Invalid (mCRL2 rejects it: the generator wrote something
// mCRL2 does not type; rare by design), Lenient (mCRL2 rejects, we
// accept), RefFails (mCRL2 accepts but fails, e.g. times out). Shrink
// minimizes an expression while its verdict stays the same, trying every
// one-step simplification in one batch per round. Count tallies verdicts
// by sort and by feature.
//
// TestKnownDifferences runs on every `go test` where mCRL2 is found at
// ../shared/mcrl2/bin beside the repository (and skips, saying so,
// elsewhere): the first 300 expressions of seed 1, from the text and from
// txt2lps's binary file, against testdata/known-differences.txt, the
// expressions known to differ, each under the class it belongs to; a new
// difference fails it, and so does a listed one that no longer differs.
//
// TestAgainstMCRL2 runs it when enabled (-mcrl2diff or MCRL2DIFF=1) and
// mCRL2 is found at ../shared/mcrl2/bin beside the repository, with a
// fixed seed; -mcrl2diff.n, -mcrl2diff.seed, -mcrl2diff.depth,
// -mcrl2diff.batch, -mcrl2diff.shrink and -mcrl2diff.report tune it;
// -mcrl2diff.binary has our lps2lts read the binary file txt2lps writes
// instead of the text, so that the reading of mCRL2's files is compared
// too. It fails listing every expression that differs or that we fail on.
package mcrl2diff
