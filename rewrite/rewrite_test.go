package rewrite

import (
	"testing"

	"github.com/lps2lts/lps2lts/lps"
)

func TestNumbers(t *testing.T) {
	b := newIRB()
	P, N, I, R := b.Pos, b.Nat, b.Int, b.Real
	n := func(s *lps.Sort, v int64) lps.Expr { return b.num(s, v) }
	tests := []struct {
		e    lps.Expr
		want string
	}{
		{b.op(lps.OpAdd, P, n(P, 1), n(P, 2)), "3"},
		{b.op(lps.OpSub, I, n(N, 1), n(N, 4)), "-3"},
		{b.op(lps.OpMul, I, n(I, -3), n(I, 4)), "-12"},
		{b.op(lps.OpDiv, I, n(I, -7), n(P, 2)), "-4"},
		{b.op(lps.OpMod, N, n(I, -7), n(P, 2)), "1"},
		{b.op(lps.OpDiv, N, n(N, 7), n(P, 2)), "3"},
		{b.op(lps.OpMod, N, n(N, 7), n(P, 3)), "1"},
		{b.op(lps.OpExp, P, n(P, 2), n(N, 10)), "1024"},
		{b.op(lps.OpExp, P, n(P, 2), n(N, 100)), "1267650600228229401496703205376"},
		{b.op(lps.OpMul, N, n(N, 1<<40), n(N, 1<<40)), "1208925819614629174706176"},
		{b.op(lps.OpAbs, N, n(I, -5)), "5"},
		{b.op(lps.OpSucc, P, n(N, 0)), "1"},
		{b.op(lps.OpPred, N, n(P, 1)), "0"},
		{b.op(lps.OpPred, I, n(N, 0)), "-1"},
		{b.op(lps.OpMax, P, n(P, 3), n(N, 7)), "7"},
		{b.op(lps.OpMin, N, n(N, 3), n(N, 7)), "3"},
		{b.op(lps.OpInt2Pos, P, n(I, 3)), "3"},
		{b.op(lps.OpNat2Pos, P, n(N, 0)), "Nat2Pos(0)"},
		{b.op(lps.OpNeg, I, n(P, 3)), "-3"},
		{b.op(lps.OpDivide, R, n(P, 1), n(P, 2)), "1 / 2"},
		{b.op(lps.OpDivide, R, n(I, -2), n(P, 4)), "-1 / 2"},
		{b.op(lps.OpDivide, R, n(P, 4), n(P, 2)), "2"},
		{b.op(lps.OpAdd, R, b.op(lps.OpDivide, R, n(P, 1), n(P, 3)), n(R, 1)), "4 / 3"},
		{b.op(lps.OpFloor, I, b.op(lps.OpDivide, R, n(I, -1), n(P, 2))), "-1"},
		{b.op(lps.OpCeil, I, b.op(lps.OpDivide, R, n(I, -1), n(P, 2))), "0"},
		{b.op(lps.OpRound, I, b.op(lps.OpDivide, R, n(I, 1), n(P, 2))), "1"},
		{b.op(lps.OpLt, b.Bool, n(N, 3), n(N, 4)), "true"},
		{b.op(lps.OpGe, b.Bool, n(N, 3), n(N, 4)), "false"},
		{b.op(lps.OpEq, b.Bool, n(N, 3), n(N, 3)), "true"},
		{b.op(lps.OpNeq, b.Bool, n(N, 3), n(N, 3)), "false"},
		{b.op(lps.OpEq, b.Bool, b.op(lps.OpDivide, R, n(P, 2), n(P, 4)), b.op(lps.OpDivide, R, n(P, 1), n(P, 2))), "true"},
	}
	r := b.rewriter(t)
	for _, tc := range tests {
		if got := nf(t, r, tc.e); got != tc.want {
			t.Errorf("%s: got %s, want %s", r.String(r.Translate(tc.e)), got, tc.want)
		}
	}
}

func TestBoolAndIf(t *testing.T) {
	b := newIRB()
	x := b.v("x", b.Bool)
	c := b.v("c", b.Nat)
	tests := []struct {
		e    lps.Expr
		want string
	}{
		{b.op(lps.OpAnd, b.Bool, b.tru(), b.fls()), "false"},
		{b.op(lps.OpAnd, b.Bool, ref(x), b.tru()), "x"},
		{b.op(lps.OpOr, b.Bool, ref(x), b.fls()), "x"},
		{b.op(lps.OpImplies, b.Bool, b.fls(), ref(x)), "true"},
		{b.op(lps.OpNot, b.Bool, b.op(lps.OpNot, b.Bool, ref(x))), "x"},
		{b.op(lps.OpIf, b.Nat, b.tru(), b.num(b.Nat, 1), b.num(b.Nat, 2)), "1"},
		{b.op(lps.OpIf, b.Nat, ref(x), b.num(b.Nat, 1), b.num(b.Nat, 1)), "1"},
		{b.op(lps.OpIf, b.Nat, ref(x), b.num(b.Nat, 1), b.num(b.Nat, 2)), "if(x, 1, 2)"},
		{b.op(lps.OpEq, b.Bool, ref(c), ref(c)), "true"},
		{b.op(lps.OpEq, b.Bool, ref(c), b.num(b.Nat, 2)), "c == 2"},
		{b.op(lps.OpEq, b.Bool, b.tru(), ref(x)), "x"},
		{b.op(lps.OpAnd, b.Bool, b.op(lps.OpLt, b.Bool, ref(c), b.num(b.Nat, 2)), b.op(lps.OpOr, b.Bool, ref(x), b.op(lps.OpNot, b.Bool, ref(x)))), "c < 2 && (x || !x)"},
	}
	r := b.rewriter(t)
	for _, tc := range tests {
		if got := nf(t, r, tc.e); got != tc.want {
			t.Errorf("%s: got %s, want %s", r.String(r.Translate(tc.e)), got, tc.want)
		}
	}
}

func TestStructsAndEquations(t *testing.T) {
	b := newIRB()
	D := b.structSort("D", "d1", nil, "d2", nil)
	F := b.structSort("F", "frame", []*lps.Sort{D, b.Bool}, "e", nil)
	frame := F.Constructors[0]
	d1, d2 := b.app(D.Constructors[0]), b.app(D.Constructors[1])
	// map next: D -> D; eqn next(d1) = d2; next(d2) = d1;
	next := b.mapping("next", b.fn(D, D))
	b.eqn(nil, nil, b.app(next, d1), d2)
	b.eqn(nil, nil, b.app(next, d2), d1)
	// map fib: Nat -> Nat; var n: Nat; eqn fib(0)=0; fib(1)=1; n>1 -> fib(n) = fib(max(n-1)..)
	fib := b.mapping("fib", b.fn(b.Nat, b.Nat))
	n := b.v("n", b.Nat)
	b.eqn(nil, nil, b.app(fib, b.num(b.Nat, 0)), b.num(b.Nat, 0))
	b.eqn(nil, nil, b.app(fib, b.num(b.Nat, 1)), b.num(b.Nat, 1))
	b.eqn([]*lps.Var{n}, b.op(lps.OpGt, b.Bool, ref(n), b.num(b.Nat, 1)), b.app(fib, ref(n)),
		b.op(lps.OpAdd, b.Nat,
			b.app(fib, b.op(lps.OpInt2Nat, b.Nat, b.op(lps.OpSub, b.Int, ref(n), b.num(b.Nat, 1)))),
			b.app(fib, b.op(lps.OpInt2Nat, b.Nat, b.op(lps.OpSub, b.Int, ref(n), b.num(b.Nat, 2))))))
	// non-linear: same(x, x) = true; var x, y: D; same(x, y) = false when x != y
	same := b.mapping("same", b.fn(b.Bool, D, D))
	x, y := b.v("x", D), b.v("y", D)
	b.eqn([]*lps.Var{x}, nil, b.app(same, ref(x), ref(x)), b.tru())
	b.eqn([]*lps.Var{x, y}, b.op(lps.OpNeq, b.Bool, ref(x), ref(y)), b.app(same, ref(x), ref(y)), b.fls())
	// higher order: map plus: Nat -> Nat -> Nat; plus(n)(m) = n + m
	NN := b.fn(b.Nat, b.Nat)
	plus := b.mapping("plus", b.fn(NN, b.Nat))
	m := b.v("m", b.Nat)
	b.eqn([]*lps.Var{n, m}, nil, &lps.App{Head: b.app(plus, ref(n)), Args: []lps.Expr{ref(m)}, S: b.Nat},
		b.op(lps.OpAdd, b.Nat, ref(n), ref(m)))

	tests := []struct {
		e    lps.Expr
		want string
	}{
		{b.app(next, b.app(next, d1)), "d1"},
		{b.app(frame, b.app(next, d1), b.tru()), "frame(d2, true)"},
		{b.op(lps.OpEq, b.Bool, b.app(frame, d1, b.tru()), b.app(frame, d1, b.tru())), "true"},
		{b.op(lps.OpEq, b.Bool, b.app(frame, d1, b.tru()), b.app(frame, d2, b.tru())), "false"},
		{b.op(lps.OpEq, b.Bool, b.app(frame, d1, b.tru()), b.app(F.Constructors[1])), "false"},
		{b.op(lps.OpLt, b.Bool, b.app(frame, d2, b.fls()), b.app(F.Constructors[1])), "true"},
		{b.op(lps.OpLt, b.Bool, b.app(frame, d2, b.fls()), b.app(frame, d1, b.tru())), "false"},
		{b.app(fib, b.num(b.Nat, 20)), "6765"},
		{b.app(same, d1, d1), "true"},
		{b.app(same, d1, d2), "false"},
		{&lps.App{Head: b.app(plus, b.num(b.Nat, 2)), Args: []lps.Expr{b.num(b.Nat, 3)}, S: b.Nat}, "5"},
	}
	r := b.rewriter(t)
	for _, tc := range tests {
		if got := nf(t, r, tc.e); got != tc.want {
			t.Errorf("%s: got %s, want %s", r.String(r.Translate(tc.e)), got, tc.want)
		}
	}
}

func TestNonTermination(t *testing.T) {
	b := newIRB()
	f := b.mapping("f", b.fn(b.Nat, b.Nat))
	n := b.v("n", b.Nat)
	b.eqn([]*lps.Var{n}, nil, b.app(f, ref(n)), b.app(f, b.op(lps.OpSucc, b.Pos, ref(n))))
	r := b.rewriter(t)
	r.SetLimits(1000, 1<<20)
	_, err := r.Rewrite(r.Translate(b.app(f, b.num(b.Nat, 0))), nil)
	if err == nil {
		t.Fatal("no error for a non-terminating rule")
	}
	t.Log(err)
}

func TestRatReadsNumbersOnly(t *testing.T) {
	b := newIRB()
	P, I, R := b.Pos, b.Int, b.Real
	exprs := []lps.Expr{
		b.op(lps.OpAdd, P, b.num(P, 1), b.num(P, 2)),
		b.op(lps.OpNeg, I, b.num(P, 7)),
		b.op(lps.OpDivide, R, b.num(P, 3), b.num(P, 6)),
		b.tru(),
	}
	r := b.rewriter(t)
	for i, want := range []string{"3", "-7", "1/2", ""} {
		v, err := r.Rewrite(r.Translate(exprs[i]), nil)
		if err != nil {
			t.Fatal(err)
		}
		x, ok := r.Rat(v)
		if want == "" {
			if ok {
				t.Errorf("Rat(%s) = %v, want no number", r.String(v), x)
			}
			continue
		}
		if !ok || x.RatString() != want {
			t.Errorf("Rat(%s) = %v, %v; want %s", r.String(v), x, ok, want)
		}
	}
}
