package rewrite

import (
	"slices"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/load"
)

// caseSpec has case functions in mcrl22lps's shape (C and D, with the
// equation for equal arguments that mcrl22lps adds), one that is not
// (W: a constructor selects two different arguments; V: an equation
// that gives no argument), and a sum over
// the enumerated sort whose condition selects by C.
const caseSpec = `sort E = struct e0 | e1 | e2 | e3 | e4;
map C: E # Bool # Bool # Bool # Bool # Bool -> Bool;
    D: E # Nat # Nat # Nat # Nat # Nat -> Nat;
    W: E # Bool # Bool -> Bool;
    V: E # Bool # Bool -> Bool;
var e: E; y, y0, y1, y2, y3, y4: Bool; n0, n1, n2, n3, n4: Nat;
eqn C(e, y, y, y, y, y) = y;
    C(e0, y0, y1, y2, y3, y4) = y0;
    C(e1, y0, y1, y2, y3, y4) = y1;
    C(e2, y0, y1, y2, y3, y4) = y2;
    C(e3, y0, y1, y2, y3, y4) = y3;
    C(e4, y0, y1, y2, y3, y4) = y4;
    D(e0, n0, n1, n2, n3, n4) = n0;
    D(e1, n0, n1, n2, n3, n4) = n1;
    D(e2, n0, n1, n2, n3, n4) = n2;
    D(e3, n0, n1, n2, n3, n4) = n3;
    D(e4, n0, n1, n2, n3, n4) = n4;
    W(e0, y0, y1) = y0;
    W(e0, y0, y1) = y1;
    V(e0, y0, y1) = y0;
    V(e1, y0, y1) = !y1;
act a: E;
proc P(n: Nat) = sum v: E. (C(v, false, true, false, true, false) && n == D(v, 1, 2, 3, 4, 5)) -> a(v) . P(n);
init P(2);
`

// TestCaseSelectors: the case functions are found with the argument each
// constructor selects (lps.CaseFunctions, which the solver reads); a
// function whose equations disagree, or one of whose equations gives no
// argument, is none.
func TestCaseSelectors(t *testing.T) {
	spec, err := load.Text("case.lps", []byte(caseSpec))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]map[string]int{}
	for f, cf := range lps.CaseFunctions(spec) {
		got[f.Name] = map[string]int{}
		for i, j := range cf.Pick {
			if j > 0 {
				got[f.Name][cf.Sort.Constructors[i].Name] = j
			}
		}
	}
	want := map[string]int{"e0": 1, "e1": 2, "e2": 3, "e3": 4, "e4": 5}
	for _, f := range []string{"C", "D"} {
		if len(got[f]) != len(want) {
			t.Errorf("%s selects %v, want %v", f, got[f], want)
			continue
		}
		for c, j := range want {
			if got[f][c] != j {
				t.Errorf("%s(%s, ...) selects argument %d, want %d", f, c, got[f][c], j)
			}
		}
	}
	_, w := got["W"]
	if _, v := got["V"]; w || v || len(got) != 2 {
		t.Errorf("case functions %v, want C and D only", got)
	}
}

// TestSolveSkipsExcludedCases: a sum over an enumerated sort whose
// condition selects by a case function tries only the constructors whose
// selected argument is not false (the enumeration takes at most 5 steps, where
// trying all five takes 6 or more), and finds the solutions it
// finds without the case functions.
func TestSolveSkipsExcludedCases(t *testing.T) {
	spec, err := load.Text("case.lps", []byte(caseSpec))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int64{2, 4, 3} {
		r, err := New(spec)
		if err != nil {
			t.Fatal(err)
		}
		sm := spec.Summands[0]
		v := r.VarTerm(sm.SumVars[0])
		s := r.NewSubst()
		s.Set(r.VarTerm(spec.Params[0]), r.mkInt(spec.Params[0].S, n))
		cond, err := r.Rewrite(r.Translate(sm.Cond), s)
		if err != nil {
			t.Fatal(err)
		}
		solve := func(limit int) ([]string, error) {
			var sols []string
			err := r.SolveInOrder([]Term{v}, cond, s, limit, func(vals []Term) bool {
				sols = append(sols, r.String(vals[0]))
				return true
			})
			return sols, err
		}
		got, err := solve(5)
		if err != nil {
			t.Fatalf("n = %d: %v", n, err)
		}
		cases := r.cases
		r.cases = nil
		if _, err := solve(5); err == nil {
			t.Errorf("n = %d: all five constructors tried within 5 steps", n)
		}
		want, err := solve(1000)
		r.cases = cases
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("n = %d: solutions %v, without the case functions %v (%v)", n, got, want, err)
		}
	}
}
