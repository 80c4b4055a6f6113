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

// TestSymSlots: the rewriter's slots in front of cmpSym's and opSymN's
// maps give the shared table's symbol for every key, also where many keys
// share a slot and push each other out, and keep the two kinds of key
// apart (a comparison on Nat is not the operation of result Nat).
func TestSymSlots(t *testing.T) {
	b := newIRB()
	r := b.rewriter(t)
	symSlots := len(r.symSlots)
	var sorts []*lps.Sort
	for range 3 * symSlots {
		sorts = append(sorts, &lps.Sort{Kind: lps.SortNat})
	}
	ops := []lps.Op{lps.OpEq, lps.OpLt, lps.OpAdd}
	for round := range 2 {
		for _, s := range sorts {
			for _, op := range ops {
				if got, want := r.cmpSym(op, s), r.shared.cmpSym(op, s); got != want {
					t.Fatalf("round %d: cmpSym(%s) = %p, the shared table's %p", round, op, got, want)
				}
				for arity := 1; arity <= 2; arity++ {
					got, want := r.opSymN(op, s, arity), r.shared.opSymN(op, s, arity)
					if got != want {
						t.Fatalf("round %d: opSymN(%s, %d) = %p, the shared table's %p", round, op, arity, got, want)
					}
					if got == r.cmpSym(op, s) || got.arity != arity || got.res != s {
						t.Fatalf("round %d: opSymN(%s, %d) is %+v", round, op, arity, got)
					}
				}
			}
		}
	}
	full := 0
	for _, slot := range r.symSlots {
		if slot.f != nil {
			full++
		}
	}
	if full < symSlots/2 {
		t.Errorf("%d of %d slots used for %d keys", full, symSlots, len(sorts)*len(ops)*3)
	}
}
