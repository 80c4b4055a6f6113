package lpsgen

import (
	"testing"
)

// TestEquationShapesAsMCRL2: models of our own whose equations have the
// shapes of mCRL2's examples that we could not rewrite, each with mCRL2's
// labels and their counts beside it (NAME.labels, from mCRL2's lps2lts on
// NAME.lps) and mCRL2's number of states; read from the text and from
// mcrl22lps's binary file, they give those labels and states:
//   - shuttles.mcrl2 keeps a function-valued state as a chain of a
//     user-defined update, as examples/industrial/garage does: ins_upd
//     matches the function-sorted constant init_s and update(b, q, y, s),
//     a user mapping applied, and update(a, o, x, s)(b, q) is rewritten by
//     conditional equations over variables that only its second argument
//     group binds (we stopped at state 7: "does not rewrite to true or
//     false");
//   - curried.txt (written by hand, as mcrl22lps would rewrite its
//     summands away; curried.lps is txt2lps's) has left-hand sides with
//     applied function-sorted terms inside, g(f(x)(y)) = y,
//     g(t(x)(y)(z)) = x, same(f(x)(x)) = true, some conditional (we left
//     them all unrewritten: such a pattern never matched);
//   - diagonal.mcrl2 counts along a diagonal as
//     examples/games/four_in_a_row_symbolic does, stepping y down with
//     max(y - 1, 1) (max: Int # Pos -> Pos) of an enumerated y (we
//     stopped in the first state on C(Yellow, 2, 1, 1): max had left an
//     Int 1 where a Pos was due).
func TestEquationShapesAsMCRL2(t *testing.T) {
	for _, c := range []struct {
		name   string
		states int // mCRL2's lps2lts on NAME.lps
	}{
		{"shuttles", 64},
		{"diagonal", 1},
		{"curried", 3},
	} {
		t.Run(c.name, func(t *testing.T) { checkShape(t, c.name, c.states) })
	}
}

// checkShape compares the labels and the number of states of
// testdata/NAME.txt and testdata/NAME.lps with mCRL2's: the label counts
// of testdata/NAME.labels and states.
func checkShape(t *testing.T, name string, states int) {
	_, want := mcrl2Labels(t, "testdata/"+name+".labels")
	for _, file := range []string{"testdata/" + name + ".txt", "testdata/" + name + ".lps"} {
		labels, got := exploreFile(t, file, 0)
		if got != states {
			t.Errorf("%s: %d states, mCRL2 has %d", file, got, states)
		}
		checkLabelCounts(t, file, labels, want)
	}
}
