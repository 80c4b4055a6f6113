package lpsgen

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/exploretest"
	"github.com/lps2lts/lps2lts/lps/load"
)

// boundedSum is a one-state LPS whose one summand has n transitions.
func boundedSum(n int) string {
	return fmt.Sprintf("act a: Nat;\nproc P = sum j: Nat. (j < %d) -> a(j) . P;\ninit P;\n", n)
}

// TestBoundedSumLinear: a sum bounded by its condition is enumerated value
// by value, not Peano-style (whose k-th value costs k steps, so that the
// enumeration bound of 2^24 steps gave up after about 5,800 values).
func TestBoundedSumLinear(t *testing.T) {
	r, aut := exploreSource(t, "bounded.lps", boundedSum(100000))
	if r.States != 1 || r.Transitions != 100000 {
		t.Fatalf("%d states, %d transitions", r.States, r.Transitions)
	}
	if !strings.Contains(aut, `(0,"a(99999)",0)`) {
		t.Error(`no a(99999)`)
	}
}

// BenchmarkBoundedSum measures sum j: Nat. j < N for growing N: linear
// in N.
func BenchmarkBoundedSum(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			spec, err := load.Text("bounded.lps", []byte(boundedSum(n)))
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				g, err := New(spec, Options{})
				if err != nil {
					b.Fatal(err)
				}
				if r, _ := exploretest.Aut(b, g, explore.Options{}); r.Transitions != uint64(n) {
					b.Fatalf("%d transitions", r.Transitions)
				}
			}
		})
	}
}

// TestIntervalSumsAsMCRL2: sums bounded by j < e, j <= e, e <= j, j > e,
// j == e and both bounds of an Int, and a sum over two finite sorts,
// give mCRL2's LTS with its state numbers and transition order.
// testdata/sums/intervals.aut is mCRL2's: txt2lps intervals.txt, then
// mCRL2's lps2lts (default options) to .aut.
func TestIntervalSumsAsMCRL2(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "sums", "intervals.txt"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("testdata", "sums", "intervals.aut"))
	if err != nil {
		t.Fatal(err)
	}
	_, aut := exploreSource(t, "intervals.txt", string(src))
	// The headers differ in padding only.
	body := func(s string) []string { return strings.Split(strings.TrimSpace(s), "\n")[1:] }
	got, exp := body(aut), body(string(want))
	if len(got) != len(exp) {
		t.Fatalf("%d transitions, mCRL2 %d", len(got), len(exp))
	}
	for i := range got {
		if got[i] != exp[i] {
			t.Fatalf("transition %d: %s, mCRL2 %s", i+1, got[i], exp[i])
		}
	}
}

// TestGoback: mCRL2's academic/goback (sum j: Pos. j <= i + 1 && j <=
// 1000), as mcrl22lps linearises it and lpspp prints it, has mCRL2's
// figures, 1,000 states and 501,499 transitions (its lps2lts); it took
// 23 s of CPU when each state's sum was enumerated Peano-style.
func TestGoback(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("testdata", "sums", "goback.txt"))
	if err != nil {
		t.Fatal(err)
	}
	r, _ := exploreSource(t, "goback.txt", string(src))
	if r.States != 1000 || r.Transitions != 501499 {
		t.Fatalf("%d states, %d transitions; mCRL2: 1000, 501499", r.States, r.Transitions)
	}
}

// TestRealProductWithZeroFactor: a Real product with a zero factor is
// zero whatever the other factor (mCRL2's r * 0 = 0 and 0 * r = 0), so
// the values of i and k beyond their bounds are pruned once one factor is
// 0, as in the initial distribution of mCRL2's 5_paylines_game_spec.
func TestRealProductWithZeroFactor(t *testing.T) {
	src := `act a: Nat # Nat;
proc P = sum i, k: Nat. !(if(i < 3, 1 / 3, 0) * if(k < 2, 1 / 2, 0) == 0) -> a(i, k) . P;
init P;
`
	r, aut := exploreSource(t, "product.lps", src)
	if r.Transitions != 6 {
		t.Fatalf("%d transitions:\n%s", r.Transitions, aut)
	}
}
