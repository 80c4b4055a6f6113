package rewrite_test

import "testing"

// TestMaxOverMixedSorts: max of a Pos or Nat and an Int that is not a
// value unfolds by the Int's constructor, the result in the narrower
// sort, as mCRL2's equations do. The expected labels are mCRL2's lps2lts's
// on these expressions written as a text LPS and read by txt2lps (which
// leaves them unrewritten; the text widens n to Nat2Int(n)). We used to
// take the Int for the Pos operand: a0 printed if(2 <= n, n, 2), and
// four_in_a_row_symbolic's max(y - 1, 1) handed an Int 1 to a Pos.
func TestMaxOverMixedSorts(t *testing.T) {
	checkLabels(t, []labelCase{
		{"Nat -> Pos", "lambda n: Nat. max(Nat2Int(n), 2)", "lambda n: Nat. if(n <= 2, 2, Nat2Pos(n))"},
		{"Pos -> Pos", "lambda p: Pos. max(-p, 5)", "lambda p: Pos. 5"},
		{"Nat -> Nat", "lambda n: Nat. max(-3, n)", "lambda n: Nat. n"},
		{"Nat -> Nat", "lambda n: Nat. max(n, Pos2Int(n + 1))", "lambda n: Nat. if(n <= n + 1, n + 1, n)"},
		{"Pos -> Pos", "lambda p: Pos. max(Nat2Int(p + 2), p)", "lambda p: Pos. if(p + 2 <= p, p, Nat2Pos(p + 2))"},
	})
}
