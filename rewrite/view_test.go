package rewrite_test

import (
	"errors"
	"math/big"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/check"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/rewrite"
)

const viewSpec = `sort D = struct d1 | d2(n: Nat) | d3(x: Int, r: Real);
map q: Nat -> D;
act a: Nat;
proc P(k: Nat, i: Int, x: Real, l: List(D), s: Set(Nat), b: Bag(Bool), f: Nat -> D, g: Nat -> Bool, h: Nat -> Nat) =
     (k < 4) -> a(k) . P(k = k + 1);
init P(0, -2, 1/7, [], {}, {:}, q, lambda m: Nat. false, lambda m: Nat. m);
`

// viewTerms are expressions over the parameters of viewSpec whose terms,
// as translated and as rewritten, have every kind of term.
var viewTerms = []string{
	"d2(k * 18446744073709551615)", "d3(i - 3, x / 3 + 1)", "-18446744073709551617",
	"d1 |> l", "[d1, d2(2)]", "{1, 2}", "{1: 2, 3: 4}", "!{k}", "!s + {2}", "s * {k}",
	"{m: Nat | m > k}", "lambda m: Nat. m > k", "f[1 -> d2(k)]", "g(k) && k == 2 || !(k > 1)",
	"h(k) + 1", "{k}", "{k: 2}", "{true: k}", "Set2Bag({k}) + {2: 2}", "b + {true: 3} - {true: 1}",
	"Bag2Set(b)", "y + k whr y = k + 1 end", "forall m: Nat. m < k", "exists m: Bool. m",
	"(lambda m: Nat. lambda n: Nat. m + n)(k)", "i < 2 && x <= 1/2", "1 > 2", "q[1 -> d1][3 -> d2(k)]", "q[k -> d1]",
	"(lambda m: Nat. m)[1 -> 2]", "{m: Nat | m > 2} + {m: Nat | m < 1}", "Set2Bag({m: Nat | m > 2}) + Set2Bag({m: Nat | m < 1})",
}

func viewRewriter(t *testing.T) (*rewrite.Rewriter, *lps.Spec) {
	t.Helper()
	spec, err := load.Text("view.lps", []byte(viewSpec))
	if err != nil {
		t.Fatal(err)
	}
	r, err := rewrite.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	return r, spec
}

// TestViewMakeInverse: Make(View(t)) is t for every subterm of terms of
// every kind, in the rewriter that made them and, rebuilt view by view
// from the leaves, in a rewriter of its own reading of the same file
// (which is what a decoder does).
func TestViewMakeInverse(t *testing.T) {
	r, spec := viewRewriter(t)
	r2, _ := viewRewriter(t)
	seen := map[rewrite.TermKind]bool{}
	heads := map[rewrite.HeadKind]bool{}
	var walk func(t0 rewrite.Term)
	walk = func(t0 rewrite.Term) {
		v := r.View(t0)
		seen[v.Kind] = true
		if v.Kind == rewrite.KindApp {
			heads[v.Head.Kind] = true
		}
		for _, a := range v.Args {
			walk(a)
		}
		got, err := r.Make(v)
		if err != nil || got != t0 {
			t.Fatalf("Make(View(%s)) = %d, %v; want %d", r.String(t0), got, err, t0)
		}
	}
	s := r.NewSubst()
	for _, src := range viewTerms {
		e, err := check.ParseExpr(spec, "view", src)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		tr := r.Translate(e)
		walk(tr)
		nf, err := r.Rewrite(tr, s)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		walk(nf)
		if other := rebuild(t, r, r2, nf); r2.String(other) != r.String(nf) {
			t.Errorf("%s rebuilt in another rewriter prints %s, not %s", src, r2.String(other), r.String(nf))
		} else if again := rebuild(t, r, r2, nf); again != other {
			t.Errorf("%s rebuilt twice gives two terms", src)
		}
	}
	for k := rewrite.KindApp; k <= rewrite.KindBagEnum; k++ {
		if !seen[k] {
			t.Errorf("no term of kind %d", k)
		}
	}
	for h := rewrite.HeadFunc; h <= rewrite.HeadOp; h++ {
		if !heads[h] {
			t.Errorf("no application with a head of kind %d", h)
		}
	}
}

// rebuild makes in r2 the term t0 of r, from the leaves up. Both read the
// same file, so its functions and sorts are the same pointers in r2 only
// for the sort table's own sorts; the test spec's declarations are not
// shared, so they are looked up by name.
func rebuild(t *testing.T, r, r2 *rewrite.Rewriter, t0 rewrite.Term) rewrite.Term {
	t.Helper()
	v := r.View(t0)
	args := make([]rewrite.Term, len(v.Args))
	for i, a := range v.Args {
		args[i] = rebuild(t, r, r2, a)
	}
	v.Args = args
	v.Sort = sortIn(r2.Spec(), v.Sort)
	if v.Var != nil {
		v.Var = &lps.Var{Name: v.Var.Name, S: v.Sort}
	}
	if v.Kind == rewrite.KindApp {
		v.Head.Sort = sortIn(r2.Spec(), v.Head.Sort)
		if f := v.Head.Func; f != nil {
			v.Head.Func = funcIn(r2.Spec(), f)
		}
	}
	got, err := r2.Make(v)
	if err != nil {
		t.Fatalf("%s: %v", r.String(t0), err)
	}
	return got
}

// sortIn returns the sort of spec that s is in another reading of the
// same file.
func sortIn(spec *lps.Spec, s *lps.Sort) *lps.Sort {
	tab := spec.SortTable
	switch {
	case s == nil:
		return nil
	case s.Kind == lps.SortFunc:
		dom := make([]*lps.Sort, len(s.Domain))
		for i, d := range s.Domain {
			dom[i] = sortIn(spec, d)
		}
		return tab.Func(dom, sortIn(spec, s.Codomain))
	case s.Elem != nil:
		return tab.Container(s.Kind, sortIn(spec, s.Elem))
	case s.Kind == lps.SortBasic || s.Kind == lps.SortStruct:
		for _, d := range spec.Sorts {
			if d.Name == s.Name {
				return d.Sort
			}
		}
		panic("no sort " + s.Name)
	}
	return tab.OfKind(s.Kind)
}

// funcIn returns the function of spec that f is in another reading of
// the same file.
func funcIn(spec *lps.Spec, f *lps.Func) *lps.Func {
	if f.Kind == lps.FuncBuiltin {
		return spec.SortTable.Builtin(f.Op, sortIn(spec, f.Sort))
	}
	for _, s := range spec.Sorts {
		for _, k := range s.Sort.Constructors {
			for _, g := range append([]*lps.Func{k, k.Recogniser}, k.Projections...) {
				if g != nil && g.Name == f.Name && string(lps.AppendSort(nil, g.Sort)) == string(lps.AppendSort(nil, f.Sort)) {
					return g
				}
			}
		}
	}
	for _, g := range append(append([]*lps.Func(nil), spec.Cons...), spec.Maps...) {
		if g.Name == f.Name && string(lps.AppendSort(nil, g.Sort)) == string(lps.AppendSort(nil, f.Sort)) {
			return g
		}
	}
	panic("no function " + f.Name)
}

// TestMakeRejects: a view no term has is an error wrapping ErrBadTerm,
// never a term the store's code would trip over.
func TestMakeRejects(t *testing.T) {
	r, spec := viewRewriter(t)
	tab := spec.SortTable
	one := r.Translate(&lps.Number{Value: big.NewInt(1), S: tab.Nat})
	nat := tab.Nat
	list := tab.Container(lps.SortList, nat)
	set := tab.Container(lps.SortSet, nat)
	plus := tab.Builtin(lps.OpAdd, tab.Func([]*lps.Sort{nat, nat}, nat))
	for name, v := range map[string]rewrite.TermView{
		"kind beyond the last":      {Kind: rewrite.KindBagEnum + 1, Sort: nat},
		"variable without name":     {Kind: rewrite.KindVar, Sort: nat, Var: &lps.Var{S: nat}},
		"variable of another sort":  {Kind: rewrite.KindVar, Sort: list, Var: &lps.Var{Name: "v", S: nat}},
		"big number in a word":      {Kind: rewrite.KindBig, Sort: nat, Big: big.NewInt(7)},
		"big number without value":  {Kind: rewrite.KindBig, Sort: nat},
		"real without value":        {Kind: rewrite.KindReal, Sort: tab.Real},
		"argument that is no term":  {Kind: rewrite.KindCons, Sort: list, Args: []rewrite.Term{one, 1 << 30}},
		"argument zero":             {Kind: rewrite.KindCons, Sort: list, Args: []rewrite.Term{one, 0}},
		"cons of one":               {Kind: rewrite.KindCons, Sort: list, Args: []rewrite.Term{one}},
		"nil with an argument":      {Kind: rewrite.KindNil, Sort: list, Args: []rewrite.Term{one}},
		"code on a list":            {Kind: rewrite.KindNil, Sort: list, Int: 3},
		"function constant 4":       {Kind: rewrite.KindFnConst, Sort: set, Int: 4},
		"combinator -1":             {Kind: rewrite.KindFnOp, Sort: set, Int: -1, Args: []rewrite.Term{one}},
		"combinator of nothing":     {Kind: rewrite.KindFnOp, Sort: set, Int: rewrite.FnNot},
		"odd finite bag":            {Kind: rewrite.KindFBag, Sort: set, Args: []rewrite.Term{one}},
		"update of two":             {Kind: rewrite.KindUpdate, Sort: set, Args: []rewrite.Term{one, one}},
		"where of two":              {Kind: rewrite.KindWhere, Sort: nat, Args: []rewrite.Term{one, one}},
		"binder over a number":      {Kind: rewrite.KindBinder, Sort: nat, Args: []rewrite.Term{one, one}},
		"binder of unknown kind":    {Kind: rewrite.KindBinder, Sort: nat, Int: 9, Args: []rewrite.Term{r.VarTerm(&lps.Var{Name: "v", S: nat}), one}},
		"application of one to two": {Kind: rewrite.KindApp, Sort: nat, Head: rewrite.Head{Kind: rewrite.HeadFunc, Func: plus}, Args: []rewrite.Term{one}},
		"function head without one": {Kind: rewrite.KindApp, Sort: nat, Head: rewrite.Head{Kind: rewrite.HeadFunc}},
		"comparison without sort":   {Kind: rewrite.KindApp, Sort: tab.Bool, Head: rewrite.Head{Kind: rewrite.HeadCompare, Op: lps.OpLt}},
		"built-in without sort":     {Kind: rewrite.KindApp, Sort: nat, Head: rewrite.Head{Kind: rewrite.HeadOp, Op: lps.OpAdd, Arity: 2}},
		"unknown head kind":         {Kind: rewrite.KindApp, Sort: nat, Head: rewrite.Head{Kind: rewrite.HeadOp + 1}},
	} {
		if got, err := r.Make(v); !errors.Is(err, rewrite.ErrBadTerm) {
			t.Errorf("%s: Make = %d, %v; want an error wrapping ErrBadTerm", name, got, err)
		}
	}
}

// TestFnName: the names of the set and bag library's functions are
// mCRL2's, and only those terms have one.
func TestFnName(t *testing.T) {
	for _, c := range []struct {
		v    rewrite.TermView
		want string
	}{
		{rewrite.TermView{Kind: rewrite.KindFnConst, Int: rewrite.FnFalse}, "@false_"},
		{rewrite.TermView{Kind: rewrite.KindFnConst, Int: rewrite.FnOne}, "@one_"},
		{rewrite.TermView{Kind: rewrite.KindFnOp, Int: rewrite.FnAnd}, "@and_"},
		{rewrite.TermView{Kind: rewrite.KindFnOp, Int: rewrite.FnBool2Nat}, "@Bool2Nat_"},
		{rewrite.TermView{Kind: rewrite.KindFnOp, Int: 8}, ""},
		{rewrite.TermView{Kind: rewrite.KindNum, Int: rewrite.FnAnd}, ""},
	} {
		if got := c.v.FnName(); got != c.want {
			t.Errorf("FnName of kind %d, %d = %q, want %q", c.v.Kind, c.v.Int, got, c.want)
		}
	}
}
