package check

import (
	"strings"
	"testing"
)

const multiActionSpec = `sort Acc = struct A | B;
act  withdraw: Acc # Bool; pay: Nat; c;
proc P(n: Nat) = pay(n) . P() + withdraw(A, n < 2) . P(n = n + 1) + c . P();
init P(0);
`

// TestParseMultiActions: -m's multi-actions are checked against the
// action declarations as mCRL2's lps2lts checks them (it refuses each of
// the bad ones below, "Multi-action ... does not exist"), with the
// position of the fault in the text.
func TestParseMultiActions(t *testing.T) {
	spec := mustParse(t, multiActionSpec)
	list, err := ParseMultiActions(spec, "-m", "withdraw(A, true)|pay(1), tau, c")
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 3 || len(list[0]) != 2 || len(list[1]) != 0 || len(list[2]) != 1 {
		t.Fatalf("got %d multi-actions: %v", len(list), list)
	}
	if arg := list[0][1].Args[0]; arg.Sort() != spec.SortTable.Nat {
		t.Errorf("pay(1): the argument has sort %v, want Nat (pay's)", arg.Sort())
	}
	for _, c := range []struct{ src, want string }{
		{"withdraw(A, 3", "-m:1:14: syntax error"},
		{"withdraw(A, 3)", "-m:1:13: sort mismatch: expected Bool, found Pos"},
		{"foo", "-m:1:1: unknown action foo"},
		{"pay(1) | foo", "-m:1:10: unknown action foo"},
		{"withdraw(A)", "-m:1:1: wrong number of arguments"},
		{"c(1)", "-m:1:1: wrong number of arguments"},
		{"pay(true)", "-m:1:5: sort mismatch: expected Nat, found Bool"},
		{"pay(-1)", "-m:1:5: sort mismatch: expected Nat, found Int"},
		{"pay(n)", "-m:1:5: unknown identifier n"}, // no parameter is in scope
		{"withdraw(C, true)", "-m:1:10: unknown identifier C"},
		{"withdraw(A, true) @ 3", "-m:1:19: syntax error"},
		{"pay(1),", "-m:1:8: syntax error"},
	} {
		_, err := ParseMultiActions(spec, "-m", c.src)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: got error %v, want %q...", c.src, err, c.want)
		}
	}
}
