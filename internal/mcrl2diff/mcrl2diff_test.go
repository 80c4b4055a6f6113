package mcrl2diff

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/internal/corpus"
)

var (
	enabled = flag.Bool("mcrl2diff", false, "compare random expressions with mCRL2 (also MCRL2DIFF=1)")
	n       = flag.Int("mcrl2diff.n", 300, "expressions TestAgainstMCRL2 compares")
	seed    = flag.Uint64("mcrl2diff.seed", 1, "seed of the generated expressions")
	depth   = flag.Int("mcrl2diff.depth", 3, "operators deep the expressions are at most")
	batch   = flag.Int("mcrl2diff.batch", 50, "expressions per model")
	shrinkN = flag.Int("mcrl2diff.shrink", 5, "differing expressions minimized (one per signature, a kind of difference)")
	report  = flag.String("mcrl2diff.report", "", "write the tally and the differing cases to this file")
	binary  = flag.Bool("mcrl2diff.binary", false, "our lps2lts reads the binary file mCRL2's txt2lps writes of each model, not the text")
)

// TestAgainstMCRL2 generates expressions of every sort (fixed seed), has
// both mCRL2 and our lps2lts print their normal forms, and fails listing
// every expression whose label differs or that we fail on where mCRL2
// does not. Off by default: thousands of expressions take minutes, and
// the known differences of the long runs are listed in the report, not in
// a file (TestKnownDifferences is the short run that is always on).
func TestAgainstMCRL2(t *testing.T) {
	if !*enabled && os.Getenv("MCRL2DIFF") == "" {
		t.Skip("differential test against mCRL2 is off; enable with: go test ./internal/mcrl2diff -mcrl2diff (or MCRL2DIFF=1)")
	}
	ref := MCRL2{Bin: mcrl2Bin(t), Dir: t.TempDir()}
	ours := Ours{Binary: buildOurs(t), Dir: t.TempDir()}
	if *binary {
		ours.Txt2lps = filepath.Join(ref.Bin, "txt2lps")
	}

	g := NewGen(*seed)
	exprs := make([]*Node, *n)
	for i := range exprs {
		exprs[i] = g.Top(*depth)
	}
	var cases []Case
	for i := 0; i < len(exprs); i += 10 * *batch {
		cases = append(cases, Run(ours, ref, exprs[i:min(i+10**batch, len(exprs))], *batch)...)
		t.Logf("%d of %d expressions run", len(cases), len(exprs))
	}
	tally := Count(cases)
	t.Logf("%d expressions, seed %d:\n%s", len(cases), *seed, tally.Markdown())

	var bad, lenient, invalid []string
	for _, c := range cases {
		switch c.Verdict {
		case Differ, OursFails:
			bad = append(bad, Signature(c)+"\n"+c.Describe())
		case Lenient:
			lenient = append(lenient, Signature(c)+"\n"+c.Describe())
		case Invalid, RefFails:
			invalid = append(invalid, Signature(c)+"\n"+c.Describe())
		}
	}
	// A few differences minimized, one of each signature, listed first.
	var minimized []string
	seen := map[string]bool{}
	for _, c := range cases {
		sig := Signature(c)
		if len(minimized) >= *shrinkN || seen[sig] || (c.Verdict != Differ && c.Verdict != OursFails && c.Verdict != Lenient) {
			continue
		}
		seen[sig] = true
		m := Shrink(ours, ref, c, 15)
		minimized = append(minimized, sig+"\n"+m.Describe()+"\n  from: "+c.Expr.String())
		t.Logf("minimized: %s", minimized[len(minimized)-1])
	}
	if *report != "" {
		var b strings.Builder
		b.WriteString(tally.Markdown())
		for _, sec := range []struct {
			title string
			cases []string
		}{{"Minimized", minimized}, {"Differences", bad}, {"mCRL2 rejects, we accept", lenient}, {"mCRL2 rejects or fails", invalid}} {
			b.WriteString("\n## " + sec.title + "\n")
			for _, s := range sec.cases {
				b.WriteString("\n```\n" + s + "\n```\n")
			}
		}
		if err := os.WriteFile(*report, []byte(b.String()), 0o644); err != nil {
			t.Error(err)
		}
	}
	for _, s := range lenient {
		t.Logf("mCRL2 rejects, we accept:\n%s", s)
	}
	if len(bad) > 0 {
		t.Errorf("%d of %d compared expressions differ from mCRL2:\n%s\n%s", len(bad),
			tally.Total[Same]+tally.Total[Differ]+tally.Total[OursFails], strings.Join(minimized, "\n"), strings.Join(bad, "\n"))
	}
}

func indent(s string) string { return "    " + strings.ReplaceAll(s, "\n", "\n    ") }

// mcrl2Bin is mCRL2's bin folder in the shared folder beside the
// repository (../shared/mcrl2/bin from the module root), or skips.
func mcrl2Bin(t *testing.T) string {
	if c := corpus.Dir(); c != "" {
		bin := filepath.Join(c, "..", "mcrl2", "bin")
		if _, err := os.Stat(filepath.Join(bin, "txt2lps")); err == nil {
			return bin
		}
	}
	t.Skip("mCRL2 not found at ../shared/mcrl2/bin beside the repository")
	return ""
}

// buildOurs builds cmd/lps2lts into a temporary folder.
func buildOurs(t *testing.T) string {
	goTool, err := exec.LookPath("go")
	if err != nil {
		goTool = filepath.Join(runtime.GOROOT(), "bin", "go")
	}
	bin := filepath.Join(t.TempDir(), "lps2lts")
	cmd := exec.Command(goTool, "build", "-o", bin, "github.com/lps2lts/lps2lts/cmd/lps2lts")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building lps2lts: %v\n%s", err, out)
	}
	return bin
}
