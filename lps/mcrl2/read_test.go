package mcrl2_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/aterm"
	"github.com/lps2lts/lps2lts/internal/corpus"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/load"
)

// TestBinaryCorpus: every corpus model in mCRL2's binary format reads to
// the same process as its textual form: parameters, sorts, summands and
// actions.
func TestBinaryCorpus(t *testing.T) {
	_, files := corpus.Models(t)
	n := 0
	for _, text := range files {
		bin := filepath.Join(filepath.Dir(text), "mcrl2.lps")
		src, err := os.ReadFile(bin)
		if err != nil {
			continue
		}
		n++
		want, err := load.File(text)
		if err != nil {
			t.Errorf("%s: %v", text, err)
			continue
		}
		got, err := load.Read(bin, src)
		if err != nil {
			t.Errorf("%s: %v", bin, err)
			continue
		}
		if len(got.Params) != len(want.Params) || len(got.Summands) != len(want.Summands) || len(got.Actions) != len(want.Actions) {
			t.Errorf("%s: %d parameters, %d summands, %d actions; text has %d, %d, %d", bin,
				len(got.Params), len(got.Summands), len(got.Actions), len(want.Params), len(want.Summands), len(want.Actions))
			continue
		}
		for i, p := range got.Params {
			if q := want.Params[i]; p.Name != q.Name || lps.AppendSort(nil, p.S) == nil || string(lps.AppendSort(nil, p.S)) != string(lps.AppendSort(nil, q.S)) {
				t.Errorf("%s: parameter %s: %s, text has %s: %s", bin, p.Name, lps.AppendSort(nil, p.S), q.Name, lps.AppendSort(nil, q.S))
			}
		}
	}
	t.Logf("%d binary models read", n)
}

// TestBinaryErrors: a binary file that is cut short or corrupt gets an
// error naming the file, and the text reader says what a binary file is.
func TestBinaryErrors(t *testing.T) {
	for _, src := range [][]byte{
		{0x00, 0x8b, 0xaf},
		{0x00, 0x8b, 0xaf, 0x83, 0x08, 0xff, 0xff},
		append([]byte{0x00, 0x8b, 0xaf, 0x83, 0x08}, make([]byte, 64)...),
	} {
		_, err := load.Read("bad.lps", src)
		if err == nil || !strings.HasPrefix(err.Error(), "bad.lps: ") || !errors.Is(err, aterm.ErrFormat) {
			t.Errorf("%x: %v", src, err)
		}
	}
}

func FuzzReadBinary(f *testing.F) {
	f.Add([]byte{0x00, 0x8b, 0xaf, 0x83, 0x08})
	files, _ := filepath.Glob("../../../shared/corpus/plain/ex.language.*/mcrl2.lps")
	for _, p := range files {
		if src, err := os.ReadFile(p); err == nil && len(src) < 8192 {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if !aterm.IsBinary(src) {
			src = append([]byte{0x00, 0x8b, 0xaf, 0x83, 0x08}, src...)
		}
		// Neither reading nor printing (lpspp's view of the file) may
		// panic or hang.
		if spec, err := load.Read("fuzz.lps", src); err == nil {
			spec.Print()
		}
	})
}

// TestBinaryNumericCasts: the conversions mCRL2's type checker inserted
// (@cInt, Pos2Nat, ...) are read as the checker's implicit upcasts, so
// the expressions of the binary file print as those of its text do
// (Pos2Nat(max(-4294967296, 12)), where mCRL2 typed max in an Int
// comparison, prints as the text has it). testdata/casts.lps is txt2lps's
// output for testdata/casts.txt.
func TestBinaryNumericCasts(t *testing.T) {
	got := readTestdata(t, "casts.lps")
	want, err := load.File("testdata/casts.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Summands) != len(want.Summands) {
		t.Fatalf("%d summands, text has %d", len(got.Summands), len(want.Summands))
	}
	for i, s := range got.Summands {
		g, w := s.Actions[0].Args[0], want.Summands[i].Actions[0].Args[0]
		if lps.FormatExpr(g) != lps.FormatExpr(w) {
			t.Errorf("summand %d: %s, text has %s", i+1, lps.FormatExpr(g), lps.FormatExpr(w))
		}
	}
}

// TestBinaryUnknownSort: where mCRL2's type checker leaves a sort unknown
// inside a term (Set2Bag({}) * {:} under another operation), its file is
// ill-sorted; reading it is refused with a message that names the file
// and the summand (a binary file has no positions) and says why.
// testdata/unknownsort.lps is txt2lps's output for testdata/unknownsort.txt.
func TestBinaryUnknownSort(t *testing.T) {
	src, err := os.ReadFile("testdata/unknownsort.lps")
	if err != nil {
		t.Fatal(err)
	}
	_, err = load.Read("unknownsort.lps", src)
	if err == nil {
		t.Fatal("read without an error")
	}
	for _, want := range []string{"unknownsort.lps: ", "summand 1: ", "has sort FBag(?), not FBag(C)", "left the sort of this term unknown"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("message %q does not say %q", err, want)
		}
	}
	if strings.Contains(err.Error(), ":0:0") {
		t.Errorf("message %q has a position the file does not have", err)
	}
}

// TestBinaryScopes: a variable reference is to the innermost variable of
// its name and sort in scope: a sum variable before the parameter it
// shadows, a parameter before a global. The parameters and globals are
// looked up by a map, the variables above them one by one
// (binReader.fixScope). testdata/scopes.lps is txt2lps's output for
// testdata/scopes.txt.
func TestBinaryScopes(t *testing.T) {
	spec := readTestdata(t, "scopes.lps")
	ref := func(e lps.Expr) *lps.Var {
		t.Helper()
		r, ok := e.(*lps.VarRef)
		if !ok {
			t.Fatalf("%s is not a variable", lps.FormatExpr(e))
		}
		return r.Var
	}
	n, m := spec.Params[0], spec.Params[1]
	sum := spec.Summands[0]
	if len(sum.SumVars) != 1 || sum.SumVars[0] == n {
		t.Fatalf("summand 1's sum variables: %v", sum.SumVars)
	}
	if v := ref(sum.Actions[0].Args[0]); v != sum.SumVars[0] {
		t.Errorf("summand 1's a(n) refers to %p, not to its sum variable %p (parameter %p)", v, sum.SumVars[0], n)
	}
	if v := ref(spec.Summands[1].Actions[0].Args[0]); v != n {
		t.Errorf("summand 2's a(n) refers to %p, not to the parameter %p", v, n)
	}
	if len(sum.Assignments) != 2 || sum.Assignments[1].Param != m {
		t.Errorf("summand 1 assigns %v", sum.Assignments)
	}
}

// readTestdata reads the binary file testdata/name, failing the test on
// an error.
func readTestdata(t *testing.T, name string) *lps.Spec {
	t.Helper()
	src, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := load.Read(name, src)
	if err != nil {
		t.Fatal(err)
	}
	return spec
}
