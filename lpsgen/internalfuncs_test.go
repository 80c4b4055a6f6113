package lpsgen

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/aterm"
	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/store"
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
			states, labels := lpsFileLTS(t, name+".lps")
			if states != wantStates {
				t.Errorf("%d states, mCRL2 has %d", states, wantStates)
			}
			for label, n := range wantLabels {
				if labels[label] != n {
					t.Errorf("%d transitions labelled %s, mCRL2 has %d", labels[label], label, n)
				}
				delete(labels, label)
			}
			for label, n := range labels {
				t.Errorf("%d transitions labelled %s, which mCRL2 does not have", n, label)
			}
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

// mcrl2Labels reads a NAME.labels file: "states N", then lines "N LABEL"
// (LABEL quoted, as in an .aut file); lines starting with # are comments.
func mcrl2Labels(t *testing.T, file string) (states int, labels map[string]int) {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	labels = map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(string(src)), "\n") {
		if strings.HasPrefix(line, "#") {
			continue
		}
		if s, ok := strings.CutPrefix(line, "states "); ok {
			states, err = strconv.Atoi(s)
		} else {
			n, label, _ := strings.Cut(line, " ")
			labels[label], err = strconv.Atoi(n)
		}
		if err != nil {
			t.Fatalf("%s: %q: %v", file, line, err)
		}
	}
	return states, labels
}

// lpsFileLTS explores a model file: its number of states and its labels
// (quoted) with their numbers of transitions.
func lpsFileLTS(t *testing.T, file string) (int, map[string]int) {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := lps.Read(file, src)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(spec, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var labels []string
	x := explore.New(g, explore.Options{Store: store.NewTableStore(g.Width())})
	x.AddVisitor(transitionLabels{g: g, out: &labels})
	res, err := x.Run()
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, l := range labels {
		counts[`"`+l+`"`]++
	}
	return res.States, counts
}
