package rewrite_test

import "testing"

// The data library, one table per mCRL2 library (library.go): closed
// expressions whose normal forms reach the library's less travelled
// equations (applications that are no values, function parts of sets
// and bags, binders over finite sorts). The wanted labels were asked of
// mCRL2 (../shared/mcrl2/bin: txt2lps, then lps2lts, on the one-summand
// LPS checkLabels builds).

// TestNumberLibrary: Pos, Nat, Int and Real: functions applied to numbers that are no
// values (count of another element sort, TestCountOfOtherElementSort),
// which mCRL2's equations take only so far, and Real's functions on
// values.
//
// Known difference: Int2Real(count(14, {10: 5, 0: 9}) - 1) * 0 is 0
// here; mCRL2 prints it in its internal form of a Real, (c - 1) * 0 div
// 1 + (c - 1) * 0 mod 1 / 1 (doc.go, Known differences).
func TestNumberLibrary(t *testing.T) {
	checkLabels(t, []labelCase{
		{"Int", "abs(count(14, {10: 5, 0: 9}) - 2)", "abs(count(14, {0: 9, 10: 5}) - 2)"},
		{"Nat", "abs(count(14, {10: 5, 0: 9}))", "count(14, {0: 9, 10: 5})"},
		{"Nat", "exp(count(14, {10: 5, 0: 9}), 2)", "count(14, {0: 9, 10: 5}) * count(14, {0: 9, 10: 5})"},
		{"Nat", "exp(2, count(14, {10: 5, 0: 9}))", "exp(2, count(14, {0: 9, 10: 5}))"},
		{"Int", "exp(count(14, {10: 5, 0: 9}) - 3, 0)", "exp(count(14, {0: 9, 10: 5}) - 3, 0)"},
		{"Int", "(count(14, {10: 5, 0: 9}) - 3) div 2", "(count(14, {0: 9, 10: 5}) - 3) div 2"},
		{"Int", "(count(14, {10: 5, 0: 9}) - 3) mod 2", "(count(14, {0: 9, 10: 5}) - 3) mod 2"},
		{"Nat", "count(14, {10: 5, 0: 9}) div 2", "count(14, {0: 9, 10: 5}) div 2"},
		{"Nat", "count(14, {10: 5, 0: 9}) mod 3", "count(14, {0: 9, 10: 5}) mod 3"},
		{"Nat", "Int2Nat(count(14, {10: 5, 0: 9}) - 1)", "Int2Nat(count(14, {0: 9, 10: 5}) - 1)"},
		{"Pos", "Int2Pos(count(14, {10: 5, 0: 9}) - 1)", "Int2Pos(count(14, {0: 9, 10: 5}) - 1)"},
		{"Nat", "Int2Nat(Nat2Int(count(14, {10: 5, 0: 9})))", "count(14, {0: 9, 10: 5})"},
		{"Real", "0 * Int2Real(count(14, {10: 5, 0: 9}))", "0"},
		{"Int", "count(14, {10: 5, 0: 9}) - count(3, {10: 5, 0: 9})", "count(14, {0: 9, 10: 5}) - count(3, {0: 9, 10: 5})"},
		{"Bool", "count(14, {10: 5, 0: 9}) > count(3, {10: 5, 0: 9})", "count(3, {0: 9, 10: 5}) < count(14, {0: 9, 10: 5})"},
		{"Nat", "max(count(14, {10: 5, 0: 9}), count(14, {10: 5, 0: 9}))", "count(14, {0: 9, 10: 5})"},
		{"Pos", "succ(count(14, {10: 5, 0: 9}))", "succ(count(14, {0: 9, 10: 5}))"},
		{"Nat", "pred(Nat2Pos(count(14, {10: 5, 0: 9})))", "pred(Nat2Pos(count(14, {0: 9, 10: 5})))"},
		{"Real", "abs(-3 / 4)", "3 / 4"},
		{"Real", "round(7 / 2) + floor(-1 / 2) + ceil(1 / 3)", "4"},
		{"Real", "exp(2 / 3, -2)", "9 / 4"},
		{"Int", "Real2Int(6 / 2)", "3"},
		{"Nat", "sqrt(17)", "4"},
		{"Nat", "Real2Nat(4 / 2)", "2"},
		{"Pos", "Real2Pos(4 / 2)", "2"},
		{"Real", "max(1 / 2, 2 / 3) - min(1 / 2, 2 / 3)", "1 / 6"},
		{"Real", "succ(1 / 2) + pred(1 / 2)", "1"},
	})
}

// TestListLibrary: lists with elements and indices that are no values: . unfolds
// along the elements the list shows.
func TestListLibrary(t *testing.T) {
	checkLabels(t, []labelCase{
		{"Nat", "[1, 2, 3] . count(14, {10: 5, 0: 9})", "if(count(14, {0: 9, 10: 5}) == 0, 1, if(max(0,count(14, {0: 9, 10: 5}) - 1) == 0, 2, if(max(0,max(0,count(14, {0: 9, 10: 5}) - 1) - 1) == 0, 3, [] . max(0,max(0,max(0,count(14, {0: 9, 10: 5}) - 1) - 1) - 1))))"},
		{"Nat", "[1, 2] . (count(14, {10: 5, 0: 9}) + 1)", "if(count(14, {0: 9, 10: 5}) + 1 == 0, 1, if(max(0,count(14, {0: 9, 10: 5}) + 1 - 1) == 0, 2, [] . max(0,max(0,count(14, {0: 9, 10: 5}) + 1 - 1) - 1)))"},
		{"List(Nat)", "[count(14, {10: 5, 0: 9})] ++ [1]", "[count(14, {0: 9, 10: 5}), 1]"},
		{"Nat", "rhead([count(14, {10: 5, 0: 9}), 2])", "2"},
		{"List(Nat)", "rtail([1, count(14, {10: 5, 0: 9})])", "[1]"},
		{"Bool", "count(14, {10: 5, 0: 9}) in [1, 2]", "count(14, {0: 9, 10: 5}) == 1 || count(14, {0: 9, 10: 5}) == 2"},
		{"Nat", "#([1, 2] ++ [3])", "3"},
	})
}

// TestFSetLibrary: finite sets: pick and proper inclusion.
func TestFSetLibrary(t *testing.T) {
	checkLabels(t, []labelCase{
		{"Nat", "pick({3, 1})", "1"},
		{"Bool", "{2, 1} < {1, 2, 3}", "true"},
	})
}

// TestFBagLibrary: finite bags: pick.
func TestFBagLibrary(t *testing.T) {
	checkLabels(t, []labelCase{
		{"Bool", "pick({true: 2})", "true"},
	})
}

// TestSetLibrary: sets with function parts: comprehensions, complements, and the
// operations and comparisons that mix them with finite sets.
func TestSetLibrary(t *testing.T) {
	checkLabels(t, []labelCase{
		{"Bool", "{true} == !{false}", "true"},
		{"Bool", "!{true} == {false}", "true"},
		{"Bool", "{x: Nat | x < 3} == {0, 1, 2}", "true"},
		{"Set(Nat)", "{x: Nat | x > 2}", "{ x: Nat | 2 < x }"},
		{"Set(Nat)", "!{1, 2}", "!{1, 2}"},
		{"Set(Nat)", "{x: Nat | x > 2} + {1}", "{ x1: Nat | (lambda x: Nat. 2 < x)(x1) != x1 in {1} }"},
		{"Set(Nat)", "{x: Nat | x > 2} * {1, 4}", "{4}"},
		{"Set(Nat)", "{1, 4} - {x: Nat | x > 2}", "{1}"},
		{"Bool", "{1} < {x: Nat | x < 2}", "true"},
		{"Bool", "{1} <= !{2}", "true"},
	})
}

// TestBagLibrary: bags with function parts (@Bool2Nat_, @add_, @monus_ and
// @swap_zero), the conversions between sets and bags, inclusion.
func TestBagLibrary(t *testing.T) {
	checkLabels(t, []labelCase{
		{"Bool", "Set2Bag({true}) == {true: 1}", "true"},
		{"Bool", "Set2Bag(!{true}) == {false: 1}", "true"},
		{"Bool", "Set2Bag(!{true}) == Set2Bag(!{true})", "true"},
		{"Bag(Nat)", "Set2Bag({x: Nat | x > 3})", "{ x1: Nat | @Bool2Nat_(lambda x: Nat. 3 < x)(x1) }"},
		{"Bag(Nat)", "Set2Bag(!{1}) + {2: 3}", "{ x: Nat | @swap_zero(1, count(x, {1: 1, 2: 4})) }"},
		{"Bag(Nat)", "Set2Bag(!{1}) * {2: 3, 1: 4}", "{2: 1}"},
		{"Bag(Nat)", "Set2Bag(!{1}) - {2: 3}", "{ x: Nat | @swap_zero(1, count(x, {1: 1, 2: 1})) }"},
		{"Set(Nat)", "Bag2Set(Set2Bag(!{1}) + {2: 3})", "!{1}"},
		{"Bool", "{1: 2} <= {1: 3, 2: 1}", "true"},
		{"Bool", "{1: 2} < {1: 2}", "false"},
	})
}

// TestFunctionLibrary: function updates: application, order of the updates, an update
// that gives back the function's own value, a key that is no value, and
// equality of functions over a finite domain.
func TestFunctionLibrary(t *testing.T) {
	checkLabels(t, []labelCase{
		{"Nat", "(lambda x: Nat. x)[count(14, {10: 5, 0: 9}) -> 2](3)", "(lambda x: Nat. x)[count(14, {0: 9, 10: 5}) -> 2](3)"},
		{"Nat", "(lambda x: Nat. x)[2 -> 5][1 -> 4](2)", "5"},
		{"Nat -> Nat", "(lambda x: Nat. x)[2 -> 5][1 -> 4]", "(lambda x: Nat. x)[2 -> 5][1 -> 4]"},
		{"Nat -> Nat", "(lambda x: Nat. x)[2 -> 5][1 -> 4][2 -> 2]", "(lambda x: Nat. x)[1 -> 4]"},
		{"Bool", "(lambda x: Bool. x) == (lambda x: Bool. !!x)", "true"},
		{"Bool", "(lambda x: Bool. x) == (lambda x: Bool. !x)", "false"},
	})
}

// TestBindersOverFiniteSorts: forall and exists over functions, finite sets and sets of
// finite sorts (all values at once), and over Int (mCRL2's constructors).
func TestBindersOverFiniteSorts(t *testing.T) {
	checkLabels(t, []labelCase{
		{"Bool", "forall f: Bool -> Bool. f(true) || !f(true)", "true"},
		{"Bool", "exists f: Bool -> Bool. f(true) && !f(false)", "true"},
		{"Bool", "exists s: FSet(Bool). #s == 2", "true"},
		{"Bool", "forall s: Set(Bool). true in s || !(true in s)", "true"},
		{"Bool", "exists s: Set(Bool). s == {true}", "true"},
		{"Bool", "exists i: Int. i * i == 4 && i < 0", "true"},
	})
}
