package rewrite

import (
	"testing"

	"github.com/lps2lts/lps2lts/lps"
)

func TestContainers(t *testing.T) {
	b := newIRB()
	N := b.Nat
	LN := b.container(lps.SortList, N)
	SN := b.container(lps.SortSet, N)
	FN := b.container(lps.SortFSet, N)
	BN := b.container(lps.SortBag, N)
	n := func(v int64) lps.Expr { return b.num(N, v) }
	list := func(vs ...int64) lps.Expr {
		if len(vs) == 0 {
			return b.app(b.builtin(lps.OpEmptyList, LN))
		}
		var es []lps.Expr
		for _, v := range vs {
			es = append(es, n(v))
		}
		return &lps.ListEnum{Enum: lps.Enum{Elems: es, S: LN}}
	}
	set := func(s *lps.Sort, vs ...int64) lps.Expr {
		var es []lps.Expr
		for _, v := range vs {
			es = append(es, n(v))
		}
		return &lps.SetEnum{Enum: lps.Enum{Elems: es, S: s}}
	}
	bag := func(pairs ...int64) lps.Expr {
		e := &lps.BagEnum{Enum: lps.Enum{S: BN}}
		for i := 0; i < len(pairs); i += 2 {
			e.Elems = append(e.Elems, n(pairs[i]))
			e.Counts = append(e.Counts, n(pairs[i+1]))
		}
		return e
	}
	x := b.v("x", N)
	tests := []struct {
		e    lps.Expr
		want string
	}{
		{list(1, 2, 3), "[1, 2, 3]"},
		{b.op(lps.OpCons, LN, n(0), list(1)), "[0, 1]"},
		{b.op(lps.OpSnoc, LN, list(1), n(2)), "[1, 2]"},
		{b.op(lps.OpConcat, LN, list(1), list(2, 3)), "[1, 2, 3]"},
		{b.op(lps.OpHead, N, list(4, 5)), "4"},
		{b.op(lps.OpTail, LN, list(4, 5)), "[5]"},
		{b.op(lps.OpRHead, N, list(4, 5)), "5"},
		{b.op(lps.OpRTail, LN, list(4, 5)), "[4]"},
		{b.op(lps.OpCount, N, list(4, 5)), "2"},
		{b.op(lps.OpElementAt, N, list(4, 5), n(1)), "5"},
		{b.op(lps.OpIn, b.Bool, n(5), list(4, 5)), "true"},
		{b.op(lps.OpHead, N, list()), "head([])"},
		{set(FN, 3, 1, 2, 1), "{1, 2, 3}"},
		{set(SN, 3, 1), "{1, 3}"},
		{b.op(lps.OpAdd, FN, set(FN, 3), set(FN, 1)), "{1, 3}"},
		{b.op(lps.OpMul, SN, set(SN, 1, 2), set(SN, 2, 3)), "{2}"},
		{b.op(lps.OpSub, SN, set(SN, 1, 2), set(SN, 2, 3)), "{1}"},
		{b.op(lps.OpNot, SN, set(SN, 1)), "!{1}"},
		{b.op(lps.OpIn, b.Bool, n(2), b.op(lps.OpNot, SN, set(SN, 1))), "true"},
		{b.op(lps.OpCount, N, set(FN, 1, 2)), "2"},
		{b.op(lps.OpLe, b.Bool, set(FN, 1), set(FN, 1, 2)), "true"},
		{b.op(lps.OpEq, b.Bool, set(SN, 1, 2), set(SN, 2, 1)), "true"},
		{bag(2, 1, 1, 2, 2, 1), "{1: 2, 2: 2}"},
		{b.op(lps.OpBagCount, N, n(2), bag(2, 1, 1, 2)), "1"},
		{b.op(lps.OpAdd, BN, bag(1, 1), bag(1, 2, 3, 1)), "{1: 3, 3: 1}"},
		{b.op(lps.OpSub, BN, bag(1, 2, 3, 1), bag(1, 1)), "{1: 1, 3: 1}"},
		{b.op(lps.OpMul, BN, bag(1, 2, 3, 1), bag(1, 1, 2, 4)), "{1: 1}"},
		{b.op(lps.OpMul, FN, set(FN, 1, 2), set(FN, 2, 3)), "{2}"},
		{b.op(lps.OpSub, FN, set(FN, 1, 2), set(FN, 2, 3)), "{1}"},
		{b.app(b.builtin(lps.OpEmptySet, BN)), "{:}"},
		{&lps.Binder{Kind: lps.SetComp, Vars: []*lps.Var{x}, Body: b.op(lps.OpLt, b.Bool, ref(x), n(3)), S: SN}, "{ x: Nat | x < 3 }"},
		{b.op(lps.OpIn, b.Bool, n(2), &lps.Binder{Kind: lps.SetComp, Vars: []*lps.Var{x}, Body: b.op(lps.OpLt, b.Bool, ref(x), n(3)), S: SN}), "true"},
		{&lps.Binder{Kind: lps.Exists, Vars: []*lps.Var{x}, Body: b.op(lps.OpEq, b.Bool, b.op(lps.OpMul, N, ref(x), ref(x)), n(9)), S: b.Bool}, "true"},
		{&lps.Binder{Kind: lps.Forall, Vars: []*lps.Var{x}, Body: b.op(lps.OpImplies, b.Bool, b.op(lps.OpLt, b.Bool, ref(x), n(3)), b.op(lps.OpLt, b.Bool, ref(x), n(5))), S: b.Bool}, "true"},
		{&lps.Where{Body: b.op(lps.OpAdd, N, ref(x), ref(x)), Defs: []lps.WhereDef{{Var: x, Value: n(4)}}}, "8"},
	}
	r := b.rewriter(t)
	for _, tc := range tests {
		if got := nf(t, r, tc.e); got != tc.want {
			t.Errorf("%s: got %s, want %s", r.String(r.Translate(tc.e)), got, tc.want)
		}
	}
}

func TestFunctions(t *testing.T) {
	b := newIRB()
	N := b.Nat
	NN := b.fn(N, N)
	x := b.v("x", N)
	lam := &lps.Binder{Kind: lps.Lambda, Vars: []*lps.Var{x}, Body: b.op(lps.OpAdd, N, ref(x), b.num(N, 1)), S: NN}
	app := func(f lps.Expr, a lps.Expr) lps.Expr { return &lps.App{Head: f, Args: []lps.Expr{a}, S: N} }
	upd := func(f, a, v lps.Expr) lps.Expr {
		return &lps.App{Head: &lps.FuncRef{Func: b.builtin(lps.OpUpdate, b.fn(NN, NN, N, N))}, Args: []lps.Expr{f, a, v}, S: NN}
	}
	tests := []struct {
		e    lps.Expr
		want string
	}{
		{app(lam, b.num(N, 4)), "5"},
		{lam, "lambda x: Nat. x + 1"},
		{app(upd(lam, b.num(N, 2), b.num(N, 7)), b.num(N, 2)), "7"},
		{app(upd(lam, b.num(N, 2), b.num(N, 7)), b.num(N, 3)), "4"},
		{upd(upd(lam, b.num(N, 5), b.num(N, 0)), b.num(N, 2), b.num(N, 7)), "(lambda x: Nat. x + 1)[5 -> 0][2 -> 7]"},
		{upd(lam, b.num(N, 2), b.num(N, 3)), "lambda x: Nat. x + 1"},
	}
	r := b.rewriter(t)
	for _, tc := range tests {
		if got := nf(t, r, tc.e); got != tc.want {
			t.Errorf("%s: got %s, want %s", r.String(r.Translate(tc.e)), got, tc.want)
		}
	}
}
