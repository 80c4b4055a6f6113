package lpsgen

import (
	"slices"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/vecset"
	"github.com/lps2lts/lps2lts/internal/wordset"
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
// ones too (those are unbound between steps, so they only repeat a 0).
// A summand whose keys rarely repeat turns its cache off after a trial,
// and the caches of a generator share a bound in bytes, as the guard
// caches do.
type stepCache struct {
	vars []rewrite.Term // the variables whose values are the key
	// assigned is the number of parameters the summand assigns (not
	// kept); an entry's values are values[id*assigned:(id+1)*assigned].
	assigned int
	short    *wordset.Set // keys of at most two values, packed
	keys     *vecset.Set  // longer keys
	labels   []explore.LabelID
	values   []uint32
	key      []uint32 // the key of the lookup at hand
	// last is the key of the last lookup that found or made an entry,
	// lastID its entry (valid when hasLast): successive states often
	// repeat the values a summand reads.
	last          []uint32
	lastID        int
	hasLast       bool
	lookups, hits int
	off, tried    bool
	budget        *guardBudget
	counted       int
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
func (g *Generator) newStepCache(s *Summand, src *lps.Summand, budget *guardBudget) *stepCache {
	c := &stepCache{budget: budget}
	var exprs []lps.Expr
	for _, a := range src.Actions {
		exprs = append(exprs, a.Args...)
	}
	for _, as := range src.Assignments {
		exprs = append(exprs, as.Value)
	}
	for _, keep := range s.keep {
		if !keep {
			c.assigned++
		}
	}
	if c.assigned == 0 && s.fixed {
		return nil
	}
	seen := map[*lps.Var]bool{}
	for _, e := range exprs {
		paramsRead(e, func(v *lps.Var) {
			if !seen[v] {
				seen[v] = true
				c.vars = append(c.vars, g.r.VarTerm(v))
			}
		})
	}
	c.key, c.last = make([]uint32, len(c.vars)), make([]uint32, len(c.vars))
	return c
}

// fork returns an empty cache for the same summand.
func (c *stepCache) fork(budget *guardBudget) *stepCache {
	return &stepCache{vars: c.vars, assigned: c.assigned, key: make([]uint32, len(c.vars)), last: make([]uint32, len(c.vars)), budget: budget}
}

// lookup returns the entry for the current bindings of sub, if any.
func (c *stepCache) lookup(sub *rewrite.Subst) (int, bool) {
	for i, v := range c.vars {
		c.key[i] = uint32(sub.Get(v))
	}
	c.lookups++
	if c.hasLast && slices.Equal(c.key, c.last) {
		c.hits++
		return c.lastID, true
	}
	var id uint32
	var ok bool
	switch {
	case c.short != nil:
		id, ok = c.short.Find(c.packedKey())
	case c.keys != nil:
		id, ok = c.keys.Find(c.key)
	}
	if ok {
		c.hits++
		c.remember(int(id))
	}
	return int(id), ok
}

// add makes an entry of the key of the last lookup: label, and the
// values of the assigned parameters in next (the whole next state).
func (c *stepCache) add(label explore.LabelID, next []uint32, keep []bool) {
	if len(c.labels) >= guardMaxEntries {
		return
	}
	switch {
	case len(c.vars) <= 2:
		if c.short == nil {
			c.short = new(wordset.Set)
			c.short.Init(4)
		}
		c.short.Insert(c.packedKey())
	default:
		if c.keys == nil {
			c.keys = vecset.New(len(c.vars))
		}
		c.keys.Insert(c.key)
	}
	c.labels = append(c.labels, label)
	for i, v := range next {
		if !keep[i] {
			c.values = append(c.values, v)
		}
	}
	c.remember(len(c.labels) - 1)
	// The trial ends at the first miss after guardTrial lookups (a hit
	// adds no entry).
	if !c.tried && c.lookups >= stepTrial {
		c.tried = true
		c.off = c.hits*stepMinHitRate < c.lookups
	}
	if c.off {
		c.empty()
		c.budget.used -= c.counted
		c.counted = 0
		return
	}
	b := c.Bytes()
	c.budget.used += b - c.counted
	c.counted = b
	if c.budget.used > c.budget.max {
		c.budget.flushes++
		c.empty()
		b = c.Bytes()
		c.budget.used += b - c.counted
		c.counted = b
	}
}

// remember makes the key at hand, whose entry is id, the last key.
func (c *stepCache) remember(id int) {
	c.key, c.last = c.last, c.key
	c.lastID, c.hasLast = id, true
}

func (c *stepCache) empty() {
	c.short, c.keys, c.labels, c.values = nil, nil, nil, nil
	c.hasLast = false
}

// packedKey is the key of at most two values, in one word.
func (c *stepCache) packedKey() uint64 {
	var k uint64
	for _, v := range c.key {
		k = k<<32 | uint64(v)
	}
	return k
}

// Bytes is the memory held by the cache's tables.
func (c *stepCache) Bytes() int {
	b := 4*cap(c.labels) + 4*cap(c.values)
	switch {
	case c.short != nil:
		b += c.short.Bytes()
	case c.keys != nil:
		b += c.keys.Bytes()
	}
	return b
}

// StepStats sums up the step caches as GuardStats does the guard caches.
func (g *Generator) StepStats() GuardStats {
	var st GuardStats
	for _, f := range g.forks {
		fs := f.StepStats()
		st.Lookups += fs.Lookups
		st.Hits += fs.Hits
		st.Off += fs.Off
		st.Bytes += fs.Bytes
		st.Flushes += fs.Flushes
	}
	if g.stepBudget != nil {
		st.Flushes += g.stepBudget.flushes
		st.MaxBytes = g.stepBudget.max
	}
	for k := range g.summands {
		c := g.summands[k].steps
		if c == nil {
			continue
		}
		st.Summands++
		st.Lookups += c.lookups
		st.Hits += c.hits
		if c.off {
			st.Off++
		} else {
			st.Bytes += c.Bytes()
		}
	}
	return st
}
