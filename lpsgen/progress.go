package lpsgen

import (
	"fmt"
	"slices"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/vecset"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/check"
	"github.com/lps2lts/lps2lts/rewrite"
)

// A progress measure for the sweep-line method (explore/sweep.go) written
// by the user as a data expression over the process parameters: read with
// the specification's checker (check.ParseExpr), rewritten by the rewriter
// on the values of the parameters it reads, its value taken as the number
// the rewriter holds (never by its printed form).

// maxProgressCache bounds the values remembered by the parameters the
// measure reads: a measure that reads every parameter would otherwise
// remember one value per state, the memory the sweep-line saves.
const maxProgressCache = 1 << 16

// ProgressMeasure reads src as a data expression over the process
// parameters and returns the measure of a state: the value of src, of
// sort Pos, Nat, Int or Real. name stands for src in errors, whose
// positions count within src. Only the parameters' positions of a state
// are read, so the measure also serves the timed generator's states
// (the parameters, then the time stamp).
func (g *Generator) ProgressMeasure(name, src string) (explore.ProgressMeasure, error) {
	e, err := check.ParseExpr(g.spec, name, src)
	if err != nil {
		return nil, err
	}
	if !e.Sort().IsNumeric() {
		return nil, fmt.Errorf("%s: a progress measure is a number (Pos, Nat, Int or Real); %s has sort %s",
			lps.At(name, e.Position()), src, lps.AppendSort(nil, e.Sort()))
	}
	pindex := make(map[*lps.Var]int, len(g.spec.Params))
	for i, p := range g.spec.Params {
		pindex[p] = i
	}
	var reads []int
	lps.VarsIn(e, func(v *lps.Var) {
		if i, ok := pindex[v]; ok && !slices.Contains(reads, i) {
			reads = append(reads, i)
		}
	})
	slices.Sort(reads)
	// A rewriter of its own: the measure runs inside the generator's
	// emit, while the generator's rewriter is between two steps.
	r := g.r.Clone()
	m := &progressMeasure{r: r, term: r.Translate(e), sub: r.NewSubst(), src: src, reads: reads,
		keys: vecset.New(len(reads)), key: make([]uint32, len(reads))}
	for _, i := range reads {
		m.params = append(m.params, g.params[i])
	}
	return m.measure, nil
}

type progressMeasure struct {
	r      *rewrite.Rewriter
	term   rewrite.Term
	sub    *rewrite.Subst
	src    string
	reads  []int          // positions of the parameters read
	params []rewrite.Term // their variables
	// The values computed, by the values of the parameters read.
	keys   *vecset.Set
	values []explore.ProgressValue
	key    []uint32
}

func (m *progressMeasure) measure(state []uint32) (explore.ProgressValue, error) {
	for k, i := range m.reads {
		m.key[k] = state[i]
	}
	if id, ok := m.keys.Find(m.key); ok {
		return m.values[id], nil
	}
	for k, v := range m.params {
		m.sub.Set(v, rewrite.Term(m.key[k]))
	}
	t, err := m.r.Rewrite(m.term, m.sub)
	if err != nil {
		return explore.ProgressValue{}, fmt.Errorf("%s: %w", m.src, err)
	}
	q, ok := m.r.Rat(t)
	if !ok {
		return explore.ProgressValue{}, fmt.Errorf("%s rewrites to %s, not a number", m.src, m.r.String(t))
	}
	p, err := explore.RatProgressValue(q)
	if err != nil {
		return p, fmt.Errorf("%s: %w", m.src, err)
	}
	if m.keys.Len() < maxProgressCache {
		m.keys.Insert(m.key)
		m.values = append(m.values, p)
	}
	return p, nil
}
