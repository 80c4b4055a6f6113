package rewrite_test

import (
	"path/filepath"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
)

// TestMCRL2Functions: the set, bag and function update libraries'
// internal functions (@set, @fset_union, @fbag_join, @and_, @not_, ...,
// mcrl2sets.go and mcrl2functions.go) as mcrl22lps leaves them in a
// binary file. testdata/mcrl2funcs.lps is testdata/mcrl2funcs.mcrl2
// through mCRL2's mcrl22lps; each summand b -> ai(e) is rewritten in the
// initial state (b = true, n = 1), and the wanted labels are those of
// mCRL2's lps2lts on the same file.
func TestMCRL2Functions(t *testing.T) {
	cases := []struct{ action, source, want string }{
		{"a0", "{x: Nat | x > n} + {n}", "{ x1: Nat | (lambda x: Nat. 1 < x)(x1) != x1 in {1} }"},
		{"a1", "{x: Nat | x > n} * {n, 4}", "{4}"},
		{"a2", "!{n} - {x: Nat | x < n}", "{ x1: Nat | @not_(lambda x: Nat. x < 1)(x1) != x1 in {1} }"},
		{"a3", "{n} + {2}", "{1, 2}"},
		{"a4", "{n, 3} * {3}", "{3}"},
		{"a5", "{n, 3} - {3}", "{1}"},
		{"a6", "{n: 2} + {3: 1}", "{1: 2, 3: 1}"},
		{"a7", "{n: 2, 3: 4} * {3: 1}", "{3: 1}"},
		{"a8", "{n: 2, 3: 4} - {3: 1}", "{1: 2, 3: 3}"},
		{"a9", "Set2Bag(!{n}) + {2: 3}", "{ x: Nat | @swap_zero(1, count(x, {1: 1, 2: 4})) }"},
		{"a10", "Set2Bag(!{n}) * {2: 3}", "{2: 1}"},
		{"a11", "Set2Bag(!{n}) - {2: 3}", "{ x: Nat | @swap_zero(1, count(x, {1: 1, 2: 1})) }"},
		{"a12", "Bag2Set({n: 2, 3: 1})", "{1, 3}"},
		{"a13", "Set2Bag({n, 5})", "{1: 1, 5: 1}"},
		{"a14", "{n, 3} + {2}", "{1, 2, 3}"},
		{"a15", "{n, 3} * {3}", "{3}"},
		{"a16", "{n, 3} - {3}", "{1}"},
		{"a17", "{n: 2} + {3: 1}", "{1: 2, 3: 1}"},
		{"a18", "{n: 2, 3: 4} * {3: 1}", "{3: 1}"},
		{"a19", "{n: 2, 3: 4} - {3: 1}", "{1: 2, 3: 3}"},
		{"a20", "n in {x: Nat | x > n}", "false"},
		{"a21", "n in !{n}", "false"},
		{"a22", "count(n, Set2Bag(!{n}) + {n: 3})", "3"},
		{"a23", "{n} <= {x: Nat | x < 5}", "true"},
		{"a24", "{n} == {x: Nat | x == n}", "true"},
		{"a25", "Set2Bag({n}) == {n: 1}", "true"},
		{"a26", "(lambda x: Nat. x + n)[n -> 3](n)", "3"},
		{"a27", "(lambda x: Nat. x)[n -> 3][2 -> n]", "(lambda x: Nat. x)[2 -> 1][1 -> 3]"},
		{"a28", "(lambda x: Nat. x)[n -> 3] == (lambda x: Nat. x)", "false"},
		{"a29", "{x: Nat | x < n} + !{x: Nat | x > n}", "{ x1: Nat | @or_(lambda x: Nat. x < 1, @not_(lambda x: Nat. 1 < x))(x1) }"},
		{"a30", "!{b} * {true, false}", "{false}"},
		{"a31", "{true: n, false: 2} + Set2Bag(!{b})", "{ x: Bool | @swap_zero(1, count(x, {false: 3})) }"},
		{"a32", "{n} + {}", "{1}"},
	}
	spec, r, s := atInitialState(t, filepath.Join("testdata", "mcrl2funcs.lps"))
	byAction := map[string]lps.Expr{}
	for _, sm := range spec.Summands {
		if len(sm.Actions) == 1 && len(sm.Actions[0].Args) == 1 {
			byAction[sm.Actions[0].Decl.Name] = sm.Actions[0].Args[0]
		}
	}
	for _, c := range cases {
		e, ok := byAction[c.action]
		if !ok {
			t.Errorf("%s (%s): no such summand", c.action, c.source)
			continue
		}
		got, err := r.Rewrite(r.Translate(e), s)
		if err != nil {
			t.Errorf("%s: %v", c.source, err)
			continue
		}
		if str := r.String(got); str != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.source, str, c.want)
		}
	}
}
