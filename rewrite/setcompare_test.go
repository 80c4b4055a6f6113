package rewrite_test

import "testing"

// TestComparisonsWithFunctionParts: ==, <= and < of sets and bags with
// function parts (comprehensions, complements, Bag2Set) over an infinite
// element sort. mCRL2 has one equation for the equality of sets, forall
// c: S. (f(c) == g(c)) == (c in s == c in t), and for bags with different
// function parts forall d: S. count(d, x) == count(d, y); x <= y is x * y
// == x and x < y is x <= y && x != y. The quantifier is enumerated up to
// the quantifier limit and, undecided, is the normal form. The wanted
// labels were asked of mCRL2 202607.0 (txt2lps, then lps2lts, on a
// one-summand LPS per batch of expressions).
func TestComparisonsWithFunctionParts(t *testing.T) {
	checkLabelsWith(t, "sort D = struct d1 | d2(pn: Nat);\n", []labelCase{
		// A counterexample within the limit decides the quantifier.
		{"Bool", "{ ui: Int | 8 } <= {-9: 5, 2: 15}", "false"},
		{"Bool", "{ ui: Int | 1 } <= {:}", "false"},
		{"Bool", "{ zd: D | 1 } < {:}", "false"},
		{"Bool", "{ xd: D | 5 } <= {d1: 1, d2(5): 3}", "false"},
		{"Bool", "{ vn: Nat | 2 } == { vn: Nat | 3 }", "false"},
		{"Bool", "{ vn: Nat | vn } == {1: 1}", "false"},
		// x < y needs x != y, which a set written otherwise may not be.
		{"Bool", "{ x: Nat | x > 0 } < !{0}", "false"},
		{"Bool", "{ vn: Nat | false } < {1, 2}", "true"},
		// No counterexample within the limit: the quantifier stays.
		{"Bool", "{ vn: Nat | false } == {2954312706550833698643}", "forall c: Nat. !(c == 2954312706550833698643)"},
		{"Bool", "{ vn: Nat | false } != {2954312706550833698643}", "!(forall c: Nat. !(c == 2954312706550833698643))"},
		{"Bool", "{ vn: Nat | false } < {2954312706550833698643, 1267650600228229401496703205376}",
			"!(forall c: Nat. !(c == 2954312706550833698643 || c == 1267650600228229401496703205376))"},
		{"Bool", "{11} <= Bag2Set({18446744073709551616: 5})", "forall c: Pos. !(c == 11)"},
		{"Bool", "{10} < Bag2Set({-2: 11, -(2): 2})", "forall c: Int. !(c == 10)"},
		// Decided as before.
		{"Bool", "{ x: Nat | x > 5 } == { y: Nat | 5 < y }", "true"},
		{"Bool", "{ x: Nat | x > 0 } == !{0}", "true"},
		{"Bool", "{ vn: Nat | 2 } == { vn: Nat | 2 } + {2954312706550833698643: 1}", "false"},
		{"Bool", "!{1} <= { x: Nat | x > 0 }", "false"},
		{"Bool", "{} < { x: Nat | x > 5 }", "true"},
		{"Set(Nat)", "!{0, 7, 11} - {} * {}", "!{0, 7, 11}"},
		{"Bool", "{1, 5, 6} < {}", "false"},
	})
}
