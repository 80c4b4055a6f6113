package lpsgen

import (
	"slices"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/offheap"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/rewrite"
)

// stepCache remembers a summand's transitions by the values of the
// variables its multi-action and its assignments read: the label and the
// new values of the parameters it assigns. Its guard cache (guards.go)
// spares the condition's rewriting and enumeration; this spares the
// rewriting of the rest, which on models whose assignments compute on
// lists or records is most of a transition's cost (FlexRay's 3_Regular:
// 31% of the run in the assignments, 1.7 µs a transition). LTSmin's
// PINS cache layer does the same per transition group.
//
// The values depend on nothing else: the terms are rewritten under the
// bindings of the variables they contain, and the rewriter is
// deterministic. The key takes every variable the terms contain, bound
// ones too: the bound ones do not change a term's value, so their values
// in the bindings can only make a key finer than it needs to be.
// A summand whose keys rarely repeat turns its cache off after a trial,
// and the caches of a generator share a bound in bytes, as the guard
// caches do.
type stepCache struct {
	vars []rewrite.Term // the variables whose values are the key
	// slots are their places in a substitution: a lookup reads them for
	// every transition, and finding each variable's node first was a
	// sixth of a lookup.
	slots []rewrite.VarSlot
	// params are the variables' positions in the state where they are
	// parameters, else -1: a lookup reads a parameter from the state, so
	// that a hit needs no parameter bound (Generator.subst).
	params []int
	// sums are the variables' positions among the summand's sum
	// variables where they are sum variables, else -1: a lookup reads
	// them from the solution where it is given, so that a hit needs none
	// bound (Generator.flushSums).
	sums []int
	// assigned is the number of parameters the summand assigns (not
	// kept); an entry's values are values[id*assigned:(id+1)*assigned].
	assigned int
	// keys numbers the values of vars; an entry's number is its key's.
	keys   keyTable
	labels []explore.LabelID
	values []uint32
	// pool holds labels and values once they are large (package
	// offheap): they grow by moving pages, and empty gives them back at
	// once.
	pool offheap.Pool
	cacheCounts
	budget  *guardBudget
	counted int
	// family is the table the forks of the generator share (shared.go),
	// nil until the generator is forked; shared is family while the
	// generator uses it (Generator.ShareCaches), else nil; gathered is
	// scratch for the values published there.
	family, shared *sharedTable[uint32]
	gathered       []uint32
}

const (
	// stepTrial lookups decide whether a summand's step cache pays:
	// with fewer than one hit in stepMinHitRate, it is dropped. A miss
	// costs the key's hash and an entry; a hit spares a few rewrites.
	// On commprot's first 200,000 states, a quarter of the lookups hit
	// and the caches cost 7% of the run.
	stepTrial      = 1024
	stepMinHitRate = 2
)

// newStepCache returns the step cache of summand s (translated from src),
// or nil when it has nothing to spare: no data arguments and no
// assignment.
func (g *Generator) newStepCache(s *Summand, src *lps.Summand, pindex map[*lps.Var]int, globals map[*lps.Var]bool, budget *guardBudget) *stepCache {
	c := &stepCache{budget: budget}
	var exprs []lps.Expr
	for _, a := range src.Actions {
		exprs = append(exprs, a.Args...)
	}
	for _, as := range src.Assignments {
		exprs = append(exprs, as.Value)
	}
	c.assigned = len(s.assigned)
	if c.assigned == 0 && s.fixed {
		return nil
	}
	// The global variables are left out: the rewriter puts their
	// default values in their place (rewrite/defaults.go), so they would
	// add the same value to every key. On parallel_counting, one or two
	// globals made four summands' keys of two or three values into keys
	// of four: the step caches of the first 200,000 states took 2.29 MB,
	// without them 1.79 MB.
	// The set of globals is the generator's, made once: Lamport_3-bit
	// has 373 globals and 114 summands, and a set of its own for each
	// summand took 2 MB of loading's 12 MB of allocations.
	seen := map[*lps.Var]bool{}
	for _, e := range exprs {
		lps.VarsIn(e, func(v *lps.Var) {
			if !seen[v] && !globals[v] {
				seen[v] = true
				c.vars = append(c.vars, g.r.VarTerm(v))
				c.slots = append(c.slots, g.r.Slot(c.vars[len(c.vars)-1]))
				p, ok := pindex[v]
				if !ok {
					p = -1
				}
				c.params = append(c.params, p)
				c.sums = append(c.sums, slices.Index(s.sumVarT, c.vars[len(c.vars)-1]))
			}
		})
	}
	c.keys = newKeyTable(len(c.vars))
	return c
}

// fork returns an empty cache for the same summand, sharing c's shared
// table.
func (c *stepCache) fork(budget *guardBudget) *stepCache {
	return &stepCache{vars: c.vars, slots: c.slots, params: c.params, sums: c.sums, assigned: c.assigned, keys: newKeyTable(len(c.vars)), budget: budget, family: c.family, shared: c.family}
}

// lookup returns the entry for the values of the parameters in state,
// of the sum variables in sums (or, where sums is nil, in sub) and of the
// other variables in sub, if any.
func (c *stepCache) lookup(sub *rewrite.Subst, state []uint32, sums []rewrite.Term) (int, bool) {
	c.lookups++
	t := &c.keys
	if t.hasLast {
		// The values are compared with the last key where they are, as
		// a guard cache's are (keyTable.findIn).
		last := t.last[:len(c.slots)]
		i := 0
		for ; i < len(last) && c.value(i, sub, state, sums) == last[i]; i++ {
		}
		if i == len(last) {
			c.hits++
			return t.lastID, true
		}
	}
	for i := range c.slots {
		t.key[i] = c.value(i, sub, state, sums)
	}
	id, ok := t.findKey()
	if ok {
		c.hits++
	}
	return id, ok
}

// value is the value of the key's variable i: a parameter's in state, a
// sum variable's in sums where given, another variable's in sub.
func (c *stepCache) value(i int, sub *rewrite.Subst, state []uint32, sums []rewrite.Term) uint32 {
	if p := c.params[i]; p >= 0 {
		return state[p]
	}
	if j := c.sums[i]; j >= 0 && sums != nil {
		return uint32(sums[j])
	}
	return uint32(sub.GetSlot(c.slots[i]))
}

// lookupShared looks the key of the last lookup, a miss, up in the
// shared table; a hit is kept in the cache as if computed, and
// lookupShared returns its label and the values of the assigned
// parameters (valid until the next call).
func (c *stepCache) lookupShared() (explore.LabelID, []uint32, bool) {
	if c.shared == nil {
		return 0, nil, false
	}
	c.sharedLookups++
	word, vals, ok := c.shared.find(c.keys.key, c.gathered[:0])
	c.gathered = vals
	if !ok {
		return 0, nil, false
	}
	c.sharedHits++
	label := explore.LabelID(word)
	c.keep(label, vals)
	return label, vals, true
}

// add makes an entry of the key of the last lookup, and publishes it in
// the shared table: label, and the values of the assigned parameters in
// next (the whole next state).
func (c *stepCache) add(label explore.LabelID, next []uint32, assigned []int) {
	c.gathered = c.gathered[:0]
	for _, i := range assigned {
		c.gathered = append(c.gathered, next[i])
	}
	if c.shared != nil {
		c.shared.publish(c.keys.key, uint32(label), c.gathered)
	}
	c.keep(label, c.gathered)
}

// keep makes an entry of the key of the last lookup: label, and vals,
// the values of the assigned parameters.
func (c *stepCache) keep(label explore.LabelID, vals []uint32) {
	if len(c.labels) >= guardMaxEntries {
		return
	}
	c.keys.add()
	c.labels = offheap.Append(&c.pool, c.labels, label)
	c.values = offheap.Grow(&c.pool, c.values, c.assigned)
	c.values = append(c.values, vals...)
	settle(c, &c.cacheCounts, c.budget, &c.counted, stepTrial, stepMinHitRate)
}

func (c *stepCache) empty() {
	offheap.Free(&c.pool, c.labels)
	offheap.Free(&c.pool, c.values)
	c.labels, c.values = nil, nil
	c.keys.reset()
}

// Bytes is the memory held by the cache's tables.
func (c *stepCache) Bytes() int {
	if c.off {
		return 0
	}
	return 4*cap(c.labels) + 4*cap(c.values) + c.keys.bytes()
}

// StepStats sums up the step caches as GuardStats does the guard caches.
func (g *Generator) StepStats() CacheStats {
	st := g.cacheStats(func(g *Generator) *guardBudget { return g.stepBudget }, func(s *Summand) summandCache {
		if s.steps == nil {
			return nil
		}
		return s.steps
	})
	st.addShared(g.sharedSteps)
	return st
}
