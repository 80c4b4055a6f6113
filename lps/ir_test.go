package lps_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/load"
)

// TestErrorList: errors print as file:line:col: message (file: message
// without a position), sorted by position, the first at one position
// kept, at most MaxErrors.
func TestErrorList(t *testing.T) {
	var l lps.ErrorList
	for i := 2*lps.MaxErrors - 1; i >= 0; i-- {
		l = append(l, &lps.Error{File: "f", Pos: lps.Pos{Line: i/2 + 1, Col: 1 + i%2}, Msg: "m"})
	}
	l = append(l, &lps.Error{File: "f", Pos: lps.Pos{Line: 1, Col: 1}, Msg: "a consequence"})
	n := l.Normalize()
	if len(n) != lps.MaxErrors || n[0].Error() != "f:1:1: m" || n[1].Error() != "f:1:2: m" {
		t.Errorf("normalized: %v", n)
	}
	if got := (lps.ErrorList{{File: "f", Msg: "no place"}, {File: "f", Pos: lps.Pos{Line: 2, Col: 3}, Msg: "x"}}).Error(); got != "f: no place\nf:2:3: x" {
		t.Errorf("got %q", got)
	}
	if lps.At("f", lps.Pos{}) != "f" || lps.At("f", lps.Pos{Line: 3, Col: 4}) != "f:3:4" {
		t.Errorf("At: %q %q", lps.At("f", lps.Pos{}), lps.At("f", lps.Pos{Line: 3, Col: 4}))
	}
}

// TestSortsPrint: sorts print in mCRL2's syntax, interned by the table:
// the same sort built twice is one pointer.
func TestSortsPrint(t *testing.T) {
	st := lps.NewSortTable()
	fs := st.Func([]*lps.Sort{st.List(st.Nat), st.Func([]*lps.Sort{st.Pos}, st.Bool)}, st.FBag(st.Real))
	if fs != st.Func([]*lps.Sort{st.List(st.Nat), st.Func([]*lps.Sort{st.Pos}, st.Bool)}, st.FBag(st.Real)) {
		t.Errorf("a function sort built twice is two sorts")
	}
	for _, c := range []struct {
		s    *lps.Sort
		want string
	}{
		{st.Bool, "Bool"}, {st.Int, "Int"}, {st.Set(st.Nat), "Set(Nat)"}, {st.Bag(st.Bool), "Bag(Bool)"},
		{st.FSet(st.Pos), "FSet(Pos)"}, {st.Container(lps.SortList, st.Int), "List(Int)"},
		{fs, "List(Nat) # (Pos -> Bool) -> FBag(Real)"},
	} {
		if got := c.s.String(); got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
		if got := string(lps.AppendSort([]byte("s: "), c.s)); got != "s: "+c.want {
			t.Errorf("AppendSort: got %s", got)
		}
	}
	f := st.Builtin(lps.OpAdd, st.Func([]*lps.Sort{st.Nat, st.Nat}, st.Nat))
	if f.String() != "+" || f.Arity() != 2 || f.Result() != st.Nat || st.Builtin(lps.OpTrue, st.Bool).Arity() != 0 || st.Builtin(lps.OpTrue, st.Bool).Result() != st.Bool {
		t.Errorf("the built-in + : Nat # Nat -> Nat: %s, arity %d, result %s", f, f.Arity(), f.Result())
	}
	if lps.Op(9999).String() != "Op(9999)" || lps.Op(9999).Info().Name != "?" {
		t.Errorf("an Op out of the table: %s", lps.Op(9999))
	}
}

// TestBuiltinSortOK: the sorts mCRL2's data library gives its built-ins,
// as a binary file must state them.
func TestBuiltinSortOK(t *testing.T) {
	st := lps.NewSortTable()
	fn := func(res *lps.Sort, dom ...*lps.Sort) *lps.Sort { return st.Func(dom, res) }
	for _, c := range []struct {
		op   lps.Op
		s    *lps.Sort
		want bool
	}{
		{lps.OpAdd, fn(st.Nat, st.Nat, st.Nat), true},
		{lps.OpAdd, fn(st.Pos, st.Pos, st.Nat), true},
		{lps.OpAdd, fn(st.Bool, st.Nat, st.Nat), false},
		{lps.OpSub, fn(st.Int, st.Nat, st.Nat), true},
		{lps.OpSub, fn(st.Nat, st.Nat, st.Nat), false},
		{lps.OpDivide, fn(st.Real, st.Int, st.Int), true},
		{lps.OpAdd, fn(st.Set(st.Nat), st.Set(st.Nat), st.Set(st.Nat)), true},
		{lps.OpAnd, fn(st.Bool, st.Bool, st.Bool), true},
		{lps.OpAnd, fn(st.Bool, st.Nat, st.Nat), false},
		{lps.OpNot, fn(st.Bool, st.Bool), true},
		{lps.OpNot, fn(st.Set(st.Nat), st.Set(st.Nat)), true},
		{lps.OpNot, fn(st.Nat, st.Nat), false},
		{lps.OpEq, fn(st.Bool, st.Nat, st.Nat), true},
		{lps.OpEq, fn(st.Bool, st.Nat, st.Pos), false},
		{lps.OpLt, fn(st.Pos, st.Nat, st.Nat), false},
		{lps.OpIf, fn(st.Nat, st.Bool, st.Nat, st.Nat), true},
		{lps.OpIf, fn(st.Nat, st.Bool, st.Nat, st.Pos), false},
		{lps.OpHead, fn(st.Nat, st.List(st.Nat)), true},
		{lps.OpHead, fn(st.Nat, st.List(st.Nat), st.Nat), false},
		{lps.OpTrue, st.Bool, true},
		{lps.OpSetFn, fn(st.Set(st.Nat), fn(st.Bool, st.Nat), st.FSet(st.Nat)), false},
	} {
		if got := lps.BuiltinSortOK(c.op, c.s); got != c.want {
			t.Errorf("%s : %s: %v, want %v", c.op, c.s, got, c.want)
		}
	}
}

// TestFormat: Format writes what Print returns, and a specification with
// a structured sort, an alias, maps with equations prints
// back as written.
func TestFormat(t *testing.T) {
	src := `sort D = struct d1 | d2(n: Nat)?is_d2;
     L = List(D);

map  f: Nat # L -> Nat;

var  x: Nat;
     l: L;
eqn  f(x, l)  =  #l + x;

act  a: D;

proc P(s: Pos, d: D, m: Set(Nat)) =
       (s < 3 && !(s in m)) ->
         a(d) .
         P(s = s + 1, m = m + {s})
     + sum e: Nat.
         (e < 2) ->
         a(d2(f(e, [d1]))) .
         P(d = d2(e), m = !m)
     + delta;

init P(1, d1, {});
`
	spec, err := load.Text("f.lps", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := spec.Format(&b); err != nil {
		t.Fatal(err)
	}
	if b.String() != spec.Print() {
		t.Errorf("Format and Print differ")
	}
	if got := spec.Print(); got != src {
		t.Errorf("prints back differently: %s", firstDifference(src, got))
	}
	if !strings.Contains(lps.FormatExpr(spec.Summands[1].Cond), "e < 2") {
		t.Errorf("FormatExpr: %s", lps.FormatExpr(spec.Summands[1].Cond))
	}
}
