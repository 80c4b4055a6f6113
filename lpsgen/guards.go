package lpsgen

import (
	"github.com/lps2lts/lps2lts/enumerate"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/rewrite"
)

// guardCache remembers the outcome of one summand's condition by the
// values of the process parameters the condition reads: whether it holds
// and, for a summand with sum variables, the solutions of the enumeration
// in the order they were found. Models with hundreds of summands guarded
// by a program counter and a few flags see the same few combinations of
// those values in state after state, so most states decide most summands
// by one table lookup, without rewriting (mCRL2's --cached keys its cache
// by the condition rewritten under the state, which costs the rewrite;
// LTSmin's guard splitting caches guards by the state slots they read).
//
// The outcome depends on nothing else: the condition is rewritten under
// the parameters alone, and the rewriter is deterministic, so the same
// values give the same normal form and the same enumeration. A summand
// whose keys rarely repeat turns its cache off (see guardTrial).
type guardCache struct {
	reads []int // positions of the parameters the condition reads
	// keys numbers the values read; an entry's number is its key's.
	keys    keyTable
	entries []guardEntry
	sols    []rewrite.Term // solutions, len(sumVars) terms each
	// recording: a miss is being computed; its solutions are appended to
	// sols from recStart on.
	recording bool
	recStart  int
	cacheCounts
	// budget is the bound shared by the generator's guard caches;
	// counted is what this cache has added to budget.used.
	budget  *guardBudget
	counted int
	// family is the table the forks of the generator share (shared.go),
	// nil until the generator is forked; shared is family while the
	// generator uses it (Generator.ShareCaches), else nil.
	family, shared *sharedTable[rewrite.Term]
}

// guardBudget bounds the bytes of one generator's guard caches together
// (each fork of the generator has a budget of its own; the tables the
// forks share have one more, sharedBudget, of the same bound). A cache
// whose entry takes the sum over the bound is emptied, as an enumeration
// cache is (enumerate.Cache): the combinations of values a breadth-first search
// meets move from level to level, and an emptied cache fills again with
// those of the levels at hand. Without a bound the caches grew with the
// state space: 22 MB, 785 bytes/state, on a FlexRay model of 28k states.
type guardBudget struct {
	used, max int
	flushes   int
}

// DefaultGuardCacheBytes is the default bound of a generator's guard
// caches. The corpus's largest are far below it (see docs/stores.md), so
// that only models whose conditions read many parameters with many
// values reach it.
const DefaultGuardCacheBytes = 16 << 20

func newGuardBudget(max int) *guardBudget {
	if max <= 0 {
		max = DefaultGuardCacheBytes
	}
	return &guardBudget{max: max}
}

type guardEntry struct {
	holds  bool
	lo, hi uint32 // the entry's solutions are sols[lo:hi]
}

const (
	// guardTrial lookups decide whether a summand's cache pays: with
	// fewer than one hit in guardMinHitRate, it is dropped.
	guardTrial      = 4096
	guardMinHitRate = 4
	// guardMaxEntries bounds one summand's table.
	guardMaxEntries = 1 << 20
)

// newGuardCache prepares the cache of a condition over the parameters
// pindex; conditions of quantifiers or lambdas read their free
// parameters only.
func newGuardCache(cond lps.Expr, pindex map[*lps.Var]int, budget *guardBudget) *guardCache {
	seen := make(map[int]bool)
	var reads []int
	if cond != nil {
		lps.VarsIn(cond, func(v *lps.Var) {
			if i, ok := pindex[v]; ok && !seen[i] {
				seen[i] = true
				reads = append(reads, i)
			}
		})
	}
	return newGuardKeys(reads, budget)
}

// newGuardKeys returns an empty cache keyed by the parameters at reads.
func newGuardKeys(reads []int, budget *guardBudget) *guardCache {
	return &guardCache{reads: reads, keys: newKeyTable(len(reads)), budget: budget}
}

// empty drops the tables.
func (c *guardCache) empty() {
	c.entries, c.sols = nil, nil
	c.keys.reset()
}

// lookup returns the remembered outcome for state, if any, and otherwise
// starts recording the outcome about to be computed.
func (c *guardCache) lookup(state []uint32) (guardEntry, bool) {
	c.lookups++
	if id, ok := c.keys.findIn(state, c.reads); ok {
		c.hits++
		return c.entries[id], true
	}
	c.recording, c.recStart = true, len(c.sols)
	return guardEntry{}, false
}

// lookupShared looks the key of the last lookup, a miss, up in the
// shared table; a hit is kept in the cache as if computed, and lookupShared
// returns its entry, whose solutions are in sols (valid until the next
// lookup: keeping the entry may empty the cache, and sols is the table it
// had).
func (c *guardCache) lookupShared() (e guardEntry, sols []rewrite.Term, ok bool) {
	c.sharedLookups++
	word, all, ok := c.shared.find(c.keys.key, c.sols)
	if !ok {
		return guardEntry{}, nil, false
	}
	c.sharedHits++
	c.sols = all
	e = guardEntry{holds: word != 0, lo: uint32(c.recStart), hi: uint32(len(all))}
	c.recording = false
	c.keep(e.holds)
	return e, all, true
}

// record adds a solution of the outcome being recorded.
func (c *guardCache) record(vals []rewrite.Term) {
	if !c.off && c.recording {
		c.sols = append(c.sols, vals...)
	}
}

// finish stores the recorded outcome (when the computation succeeded)
// and decides, after the trial, whether the cache pays.
func (c *guardCache) finish(holds, ok bool) {
	if c == nil || !c.recording {
		return
	}
	c.recording = false
	if !ok {
		c.sols = c.sols[:c.recStart]
		return
	}
	if c.shared != nil {
		word := uint32(0)
		if holds {
			word = 1
		}
		c.shared.publish(c.keys.key, word, c.sols[c.recStart:])
	}
	c.keep(holds)
}

// keep makes an entry of the outcome recorded for the key of the last
// lookup.
func (c *guardCache) keep(holds bool) {
	if len(c.entries) >= guardMaxEntries {
		c.sols = c.sols[:c.recStart]
		return
	}
	c.keys.add()
	c.entries = append(c.entries, guardEntry{holds: holds, lo: uint32(c.recStart), hi: uint32(len(c.sols))})
	// Bytes sums a few capacities; a miss costs a rewrite or more.
	settle(c, &c.cacheCounts, c.budget, &c.counted, guardTrial, guardMinHitRate)
}

// Bytes is the memory held by the cache's tables.
func (c *guardCache) Bytes() int {
	if c.off {
		return 0
	}
	return 12*cap(c.entries) + 4*cap(c.sols) + c.keys.bytes()
}

// fork returns an empty cache for the same condition, for a fork of the
// generator; it shares c's shared table.
func (c *guardCache) fork(budget *guardBudget) *guardCache {
	f := newGuardKeys(c.reads, budget)
	f.family, f.shared = c.family, c.family
	return f
}

// CacheStats sums up one kind of a generator's caches (GuardStats,
// StepStats): lookups, hits, the summands whose cache was dropped, the
// bytes the tables hold, and how often a cache was emptied for passing the
// bound (MaxBytes, per generator and fork).
type CacheStats struct {
	Lookups, Hits, Off, Summands, Bytes int
	Flushes, MaxBytes                   int
	// SharedLookups are the misses looked up in the tables the forks
	// share (shared.go), SharedHits those found there; Bytes and Flushes
	// count the shared tables too.
	SharedLookups, SharedHits int
}

// GuardStats returns the figures of the generator's guard caches and of
// its forks'.
func (g *Generator) GuardStats() CacheStats {
	st := g.cacheStats(func(g *Generator) *guardBudget { return g.guardBudget }, func(s *Summand) summandCache {
		if s.guard == nil {
			return nil
		}
		return s.guard
	})
	st.addShared(g.sharedGuards)
	return st
}

// summandCache is a guard or step cache, as cacheStats sums it up.
type summandCache interface {
	counts() *cacheCounts
	Bytes() int
}

func (c *cacheCounts) counts() *cacheCounts { return c }

// cacheStats sums up one kind of cache, of g and its forks: budget gives
// a generator's bound, cache a summand's cache (nil if none).
func (g *Generator) cacheStats(budget func(*Generator) *guardBudget, cache func(*Summand) summandCache) CacheStats {
	var st CacheStats
	for _, f := range g.forks {
		fs := f.cacheStats(budget, cache)
		st.Lookups += fs.Lookups
		st.Hits += fs.Hits
		st.Off += fs.Off
		st.Bytes += fs.Bytes
		st.Flushes += fs.Flushes
		st.SharedLookups += fs.SharedLookups
		st.SharedHits += fs.SharedHits
	}
	if b := budget(g); b != nil {
		st.Flushes += b.flushes
		st.MaxBytes = b.max
	}
	for k := range g.summands {
		c := cache(&g.summands[k])
		if c == nil {
			continue
		}
		n := c.counts()
		st.Summands++
		st.Lookups += n.lookups
		st.Hits += n.hits
		st.SharedLookups += n.sharedLookups
		st.SharedHits += n.sharedHits
		st.Bytes += c.Bytes()
		if n.off {
			st.Off++
		}
	}
	return st
}

// CacheBytes are the bytes of a generator's caches, its forks' included,
// for reports: the guard caches, the step caches, the enumeration caches
// (--cached) and
// the rewriter's term store, which keeps every term made and its normal
// form (shared by the forks, counted once).
type CacheBytes struct {
	Guard, Step, Enumeration, Terms int
	// Bounds of the guard caches and of the step caches (per generator
	// and fork) and of each enumeration cache; Flushes counts the caches
	// emptied at them.
	GuardMax, StepMax, EnumerationMax, Flushes int
}

// CacheBytes returns the bytes of the generator's caches and its forks'.
// Call it when they are idle.
func (g *Generator) CacheBytes() CacheBytes {
	gs, ss := g.GuardStats(), g.StepStats()
	cb := CacheBytes{Guard: gs.Bytes, GuardMax: gs.MaxBytes, Step: ss.Bytes, StepMax: ss.MaxBytes, Flushes: gs.Flushes + ss.Flushes, Terms: g.r.TermBytes()}
	seen := map[*enumerate.Cache]bool{}
	var add func(g *Generator)
	add = func(g *Generator) {
		for k := range g.summands {
			if c := g.summands[k].cache; c != nil && !seen[c] {
				seen[c] = true
				cb.Enumeration += c.Bytes()
				cb.EnumerationMax = c.MaxBytes()
				cb.Flushes += c.Flushes()
			}
		}
		for _, f := range g.forks {
			add(f)
		}
	}
	add(g)
	return cb
}
