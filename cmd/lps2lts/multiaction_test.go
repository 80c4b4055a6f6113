package main

import (
	"strings"
	"testing"
)

const multiActionModel = `sort Acc = struct A | B;
act  withdraw: Acc # Bool; pay: Nat; c;
proc P(s: Pos, n: Nat) =
       (s == 2) -> c . P(s = 1)
     + (s == 1) -> pay(n) . P(s = 2)
     + (s == 1) -> withdraw(A, n < 2) . P(n = n + 1)
     + delta;
init P(1, 0);
`

// TestMultiActionChecked: -m is type-checked against the specification
// before the search, as mCRL2's lps2lts does (which refuses each bad one
// below with "Multi-action ... does not exist"; it exits 1, we exit 2, our
// status for a bad command line). A good one matches the label its
// normal form prints as: pay(0 + 1) is the label pay(1).
func TestMultiActionChecked(t *testing.T) {
	_, in := writeModel(t, multiActionModel)
	for _, c := range []struct{ m, want string }{
		{"withdraw(A, 3", "lps2lts: -m:1:14: syntax error"},
		{"withdraw(A, 3)", "lps2lts: -m:1:13: sort mismatch: expected Bool, found Pos"},
		{"withdraw(A)", "lps2lts: -m:1:1: wrong number of arguments"},
		{"pay(1),foo", "lps2lts: -m:1:8: unknown action foo"},
		{"pay(true)", "lps2lts: -m:1:5: sort mismatch: expected Nat, found Bool"},
	} {
		code, _, stderr := lps2ltsLPS("-l10", "-m", c.m, in)
		if code != 2 || !strings.HasPrefix(stderr, c.want) {
			t.Errorf("-m %q: exit %d, stderr %q; want exit 2 and %q...", c.m, code, stderr, c.want)
		}
	}
	for _, c := range []struct{ m, want string }{
		{"withdraw(A, true)", "Action 'withdraw(A, true)' found (state index: 0)."},
		{"pay(0 + 1)", "Action 'pay(1)' found (state index: 2)."},
		{"tau, c", "Action 'c' found (state index: 1)."},
	} {
		code, _, stderr := lps2ltsLPS("-l10", "-m", c.m, in)
		if code != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("-m %q: exit %d, stderr %q; want exit 1 and %q", c.m, code, stderr, c.want)
		}
	}
}
