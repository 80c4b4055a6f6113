package lpsgen

import "github.com/lps2lts/lps2lts/rewrite"

// The generator's part in a collection of the rewriter's term store
// (rewrite.Rewriter.Collect): it names the terms it keeps between
// transitions, and empties the caches whose keys or entries are terms
// the collection may give back.

// CollectTerms frees the terms of the rewriter that neither the states
// (each value passed to states' keep), nor the labels, nor the generator
// need, and empties its guard, step and enumeration caches and its
// forks'. It may collect only when neither g nor any of its forks is
// computing successors; nothing else may hold a term of the store that
// keep was not given. The terms made by New are never freed.
func (g *Generator) CollectTerms(states func(keep func(uint32))) (kept, freed int) {
	// The forks of a search with threads share g's term store, and each
	// has caches and label keys of its own.
	gens := append([]*Generator{g}, g.forks...)
	for _, f := range gens {
		f.emptyCaches()
	}
	cs := g.r.Collect(func(keep func(rewrite.Term)) {
		states(func(v uint32) { keep(rewrite.Term(v)) })
		g.multiActions.mu.RLock()
		for _, acts := range g.multiActions.acts {
			for _, a := range acts {
				for _, t := range a.Args {
					keep(t)
				}
			}
		}
		g.multiActions.mu.RUnlock()
		for _, f := range gens {
			for _, c := range f.labelCaches {
				for id := range c.key.Len() {
					for _, v := range c.key.Vector(uint32(id)) {
						keep(rewrite.Term(v))
					}
				}
			}
		}
	})
	return cs.Kept, cs.Freed
}

// emptyCaches empties g's guard, step and enumeration caches and the
// tables its guard and step caches share with the forks, whose terms a
// collection does not keep.
func (g *Generator) emptyCaches() {
	for k := range g.summands {
		s := &g.summands[k]
		if s.guard != nil {
			s.guard.empty()
			s.guard.budget.charge(&s.guard.counted, 0)
			if s.guard.family != nil {
				s.guard.family.empty()
			}
		}
		if s.steps != nil {
			s.steps.empty()
			s.steps.budget.charge(&s.steps.counted, 0)
			if s.steps.family != nil {
				s.steps.family.empty()
			}
		}
		if s.cache != nil {
			s.cache.Empty()
		}
	}
}

// TermStoreBytes is the memory of the rewriter's term store.
func (g *Generator) TermStoreBytes() int { return g.r.TermBytes() }

// NumTerms is the number of terms the rewriter's store holds (explore's
// pacing of collections: a count, where the bytes add up the store's
// tables).
func (g *Generator) NumTerms() int { return g.r.NumTerms() }
