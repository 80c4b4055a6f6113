package check

import "github.com/lps2lts/lps2lts/lps"
import "testing"

// TestExpSorts: exp takes the overload of its context's sort, as mCRL2's
// type checker picks it: exp(succ(1), -1) as a Real is exp: Real # Int ->
// Real, exp(succ(1), 2) as an Int is exp: Int # Nat -> Int.
func TestExpSorts(t *testing.T) {
	s := mustParse(t, `act r: Real; i: Int;
proc P =
       r(exp(succ(1), -1)) . P()
     + r(exp(succ(1), 2)) . P()
     + i(exp(succ(1), 2)) . P();
init P;
`)
	st := s.SortTable
	want := []*lps.Sort{
		st.Func([]*lps.Sort{st.Real, st.Int}, st.Real),
		st.Func([]*lps.Sort{st.Real, st.Int}, st.Real),
		st.Func([]*lps.Sort{st.Int, st.Nat}, st.Int),
	}
	for i, w := range want {
		e := s.Summands[i].Actions[0].Args[0]
		if f := headFunc(e); f == nil || f.Op != lps.OpExp || f.Sort != w {
			t.Errorf("%s: got %v, want exp: %v", lps.FormatExpr(e), f, w)
		}
	}
}
