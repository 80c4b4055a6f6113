package mcrl2diff

import (
	"bufio"
	"os"
	"sort"
	"strings"
	"testing"
)

// knownFile lists the expressions of TestKnownDifferences that still
// differ from mCRL2 (or that we fail on), each with the class of
// docs/mcrl2diff-report.md it belongs to.
const knownFile = "testdata/known-differences.txt"

// TestKnownDifferences runs on every `go test` where mCRL2 is found
// beside the repository: the first 300 expressions of seed 1, labelled by
// mCRL2 and by our lps2lts from the text and from the binary file
// txt2lps writes (a few seconds). It fails on an expression that differs
// and is not in knownFile (a regression, or a new class to fix), and on
// one in knownFile that no longer differs (the list must shrink as the
// classes are fixed). The longer runs are TestAgainstMCRL2's.
func TestKnownDifferences(t *testing.T) {
	ref := MCRL2{Bin: mcrl2Bin(t), Dir: t.TempDir()}
	bin := buildOurs(t)
	known := readKnown(t)

	g := NewGen(1)
	exprs := make([]*Node, 300)
	for i := range exprs {
		exprs[i] = g.Top(3)
	}
	seen := map[string]bool{}
	for _, mode := range []string{"text", "binary"} {
		ours := Ours{Binary: bin, Dir: t.TempDir()}
		if mode == "binary" {
			ours.Txt2lps = ref.Bin + "/txt2lps"
		}
		for _, c := range Run(ours, ref, exprs, 50) {
			if c.Verdict != Differ && c.Verdict != OursFails {
				continue
			}
			key := mode + "\t" + c.Expr.String()
			seen[key] = true
			if !known[key] {
				t.Errorf("%s: differs from mCRL2 and is not in %s (its line there would be %q):\n%s\n%s", mode, knownFile, key, Signature(c), c.Describe())
			}
		}
	}
	var fixed []string
	for k := range known {
		if !seen[k] {
			fixed = append(fixed, k)
		}
	}
	sort.Strings(fixed)
	for _, k := range fixed {
		t.Errorf("agrees with mCRL2 now; remove it from %s:\n%s", knownFile, k)
	}
}

// readKnown reads knownFile: lines "MODE<TAB>EXPRESSION" (MODE text or
// binary), after "# class ..." comments that say why.
func readKnown(t *testing.T) map[string]bool {
	f, err := os.Open(knownFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	known := map[string]bool{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if mode, _, ok := strings.Cut(line, "\t"); !ok || (mode != "text" && mode != "binary") {
			t.Fatalf("%s: malformed line %q", knownFile, line)
		}
		known[line] = true
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return known
}
