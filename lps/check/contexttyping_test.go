package check

import (
	"os"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
)

// The text mCRL2's lpspp prints of
//
//	act a: Nat; b: Pos; c: Nat;
//	proc P(i: Nat) = (i < 3) -> a(if(i == 0, 0, if(i == 1, 5, [] . i))) .
//	    b(if(i == 0, 2, [] . i)) . c(if(i == 0, 0, [] . i)) . P(i + 1);
//	init P(0);
//
// linearised by mcrl22lps; txt2lps accepts it. The element of the empty
// list takes its sort from the context, as in the binary files of
// mcrl22lps and of txt2lps (read back with their sorts): [] is a
// List(Nat) in c's argument, a List(Pos) in b's and, beside the Pos 5, in
// a's.
func TestEmptyListElementTypedByContext(t *testing.T) {
	src, err := os.ReadFile("testdata/emptylistelem.txt")
	if err != nil {
		t.Fatal(err)
	}
	s := mustParse(t, string(src))
	st := s.SortTable
	for _, c := range []struct {
		summand int
		elem    *lps.Sort
	}{{0, st.Nat}, {1, st.Pos}, {2, st.Pos}} {
		at := findElementAt(s.Summands[c.summand].Actions[0].Args[0])
		if at == nil {
			t.Fatalf("summand %d: no [] . i_P in %s", c.summand, lps.FormatExpr(s.Summands[c.summand].Actions[0].Args[0]))
		}
		list, ok := at.Args[0].(*lps.FuncRef)
		if !ok || list.Func.Op != lps.OpEmptyList || list.Func.Sort != st.List(c.elem) || at.S != c.elem {
			t.Errorf("summand %d: [] . i_P typed %s : %v, want [] : List(%v)", c.summand, lps.FormatExpr(at), at.S, c.elem)
		}
	}
}

// findElementAt returns the first l . n in e (depth first), or nil.
func findElementAt(e lps.Expr) *lps.App {
	a, ok := e.(*lps.App)
	if !ok {
		return nil
	}
	if f := headFunc(a); f != nil && f.Op == lps.OpElementAt {
		return a
	}
	for _, arg := range a.Args {
		if at := findElementAt(arg); at != nil {
			return at
		}
	}
	return nil
}

// A comparison types a numeric operand that is not a literal on its own,
// as mCRL2's type checker does: txt2lps and mcrl22lps both write n < n + 1
// (n: Nat) as n < Pos2Nat(n + 1) with + : Nat # Pos -> Pos (read back from
// their binary files), and n < 1 with a Nat numeral.
func TestComparedOperandTypedOnItsOwn(t *testing.T) {
	s := mustParse(t, `act b: Bool;
proc P(n: Nat) = b(n < n + 1) . P(n = n)
     + b(n < 1) . P(n = n)
     + delta;
init P(0);
`)
	st := s.SortTable
	cmp := s.Summands[0].Actions[0].Args[0].(*lps.App)
	conv, ok := cmp.Args[1].(*lps.App)
	if !ok || !conv.Implicit || headFunc(conv).Op != lps.OpPos2Nat {
		t.Fatalf("n < n + 1: the right operand is %s, want the implicit Pos2Nat of a Pos sum", lps.FormatExpr(cmp.Args[1]))
	}
	if add := headFunc(conv.Args[0]); add.Op != lps.OpAdd || add.Sort != st.Func([]*lps.Sort{st.Nat, st.Pos}, st.Pos) {
		t.Errorf("n + 1 in n < n + 1: %v : %v, want + : Nat # Pos -> Pos", add, add.Sort)
	}
	if num, ok := s.Summands[1].Actions[0].Args[0].(*lps.App).Args[1].(*lps.Number); !ok || num.S != st.Nat {
		t.Errorf("n < 1: the numeral is not a Nat")
	}
}
