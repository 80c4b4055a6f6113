package enumerate

import (
	"errors"
	"math/big"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/rewrite"
)

type env struct {
	Bool, Nat, Pos, Real *lps.Sort
	funcs                map[string]*lps.Func
	spec                 *lps.Spec
}

func newEnv() *env {
	e := &env{Bool: &lps.Sort{Kind: lps.SortBool}, Nat: &lps.Sort{Kind: lps.SortNat}, Pos: &lps.Sort{Kind: lps.SortPos},
		Real: &lps.Sort{Kind: lps.SortReal}, funcs: map[string]*lps.Func{}}
	e.spec = &lps.Spec{Summands: []*lps.Summand{{Cond: &lps.FuncRef{Func: &lps.Func{Name: "true", Sort: e.Bool, Kind: lps.FuncBuiltin, Op: lps.OpTrue}}}}}
	return e
}

func (e *env) op(op lps.Op, res *lps.Sort, args ...lps.Expr) lps.Expr {
	dom := make([]*lps.Sort, len(args))
	key := op.String()
	for i, a := range args {
		dom[i] = a.Sort()
		key += string(lps.AppendSort(nil, dom[i])) + ","
	}
	key += string(lps.AppendSort(nil, res))
	f, ok := e.funcs[key]
	if !ok {
		f = &lps.Func{Name: op.String(), Sort: &lps.Sort{Kind: lps.SortFunc, Domain: dom, Codomain: res}, Kind: lps.FuncBuiltin, Op: op}
		e.funcs[key] = f
	}
	return &lps.App{Head: &lps.FuncRef{Func: f}, Args: args, S: res}
}

func num(s *lps.Sort, v int64) lps.Expr { return &lps.Number{Value: big.NewInt(v), S: s} }
func ref(v *lps.Var) lps.Expr           { return &lps.VarRef{Var: v} }

func solutions(t *testing.T, e *env, vars []*lps.Var, cond lps.Expr) (string, error) {
	t.Helper()
	return solutionsLimit(t, e, 2000, vars, cond)
}

func solutionsLimit(t *testing.T, e *env, limit int, vars []*lps.Var, cond lps.Expr) (string, error) {
	t.Helper()
	r, err := rewrite.New(e.spec)
	if err != nil {
		t.Fatal(err)
	}
	en := New(r)
	en.Limit = limit
	var out []string
	err = en.Enumerate(vars, r.Translate(cond), nil, func(vals []rewrite.Term) bool {
		var parts []string
		for _, v := range vals {
			parts = append(parts, r.String(v))
		}
		out = append(out, strings.Join(parts, ","))
		return true
	})
	return strings.Join(out, " "), err
}

func TestEnumerate(t *testing.T) {
	e := newEnv()
	D := &lps.Sort{Kind: lps.SortStruct, Name: "D"}
	for i, n := range []string{"d1", "d2", "d3"} {
		D.Constructors = append(D.Constructors, &lps.Func{Name: n, Sort: D, Kind: lps.FuncConstructor, Index: i})
	}
	LD := &lps.Sort{Kind: lps.SortList, Elem: D}
	b := &lps.Var{Name: "b", S: e.Bool}
	d := &lps.Var{Name: "d", S: D}
	n := &lps.Var{Name: "n", S: e.Nat}
	p := &lps.Var{Name: "p", S: e.Pos}
	l := &lps.Var{Name: "l", S: LD}
	tests := []struct {
		vars []*lps.Var
		cond lps.Expr
		want string
	}{
		{[]*lps.Var{b}, ref(b), "true"},
		{[]*lps.Var{b, d}, e.op(lps.OpOr, e.Bool, ref(b), e.op(lps.OpEq, e.Bool, ref(d), &lps.FuncRef{Func: D.Constructors[1]})), "true,d1 true,d2 true,d3 false,d2"},
		{[]*lps.Var{n}, e.op(lps.OpLt, e.Bool, ref(n), num(e.Nat, 3)), "0 1 2"},
		{[]*lps.Var{p}, e.op(lps.OpLe, e.Bool, ref(p), num(e.Pos, 3)), "1 2 3"},
		{[]*lps.Var{n}, e.op(lps.OpEq, e.Bool, num(e.Nat, 7), ref(n)), "7"},
		// Variables of infinite sorts are bound in the summand's order,
		// depth-first (mCRL2's breadth-first search gives c(0, 1), c(1, 1),
		// c(0, 2), c(1, 2) for sum n: Nat, p: Pos. (n < 2 && p < 3) -> c(n, p)).
		{[]*lps.Var{n, p}, e.op(lps.OpAnd, e.Bool, e.op(lps.OpLt, e.Bool, ref(n), num(e.Nat, 2)), e.op(lps.OpLt, e.Bool, ref(p), num(e.Pos, 3))), "0,1 0,2 1,1 1,2"},
	}
	for _, tc := range tests {
		got, err := solutions(t, e, tc.vars, tc.cond)
		if err != nil {
			t.Errorf("%v: %v", tc.want, err)
			continue
		}
		if got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
	// Lists bounded by their length: 1 + 3 + 9 = 13 solutions.
	cnt := e.op(lps.OpCount, e.Nat, ref(l))
	got, err := solutions(t, e, []*lps.Var{l}, e.op(lps.OpLe, e.Bool, cnt, num(e.Nat, 2)))
	if err != nil {
		t.Fatal(err)
	}
	if k := strings.Count(got, "]"); k != 13 {
		t.Errorf("lists of length <= 2 over 3 elements: got %d: %s", k, got)
	}
	// Errors.
	r := &lps.Var{Name: "r", S: e.Real}
	if _, err := solutions(t, e, []*lps.Var{r}, e.op(lps.OpEq, e.Bool, ref(b), ref(b))); err == nil || !strings.Contains(err.Error(), "Real") {
		t.Errorf("Real: got %v", err)
	}
	if _, err := solutions(t, e, []*lps.Var{n}, e.op(lps.OpEq, e.Bool, ref(n), ref(n))); err == nil {
		t.Errorf("unbounded Nat: no error")
	}
	// An infinite sum: the bound counts work (candidates and resolution
	// steps), so it is reached after about sqrt(2*2000) solutions, not 2000
	// solutions of growing cost.
	got, err = solutions(t, e, []*lps.Var{n}, e.op(lps.OpLt, e.Bool, num(e.Nat, 5), ref(n)))
	var se *rewrite.SolveError
	if !errors.As(err, &se) || se.Bound != 2000 || !strings.Contains(err.Error(), "enumeration of n: Nat does not finish within 2000 steps") {
		t.Errorf("infinite sum: got %v", err)
	}
	if k := len(strings.Fields(got)); k < 20 || k > 100 {
		t.Errorf("infinite sum: %d solutions before the error", k)
	}
	// A branch undecided all the way down stops before the stack overflows.
	mod := e.op(lps.OpMod, e.Nat, ref(n), &lps.Number{Value: big.NewInt(3), S: e.Pos})
	_, err = solutionsLimit(t, e, 1<<30, []*lps.Var{n}, e.op(lps.OpEq, e.Bool, mod, num(e.Nat, 5)))
	if err == nil || !strings.Contains(err.Error(), "values deep") {
		t.Errorf("undecided branch: got %v", err)
	}
}

// TestEnumerateInt: an Int sum variable is expanded as mCRL2's constructors
// do, i = n (n: Nat) or i = -p (p: Pos); bounds on either side end the
// expansion, and an unbounded one is an infinite sum.
func TestEnumerateInt(t *testing.T) {
	e := newEnv()
	Int := &lps.Sort{Kind: lps.SortInt}
	i := &lps.Var{Name: "i", S: Int}
	le := func(a, b lps.Expr) lps.Expr { return e.op(lps.OpLe, e.Bool, a, b) }
	lt := func(a, b lps.Expr) lps.Expr { return e.op(lps.OpLt, e.Bool, a, b) }
	and := func(a, b lps.Expr) lps.Expr { return e.op(lps.OpAnd, e.Bool, a, b) }
	tests := []struct {
		cond lps.Expr
		want string
	}{
		// mCRL2's order: its lps2lts gives d(0), d(-1), d(1), d(-2), d(2),
		// d(-3) for sum j: Int. (-3 <= j && j < 3) -> d(j).
		{and(le(num(Int, -2), ref(i)), le(ref(i), num(Int, 2))), "0 -1 1 -2 2"},
		{e.op(lps.OpEq, e.Bool, ref(i), num(Int, -3)), "-3"},
		{and(lt(ref(i), num(Int, 0)), lt(num(Int, -3), ref(i))), "-1 -2"},
		{and(e.op(lps.OpGe, e.Bool, ref(i), num(Int, 3)), e.op(lps.OpGt, e.Bool, num(Int, 5), ref(i))), "3 4"},
		// -1 <= i + 1 <= 1 and -1 <= i - 1 <= 1, bounds through + and -.
		{and(le(num(Int, -1), e.op(lps.OpAdd, Int, ref(i), num(Int, 1))), le(e.op(lps.OpAdd, Int, ref(i), num(Int, 1)), num(Int, 1))), "0 -1 -2"},
		{and(le(num(Int, -1), e.op(lps.OpSub, Int, ref(i), num(Int, 1))), le(e.op(lps.OpSub, Int, ref(i), num(Int, 1)), num(Int, 1))), "0 1 2"},
	}
	for _, tc := range tests {
		got, err := solutions(t, e, []*lps.Var{i}, tc.cond)
		if err != nil {
			t.Errorf("%v: %v", tc.want, err)
			continue
		}
		if got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
	if _, err := solutions(t, e, []*lps.Var{i}, lt(num(Int, 5), ref(i))); err == nil || !strings.Contains(err.Error(), "does not finish") {
		t.Errorf("unbounded Int: got %v", err)
	}
}

// A yield may enumerate again with the same Enumerator (the stochastic
// generator narrows a distribution's variables for each solution of a
// summand's sum variables); the outer enumeration must go on unharmed.
func TestEnumerateReentrant(t *testing.T) {
	e := newEnv()
	b := &lps.Var{Name: "b", S: e.Bool}
	n := &lps.Var{Name: "n", S: e.Nat}
	m := &lps.Var{Name: "m", S: e.Nat}
	r, err := rewrite.New(e.spec)
	if err != nil {
		t.Fatal(err)
	}
	en := New(r)
	outer := r.Translate(e.op(lps.OpLt, e.Bool, ref(n), num(e.Nat, 2)))
	inner := r.Translate(e.op(lps.OpLt, e.Bool, ref(m), num(e.Nat, 3)))
	for _, cached := range []bool{false, true} {
		var got []string
		yield := func(vals []rewrite.Term) bool {
			innerCount := 0
			if err := en.Enumerate([]*lps.Var{m}, inner, nil, func([]rewrite.Term) bool { innerCount++; return true }); err != nil {
				t.Fatal(err)
			}
			got = append(got, r.String(vals[0])+","+r.String(vals[1])+":"+strings.Repeat("m", innerCount))
			return true
		}
		var err error
		if cached {
			c := NewCache()
			for range 2 { // the second run replays the cache
				got = got[:0]
				err = en.EnumerateCached(c, []*lps.Var{b, n}, outer, nil, func(vals []rewrite.Term) bool {
					return yield(vals)
				})
			}
		} else {
			err = en.Enumerate([]*lps.Var{b, n}, outer, nil, yield)
		}
		if err != nil {
			t.Fatal(err)
		}
		want := "true,0:mmm true,1:mmm false,0:mmm false,1:mmm"
		if s := strings.Join(got, " "); s != want {
			t.Errorf("cached=%v: outer solutions %s, want %s", cached, s, want)
		}
	}
}

// Enumerations one after another on one rewriter reuse the solver's
// substitutions, arrays over all variable numbers: after an enumeration
// that failed, one stopped early and one of another variable, each gives
// its own solutions, and with 20,000 variables known an enumeration
// allocates far less than one such array (it allocated three).
func TestEnumerateReusesSolver(t *testing.T) {
	e := newEnv()
	Int := &lps.Sort{Kind: lps.SortInt}
	i := &lps.Var{Name: "i", S: Int}
	n := &lps.Var{Name: "n", S: e.Nat}
	r, err := rewrite.New(e.spec)
	if err != nil {
		t.Fatal(err)
	}
	const vars = 20000
	for k := range vars {
		r.VarTerm(&lps.Var{Name: "v" + strconv.Itoa(k), S: e.Nat})
	}
	en := New(r)
	en.Limit = 2000
	unbounded := r.Translate(e.op(lps.OpLt, e.Bool, num(Int, 5), ref(i)))
	below3 := r.Translate(e.op(lps.OpLt, e.Bool, ref(n), num(e.Nat, 3)))
	all := func(v *lps.Var, cond rewrite.Term, max int) (string, error) {
		var out []string
		err := en.Enumerate([]*lps.Var{v}, cond, nil, func(vals []rewrite.Term) bool {
			out = append(out, r.String(vals[0]))
			return len(out) < max
		})
		return strings.Join(out, " "), err
	}
	if _, err := all(i, unbounded, 100); err == nil {
		t.Fatal("5 < i enumerated without an error")
	}
	if got, err := all(n, below3, 1); err != nil || got != "0" {
		t.Fatalf("first solution of n < 3: %q, %v", got, err)
	}
	if got, err := all(n, below3, 100); err != nil || got != "0 1 2" {
		t.Fatalf("n < 3: %q, %v", got, err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	const runs = 50
	for range runs {
		if got, _ := all(n, below3, 100); got != "0 1 2" {
			t.Fatalf("n < 3: %q", got)
		}
	}
	runtime.ReadMemStats(&after)
	if perRun := (after.TotalAlloc - before.TotalAlloc) / runs; perRun > 4*vars/8 { // an eighth of one array
		t.Errorf("an enumeration allocated %d bytes with %d variables known", perRun, vars)
	} else {
		t.Logf("%d bytes per enumeration", perRun)
	}
}

// TestGivenUpSumSaysWhy: a sum given up names the variables no conjunct
// bounds, and says "probably infinite" only when there is one; a bounded
// sum larger than the bound is called finite.
func TestGivenUpSumSaysWhy(t *testing.T) {
	e := newEnv()
	n := &lps.Var{Name: "n", S: e.Nat}
	m := &lps.Var{Name: "m", S: e.Nat}
	lt := func(a, b lps.Expr) lps.Expr { return e.op(lps.OpLt, e.Bool, a, b) }
	_, err := solutionsLimit(t, e, 1000, []*lps.Var{n, m}, e.op(lps.OpAnd, e.Bool, lt(ref(n), num(e.Nat, 3)), lt(num(e.Nat, 5), ref(m))))
	if err == nil || !strings.Contains(err.Error(), "probably infinite: no conjunct of the condition bounds m (") {
		t.Errorf("unbounded m: %v", err)
	}
	_, err = solutionsLimit(t, e, 1000, []*lps.Var{n}, lt(ref(n), num(e.Nat, 5000)))
	if err == nil || strings.Contains(err.Error(), "probably infinite") || !strings.Contains(err.Error(), "the sum is finite but larger than the bound") {
		t.Errorf("bounded n: %v", err)
	}
}
