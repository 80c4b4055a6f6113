package lpsgen

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/store"
)

// fileLabels reads a model file of either format and returns the labels
// of the transitions of its first maxStates states (0: all), in the order
// of a breadth-first search.
func fileLabels(t *testing.T, file string, maxStates int) []string {
	t.Helper()
	labels, _ := exploreFile(t, file, maxStates)
	return labels
}

// exploreFile explores a model file of either format breadth-first, its
// first maxStates states (0: all), and returns the labels of its
// transitions in order and its number of states.
func exploreFile(t *testing.T, file string, maxStates int) ([]string, int) {
	t.Helper()
	g := fileGenerator(t, file, Options{})
	var labels []string
	x := explore.New(g, explore.Options{MaxStates: maxStates, Store: store.NewTableStore(g.Width())})
	x.AddVisitor(transitionLabels{g: g, out: &labels})
	res, err := x.Run()
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return labels, res.States
}

// shippedExamples lists the models the repository ships (examples/),
// failing the test if they are not all there.
func shippedExamples(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob("../examples/*.lps")
	if len(files) < 10 {
		t.Fatalf("%d examples, want the repository's 10 or more", len(files))
	}
	return files
}

// fileGenerator reads a model file of either format and returns its
// generator made with opt.
func fileGenerator(t *testing.T, file string, opt Options) *Generator {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	spec, err := load.Read(file, src)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(spec, opt)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// mcrl2Labels reads a NAME.labels file of mCRL2's figures: optionally
// "states N", then lines "N LABEL" (LABEL quoted, as in an .aut file);
// lines starting with # are comments.
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

// checkLabelCounts compares the labels of file's transitions with
// mCRL2's counts of each (quoted labels, as mcrl2Labels reads them).
func checkLabelCounts(t *testing.T, file string, labels []string, want map[string]int) {
	t.Helper()
	counts := map[string]int{}
	for _, l := range labels {
		counts[`"`+l+`"`]++
	}
	for label, n := range want {
		if counts[label] != n {
			t.Errorf("%s: %d transitions labelled %s, mCRL2 has %d", file, counts[label], label, n)
		}
		delete(counts, label)
	}
	for label, n := range counts {
		t.Errorf("%s: %d transitions labelled %s, which mCRL2 does not have", file, n, label)
	}
}

type transitionLabels struct {
	explore.NopVisitor
	g   *Generator
	out *[]string
}

func (v transitionLabels) ExamineTransition(from explore.StateID, label explore.LabelID, to explore.StateID) {
	*v.out = append(*v.out, v.g.Labels().Text(label))
}

// TestBinaryLiterals reads mCRL2's binary file of testdata/literals.mcrl2
// as mcrl22lps writes it: set and bag literals in their constructors
// @fset_cons and @fbag_cons (txt2lps writes @fset_insert instead), and a
// set equality decided by a quantifier. The labels are mCRL2's lps2lts's.
func TestBinaryLiterals(t *testing.T) {
	want := "a({1}) b({0: 1}) c(false) a({1, 2}) b({0: 1, 3: 2}) c(false)"
	if got := strings.Join(fileLabels(t, "testdata/literals.lps", 7), " "); got != want {
		t.Errorf("labels %s, want %s", got, want)
	}
}

// TestBinaryMatchesText: a model read from mCRL2's binary file (written by
// txt2lps from the text beside it) gives the labels the text gives: the
// names of bound variables come from the file (a comprehension's variable
// was printed as x_).
func TestBinaryMatchesText(t *testing.T) {
	for _, name := range []string{"comprehensions"} {
		text := strings.Join(fileLabels(t, "testdata/"+name+".txt", 0), " ")
		bin := strings.Join(fileLabels(t, "testdata/"+name+".lps", 0), " ")
		if text != bin {
			t.Errorf("%s: labels from the binary file\n%s\nfrom the text\n%s", name, bin, text)
		}
	}
}

// TestLabelsAsMCRL2: models of our own, each with mCRL2's labels and
// their counts beside it (NAME.labels, from mCRL2's lps2lts on NAME.lps),
// give those labels from the text and from mcrl22lps's binary file:
//   - setsbags.mcrl2 inserts into two sets and two bags and shows every
//     operation on them, in the spirit of mCRL2's example
//     language/sets_bags: function parts, @swap_zero finite parts and
//     complements;
//   - rumours.mcrl2 is three friends sharing what they know, in the
//     spirit of mCRL2's regression model for its ticket 975 (gossiping
//     girls): a finite set compared with a comprehension over Pos, which
//     mCRL2 decides by enumerating a quantifier (we stopped in the first
//     state: "does not rewrite to true or false");
//   - binarysorts.txt has expressions whose sorts the binary file states
//     and the text leaves to the type checker (a lambda's body typed Int
//     as Nat2Int(1), a where variable's Nat, a set operation mCRL2 types
//     on its own and widens): from the binary file they used to be typed
//     a second time, and refused.
func TestLabelsAsMCRL2(t *testing.T) {
	for _, name := range []string{"setsbags", "rumours", "binarysorts"} {
		_, want := mcrl2Labels(t, "testdata/"+name+".labels")
		for _, file := range []string{"testdata/" + name + ".txt", "testdata/" + name + ".lps"} {
			checkLabelCounts(t, file, fileLabels(t, file, 0), want)
		}
	}
}
