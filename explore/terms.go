package explore

// Terms that die: a generator whose state values are terms of a store of
// its own (the LPS generator: the rewriter's hash-consed terms) keeps
// every term it ever made, and on models whose states hold lists or sets
// that store, not the visited-state store, decides the memory of a
// search. Between two expansions the explorer lets such a generator give
// back the terms that no stored state holds, naming the stored states'
// values as the roots; the generator adds its own (labels, caches).
//
// A term given back is made again as another term, so a collection is
// safe only where every holder of a state's values is exact and known:
// a store that keeps vectors (tree, table), no vectors in flight between
// expansions (delayed duplicate detection, cycle frames), and no store of
// hashes or transition keys (plan.go decides, once). With threads the
// collection waits for the blocks under way and runs with the threads
// stopped (termsDue); the generator's forks share its term store.

// TermCollector is a Generator whose values are terms it can collect
// (lpsgen.Generator).
type TermCollector interface {
	// TermStoreBytes returns the bytes of the term store.
	TermStoreBytes() int
	// NumTerms returns the number of terms the store holds.
	NumTerms() int
	// CollectTerms gives back the terms that no value passed to states'
	// keep reaches, nor the generator's own tables; it returns the terms
	// kept and freed.
	CollectTerms(states func(keep func(uint32))) (kept, freed int)
}

const (
	// DefaultTermCollectMin is the number of terms below which the term
	// store is never collected: about 11 MB of terms (32-byte nodes and
	// their tables; 18 MB with the 56-byte nodes of stop 48). It was 2^20 (100
	// MB of the old 88-byte nodes), which let the first 200,000 states
	// of mCRL2's clobber example peak at 149 MB, a fifth of it states
	// and todo list; at 2^18 the same run's first 50,000 states peak at
	// 46 MB instead of 127, in the same CPU time within this machine's
	// noise (three alternating runs each).
	DefaultTermCollectMin = 1 << 18
	// termCheckEvery is how many expansions pass between two looks at
	// the term store's size.
	termCheckEvery = 256
	// The term store is collected again when it has grown by
	// 1/termGrowth over what the last collection kept. The chunks of the
	// store are never given back, so its high-water mark is about
	// 1 + 1/termGrowth times the live terms. On the permutation puzzle
	// of issue 41 (362,880 states), growing by a half instead of
	// doubling took the peak from 244-258 MB to 227 MB for the same CPU
	// time. By a quarter took it from 166 to 156 MB (56-byte nodes),
	// but a collection costs the live terms and empties the caches: the
	// first 100,000 states took 15.6 s instead of 9.7 uncollected.
	termGrowth = 2
)

// termCollection is the explorer's side of collecting a generator's
// terms: when to collect (the store has grown by half over what the last
// collection kept, and past the floor min, as Go's own collector paces
// itself by the live heap) and the roots.
type termCollection struct {
	gen       TermCollector
	min       int
	kept      int // terms after the last collection
	every     int // expansions between two looks
	countdown int
	runs      int
	freed     int
	buf       []uint32
}

// planTerms decides whether the terms of gen can be collected in a search
// of plan p.
func (p *plan) planTerms(gen Generator, opt Options) {
	tc, ok := gen.(TermCollector)
	if !ok || opt.TermCollectMin < 0 || opt.Cycles || !p.canState ||
		p.sweep != nil || p.stochastic != nil || p.keys != nil || p.traced != nil ||
		p.delayed != nil || p.holding != nil || p.blocks != nil {
		return
	}
	min := opt.TermCollectMin
	if min == 0 {
		min = DefaultTermCollectMin
	}
	p.terms = &termCollection{gen: tc, min: min, every: termCheckEvery, countdown: termCheckEvery}
	if min == 1 {
		// The tests' setting: collect after every expansion that made
		// a term, so that a root left out shows at once.
		p.terms.every, p.terms.countdown = 1, 1
	}
}

// collectTerms collects the generator's terms if they have grown enough
// since the last collection; it is called between two expansions of one
// thread.
func (x *Explorer) collectTerms() {
	c := x.plan.terms
	if c.countdown--; c.countdown > 0 {
		return
	}
	c.countdown = c.every
	if x.termsDue() {
		x.collectTermsNow()
	}
}

// termsDue says whether the term store has grown enough since the last
// collection. A search with threads asks before it hands out a block
// (fillBlock): when it says yes, the blocks under way are finished and
// the threads stop, so that the collection runs with every fork of the
// generator idle, as Collect requires.
func (x *Explorer) termsDue() bool {
	c := x.plan.terms
	if c == nil {
		return false
	}
	terms := c.gen.NumTerms()
	if c.min == 1 {
		return terms > c.kept // the tests' setting
	}
	return terms >= max(c.min, c.kept+c.kept/termGrowth)
}

// collectTermsNow collects the generator's terms, keeping the values of
// every stored state.
func (x *Explorer) collectTermsNow() {
	x.endSpeculation() // the helper's vectors in flight are no roots, and its generator must be idle
	c := x.plan.terms
	kept, freed := c.gen.CollectTerms(func(keep func(uint32)) {
		for id := range x.store.Len() {
			c.buf = x.plan.appendState(x.store, c.buf[:0], StateID(id))
			for _, v := range c.buf {
				keep(v)
			}
		}
	})
	c.kept = kept
	c.runs++
	c.freed += freed
}

// TermCollections returns how often the generator's terms were
// collected and how many terms were given back; zeros when they are
// not collected in this search.
func (x *Explorer) TermCollections() (runs, freed int) {
	if c := x.plan.terms; c != nil {
		return c.runs, c.freed
	}
	return 0, 0
}
