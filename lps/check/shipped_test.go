package check

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lps2lts/lps2lts/aterm"
	"github.com/lps2lts/lps2lts/internal/corpus"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/syntax"
)

// TestCheckShippedModels: every textual model the repository ships, of
// the corpus and of ../shared/pipeline (mCRL2's examples as lpspp prints
// them) checks, and the IR keeps what the text says: one summand per
// summand of the text, one initial value per parameter, and every
// expression with a sort (a file that fails is a failure, never a skip).
func TestCheckShippedModels(t *testing.T) {
	// The examples in either format (the binary one is the text of
	// another, made by txt2lps), the corpus's and the pipeline's texts.
	text, _ := filepath.Glob("../../examples/*.lps")
	if dir := corpus.Dir(); dir != "" {
		models, _ := filepath.Glob(filepath.Join(dir, "*", "*", "model.lps"))
		pipeline, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), "pipeline", "*", "*", "model.lps"))
		text = append(append(text, models...), pipeline...)
	}
	checked := 0
	for _, f := range text {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if aterm.IsBinary(src) {
			continue
		}
		checked++
		tree, err := syntax.Parse(f, src)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		spec, err := Spec(f, tree)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		summands := 0
		for _, s := range tree.Sections {
			if s.Proc != nil {
				summands = len(s.Proc.Body.Items)
			}
		}
		if len(spec.Summands) != summands || len(spec.Init) != len(spec.Params) {
			t.Errorf("%s: %d summands of %d, %d initial values for %d parameters", f, len(spec.Summands), summands, len(spec.Init), len(spec.Params))
		}
		for _, sm := range spec.Summands {
			exprs := []lps.Expr{sm.Cond}
			for _, a := range sm.Actions {
				exprs = append(exprs, a.Args...)
			}
			for _, a := range sm.Assignments {
				exprs = append(exprs, a.Value)
			}
			for _, e := range exprs {
				if e == nil || e.Sort() == nil || lps.ContainsAny(e.Sort()) {
					t.Errorf("%s: summand at %s: an expression without its sort", f, sm.Pos)
				}
			}
		}
	}
	if checked < 9 {
		t.Errorf("only %d models checked", checked)
	}
	t.Logf("%d models checked", checked)
}
