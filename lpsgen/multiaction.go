package lpsgen

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/check"
)

// MultiActionLabels reads src, comma-separated multi-actions written by the
// user (lps2lts's -m), checks them against the specification
// (check.ParseMultiActions: name stands for src in errors) and returns each
// as the label a transition with that multi-action gets: the arguments
// rewritten to normal form and printed as labelOf prints them, the
// actions in label order; tau for the empty multi-action. A value written
// in another form than the label's (pay(0 + 1), a Pos numeral for a Nat)
// then still names the same label.
func (g *Generator) MultiActionLabels(name, src string) ([]string, error) {
	list, err := check.ParseMultiActions(g.spec, name, src)
	if err != nil {
		return nil, err
	}
	// A rewriter of its own, as ProgressMeasure's: the generator's is
	// not to be disturbed between two steps.
	r := g.r.Clone()
	sub := r.NewSubst()
	labels := make([]string, 0, len(list))
	for _, m := range list {
		if len(m) == 0 {
			labels = append(labels, "tau")
			continue
		}
		acts := make([]string, len(m))
		for i, a := range m {
			b := []byte(a.Decl.Name)
			for j, e := range a.Args {
				v, err := r.Rewrite(r.Translate(e), sub)
				if err != nil {
					return nil, fmt.Errorf("%s: argument %d of action %s: %w", lps.At(name, a.Pos), j+1, a.Decl.Name, err)
				}
				if j == 0 {
					b = append(b, '(')
				} else {
					b = append(b, ", "...)
				}
				b = r.AppendString(b, v)
			}
			if len(a.Args) > 0 {
				b = append(b, ')')
			}
			acts[i] = string(b)
		}
		slices.SortFunc(acts, compareActions)
		labels = append(labels, strings.Join(acts, "|"))
	}
	return labels, nil
}

// compareActions orders printed actions as labelOf does: by name, then
// by their printed form.
func compareActions(x, y string) int {
	nx, _, _ := strings.Cut(x, "(")
	ny, _, _ := strings.Cut(y, "(")
	if c := strings.Compare(nx, ny); c != 0 {
		return c
	}
	return strings.Compare(x, y)
}
