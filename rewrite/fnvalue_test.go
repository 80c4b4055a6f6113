package rewrite_test

import "testing"

// TestFunctionsAsValues: a built-in function passed as a value is left
// alone until it has its arguments (mcrl22lps -f writes Pos2Nat for a
// don't-care Pos -> Nat; evaluating it without its argument indexed an
// empty argument list), and a mapping defined as a (curried) lambda
// applies that lambda to arguments given one group at a time (add(2)(3),
// as mcrl22lps -o leaves them). The wanted labels are mCRL2's lps2lts
// (202607.0) on the same text through txt2lps.
func TestFunctionsAsValues(t *testing.T) {
	decls := `map add: Nat -> Nat -> Nat;
    lt: Nat -> Nat # Nat -> Bool;
    twice: (Nat -> Nat) -> Nat -> Nat;
eqn add = lambda x: Nat. lambda y: Nat. x + y;
    lt = lambda x: Nat. lambda y, z: Nat. x < y && y < z;
    twice = lambda f: Nat -> Nat. lambda x: Nat. f(f(x));
`
	checkLabelsWith(t, decls, []labelCase{
		{"Pos -> Nat", "Pos2Nat", "Pos2Nat"},
		{"Int -> Nat", "Int2Nat", "Int2Nat"},
		{"Nat", "(lambda f: Pos -> Nat. f(3))(Pos2Nat)", "3"},
		{"Bool", "Pos2Nat == Pos2Nat", "true"},
		{"Nat", "Pos2Nat[2 -> 7](2) + Pos2Nat[2 -> 7](3)", "10"},
		{"Nat", "add(2)(3)", "5"},
		{"Bool", "lt(1)(2, 3)", "true"},
		{"Nat", "twice(add(4))(1)", "9"},
	})
}
