package mcrl2

import (
	"testing"

	"github.com/lps2lts/lps2lts/lps"
)

// TestNamesFromTheTable: the reader and the writer name every built-in
// operator by the operator table's MCRL2 name: what FuncName writes, the
// reader reads back as the same operator (or, for the names two
// operators share, as the first, which function tells apart by sort); an
// internal operator is in the internal-function table under that name,
// with the table's arity.
func TestNamesFromTheTable(t *testing.T) {
	st := lps.NewSortTable()
	for op := lps.OpTrue; op < lps.NumOps; op++ {
		in := op.Info()
		if in.MCRL2 == "" {
			t.Errorf("%s has no mCRL2 name in the table", op)
			continue
		}
		if in.Internal && op != lps.OpFSetInsert { // @fset_insert is read where it stands (enumeration)
			found := false
			for _, f := range mcrl2Funcs()[in.MCRL2] {
				if f.op == op {
					found = true
					if f.sig.arity() != in.Arity {
						t.Errorf("%s: arity %d in the operator table, %d in the internal-function table", in.MCRL2, in.Arity, f.sig.arity())
					}
				}
			}
			if !found {
				t.Errorf("%s: internal operator %s missing from the internal-function table", in.MCRL2, op)
			}
			continue
		}
		if in.Internal {
			continue
		}
		dom := make([]*lps.Sort, in.Arity)
		for i := range dom {
			dom[i] = st.Nat
		}
		s := st.Nat
		if in.Arity > 0 {
			s = st.Func(dom, st.Nat)
		}
		name := FuncName(st.Builtin(op, s))
		if name != in.MCRL2 {
			t.Errorf("%s is written %q, the table says %q", op, name, in.MCRL2)
		}
		switch op {
		case lps.OpFSet2Set, lps.OpFBag2Bag, lps.OpSetRetag:
			if _, ok := mcrl2Builtins[name]; ok {
				t.Errorf("%s is read by name; mCRL2's implicit conversions are read where they stand", name)
			}
			continue
		}
		got, ok := mcrl2Builtins[name]
		if !ok || got.Info().MCRL2 != in.MCRL2 || got > op {
			t.Errorf("%q reads back as %v (%v), want %s", name, got, ok, op)
		}
	}
	if FuncName(st.Builtin(lps.OpEmptySet, st.Bag(st.Nat))) != "{:}" || mcrl2Builtins["{:}"] != lps.OpEmptySet {
		t.Errorf("the empty bag is not {:} both ways")
	}
}
