package rewrite

import (
	"math"
	"math/big"
	"math/rand"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
)

// TestArithmeticAgainstBig compares Int arithmetic (machine-word fast
// paths and big fallbacks) with math/big on random and extreme operands.
func TestArithmeticAgainstBig(t *testing.T) {
	b := newIRB()
	I, P := b.Int, b.Pos
	r := b.rewriter(t)
	rng := rand.New(rand.NewSource(1))
	special := []int64{0, 1, -1, 2, -2, math.MaxInt64, math.MinInt64 + 1, math.MaxInt64 / 2, 1 << 32, -(1 << 32), 3037000499}
	pick := func() int64 {
		if rng.Intn(3) == 0 {
			return special[rng.Intn(len(special))]
		}
		return rng.Int63n(1<<40) - 1<<39
	}
	ops := []lps.Op{lps.OpAdd, lps.OpSub, lps.OpMul, lps.OpDiv, lps.OpMod}
	for i := 0; i < 3000; i++ {
		x, y := pick(), pick()
		op := ops[rng.Intn(len(ops))]
		yS, res := I, I
		if op == lps.OpDiv || op == lps.OpMod {
			if y <= 0 {
				y = 1 - y/2
				if y <= 0 {
					y = 7
				}
			}
			yS = P
			if op == lps.OpMod {
				res = b.Nat
			}
		}
		e := b.op(op, res, b.num(I, x), b.num(yS, y))
		got := nf(t, r, e)
		bx, by := big.NewInt(x), big.NewInt(y)
		want := new(big.Int)
		switch op {
		case lps.OpAdd:
			want.Add(bx, by)
		case lps.OpSub:
			want.Sub(bx, by)
		case lps.OpMul:
			want.Mul(bx, by)
		case lps.OpDiv:
			want.Div(bx, by)
		case lps.OpMod:
			want.Mod(bx, by)
		}
		if got != want.String() {
			t.Fatalf("%d %s %d: got %s, want %s", x, op, y, got, want)
		}
	}
}
