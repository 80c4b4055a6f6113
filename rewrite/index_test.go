package rewrite_test

import (
	"math/big"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/rewrite"
)

// TestRuleIndex checks that indexing a symbol's equations by the head of
// one argument keeps mCRL2's first-match order, including rules with a
// variable at the indexed position placed between constructor rules, and
// that wildcard variables (used once, not on the right) match anything.
func TestRuleIndex(t *testing.T) {
	const src = `sort E = struct e0 | e1 | e2 | e3 | e4;
map  C: E # Nat # Nat -> Nat;
     D: E # Nat -> Nat;
var  e: E; x, y: Nat;
eqn  C(e, x, x) = x;
     C(e0, x, y) = x;
     C(e1, x, y) = y;
     C(e2, x, y) = x + y;
     C(e, x, y) = 100;
     C(e3, x, y) = 7;
     C(e4, x, y) = x * y;
     D(e0, x) = 0;
     D(e1, x) = 1;
     D(e, 5) = 55;
     D(e2, x) = 2;
     D(e3, x) = 3;
     D(e4, x) = 4;
act  a: Nat;
proc P(n: Nat) = sum e: E. a(C(e, n, 3)) . P(n = D(e, n));
init P(1);
`
	spec, err := load.Text("index.lps", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r, err := rewrite.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	var e, x *lps.Var
	for _, v := range spec.Summands[0].SumVars {
		e = v
	}
	x = spec.Params[0]
	act := r.Translate(spec.Summands[0].Actions[0].Args[0])
	next := r.Translate(spec.Summands[0].Assignments[0].Value)
	// C(e, n, 3) for n = 3 and n = 2; D(e, n) for n = 5 and n = 2.
	want := map[string]string{
		"e0": "3 2 0 0",
		"e1": "3 3 1 1",
		"e2": "3 5 55 2",
		"e3": "3 100 55 3",
		"e4": "3 100 55 4",
	}
	vals, ok := r.Values(e.S, 10)
	if !ok || len(vals) != 5 {
		t.Fatalf("values of E: %v %v", vals, ok)
	}
	nat := func(v int64) rewrite.Term {
		n, err := r.Rewrite(r.Translate(&lps.Number{Value: big.NewInt(v), S: x.S}), nil)
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	cases := []struct {
		term rewrite.Term
		n    int64
	}{{act, 3}, {act, 2}, {next, 5}, {next, 2}}
	for _, val := range vals {
		name := string(r.AppendString(nil, val))
		var got []byte
		for i, c := range cases {
			s := r.NewSubst()
			s.Set(r.VarTerm(e), val)
			s.Set(r.VarTerm(x), nat(c.n))
			res, err := r.Rewrite(c.term, s)
			if err != nil {
				t.Fatal(err)
			}
			if i > 0 {
				got = append(got, ' ')
			}
			got = r.AppendString(got, res)
		}
		if string(got) != want[name] {
			t.Errorf("%s: got %q, want %q", name, got, want[name])
		}
	}
}
