package rewrite_test

import (
	"testing"

	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/rewrite"
)

// TestSetFixed: binding a variable by its place (Slot, SetFixed) is
// binding it by its term: the same rewrites, Get gives the value back.
// Such a binding stays through Clear until the variable is bound again;
// one by Set does not. Slot refuses a term that is not a variable.
func TestSetFixed(t *testing.T) {
	spec, err := load.Text("slot.txt", []byte("act a: Nat;\nproc P(n: Nat, m: Nat) = a(n + m) . P(n = n + 1);\ninit P(1, 2);\n"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := rewrite.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	n, m := r.VarTerm(spec.Params[0]), r.VarTerm(spec.Params[1])
	sum := r.Translate(spec.Summands[0].Actions[0].Args[0])
	two, err := r.Rewrite(r.Translate(spec.Init[1]), nil)
	if err != nil {
		t.Fatal(err)
	}
	byTerm, bySlot := r.NewSubst(), r.NewSubst()
	byTerm.Set(n, two)
	byTerm.Set(m, two)
	bySlot.SetFixed(r.Slot(n), two)
	bySlot.SetFixed(r.Slot(m), two)
	if bySlot.Get(n) != two || bySlot.Get(m) != two {
		t.Fatalf("bound by slot: n = %s, m = %s", r.String(bySlot.Get(n)), r.String(bySlot.Get(m)))
	}
	a, err1 := r.Rewrite(sum, byTerm)
	b, err2 := r.Rewrite(sum, bySlot)
	if err1 != nil || err2 != nil || a != b || r.String(b) != "4" {
		t.Fatalf("n + m: %s by term, %s by slot (%v, %v)", r.String(a), r.String(b), err1, err2)
	}
	// A binding by SetFixed stays through Clear, one by Set does not.
	fixed := r.NewSubst()
	fixed.SetFixed(r.Slot(n), two)
	fixed.Set(m, two)
	fixed.Clear()
	if fixed.Get(n) != two || fixed.Get(m) != 0 {
		t.Errorf("after Clear: n = %s (fixed), m = %s (set)", r.String(fixed.Get(n)), r.String(fixed.Get(m)))
	}
	one, err := r.Rewrite(r.Translate(spec.Init[0]), nil)
	if err != nil {
		t.Fatal(err)
	}
	fixed.SetFixed(r.Slot(n), one)
	fixed.Set(m, two)
	if c, err := r.Rewrite(sum, fixed); err != nil || r.String(c) != "3" {
		t.Errorf("n + m after binding n again: %s (%v)", r.String(c), err)
	}
	defer func() {
		if recover() == nil {
			t.Error("Slot of a sum took no panic")
		}
	}()
	r.Slot(sum)
}
