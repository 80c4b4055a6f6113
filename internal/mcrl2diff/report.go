package mcrl2diff

import (
	"fmt"
	"slices"
	"strings"
)

// Tally counts the verdicts of the cases by the sort of the expression
// and by each feature it uses.
type Tally struct {
	BySort, ByFeature map[string]*[len(verdictNames)]int
	Total             [len(verdictNames)]int
}

// Count tallies cases.
func Count(cases []Case) *Tally {
	t := &Tally{BySort: map[string]*[len(verdictNames)]int{}, ByFeature: map[string]*[len(verdictNames)]int{}}
	bump := func(m map[string]*[len(verdictNames)]int, key string, v Verdict) {
		if m[key] == nil {
			m[key] = new([len(verdictNames)]int)
		}
		m[key][v]++
	}
	for _, c := range cases {
		t.Total[c.Verdict]++
		bump(t.BySort, c.Expr.Sort.Class(), c.Verdict)
		feats := c.Expr.Features()
		if len(feats) == 0 {
			feats = []string{"(plain)"}
		}
		for _, f := range feats {
			bump(t.ByFeature, f, c.Verdict)
		}
	}
	return t
}

// Markdown writes the tally as two tables: compared (both tools gave a
// label, or mCRL2 did and we failed), differing (labels differ, or we
// failed), and the expressions set aside (mCRL2 rejected or failed).
func (t *Tally) Markdown() string {
	var b strings.Builder
	table := func(title string, m map[string]*[len(verdictNames)]int) {
		fmt.Fprintf(&b, "| %s | compared | differ | we fail | mCRL2 rejects | mCRL2 rejects, we accept | mCRL2 fails |\n|---|---:|---:|---:|---:|---:|---:|\n", title)
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			row(&b, k, m[k])
		}
		row(&b, "**all**", &t.Total)
		b.WriteString("\n")
	}
	table("sort", t.BySort)
	table("feature", t.ByFeature)
	return b.String()
}

func row(b *strings.Builder, key string, c *[len(verdictNames)]int) {
	compared := c[Same] + c[Differ] + c[OursFails]
	fmt.Fprintf(b, "| %s | %d | %d | %d | %d | %d | %d |\n", key, compared, c[Differ], c[OursFails], c[Invalid], c[Lenient], c[RefFails])
}

// Describe writes a case on a few lines: the expression, its sort, both
// results.
func (c Case) Describe() string {
	res := func(r Result) string {
		if r.Err != nil {
			msg := r.Err.Error()
			if len(msg) > 600 {
				msg = msg[:600] + "..."
			}
			return "error: " + strings.ReplaceAll(msg, "\n", "\n        ")
		}
		return r.Label
	}
	return fmt.Sprintf("[%s] %s : %s\n  ours:  %s\n  mCRL2: %s", c.Verdict, c.Expr, c.Expr.Sort, res(c.Ours), res(c.Ref))
}
