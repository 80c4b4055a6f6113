package lpsgen

import (
	"sync"
	"sync/atomic"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/rewrite"
)

// A fork of a Generator shares its caches with its family, and the
// speculating helper turns that off (ShareCaches).
var _ explore.CacheSharer = (*Generator)(nil)

// sharedTable is the second level of one summand's guard or step cache,
// shared by a generator and its forks (Fork): a fork whose own cache
// misses looks here before it rewrites, copies a hit into its own cache,
// and publishes what it computed. Without it every fork rewrites every
// combination of values its own cache has not seen: on Lamport_3-bit
// with 16 threads the forks together rewrote 15 times as long as one
// thread did.
//
// An entry is a word and a vector of values: for a guard cache, whether
// the condition holds and the solutions of its sum variables; for a step
// cache, the label and the values of the assigned parameters. The terms
// are ids of the term store the forks share, and the labels ids of the
// Labels table they share, so an entry means the same to every fork.
//
// Safe for concurrent use: a mutex per table, reached only on a miss of
// a fork's own cache, so that hits stay lock-free and local. The tables of
// one kind share a bound (sharedBudget); a table whose entry takes them
// over it is emptied, as a fork's own caches are (settle).
type sharedTable[V ~uint32] struct {
	mu      sync.Mutex
	keys    keyTable
	entries []sharedEntry
	vals    []V
	budget  *sharedBudget
	counted int // what the table has added to budget.used
}

type sharedEntry struct {
	word   uint32 // the guard's outcome (1: holds), or the step's label
	lo, hi uint32 // the entry's values are vals[lo:hi]
}

// sharedBudget bounds the bytes of the shared tables of one kind
// together; the forks charge it concurrently.
type sharedBudget struct {
	used, flushes atomic.Int64
	max           int64
}

func newSharedTable[V ~uint32](width int, budget *sharedBudget) *sharedTable[V] {
	return &sharedTable[V]{keys: newKeyTable(width), budget: budget}
}

// find looks up key; on a hit it appends the entry's values to dst and
// returns its word.
func (t *sharedTable[V]) find(key []uint32, dst []V) (word uint32, out []V, ok bool) {
	t.mu.Lock()
	copy(t.keys.key, key)
	id, ok := t.keys.find()
	if ok {
		e := t.entries[id]
		word = e.word
		dst = append(dst, t.vals[e.lo:e.hi]...)
	}
	t.mu.Unlock()
	return word, dst, ok
}

// publish adds the entry word, vals for key, unless the table holds key
// (another fork computed it meanwhile) or is full.
func (t *sharedTable[V]) publish(key []uint32, word uint32, vals []V) {
	t.mu.Lock()
	defer t.mu.Unlock()
	copy(t.keys.key, key)
	if _, ok := t.keys.find(); ok || len(t.entries) >= guardMaxEntries {
		return
	}
	t.keys.add()
	lo := len(t.vals)
	t.vals = append(t.vals, vals...)
	t.entries = append(t.entries, sharedEntry{word: word, lo: uint32(lo), hi: uint32(len(t.vals))})
	t.charge(t.bytes())
	if t.budget.used.Load() > t.budget.max {
		t.budget.flushes.Add(1)
		t.emptyLocked()
	}
}

// empty drops the table's entries (a collection of terms).
func (t *sharedTable[V]) empty() {
	t.mu.Lock()
	t.emptyLocked()
	t.mu.Unlock()
}

func (t *sharedTable[V]) emptyLocked() {
	t.entries, t.vals = nil, nil
	t.keys.reset()
	t.charge(0)
}

// charge records that the table holds b bytes.
func (t *sharedTable[V]) charge(b int) {
	t.budget.used.Add(int64(b - t.counted))
	t.counted = b
}

func (t *sharedTable[V]) bytes() int {
	return 12*cap(t.entries) + 4*cap(t.vals) + t.keys.bytes()
}

// shareCaches gives each guard and step cache of g that has none a
// shared table, which its forks' caches will share; the first Fork calls
// it, so that a generator that is never forked has none. The bound of
// each kind of shared tables is that of g's own caches of that kind.
func (g *Generator) shareCaches() {
	for k := range g.summands {
		s := &g.summands[k]
		if c := s.guard; c != nil && c.family == nil {
			if g.sharedGuards == nil {
				g.sharedGuards = &sharedBudget{max: int64(g.guardBudget.max)}
			}
			c.family = newSharedTable[rewrite.Term](len(c.reads), g.sharedGuards)
		}
		if c := s.steps; c != nil && c.family == nil {
			if g.sharedSteps == nil {
				g.sharedSteps = &sharedBudget{max: int64(g.stepBudget.max)}
			}
			c.family = newSharedTable[uint32](len(c.vars), g.sharedSteps)
		}
	}
	g.ShareCaches(!g.alone)
}

// ShareCaches says whether g's guard and step caches use the tables g's
// family of forks shares (on by default): on a miss of its own cache, a
// fork looks there before it computes, and publishes what it computed.
// Off suits a fork that computes while no other does (explore's
// speculating helper, which runs ahead of a search that computes
// nothing): the tables then hold nothing new for it, and publishing
// copied every entry it made once more, under a lock, for forks that
// may never come: on bakery's first 300,000 states 10% of the helper's
// time, in the goroutine that bounds the run. What g computed while off
// stays in its own caches only: a fork that then shares again (the
// helper's, taken over by the threads' blocks) starts publishing from
// there.
func (g *Generator) ShareCaches(on bool) {
	g.alone = !on
	for k := range g.summands {
		s := &g.summands[k]
		if c := s.guard; c != nil {
			c.shared = sharedIf(c.family, on)
		}
		if c := s.steps; c != nil {
			c.shared = sharedIf(c.family, on)
		}
	}
}

// sharedIf is the table a cache uses: its family's when on, else none.
func sharedIf[V ~uint32](family *sharedTable[V], on bool) *sharedTable[V] {
	if on {
		return family
	}
	return nil
}

// addShared adds the figures of the shared tables of budget b (nil when
// g was never forked) to st.
func (st *CacheStats) addShared(b *sharedBudget) {
	if b != nil {
		st.Bytes += int(b.used.Load())
		st.Flushes += int(b.flushes.Load())
	}
}
