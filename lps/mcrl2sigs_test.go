package lps

import (
	"os"
	"regexp"
	"testing"
)

// TestSigMatch: a signature of the .spec files matches the sorts of its
// instances, binding S (and T) to one sort throughout, and no other.
func TestSigMatch(t *testing.T) {
	st := NewSortTable()
	nat, pos, b := st.Nat, st.Pos, st.Bool
	fn := func(dom []*Sort, cod *Sort) *Sort { return st.Func(dom, cod) }
	cases := []struct {
		sig  string
		s    *Sort
		want bool
	}{
		{"Nat # Int # Nat -> Real", fn([]*Sort{nat, st.Int, nat}, st.Real), true},
		{"Nat # Int # Nat -> Real", fn([]*Sort{nat, nat, nat}, st.Real), false},
		{"(S -> Bool) # FSet(S) -> Set(S)", fn([]*Sort{fn([]*Sort{pos}, b), st.FSet(pos)}, st.Set(pos)), true},
		{"(S -> Bool) # FSet(S) -> Set(S)", fn([]*Sort{fn([]*Sort{pos}, b), st.FSet(nat)}, st.Set(pos)), false},
		{"(S -> Bool) -> S -> Bool", fn([]*Sort{fn([]*Sort{nat}, b)}, fn([]*Sort{nat}, b)), true},
		{"(S -> T) # S # T -> S -> T", fn([]*Sort{fn([]*Sort{nat}, pos), nat, pos}, fn([]*Sort{nat}, pos)), true},
		{"(S -> T) # S # T -> S -> T", fn([]*Sort{fn([]*Sort{nat}, pos), nat, nat}, fn([]*Sort{nat}, pos)), false},
		{"@word # @word -> Bool", fn([]*Sort{nat, nat}, b), true},
		{"@word", nat, true},
		{"S -> Nat", fn([]*Sort{b}, nat), true},
		{"S -> Nat", fn([]*Sort{b, b}, nat), false},
	}
	for _, c := range cases {
		if got := parseSig(c.sig).match(c.s, map[string]*Sort{}); got != c.want {
			t.Errorf("%s matches %s: %v, want %v", c.sig, c.s, got, c.want)
		}
	}
}

// TestFunctionsDocumented: every symbol of the table has its row in
// docs/mcrl2-functions.md, which says what it means and which test
// covers it.
func TestFunctionsDocumented(t *testing.T) {
	doc, err := os.ReadFile("../docs/mcrl2-functions.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^\\| `(@[^`]+)` \\|").FindAllSubmatch(doc, -1) {
		rows[string(m[1])] = true
	}
	for name := range mcrl2Funcs {
		if !rows[name] {
			t.Errorf("%s has no row in docs/mcrl2-functions.md", name)
		}
	}
}
