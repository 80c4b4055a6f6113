package check

import "github.com/lps2lts/lps2lts/lps"
import "testing"

// TestCountSorts: mCRL2's type checker unifies count's element sort with
// the bag's only for a Bag. With an FBag each argument keeps its own sort
// (count(14, {0: 9}) is count: Pos # FBag(Nat) -> Nat); with a Bag the
// element is converted to the least common sort.
func TestCountSorts(t *testing.T) {
	s := mustParse(t, `act a: Nat;
proc P(n: Nat, fb: FBag(Nat)) =
       a(count(14, {10: 5, 0: 9})) . P()
     + a(count(n, {1: 2})) . P()
     + a(count(14, fb)) . P()
     + a(count(n, fb)) . P()
     + a(count(14, Set2Bag({0}))) . P()
     + a(count(0, {0: 2})) . P();
init P(0, {:});
`)
	st := s.SortTable
	fbNat, fbPos := st.FBag(st.Nat), st.FBag(st.Pos)
	want := []*lps.Sort{
		st.Func([]*lps.Sort{st.Pos, fbNat}, st.Nat),
		st.Func([]*lps.Sort{st.Nat, fbPos}, st.Nat),
		st.Func([]*lps.Sort{st.Pos, fbNat}, st.Nat),
		st.Func([]*lps.Sort{st.Nat, fbNat}, st.Nat),
		st.Func([]*lps.Sort{st.Nat, st.Bag(st.Nat)}, st.Nat),
		st.Func([]*lps.Sort{st.Nat, fbNat}, st.Nat),
	}
	for i, w := range want {
		e := s.Summands[i].Actions[0].Args[0]
		if f := headFunc(e); f == nil || f.Op != lps.OpBagCount || f.Sort != w {
			t.Errorf("%s: got %v, want count: %v", lps.FormatExpr(e), f, w)
		}
	}
}
