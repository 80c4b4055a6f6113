package check

import (
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
)

func TestParseExpr(t *testing.T) {
	spec, err := parseText("m.lps", []byte(`sort D = struct d1 | d2;
map f: Nat -> Nat;
var n: Nat;
eqn f(n) = n + 1;
act a;
proc P(n: Nat, y: Int, d: D, b: Bool) = a . P();
init P(0, -1, d1, true);
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ src, sort, err string }{
		{src: "n", sort: "Nat"},
		{src: "(n + 3 * y) mod 17", sort: "Nat"}, // Int mod Pos is Nat, as in mCRL2
		{src: "n - 3 * y", sort: "Int"},
		{src: "f(n) + if(b, 1, 0)", sort: "Nat"},
		{src: "n / 2", sort: "Real"},
		{src: "d", sort: "D"},
		{src: "n + m", err: "--sweep:1:5: "},
		{src: "n +", err: "--sweep:1:4: syntax error"},
		{src: "n n", err: "--sweep:1:3: syntax error"},
	} {
		e, err := ParseExpr(spec, "--sweep", tc.src)
		if tc.err != "" {
			if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
				t.Errorf("%q: error %v, want prefix %q", tc.src, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.src, err)
			continue
		}
		if got := string(lps.AppendSort(nil, e.Sort())); got != tc.sort {
			t.Errorf("%q: sort %s, want %s", tc.src, got, tc.sort)
		}
	}
}
