package rewrite

import (
	"math"
	"math/big"
	"math/rand"
	"sync"
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
	// Each operator with its oracle, math/big's operation (Euclidean
	// division, as mCRL2's div and mod on a Pos divisor).
	ops := []struct {
		op   lps.Op
		want func(z, x, y *big.Int) *big.Int
	}{
		{lps.OpAdd, (*big.Int).Add}, {lps.OpSub, (*big.Int).Sub}, {lps.OpMul, (*big.Int).Mul},
		{lps.OpDiv, (*big.Int).Div}, {lps.OpMod, (*big.Int).Mod},
	}
	for i := 0; i < 3000; i++ {
		x, y := pick(), pick()
		c := ops[rng.Intn(len(ops))]
		op := c.op
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
		want := c.want(new(big.Int), big.NewInt(x), big.NewInt(y))
		if got != want.String() {
			t.Fatalf("%d %s %d: got %s, want %s", x, op, y, got, want)
		}
	}
}

// TestSmallIntsAreTheStoresTerms: the small numbers a rewriter keeps are
// the term store's own terms, for more sorts than it keeps numbers of,
// in a clone too (which shares the store and keeps numbers of its own).
func TestSmallIntsAreTheStoresTerms(t *testing.T) {
	b := newIRB()
	r, err := New(b.spec)
	if err != nil {
		t.Fatal(err)
	}
	sorts := []*lps.Sort{b.Pos, b.Nat, b.Int, {Kind: lps.SortNat}, {Kind: lps.SortInt}, b.Nat}
	for _, rw := range []*Rewriter{r, r.Clone()} {
		for _, s := range sorts {
			for x := int64(0); x < smallIntLimit+10; x++ {
				got := rw.mkInt(s, x)
				want := r.st.intern(&key{kind: kNum, sort: s, val: x})
				if got != want || rw.mkInt(s, x) != got {
					t.Fatalf("mkInt(%v, %d) = %d, the store has %d", s.Kind, x, got, want)
				}
			}
		}
	}
}

// TestConcurrentInterning: goroutines interning the same numbers at once,
// through lookups without a lock and while the shards' tables grow, get
// one term per number (run with -race in CI's parallel tests).
func TestConcurrentInterning(t *testing.T) {
	b := newIRB()
	r, err := New(b.spec)
	if err != nil {
		t.Fatal(err)
	}
	const n, workers = 20000, 4
	before := r.st.size()
	got := make([][]Term, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for x := range int64(n) {
				y := x
				if w%2 == 1 {
					y = n - 1 - x // the other end first
				}
				got[w] = append(got[w], r.st.intern(&key{kind: kNum, sort: b.Nat, val: smallIntLimit + y}))
			}
		}()
	}
	wg.Wait()
	for w := 1; w < workers; w++ {
		for x := range n {
			y := x
			if w%2 == 1 {
				y = n - 1 - x
			}
			if got[w][x] != got[0][y] {
				t.Fatalf("worker %d: number %d is term %d, worker 0 made %d", w, y, got[w][x], got[0][y])
			}
		}
	}
	if made := r.st.size() - before; made != n {
		t.Errorf("%d numbers made %d terms", n, made)
	}
}
