package mcrl2_test

import (
	"bytes"
	"errors"
	"path/filepath"
	"testing"

	"github.com/lps2lts/lps2lts/aterm"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/lps/mcrl2"
)

// TestEncodeDataSpec: a data specification, action labels and process
// parameters encoded as mCRL2 stores them in a binary LPS read back by
// Read to the same declarations.
func TestEncodeDataSpec(t *testing.T) {
	src := `sort D = struct d1 | d2(n: Nat, Pos)?is_d2;
     E;
     L = List(D);
cons e1: E;
map f: Nat # L -> Nat;
    g: FSet(Bool) -> Bag(D);
    h: Real -> Int;
var x: Nat;
    l: L;
    r: Real;
eqn x > 2 -> f(x, l) = #l + x * 3;
    f(x, []) = 0;
    g({true, false}) = {d1: 2};
    h(r) = if(r < 1 / 2, -7, round(r));
    f(x, [d1, d2(1, 2)]) = (lambda y: Nat. y + 1)(x) whr z = x end;
act a: D # L;
    b;
proc P(s: Pos, d: D) =
    delta;
init P(1, d1);
`
	spec, err := load.Text("in.txt", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	tb := aterm.NewTable()
	e := mcrl2.NewEncoder(tb)
	bin, acts := encodeLPS(t, e, spec)
	back, err := load.Read("back.lps", bin)
	if err != nil {
		t.Fatal(err)
	}
	// Read back and encoded again, the declarations are the same terms
	// (one table: equal terms are one pointer).
	sorts, aliases, cons, maps, eqns, err := e.DataSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	s2, a2, c2, m2, q2, err := e.DataSpec(back)
	if err != nil {
		t.Fatal(err)
	}
	sameTerms(t, "in.txt", [][]*aterm.Term{s2, a2, c2, m2, q2}, [][]*aterm.Term{sorts, aliases, cons, maps, eqns})
	if len(back.Actions) != 2 || e.ActID(back.Actions[0]) != acts[0] {
		t.Errorf("action labels read back: %v", back.Actions)
	}
}

// encodeLPS writes spec's data specification, action labels, process
// parameters and initial state as mCRL2 stores them in a binary LPS,
// without summands (the Encoder writes no summands: the .lts and .trc
// writers need none). It returns the file and the action labels' terms.
func encodeLPS(t *testing.T, e *mcrl2.Encoder, spec *lps.Spec) ([]byte, []*aterm.Term) {
	t.Helper()
	tb := e.T
	sorts, aliases, cons, maps, eqns, err := e.DataSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	w := aterm.NewWriter(&buf)
	w.Write(tb.Appl("linear_process_specification"))
	for _, part := range [][]*aterm.Term{sorts, aliases, cons, maps, eqns} {
		w.WriteInt(uint64(len(part)))
		for _, x := range part {
			w.Write(x)
		}
	}
	var acts, params, init []*aterm.Term
	for _, a := range spec.Actions {
		acts = append(acts, e.ActID(a))
	}
	for i, p := range spec.Params {
		params = append(params, e.Var(p.Name, p.S))
		v, err := e.Expr(spec.Init[i])
		if err != nil {
			t.Fatal(err)
		}
		init = append(init, v)
	}
	w.Write(tb.List(acts...))
	w.WriteInt(0) // global variables
	w.Write(tb.List(params...))
	w.WriteInt(0) // action summands
	w.WriteInt(0) // deadlock summands
	w.Write(tb.Appl("LinearProcessInit", tb.List(init...), tb.Appl("Distribution", tb.List(), tb.Appl("@NoValue"))))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), acts
}

// TestInternalFunctionFiles: every binary file the repository ships with
// mCRL2's internal data functions in it (lpsgen/testdata/internal, made
// by mcrl22lps) reads, prints, and its data specification written by the
// Encoder reads back to the same terms.
func TestInternalFunctionFiles(t *testing.T) {
	files, _ := filepath.Glob("../../lpsgen/testdata/internal/*.lps")
	if len(files) < 50 {
		t.Fatalf("%d files in lpsgen/testdata/internal, want the 50 or more the repository ships", len(files))
	}
	for _, f := range files {
		spec, err := load.File(f)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if len(spec.Summands) == 0 || spec.Print() == "" {
			t.Errorf("%s: %d summands", f, len(spec.Summands))
		}
		e := mcrl2.NewEncoder(aterm.NewTable())
		bin, _ := encodeLPS(t, e, spec)
		back, err := load.Read(f+" (encoded)", bin)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		ws, wa, wc, wm, we, err := e.DataSpec(spec)
		if err != nil {
			t.Fatal(err)
		}
		gs, ga, gc, gm, ge, err := e.DataSpec(back)
		if err != nil {
			t.Fatal(err)
		}
		sameTerms(t, f, [][]*aterm.Term{gs, ga, gc, gm, ge}, [][]*aterm.Term{ws, wa, wc, wm, we})
		if len(back.Params) != len(spec.Params) || len(back.Actions) != len(spec.Actions) {
			t.Errorf("%s: %d parameters and %d actions read back, %d and %d written", f, len(back.Params), len(back.Actions), len(spec.Params), len(spec.Actions))
		}
	}
}

// sameTerms reports where the parts of a data specification read back
// (sorts, aliases, constructors, maps, equations) are not the terms
// written: one table, so equal terms are one pointer.
func sameTerms(t *testing.T, name string, got, want [][]*aterm.Term) {
	t.Helper()
	for i := range got {
		if len(got[i]) != len(want[i]) {
			t.Errorf("%s: part %d: %d items read back, %d written", name, i, len(got[i]), len(want[i]))
			continue
		}
		for j := range got[i] {
			if got[i][j] != want[i][j] {
				t.Errorf("%s: part %d item %d: read back %s, wrote %s", name, i, j, got[i][j], want[i][j])
			}
		}
	}
}

// TestEncodeAllStopsAtTheFirstError: EncodeAll keeps the order of its
// input, and an error ends it there, with no terms and nothing encoded
// after the element that failed.
func TestEncodeAllStopsAtTheFirstError(t *testing.T) {
	tb := aterm.NewTable()
	var seen []string
	encode := func(s string) (*aterm.Term, error) {
		seen = append(seen, s)
		if s == "bad" {
			return nil, errors.New("cannot encode bad")
		}
		return tb.Appl(s), nil
	}
	got, err := mcrl2.EncodeAll([]string{"a", "b"}, encode)
	if err != nil || len(got) != 2 || got[0] != tb.Appl("a") || got[1] != tb.Appl("b") {
		t.Fatalf("EncodeAll(a, b) = %v, %v; want the terms a and b in order", got, err)
	}
	seen = nil
	got, err = mcrl2.EncodeAll([]string{"a", "bad", "c"}, encode)
	if err == nil || got != nil {
		t.Fatalf("EncodeAll(a, bad, c) = %v, %v; want no terms and the error", got, err)
	}
	if len(seen) != 2 {
		t.Errorf("EncodeAll went on after the error: it encoded %v", seen)
	}
}
