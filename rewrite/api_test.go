package rewrite_test

import (
	"errors"
	"math/big"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/rewrite"
)

// apiSpec has a global variable, a sum over Nat whose enumeration never
// ends, and a mapping whose equations never end.
const apiSpec = `map f: Nat -> Nat;
var x: Nat;
eqn f(x) = f(x + 1);
glob dc: Nat;
act a: Nat;
proc P(n: Nat) = sum m: Nat. (m > n) -> a(m) . P(n = dc);
init P(3);
`

func apiRewriter(t *testing.T) (*lps.Spec, *rewrite.Rewriter) {
	t.Helper()
	spec, err := load.Text("api.lps", []byte(apiSpec))
	if err != nil {
		t.Fatal(err)
	}
	r, err := rewrite.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	return spec, r
}

// apiSumParts are apiSpec's sum: its variable m, a substitution s of
// n = 3, its condition raw and the condition rewritten under s.
type apiSumParts struct {
	m         rewrite.Term
	s         *rewrite.Subst
	raw, cond rewrite.Term
}

// apiSum returns the parts of spec's sum, through r.
func apiSum(t *testing.T, spec *lps.Spec, r *rewrite.Rewriter) apiSumParts {
	t.Helper()
	sm := spec.Summands[0]
	a := apiSumParts{m: r.VarTerm(sm.SumVars[0]), s: r.NewSubst(), raw: r.Translate(sm.Cond)}
	a.s.Set(r.VarTerm(spec.Params[0]), num(r, spec.Params[0].S, 3))
	cond, err := r.Rewrite(a.raw, a.s)
	if err != nil {
		t.Fatal(err)
	}
	a.cond = cond
	return a
}

// TestInterrupt: an interrupted rewriter gives up a rewrite that does
// not end and an enumeration that does not end with ErrInterrupted;
// Resume lets it work again.
func TestInterrupt(t *testing.T) {
	spec, r := apiRewriter(t)
	a := apiSum(t, spec, r)
	m, s, cond := a.m, a.s, a.cond
	var err error
	r.Interrupt()
	err = r.SolveInOrder([]rewrite.Term{m}, cond, s, 1<<30, func([]rewrite.Term) bool { return true })
	if !errors.Is(err, rewrite.ErrInterrupted) {
		t.Errorf("Solve after Interrupt: %v", err)
	}
	var nat *lps.Sort = spec.Params[0].S
	loop := r.Translate(&lps.App{Head: &lps.FuncRef{Func: spec.Maps[0]}, Args: []lps.Expr{&lps.Number{Value: big.NewInt(1), S: nat}}, S: nat})
	if _, err := r.Rewrite(loop, nil); !errors.Is(err, rewrite.ErrInterrupted) {
		t.Errorf("Rewrite after Interrupt: %v", err)
	}
	r.Resume()
	n := 0
	err = r.SolveInOrder([]rewrite.Term{m}, cond, s, 1000, func(vals []rewrite.Term) bool { n++; return n < 3 })
	if err != nil || n != 3 {
		t.Errorf("Solve after Resume: %d solutions, %v", n, err)
	}
	var se *rewrite.SolveError
	err = r.SolveInOrder([]rewrite.Term{m}, cond, s, 50, func([]rewrite.Term) bool { return true })
	if !errors.As(err, &se) || se.Bound != 50 || !strings.Contains(se.Error(), "50") {
		t.Errorf("an enumeration past its bound: %v", err)
	}
}

// TestBoundSolve: BoundSolve, called from a yield, lowers the bound of
// the enumeration under way to its work so far plus the amount given;
// the enumeration then ends with the bound's error soon after, not at
// the bound it was given; a larger amount does not raise the bound, and
// an enumeration started afterwards has its own bound again.
func TestBoundSolve(t *testing.T) {
	spec, r := apiRewriter(t)
	a := apiSum(t, spec, r)
	n := 0
	err := r.Solve([]rewrite.Term{a.m}, a.cond, a.s, 1<<30, func([]rewrite.Term) bool {
		if n++; n == 10 {
			r.BoundSolve(100)
		}
		return true
	})
	var se *rewrite.SolveError
	if !errors.As(err, &se) || se.Bound >= 1<<30 || se.Bound < 100 || n < 10 || n > 10+100 {
		t.Errorf("bounded at the 10th solution: %d solutions, %v", n, err)
	}
	n = 0
	err = r.Solve([]rewrite.Term{a.m}, a.cond, a.s, 200, func([]rewrite.Term) bool {
		r.BoundSolve(1 << 30)
		n++
		return true
	})
	if !errors.As(err, &se) || se.Bound != 200 {
		t.Errorf("a larger amount raised the bound: %d solutions, %v", n, err)
	}
	n = 0
	err = r.Solve([]rewrite.Term{a.m}, a.cond, a.s, 1000, func([]rewrite.Term) bool { n++; return n < 10 })
	if err != nil || n != 10 {
		t.Errorf("a later enumeration: %d solutions, %v", n, err)
	}
}

// TestTermAPI: the questions a client asks of terms and substitutions.
func TestTermAPI(t *testing.T) {
	spec, r := apiRewriter(t)
	p := spec.Params[0]
	v := r.VarTerm(p)
	if got, ok := r.IsVar(v); !ok || got != p {
		t.Errorf("IsVar(%s) = %v, %v", p.Name, got, ok)
	}
	if _, ok := r.IsVar(r.True()); ok {
		t.Error("true is a variable")
	}
	if r.Sort(v) != p.S || r.Sort(r.True()).Kind != lps.SortBool {
		t.Error("Sort")
	}
	dc := spec.Summands[0].Assignments[0].Value.(*lps.VarRef).Var
	if g, ok := r.Global(dc); !ok || r.String(g) != "0" {
		t.Errorf("the global dc is replaced by %v, %v; mCRL2 picks 0", g, ok)
	}
	s := r.NewSubst()
	s.Set(v, num(r, p.S, 7))
	if s.GetSlot(r.Slot(v)) != num(r, p.S, 7) {
		t.Error("GetSlot")
	}
	s.Unset(v)
	if s.Get(v) != 0 {
		t.Error("Unset left a value")
	}
	before := r.NumTerms()
	num(r, p.S, 123456789)
	if r.NumTerms() != before+1 || r.TermBytes() <= 0 {
		t.Errorf("NumTerms %d then %d, TermBytes %d", before, r.NumTerms(), r.TermBytes())
	}
}

// num is the number n of sort s as a term.
func num(r *rewrite.Rewriter, s *lps.Sort, n int64) rewrite.Term {
	return r.Translate(&lps.Number{Value: big.NewInt(n), S: s})
}

// TestSolveRewritten: SolveRewritten of a condition rewritten under s
// finds the solutions Solve finds from the condition itself, in the same
// order (the first five of the sum over m > n).
func TestSolveRewritten(t *testing.T) {
	spec, r := apiRewriter(t)
	a := apiSum(t, spec, r)
	m, s, raw, cond := a.m, a.s, a.raw, a.cond
	first := func(solve func([]rewrite.Term, rewrite.Term, *rewrite.Subst, int, func([]rewrite.Term) bool) error, c rewrite.Term) []string {
		var got []string
		err := solve([]rewrite.Term{m}, c, s, 1000, func(vals []rewrite.Term) bool {
			got = append(got, r.String(vals[0]))
			return len(got) < 5
		})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	want := first(r.Solve, raw)
	got := first(r.SolveRewritten, cond)
	if strings.Join(got, " ") != strings.Join(want, " ") || len(want) != 5 || want[0] != "4" {
		t.Errorf("SolveRewritten: %v; Solve: %v (want 4 5 6 7 8)", got, want)
	}
}
