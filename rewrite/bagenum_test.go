package rewrite_test

import "testing"

// TestBagEnumerationWithVariables: a bag enumeration in a lambda's body,
// whose counts or elements have the bound variable, is built as mCRL2's
// equations build it (@fbag_cinsert from the right: if(n == 0, b,
// @fbag_insert(d, Nat2Pos(n), b))). The wanted labels were asked of
// mCRL2 202607.0 (txt2lps, then lps2lts, on a one-summand LPS).
func TestBagEnumerationWithVariables(t *testing.T) {
	checkLabelsWith(t, "sort C = struct red | green | blue;\n", []labelCase{
		{"Nat -> Bag(Nat)", "lambda k: Nat. {k: 2, 1: k}", "lambda k: Nat. @fbag_insert(k, 2, if(k == 0, {:}, {1: Nat2Pos(k)}))"},
		{"Nat -> FBag(Nat)", "lambda k: Nat. {k: k}", "lambda k: Nat. if(k == 0, {:}, {k: Nat2Pos(k)})"},
		{"Nat -> Nat", "lambda un: Nat. count(Int2Nat((-8)), {un: un}) div succ(Int2Nat(6))", "lambda un: Nat. count(Int2Nat(-8), if(un == 0, {:}, {un: Nat2Pos(un)})) div 7"},
		{"Nat -> Bag(Nat)", "lambda k: Nat. {k: 2}", "lambda k: Nat. {k: 2}"},
		{"Nat -> Bag(Nat)", "lambda k: Nat. {1: 2, k: 2, 0: 1}", "lambda k: Nat. {1: 2, k: 2, 0: 1}"},
		// Applied, the insertions are evaluated.
		{"Bag(Nat)", "(lambda k: Nat. {k: 2, 1: k})(0)", "{0: 2}"},
		{"Bag(Nat)", "(lambda k: Nat. {k: 2, 1: k})(1)", "{1: 3}"},
		{"FBag(Nat)", "(lambda k: Nat. {k: k, 2: 1})(3)", "{2: 1, 3: 3}"},
		// count of an element in such a bag, by the equations on
		// @fbag_cons: stays where < does not decide (xc against red).
		{"Bag(C)", "{ xc: C | count((lambda zn: Nat. (xc))(6), {xc: 9} + {:}) }", "{ xc: C | 9 }"},
		{"Nat -> Nat", "lambda k: Nat. count(k, {k: 3})", "lambda k: Nat. 3"},
		{"C -> Nat", "lambda xc: C. count(xc, {xc: 9, red: 2})", "lambda xc: C. count(xc, {xc: 9, red: 2})"},
		{"C -> Nat", "lambda xc: C. count(red, {xc: 9, red: 2})", "lambda xc: C. count(red, {xc: 9, red: 2})"},
		{"Nat -> Nat", "lambda k: Nat. count(k, {k: k})", "lambda k: Nat. count(k, if(k == 0, {:}, {k: Nat2Pos(k)}))"},
	})
}

// TestCountByEquations: count(e, b) on a finite bag, when e is no value
// or a set, by mCRL2's equations on @fbag_cons: the count of an element
// syntactically e, 0 past an element decided above e, on past one
// decided below it; it stays where < decides neither way. Labels from
// mCRL2 202607.0 as above (from the text and from txt2lps's file alike).
func TestCountByEquations(t *testing.T) {
	checkLabelsWith(t, "sort D = struct d1 | d2(pn: Nat);\n", []labelCase{
		{"Nat", "count(pn(d1), {4: 11, 2: 3})", "count(pn(d1), {2: 3, 4: 11})"},
		{"Nat", "count(d2(pn(d1)), {d1: 2})", "0"},
		{"Nat", "count(d1, {d2(pn(d1)): 2, d1: 3})", "3"},
		{"Nat", "count({1}, {{1}: 2, {1, 2}: 3})", "2"},
		{"Nat", "count({2}, {{1}: 2, {1, 2}: 3})", "count({2}, {{1}: 2, {1, 2}: 3})"},
		{"Nat", "count({1, 2}, {{2}: 2, {1}: 3})", "count({1, 2}, {{2}: 2, {1}: 3})"},
		{"Nat", "count(d2(3), {d1: 2, d2(3): 3})", "3"},
	})
}

// TestMembershipInBags: e in b on a finite bag is mCRL2's count(e, b) >
// 0, printed 0 < count(e, b) where count stays (e no value, or a set
// that < does not place). Labels from mCRL2 202607.0 as above.
func TestMembershipInBags(t *testing.T) {
	checkLabelsWith(t, "sort D = struct d1 | d2(pn: Nat);\n", []labelCase{
		{"Bool", "pn(d1) in {6: 5}", "0 < count(pn(d1), {6: 5})"},
		{"Bool", "pn(d1) in {6: 5} + {7: 1}", "0 < count(pn(d1), {6: 5, 7: 1})"},
		{"Bool", "pn(d1) in {:}", "false"},
		{"Bool", "d2(pn(d1)) in {d1: 2}", "false"},
		{"Bool", "{1} in {{1}: 2, {1, 2}: 3}", "true"},
		{"Bool", "{2} in {{1}: 2, {1, 2}: 3}", "0 < count({2}, {{1}: 2, {1, 2}: 3})"},
	})
}
