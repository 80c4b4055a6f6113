package rewrite_test

import "testing"

// Containers of containers. The wanted labels were asked of mCRL2
// 202607.0: each expression as the argument of an action of a one-summand
// LPS, written as text, converted with txt2lps and explored with lps2lts
// (so mCRL2's own rewriter built them from the expression as written).
// mCRL2 orders the elements of a finite set or bag by the element sort's
// <, which on sets and bags is inclusion (partial) and on functions
// undecided: an element goes in before the first element it is below,
// is dropped beside an equal one, and stays where it was put when < does
// not decide (elemorder.go).

// TestSetsOfSets: the elements of a set of sets are normalised before
// they are placed and de-duplicated, in mCRL2's order.
func TestSetsOfSets(t *testing.T) {
	checkLabels(t, []labelCase{
		{"Set(Set(Nat))", "{{1}, {2, 1}, {1}}", "{{1}, {1, 2}}"},
		{"Set(Set(Nat))", "{{2}, {1}}", "{{2}, {1}}"},
		{"Set(Set(Nat))", "{{1}, {2}}", "{{1}, {2}}"},
		{"Set(Set(Nat))", "{{3}, {1,2}, {2}, {1}}", "{{3}, {1, 2}, {2}, {1}}"},
		{"FSet(Set(Nat))", "{{2}, {1}}", "{{2}, {1}}"},
		{"FSet(FSet(Nat))", "{{2}, {1}, {1,2}, {}}", "{{}, {2}, {1}, {1, 2}}"},
		{"Set(FSet(Nat))", "{{2}, {1}, {1,2}, {}}", "{{}, {2}, {1}, {1, 2}}"},
		{"Set(Set(Bool))", "{{true}, {false}, {true, false}, {}}", "{{}, {true}, {false}, {false, true}}"},
		{"Set(Set(Set(Nat)))", "{{{2}}, {{1}}, {{1}, {2,1}}, {{1,2},{1}}}", "{{{2}}, {{1}}, {{1}, {1, 2}}}"},
	})
}

// TestContainersOfContainers: bags of sets, sets of bags, lists of sets
// and sets of functions follow the same rules.
func TestContainersOfContainers(t *testing.T) {
	checkLabels(t, []labelCase{
		{"Bag(Set(Nat))", "{{1}: 2, {2, 1}: 1, {1}: 3}", "{{1}: 5, {1, 2}: 1}"},
		{"Bag(Set(Nat))", "{{2}: 2, {1}: 1}", "{{2}: 2, {1}: 1}"},
		{"Set(Bag(Nat))", "{{1: 2}, {1: 1}, {1: 2}}", "{{1: 1}, {1: 2}}"},
		{"Set(Bag(Nat))", "{{2: 1}, {1: 2}}", "{{2: 1}, {1: 2}}"},
		{"List(Set(Nat))", "[{2, 1}, {1}]", "[{1, 2}, {1}]"},
		{"Set(List(Set(Nat)))", "{[{2, 1}], [{1}], [{1, 2}]}", "{[{1}], [{1, 2}]}"},
		{"Set(Nat -> Nat)", "{lambda y: Nat. 1, lambda x: Nat. x}", "{(lambda y: Nat. 1), (lambda x: Nat. x)}"},
		{"FSet(Bag(Nat))", "{{1: 2}, {1: 1}, {1: 2}}", "{{1: 1}, {1: 2}}"},
		{"FBag(FSet(Nat))", "{{2}: 1, {1}: 2, {1, 2}: 1, {}: 3}", "{{}: 3, {2}: 1, {1}: 2, {1, 2}: 1}"},
		{"FBag(Set(Nat))", "{{2}: 1, {1}: 2, {1, 2}: 1, {}: 3, {2}: 1}", "{{}: 3, {2}: 1, {1}: 2, {2}: 1, {1, 2}: 1}"},
		{"FSet(FBag(Nat))", "{{2: 1}, {1: 2}, {1: 1}, {1: 1, 2: 1}, {:}}", "{{:}, {2: 1}, {1: 1}, {1: 2}, {1: 1, 2: 1}}"},
		{"Set(FBag(Nat))", "{{2: 1}, {1: 2}, {1: 1}, {1: 1, 2: 1}, {:}}", "{{:}, {2: 1}, {1: 1}, {1: 2}, {1: 1, 2: 1}}"},
	})
}

// TestOperationsOnSetsOfSets: union, intersection, difference, size and
// equality apply where mCRL2's equations decide the order of the elements
// they meet, and stay where it does not.
func TestOperationsOnSetsOfSets(t *testing.T) {
	checkLabels(t, []labelCase{
		{"Set(Set(Nat))", "{{1}} + {{2}}", "{{1}} + {{2}}"},
		{"Set(Set(Nat))", "{{1}} + {{1,2}}", "{{1}, {1, 2}}"},
		{"Set(Set(Nat))", "{{1,2}, {1}} - {{1}}", "{{1, 2}}"},
		{"Set(Set(Nat))", "{{1,2}, {1}} * {{1}}", "{{1}}"},
		{"Bool", "{{1}} == {{1,2}}", "false"},
		{"Bool", "{{2}, {1}} == {{2}, {1}}", "true"},
		{"Bool", "{{2}, {1}} == {{1}}", "{{2}, {1}} == {{1}}"},
		{"Bool", "{{2}, {1}} != {{1}, {2}}", "!({{2}, {1}} == {{1}, {2}})"},
		{"Bool", "{{2}, {1}} <= {{1}, {2}}", "{{2}, {1}} <= {{1}, {2}}"},
		{"Bool", "{{1}} < {{1}, {1,2}}", "true"},
		{"Bool", "{1} in {{2}, {1}}", "true"},
		{"Bool", "{{1}: 1} == {{1,2}: 1}", "false"},
		{"Bool", "[{1}] < [{1, 2}]", "true"},
		{"Bool", "[{2}] < [{1}]", "false"},
		{"Nat", "#{{2}, {1}}", "#{{2}, {1}}"},
		{"Nat", "#{{1}, {1, 2}}", "2"},
	})
}
