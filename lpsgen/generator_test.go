package lpsgen

import (
	"math/big"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/exploretest"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/store"
	"github.com/lps2lts/lps2lts/visitor"
)

// specBuilder builds small typed specifications by hand, playing the part
// of the lps checker (sorts and built-in symbols interned).
type specBuilder struct {
	Bool, Nat *lps.Sort
	funcs     map[string]*lps.Func
	sorts     map[string]*lps.Sort
}

func newSpecBuilder() *specBuilder {
	return &specBuilder{
		Bool:  &lps.Sort{Kind: lps.SortBool, Name: "Bool"},
		Nat:   &lps.Sort{Kind: lps.SortNat, Name: "Nat"},
		funcs: map[string]*lps.Func{},
		sorts: map[string]*lps.Sort{},
	}
}

func (b *specBuilder) fsort(res *lps.Sort, dom ...*lps.Sort) *lps.Sort {
	key := res.String()
	for _, d := range dom {
		key += "#" + d.String()
	}
	if s, ok := b.sorts[key]; ok {
		return s
	}
	s := &lps.Sort{Kind: lps.SortFunc, Domain: dom, Codomain: res}
	b.sorts[key] = s
	return s
}

func (b *specBuilder) op(op lps.Op, res *lps.Sort, args ...lps.Expr) lps.Expr {
	var dom []*lps.Sort
	for _, a := range args {
		dom = append(dom, a.Sort())
	}
	s := res
	if len(args) > 0 {
		s = b.fsort(res, dom...)
	}
	key := op.String() + ":" + s.String()
	f, ok := b.funcs[key]
	if !ok {
		f = &lps.Func{Name: op.String(), Sort: s, Kind: lps.FuncBuiltin, Op: op}
		b.funcs[key] = f
	}
	if len(args) == 0 {
		return &lps.FuncRef{Func: f}
	}
	return &lps.App{Head: &lps.FuncRef{Func: f}, Args: args, S: res}
}

func (b *specBuilder) nat(v int64) lps.Expr { return &lps.Number{Value: big.NewInt(v), S: b.Nat} }

func vref(v *lps.Var) lps.Expr { return &lps.VarRef{Var: v} }

// counterSpec: P(n: Nat, b: Bool) with
//
//	n < 3 -> a(n, b) . P(n = n + 1)
//	!b -> tau . P(b = true)
//	true -> c | a(n, b) . P()
//	true -> delta
//
// init P(0, false): 8 states, 6 + 4 + 8 = 18 transitions.
func counterSpec() *lps.Spec {
	b := newSpecBuilder()
	n := &lps.Var{Name: "n", S: b.Nat}
	bb := &lps.Var{Name: "b", S: b.Bool}
	a := &lps.ActionDecl{Name: "a", Sorts: []*lps.Sort{b.Nat, b.Bool}}
	c := &lps.ActionDecl{Name: "c"}
	tru := b.op(lps.OpTrue, b.Bool)
	return &lps.Spec{
		File:    "counter.lps",
		Actions: []*lps.ActionDecl{a, c},
		Params:  []*lps.Var{n, bb},
		Init:    []lps.Expr{b.nat(0), b.op(lps.OpFalse, b.Bool)},
		Summands: []*lps.Summand{
			{
				Cond:        b.op(lps.OpLt, b.Bool, vref(n), b.nat(3)),
				Actions:     []lps.Action{{Decl: a, Args: []lps.Expr{vref(n), vref(bb)}}},
				Assignments: []lps.Assignment{{Param: n, Value: b.op(lps.OpAdd, b.Nat, vref(n), b.nat(1))}},
			},
			{
				Cond:        b.op(lps.OpNot, b.Bool, vref(bb)),
				Assignments: []lps.Assignment{{Param: bb, Value: tru}},
			},
			{
				Cond:    tru,
				Actions: []lps.Action{{Decl: c}, {Decl: a, Args: []lps.Expr{vref(n), vref(bb)}}},
			},
			{Cond: tru, Delta: true},
		},
	}
}

func TestLPSGeneratorCounter(t *testing.T) {
	g, err := New(counterSpec(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range exploretest.Modes[:2] {
		t.Run(mode.Name, func(t *testing.T) {
			r, text := exploretest.Aut(t, g, mode.Opt)
			if r.States != 8 || r.Transitions != 18 {
				t.Fatalf("%d states, %d transitions; want 8, 18\n%s", r.States, r.Transitions, text)
			}
			for _, want := range []string{`"a(0, false)"`, `"tau"`, `"a(2, true)|c"`, `"a(0, false)|c"`} {
				if !strings.Contains(text, want) {
					t.Errorf("no label %s in\n%s", want, text)
				}
			}
		})
	}
	// The .fsm writer prints parameter values with the rewriter.
	x := explore.New(g, explore.Options{Store: store.NewTableStore(g.Width())})
	var fsm strings.Builder
	fw := visitor.NewFSMWriter(&fsm, x.Store(), g)
	x.AddVisitor(fw)
	r, _ := x.Run()
	fw.Close(r)
	if !strings.HasPrefix(fsm.String(), "n(4) Nat  \"0\" \"1\" \"2\" \"3\"\nb(2) Bool  \"false\" \"true\"\n---\n") {
		t.Errorf("fsm:\n%s", fsm.String())
	}
	// The .dot writer labels states with their parameter values.
	var dot strings.Builder
	dw := visitor.NewDotWriter(&dot, g)
	r, _ = exploretest.Aut(t, g, explore.Options{}, dw)
	dw.Close(r)
	if !strings.Contains(dot.String(), "S0 [ label=\"(0, false)\", peripheries=2 ];\n") {
		t.Errorf("dot:\n%s", dot.String())
	}
}

// Timed and stochastic processes are explored in the tests of packages
// timed and stochastic.

func BenchmarkLPSCounter(b *testing.B) {
	g, err := New(counterSpec(), Options{})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		x := explore.New(g, explore.Options{Store: store.NewTableStore(g.Width())})
		if _, err := x.Run(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestLPSGeneratorSumVariables: sum d: Bool. d || n > 0 -> e(d) . P(n = n + 1)
// bounded by n < 2; every state n < 2 has e(true), and e(false) when n > 0.
func TestLPSGeneratorSumVariables(t *testing.T) {
	b := newSpecBuilder()
	n := &lps.Var{Name: "n", S: b.Nat}
	d := &lps.Var{Name: "d", S: b.Bool}
	e := &lps.ActionDecl{Name: "e", Sorts: []*lps.Sort{b.Bool}}
	spec := &lps.Spec{
		File:    "sum.lps",
		Actions: []*lps.ActionDecl{e},
		Params:  []*lps.Var{n},
		Init:    []lps.Expr{b.nat(0)},
		Summands: []*lps.Summand{{
			SumVars: []*lps.Var{d},
			Cond: b.op(lps.OpAnd, b.Bool,
				b.op(lps.OpLt, b.Bool, vref(n), b.nat(2)),
				b.op(lps.OpOr, b.Bool, vref(d), b.op(lps.OpLt, b.Bool, b.nat(0), vref(n)))),
			Actions:     []lps.Action{{Decl: e, Args: []lps.Expr{vref(d)}}},
			Assignments: []lps.Assignment{{Param: n, Value: b.op(lps.OpAdd, b.Nat, vref(n), b.nat(1))}},
		}},
	}
	g, err := New(spec, Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, out := exploretest.Aut(t, g, explore.Options{})
	// n=0: e(true) -> 1; n=1: e(true), e(false) -> 2; n=2: none.
	if r.States != 3 || r.Transitions != 3 {
		t.Fatalf("%d states %d transitions:\n%s", r.States, r.Transitions, out)
	}
	if !strings.Contains(out, `(1,"e(false)",2)`) || !strings.Contains(out, `(1,"e(true)",2)`) {
		t.Errorf("aut:\n%s", out)
	}
}
