package rewrite

import (
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
)

// TestLibraryTable: every operator of the IR (those with a name, up to
// the first without) has its evaluator in the one table (library.go),
// so none is evaluated by a switch elsewhere.
func TestLibraryTable(t *testing.T) {
	n := 0
	for op := lps.OpTrue; !strings.HasPrefix(op.String(), "Op("); op++ {
		n++
		if int(op) >= len(library) || library[op].anySort == nil && !library[op].overloaded {
			t.Errorf("%s (%d) has no evaluator", op, op)
		}
	}
	if n < int(lps.OpIsNotAnUpdate) {
		t.Errorf("only %d operators have names", n)
	}
}

// TestFreshVar: fresh variables are new each time and keep their prefix.
func TestFreshVar(t *testing.T) {
	b := newIRB()
	r := b.rewriter(t)
	f1, f2 := r.freshVar("y", b.Nat), r.freshVar("y", b.Nat)
	if f1 == f2 || r.String(f1)[0] != 'y' || r.Sort(f1) != b.Nat {
		t.Errorf("fresh variables %s, %s", r.String(f1), r.String(f2))
	}
}
