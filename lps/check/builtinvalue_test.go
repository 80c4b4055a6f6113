package check

import (
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
)

// TestBuiltinAsValue: a built-in function named without arguments is a
// value of a function sort, as mCRL2's txt2lps reads it (lpspp prints
// mcrl22lps -f's arbitrary Pos -> Nat as Pos2Nat): its overload is the
// one a call with arguments of that sort's domain has; a conversion has
// one sort and needs no context. Where no call has the sort, it stays an
// error.
func TestBuiltinAsValue(t *testing.T) {
	s := mustParse(t, `act a: Bool;
proc P(f: Pos -> Nat, g: Nat # Nat -> Nat) = a(Pos2Nat == f) . P(f = Pos2Nat, g = max);
init P(Pos2Nat, min);
`)
	for _, c := range []struct {
		name, want string
	}{{"f", "Pos2Nat: Pos -> Nat"}, {"g", "max: Nat # Nat -> Nat"}} {
		ref, ok := assigned(t, s, 0, c.name).(*lps.FuncRef)
		if !ok {
			t.Fatalf("%s: %T, want a function", c.name, assigned(t, s, 0, c.name))
		}
		if got := ref.Func.Name + ": " + ref.Func.Sort.String(); got != c.want || ref.Func.Kind != lps.FuncBuiltin || ref.Func.Op == 0 {
			t.Errorf("%s = %s, want the built-in %s", c.name, got, c.want)
		}
	}
	eq := s.Summands[0].Actions[0].Args[0].(*lps.App)
	if l := eq.Args[0].(*lps.FuncRef); l.Func.Sort.String() != "Pos -> Nat" {
		t.Errorf("Pos2Nat without context: %s", l.Func.Sort)
	}
	for _, src := range []string{
		"act a;\nproc P(f: Pos -> Bool) = a . P(f = Pos2Nat);\ninit P(Pos2Nat);\n",
		"act a;\nproc P(f: Pos -> Nat) = a . P(f = max);\ninit P(max);\n",
		"act a;\nproc P(f: Pos) = a . P(f = head);\ninit P(1);\n",
	} {
		if _, err := parseText("t.lps", []byte(src)); err == nil || !strings.Contains(err.Error(), "must be applied to arguments") {
			t.Errorf("%q: %v, want the built-in refused", src, err)
		}
	}
}
