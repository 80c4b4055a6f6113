package lpsgen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/aterm"
)

// TestInternalFunctionsAsMCRL2: mCRL2's internal data functions, applied
// in binary files as mcrl22lps leaves them (or, for those it never leaves
// applied, as testdata/internal/rename makes them of a user mapping), give
// the LTS mCRL2's lps2lts gives: its number of states and its labels with
// their numbers of transitions, stored beside each model as NAME.labels
// (testdata/internal/make.sh remakes them with mCRL2). One subtest per
// model; its first line, "% covers: @sym ...", names the symbols it is
// about, and the test checks that the binary file applies them. The
// reader refused every one of these files ("unsupported internal function
// @redfracwhr", @monus, @natpred, @false_, @zero_, @fset2fbag, @not_,
// @fset_cinsert, ...). docs/mcrl2-functions.md lists the symbols and the
// model that covers each.
func TestInternalFunctionsAsMCRL2(t *testing.T) {
	models, err := filepath.Glob("testdata/internal/*.mcrl2")
	if err != nil || len(models) == 0 {
		t.Fatalf("no models in testdata/internal (%v)", err)
	}
	for _, m := range models {
		name := strings.TrimSuffix(m, ".mcrl2")
		t.Run(filepath.Base(name), func(t *testing.T) {
			src, err := os.ReadFile(m)
			if err != nil {
				t.Fatal(err)
			}
			first, _, _ := strings.Cut(string(src), "\n")
			covers, ok := strings.CutPrefix(first, "% covers: ")
			if !ok {
				t.Fatalf("%s: no %q line", m, "% covers:")
			}
			applied := functionNames(t, name+".lps")
			for _, sym := range strings.Fields(covers) {
				if !applied[sym] {
					t.Errorf("%s.lps does not contain %s", name, sym)
				}
			}
			wantStates, wantLabels := mcrl2Labels(t, name+".labels")
			labels, states := exploreFile(t, name+".lps", 0)
			if states != wantStates {
				t.Errorf("%d states, mCRL2 has %d", states, wantStates)
			}
			checkLabelCounts(t, name+".lps", labels, wantLabels)
		})
	}
}

// functionNames are the names of the function symbols (and sorts) in a
// binary file's terms.
func functionNames(t *testing.T, file string) map[string]bool {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	out, err := aterm.Read(src)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	seen := map[*aterm.Term]bool{}
	var walk func(x *aterm.Term)
	walk = func(x *aterm.Term) {
		if x.IsInt || seen[x] {
			return
		}
		seen[x] = true
		if (x.Sym.Name == "OpIdNoIndex" || x.Sym.Name == "SortId") && len(x.Args) > 0 && !x.Args[0].IsInt {
			names[x.Args[0].Sym.Name] = true
		}
		for _, a := range x.Args {
			walk(a)
		}
	}
	for _, o := range out {
		if o.Term != nil {
			walk(o.Term)
		}
	}
	return names
}
