package rewrite

import (
	"testing"

	"github.com/lps2lts/lps2lts/lps"
)

// A compiled term rewrites to what Rewrite gives under every substitution
// of values to its variables, the variables left free included: the lazy
// if, &&, || and =>, applications of builtins and of an equation's map,
// and the parts it leaves to the interpreter (a binder, a ground term).
func TestProgramsAgreeWithRewrite(t *testing.T) {
	b := newIRB()
	x, y := b.v("x", b.Bool), b.v("y", b.Bool)
	c := b.v("c", b.Nat)
	n := b.num(b.Nat, 2)
	lt := b.op(lps.OpLt, b.Bool, ref(c), n)
	terms := []lps.Expr{
		b.op(lps.OpAnd, b.Bool, ref(x), ref(y)),
		b.op(lps.OpOr, b.Bool, ref(x), lt),
		b.op(lps.OpImplies, b.Bool, ref(x), ref(y)),
		b.op(lps.OpImplies, b.Bool, ref(x), b.fls()),
		b.op(lps.OpIf, b.Nat, ref(x), b.op(lps.OpAdd, b.Nat, ref(c), n), ref(c)),
		b.op(lps.OpIf, b.Nat, ref(x), n, n),
		b.op(lps.OpAnd, b.Bool, lt, b.op(lps.OpNot, b.Bool, b.op(lps.OpEq, b.Bool, ref(c), b.num(b.Nat, 0)))),
		b.op(lps.OpEq, b.Bool, b.op(lps.OpIf, b.Nat, ref(y), ref(c), n), n),
		b.op(lps.OpAnd, b.Bool, b.tru(), b.op(lps.OpLt, b.Bool, n, b.num(b.Nat, 3))),
		&lps.Binder{Kind: lps.Exists, Vars: []*lps.Var{y}, Body: b.op(lps.OpAnd, b.Bool, ref(x), ref(y)), S: b.Bool},
	}
	r := b.rewriter(t)
	vals := map[*lps.Var][]Term{
		x: {0, r.True(), r.False()},
		y: {0, r.True(), r.False()},
		c: {0, r.Translate(b.num(b.Nat, 0)), r.Translate(b.num(b.Nat, 1)), r.Translate(n), r.Translate(b.num(b.Nat, 7))},
	}
	compared := 0
	for _, e := range terms {
		term := r.Translate(e)
		p := r.Compile(term)
		if p.Term() != term {
			t.Fatalf("Term of the program of %s is %s", r.String(term), r.String(p.Term()))
		}
		for _, xv := range vals[x] {
			for _, yv := range vals[y] {
				for _, cv := range vals[c] {
					s := r.NewSubst()
					for v, val := range map[*lps.Var]Term{x: xv, y: yv, c: cv} {
						if val != 0 {
							s.Set(r.VarTerm(v), val)
						}
					}
					want, werr := r.Rewrite(term, s)
					got, gerr := r.Run(p, s)
					if got != want || werr != nil || gerr != nil {
						t.Errorf("%s under x=%v y=%v c=%v: compiled %s (%v), rewritten %s (%v)", r.String(term), xv, yv, cv, r.String(got), gerr, r.String(want), werr)
					}
					compared++
				}
			}
		}
	}
	if compared != len(terms)*45 {
		t.Fatalf("%d comparisons", compared)
	}
}
