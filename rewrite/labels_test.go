package rewrite_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/rewrite"
)

// labelCase is a closed data expression of sort S and the normal form
// mCRL2's lps2lts prints for it (asked of mCRL2 itself).
type labelCase struct {
	sort, expr, want string
}

// checkLabels parses every expression as the argument of an action of a
// one-summand LPS, as the corpus's models are written, and compares the
// printed normal form with mCRL2's.
func checkLabels(t *testing.T, cases []labelCase) {
	t.Helper()
	checkLabelsWith(t, "", cases)
}

// checkLabelsWith is checkLabels with declarations (sorts, maps) before
// the actions.
func checkLabelsWith(t *testing.T, decls string, cases []labelCase) {
	t.Helper()
	var acts, sums []string
	for i, c := range cases {
		acts = append(acts, fmt.Sprintf("a%d: %s", i, c.sort))
		sums = append(sums, fmt.Sprintf("b -> a%d(%s) . P(b = false)", i, c.expr))
	}
	src := decls + "act " + strings.Join(acts, ";\n    ") + ";\nproc P(b: Bool) =\n    " +
		strings.Join(sums, "\n  + ") + ";\ninit P(true);\n"
	spec, err := load.Text("labels.lps", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r, err := rewrite.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		got, err := r.Rewrite(r.Translate(spec.Summands[i].Actions[0].Args[0]), nil)
		if err != nil {
			t.Errorf("%s: %v", c.expr, err)
			continue
		}
		if s := string(r.AppendString(nil, got)); s != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.expr, s, c.want)
		}
	}
}

// atInitialState reads the LPS in path and returns a rewriter for it and
// the substitution of its initial state.
func atInitialState(t *testing.T, path string) (*lps.Spec, *rewrite.Rewriter, *rewrite.Subst) {
	t.Helper()
	spec, err := load.File(path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := rewrite.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	s := r.NewSubst()
	for i, p := range spec.Params {
		v, err := r.Rewrite(r.Translate(spec.Init[i]), nil)
		if err != nil {
			t.Fatal(err)
		}
		s.Set(r.VarTerm(p), v)
	}
	return spec, r, s
}

// TestBagSizeUnbounded: the size of a finite bag, # b, is the sum of
// its multiplicities, however large, never a machine word's.
func TestBagSizeUnbounded(t *testing.T) {
	checkLabels(t, []labelCase{
		{"Nat", "#{12: 1267650600228229401496703205376, 10: 1, 12: 0}", "1267650600228229401496703205377"},
		{"Nat", "#{12: 1267650600228229401496703205376}", "1267650600228229401496703205376"},
		{"Nat", "#{3: 9223372036854775807, 4: 1}", "9223372036854775808"},
		{"Nat", "#{3: 9223372036854775807, 4: 9223372036854775807}", "18446744073709551614"},
		// data.rand.35, 58, 88
		{"Nat", "(lambda v1: Nat. v1)[2954312706550833698643 -> 0][6 -> 6][#[11, 7] -> 1 div 3](#({3: 3} + {3: 9223372036854775808}))", "9223372036854775811"},
		{"Int", "#{12: 1267650600228229401496703205376, 10: 1, 12: 0} - (11 - -7) whr v1 = 5 end", "1267650600228229401496703205359"},
		{"Nat", "#{6: 3, 12: 2954312706550833698643, 12: 5}", "2954312706550833698651"},
	})
}

// TestCountOfOtherElementSort: with a finite bag, mCRL2's type checker
// does not unify count's element sort with the bag's, so count(14, {0: 9})
// is count: Pos # FBag(Nat) -> Nat, which no equation defines: a normal
// form. max and min still unfold on it (their equations have variables on
// both sides), and comparisons decide only what mCRL2's equations decide.
func TestCountOfOtherElementSort(t *testing.T) {
	checkLabels(t, []labelCase{
		{"Nat", "count(14, {10: 5, 0: 9})", "count(14, {0: 9, 10: 5})"},
		{"Nat", "count(0, {10: 5, 1: 9})", "count(0, {1: 9, 10: 5})"},
		{"Nat", "count(10, {10: 5, 0: 9})", "count(10, {0: 9, 10: 5})"},
		{"Nat", "count(5 * 9, {7: 5})", "0"},
		{"Nat", "count(5 * 2, {10: 5, 1: 9})", "5"},
		{"Nat", "count(-1, {0: 1})", "count(-1, {0: 1})"},
		{"Nat", "count([1], {[0]: 1})", "count([1], {[0]: 1})"},
		{"Nat", "count(14, Set2Bag({0}))", "0"},
		{"Nat", "count(14, {10: 5, 1: 9} + {0: 1})", "count(14, {0: 1, 1: 9, 10: 5})"},
		{"Nat", "max(count(14, {10: 5, 0: 9}), 3)", "if(count(14, {0: 9, 10: 5}) <= 3, 3, count(14, {0: 9, 10: 5}))"},
		{"Nat", "min(3, count(14, {10: 5, 0: 9}))", "if(3 <= count(14, {0: 9, 10: 5}), 3, count(14, {0: 9, 10: 5}))"},
		{"Int", "max(count(14, {10: 5, 0: 9}) - 2, -3)", "if(count(14, {0: 9, 10: 5}) - 2 <= -3, -3, count(14, {0: 9, 10: 5}) - 2)"},
		{"Pos", "max(4, count(14, {10: 5, 0: 9}))", "if(count(14, {0: 9, 10: 5}) <= 4, 4, Nat2Pos(count(14, {0: 9, 10: 5})))"},
		{"Bool", "count(14, {10: 5, 0: 9}) >= 0", "true"},
		{"Bool", "count(14, {10: 5, 0: 9}) < 0", "false"},
		{"Bool", "count(14, {10: 5, 0: 9}) == 3", "count(14, {0: 9, 10: 5}) == 3"},
		{"Bool", "count(14, {10: 5, 0: 9}) == -1", "false"},
		{"Bool", "count(14, {10: 5, 0: 9}) + 2 > 1", "1 < count(14, {0: 9, 10: 5}) + 2"},
		{"Bool", "count(14, {10: 5, 0: 9}) >= 1", "1 <= count(14, {0: 9, 10: 5})"},
		// data.rand.40 and data.rand.74
		{"List(Nat)", "rtail(if(false, [4294967296], [2]) <| Int2Nat(8)) <| max((0 - 1) mod (8 + 8), count(2 + 12, {10: 5, 0: 9}))",
			"[2, if(15 <= count(14, {0: 9, 10: 5}), count(14, {0: 9, 10: 5}), 15)]"},
		{"List(Nat)", "[count(3, {9223372036854775807: 0, 12: 6, 0: 4}) div 4 * 18446744073709551617]",
			"[count(3, {0: 4, 12: 6}) div 73786976294838206468]"},
	})
}
