package lpsgen

import (
	"testing"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/load"
)

// TestRenameApartShares: a summand whose sum variable clashes with a
// parameter gets a renamed copy of the expressions that mention it, and
// shares the ones that do not; a summand with no clash, and the input
// spec, are left as they were.
func TestRenameApartShares(t *testing.T) {
	spec, err := load.Text("rename.lps", []byte(`act a: Nat # Nat;
proc P(x, y: Nat) = sum x: Nat. (x < 2 && y < 3) -> a(x, y + 1) . P(y = y + x)
  + (y < 3) -> a(y, y + 1) . P(y = y + 1);
init P(0, 0);
`))
	if err != nil {
		t.Fatal(err)
	}
	clash, plain := spec.Summands[0], spec.Summands[1]
	cond, args := clash.Cond, clash.Actions[0].Args
	out := renameApart(spec)
	if out == spec || out.Summands[1] != plain {
		t.Fatalf("renameApart copied the spec %v, the summand without a clash %v", out != spec, out.Summands[1] != plain)
	}
	s := out.Summands[0]
	if s == clash || s.SumVars[0] == clash.SumVars[0] {
		t.Fatal("the clashing sum variable was not renamed")
	}
	if clash.Cond != cond || clash.Actions[0].Args[0] != args[0] || clash.SumVars[0].Name != "x" {
		t.Error("renameApart changed its input")
	}
	// a(x, y + 1): x is renamed, y + 1 is shared.
	got := s.Actions[0].Args
	if ref, ok := got[0].(*lps.VarRef); !ok || ref.Var != s.SumVars[0] {
		t.Errorf("the action's x is %v, want the renamed sum variable", got[0])
	}
	if got[1] != args[1] {
		t.Error("y + 1, which names no renamed variable, was copied")
	}
	// x < 2 && y < 3: the conjunction is new, its right side shared.
	c, ok := s.Cond.(*lps.App)
	if !ok || c == cond {
		t.Fatalf("the condition %v was not renamed", s.Cond)
	}
	if c.Args[1] != cond.(*lps.App).Args[1] {
		t.Error("y < 3 was copied")
	}
}
