package rewrite_test

import (
	"math/big"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/rewrite"
)

// TestLazyCaseFunction: the arguments of a case function that the
// applied equation does not use are not rewritten (an argument that does
// not terminate is harmless unless it is selected), and the normal forms
// and the first-match order of the equations are those of innermost
// rewriting: the equation C(e, x, x) = x still comes first, also before a
// conditional equation.
func TestLazyCaseFunction(t *testing.T) {
	const src = `sort E = struct e0 | e1 | e2;
map  C: E # Nat # Nat -> Nat;
     loop: Nat -> Nat;
var  e: E; x, y, n: Nat;
eqn  loop(n) = loop(n + 1);
     C(e, x, x) = x;
     x > 10 -> C(e0, x, y) = 0;
     C(e0, x, y) = x;
     C(e1, x, y) = y;
     C(e2, x, y) = x + y;
act  a: Nat;
proc P(m: Nat) = sum e: E. a(C(e1, loop(m), 3)) | a(C(e, 2, 1 + 1)) | a(C(e, 2, 3)) | a(C(e0, 20, 20))
       | a(C(e0, 20, m)) | a(C(e0, 5, 6)) | a(C(e2, m, m)) | a(C(e, m, 4)) | a(C(e0, loop(m), 4)) . P(m = m);
init P(1);
`
	spec, err := load.Text("lazy.lps", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r, err := rewrite.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	r.SetLimits(2000, 1<<20)
	m := spec.Params[0]
	s := r.NewSubst()
	n, err := r.Rewrite(r.Translate(&lps.Number{Value: big.NewInt(21), S: m.S}), nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Set(r.VarTerm(m), n)
	want := []string{"3", "2", "C(e, 2, 3)", "20", "0", "5", "21", "C(e, 21, 4)", ""}
	for i, a := range spec.Summands[0].Actions {
		got, err := r.Rewrite(r.Translate(a.Args[0]), s)
		if want[i] == "" {
			if err == nil || !strings.Contains(err.Error(), "does not terminate") {
				t.Errorf("action %d: got %s, %v; want an error: the selected argument does not terminate", i, r.AppendString(nil, got), err)
			}
			continue
		}
		if err != nil {
			t.Errorf("action %d: %v", i, err)
			continue
		}
		if s := string(r.AppendString(nil, got)); s != want[i] {
			t.Errorf("action %d: got %s, want %s", i, s, want[i])
		}
	}
}
