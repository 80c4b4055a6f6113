package mcrl2

import (
	"os"
	"regexp"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
)

// TestSigMatch: a signature of the .spec files matches the sorts of its
// instances, binding S (and T) to one sort throughout, and no other.
func TestSigMatch(t *testing.T) {
	st := lps.NewSortTable()
	nat, pos, b := st.Nat, st.Pos, st.Bool
	fn := func(dom []*lps.Sort, cod *lps.Sort) *lps.Sort { return st.Func(dom, cod) }
	cases := []struct {
		sig  string
		s    *lps.Sort
		want bool
	}{
		{"Nat # Int # Nat -> Real", fn([]*lps.Sort{nat, st.Int, nat}, st.Real), true},
		{"Nat # Int # Nat -> Real", fn([]*lps.Sort{nat, nat, nat}, st.Real), false},
		{"(S -> Bool) # FSet(S) -> Set(S)", fn([]*lps.Sort{fn([]*lps.Sort{pos}, b), st.FSet(pos)}, st.Set(pos)), true},
		{"(S -> Bool) # FSet(S) -> Set(S)", fn([]*lps.Sort{fn([]*lps.Sort{pos}, b), st.FSet(nat)}, st.Set(pos)), false},
		{"(S -> Bool) -> S -> Bool", fn([]*lps.Sort{fn([]*lps.Sort{nat}, b)}, fn([]*lps.Sort{nat}, b)), true},
		{"(S -> T) # S # T -> S -> T", fn([]*lps.Sort{fn([]*lps.Sort{nat}, pos), nat, pos}, fn([]*lps.Sort{nat}, pos)), true},
		{"(S -> T) # S # T -> S -> T", fn([]*lps.Sort{fn([]*lps.Sort{nat}, pos), nat, nat}, fn([]*lps.Sort{nat}, pos)), false},
		{"@word # @word -> Bool", fn([]*lps.Sort{nat, nat}, b), true},
		{"@word", nat, true},
		{"S -> Nat", fn([]*lps.Sort{b}, nat), true},
		{"S -> Nat", fn([]*lps.Sort{b, b}, nat), false},
	}
	for _, c := range cases {
		if got := parseSig(c.sig).match(c.s, map[string]*lps.Sort{}); got != c.want {
			t.Errorf("%s matches %s: %v, want %v", c.sig, c.s, got, c.want)
		}
	}
}

// TestFunctionsDocumented: every symbol of the table has its row in
// docs/mcrl2-functions.md, which says what it means and which test
// covers it.
func TestFunctionsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/mcrl2-functions.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| `(@[^`]+)` \\|").FindAllSubmatch(doc, -1) {
		rows[string(m[1])] = true
	}
	for name := range mcrl2Funcs() {
		if !rows[name] {
			t.Errorf("%s has no row in docs/mcrl2-functions.md", name)
		}
	}
}
