package explore

import (
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/lps2lts/lps2lts/internal/offheap"
	"github.com/lps2lts/lps2lts/internal/statehash"
)

// Speculation: narrow levels of cheap states on two goroutines.
//
// The threads' blocks (parallel.go) need a todo list of many states; a
// model whose breadth-first levels hold a few states each (bakery: 3.6)
// leaves them idle, and every design that handed such a search's states
// over one at a time (docs/threads.md: a ring of slots, one state split
// in two, the relay) lost the hand-over's gain: the helper could be only
// as far ahead as the state whose successors were being inserted, since
// a state is expanded a few places after the one that found it.
//
// Here the helper does not wait to be told which states are new. It runs
// a breadth-first search of its own from the same initial state, with a
// fork of the explorer's generator (not the generator itself: the search
// computes no successors while the helper runs, but its visitors may use
// the generator, as the divergence detector searches tau-cycles with it
// and the writers print terms with its rewriter), deciding "new" by a set
// of the 64-bit hashes of the states it has met, and writes each state it
// expands, with its successors, into a queue of records. With the same initial state, the same successors in
// the same order and the same "new" (up to a collision of hashes), its
// order of states is the search's own: so it runs as far ahead as the
// queue lets it (specLead states), and the search, which still inserts
// every state and delivers every event itself, takes each state's
// successors from the queue instead of computing them.
//
// Nothing the search writes depends on the helper: a record is used only
// for the state whose vector it carries, and a generator's successors are
// a function of the state. Should the orders part (two states with one
// hash: the helper skips a state the search expands), the search skips
// the records that are not its state's and, after a chunk's worth, ends
// the speculation. A record whose state failed (an error; an unbounded sum
// that a state limit would have cut, which the helper does not cut) is not
// used: the search computes that state itself, as one thread does. With a
// state limit the helper stops after the state whose successors reach it,
// as the search will.
//
// The speculation starts before the first state is expanded (so that the
// helper's set holds what the search's store holds: the initial state)
// and ends for good when the todo list grows wide enough for the blocks,
// or the helper finds states expensive (the blocks then share them among
// all the threads; the helper alone would only move the work), or a
// checkpoint or a collection of terms is due, or the helper's set would
// pass specMaxStates. In the first two cases the search first inserts
// what the helper has computed. Its memory: the set (specset.go: 8-byte
// slots at most 3/4 full, 11 to 21 bytes a state), the helper's todo
// list and the records it is ahead by.

// The records go in chunks of specChunk: the helper takes a chunk from
// the free list (or makes one) when it fills one, and the search gives a
// chunk back when it has taken all its records; so the memory follows
// how far the helper is ahead. specLead bounds that: a long lead lets
// the helper go on while the search stalls (a table growing, pages
// first touched), which a ring of 256 records did not (docs/threads.md).
const (
	specChunk = 256
	specLead  = 1 << 16
)

type specRecords struct {
	recs [specChunk]specRecord
	next atomic.Pointer[specRecords]
}

// specMaxStates bounds the states in the helper's set: past it (a set of
// 128 MB) the speculation ends. A variable so that a test can make it
// small.
var specMaxStates = 1 << 23

// specSetBits is the size of the helper's set to begin with, in bits of
// slots: for a state limit, room for the limit's states (or
// specMaxStates) at the set's 3/4 load, else 4,096 slots, doubled as it
// fills. The set grew from a small size at first, and its rehashes were
// half its time on bakery's first 1,000,000 states (0.09 of 0.18 s in a
// profile, with a wordset.Set, which grows by halves and thirds in
// places); a run of unknown size still grows, since a large set would
// take a page of memory per state met on a small model.
func specSetBits(limit int) uint {
	if limit <= 0 {
		return 12
	}
	n := min(limit, specMaxStates)
	return max(uint(bits.Len(uint(n)*4/3-1)), 12)
}

// specHash is the helper's hash of a state (a variable so that a test can
// make states collide).
var specHash = statehash.Sum

// newChunk returns a chunk of records whose slices are cut from one slab
// each, with room for specFan transitions a record: a record grows its
// own only past that.
func (sp *speculation) newChunk() *specRecords {
	w := sp.w
	c := new(specRecords)
	vecs := offheap.Make[uint32](&sp.pool, specChunk*(1+specFan)*w)
	labels := offheap.Make[LabelID](&sp.pool, specChunk*specFan)
	written := offheap.Make[uint64](&sp.pool, specChunk*specFan)
	for i := range c.recs {
		r := &c.recs[i]
		v := vecs[i*(1+specFan)*w:]
		r.vec = v[:0:w]
		r.b.vecs = v[w : w : (1+specFan)*w]
		r.b.labels = labels[i*specFan : i*specFan : (i+1)*specFan]
		r.b.written = written[i*specFan : i*specFan : (i+1)*specFan]
	}
	return c
}

// specFan is the number of transitions a record has room for from the
// start.
const specFan = 8

type specRecord struct {
	vec []uint32
	b   batch
}

type speculation struct {
	free chan *specRecords // chunks given back by the search
	pool offheap.Pool      // the chunks' slabs (mapped: out of the collector's pacing)
	gen  Generator
	app  VectorAppender
	w    int

	// produced is the number of records written (the helper's),
	// consumed the number the search is done with (the search's).
	_        [64]byte
	produced atomic.Uint64
	_        [56]byte
	consumed atomic.Uint64
	_        [56]byte
	// stop: the search tells the helper to leave; left: the helper left
	// and produced is final; expensive: the helper left because states
	// cost more than expensiveState.
	stop, left, expensive atomic.Bool
	_                     [56]byte
	// The search sleeps at searchGate for records, the helper at
	// helperGate for free places.
	searchGate gate
	_          [64]byte
	helperGate gate
	_          [64]byte

	// The search's: rchunk holds the record next, the helper's wchunk
	// the record it writes next.
	rchunk      *specRecords
	rbase       uint64 // the number of rchunk's first record
	next, avail uint64
	used        bool // the record at next is in use by expand
	skipped     int
	// What the search and the helper write apart, on lines of their
	// own.
	_ [64]byte

	// The helper's: limit is the state limit (0: none), found the
	// states it has met, which are the search's count when it has
	// expanded as far.
	limit, found int
	wchunk       *specRecords
	all          specSet // the hashes of the states met
	queue        []uint32
	head         int
	freeUpTo     uint64    // consumed, as the helper last read it
	cost         costMeter // as parallelSearch's
	// The successors of the record published last and their hashes,
	// not yet added.
	pending []uint32
	hashes  []uint64
	cur     *batch                  // the batch emit appends to
	emit    func(LabelID, []uint32) // Successors' emit, made once
	wg      sync.WaitGroup
}

// speculable says whether this search can speculate: breadth-first
// search with threads, from its start, where a state's successors depend
// on the state alone and the generator forks (the blocks need forks when
// the speculation ends).
func (x *Explorer) speculable() bool {
	p := &x.plan
	if x.par == nil || x.specOff || x.opt.Strategy != Breadth || x.opt.Cycles ||
		p.sweep != nil || p.stochastic != nil || p.keys != nil || p.delayed != nil ||
		p.blocks != nil || p.traced != nil || x.held.prepared() || p.forker == nil {
		return false
	}
	// Only from the start: the helper's set must hold every state met.
	return x.explored == 0 && x.store.Len() == x.todo.len() && x.todo.len() > 0
}

// startSpeculation starts the helper from the todo list's states.
func (x *Explorer) startSpeculation() {
	w := x.plan.width
	sp := &speculation{free: make(chan *specRecords, specLead/specChunk+2), gen: x.plan.forker.Fork(), w: w, searchGate: newGate(), helperGate: newGate()}
	sp.wchunk = sp.newChunk()
	sp.rchunk = sp.wchunk
	sp.app, _ = sp.gen.(VectorAppender)
	if cs, ok := sp.gen.(CacheSharer); ok {
		cs.ShareCaches(false)
	}
	sp.emit = func(l LabelID, v []uint32) { sp.cur.add(l, v) }
	sp.limit, sp.found = x.opt.MaxStates, x.store.Len()
	sp.all.init(specSetBits(x.opt.MaxStates))
	v := make([]uint32, w)
	for i := range x.todo.len() {
		c, off := x.todo.at(i)
		x.todo.get(c, off, v)
		h := specHash(v)
		sp.all.insert(h)
		sp.queue = append(sp.queue, v...)
	}
	x.spec = sp
	sp.wg.Add(1)
	go sp.run()
}

// stopHelper tells the helper to leave and waits until it has: the
// records it wrote stay for the search to take.
func (sp *speculation) stopHelper() {
	sp.stop.Store(true)
	sp.helperGate.kick()
	sp.wg.Wait()
}

// endSpeculation ends the speculation for the rest of the search; the
// records not taken are dropped.
func (x *Explorer) endSpeculation() {
	sp := x.spec
	if sp == nil {
		return
	}
	sp.stopHelper()
	if len(x.par.forks) < x.plan.threads {
		// The helper's fork, its caches warm, serves the blocks (a fork
		// of a large specification takes a while to make). It shares
		// its caches with the other forks from here on.
		if cs, ok := sp.gen.(CacheSharer); ok {
			cs.ShareCaches(true)
		}
		x.par.forks = append(x.par.forks, sp.gen)
	}
	sp.all.free()
	sp.pool.Release()
	if sp.expensive.Load() {
		x.par.expensive = true
	}
	x.spec = nil
	x.specOff = true
}

// specWanted says whether the search takes its next state's successors
// from the helper. When the todo list has grown wide enough for the
// blocks, or the helper has found states expensive, it stops the helper
// and says yes until the records written are taken.
func (x *Explorer) specWanted() bool {
	sp := x.spec
	if sp == nil {
		return false
	}
	if !sp.stop.Load() && (sp.expensive.Load() || x.todo.len() >= x.par.minTodo()) {
		sp.stopHelper()
	}
	if sp.stop.Load() && sp.next >= sp.produced.Load() {
		x.endSpeculation()
		return false
	}
	return true
}

// gate is where one side of the queue of records sleeps until the other
// has gone far enough: a waiter spins a while (a hand-over on the other
// core takes well under a microsecond), then sleeps until the count it
// waits for reaches want. Sleeping matters on a machine whose cores are
// busy with other work: two goroutines spinning in turn for each other
// there took twice as long as one thread.
type gate struct {
	want atomic.Uint64 // the count that wakes the sleeper; 0: none sleeps
	ch   chan struct{}
}

func newGate() gate { return gate{ch: make(chan struct{}, 1)} }

// specSpins is how many times a waiter looks before it sleeps, and
// specBatch how far past what it needs it sleeps: a sleeper woken for
// every record would pay a wake-up each.
const (
	specSpins = 2000
	specBatch = 32
)

// wait returns once reached says so: at once, after spinning, or after
// sleeping until the other side's count passes want (wake).
func (g *gate) wait(want uint64, reached func() bool) {
	for i := 0; i < specSpins; i++ {
		if reached() {
			return
		}
	}
	for !reached() {
		g.want.Store(want)
		if reached() {
			if !g.want.CompareAndSwap(want, 0) {
				<-g.ch // the waker took want: its token is on its way
			}
			return
		}
		<-g.ch
	}
}

// wake is called by the other side after its count moved to count.
func (g *gate) wake(count uint64) {
	if w := g.want.Load(); w != 0 && count >= w && g.want.CompareAndSwap(w, 0) {
		g.ch <- struct{}{}
	}
}

// kick wakes the sleeper, if any, whatever it waits for.
func (g *gate) kick() {
	if w := g.want.Load(); w != 0 && g.want.CompareAndSwap(w, 0) {
		g.ch <- struct{}{}
	}
}

// run is the helper: a breadth-first search of its own, each expansion
// written into the queue of records.
func (sp *speculation) run() {
	defer sp.wg.Done()
	defer func() {
		sp.left.Store(true)
		sp.searchGate.kick()
	}()
	w := sp.w
	n := uint64(specLead)
	var k uint64
	var sampledAt, sampleAt uint64 // the states at the last measure and the next
	free := func() bool {
		sp.freeUpTo = sp.consumed.Load()
		return k-sp.freeUpTo < n || sp.stop.Load()
	}
	for !sp.stop.Load() {
		if sp.head == len(sp.queue) || sp.limit > 0 && sp.found+len(sp.hashes) >= sp.limit {
			sp.addPending()
			if sp.head == len(sp.queue) || sp.limit > 0 && sp.found >= sp.limit {
				return // the state space is all found, or the limit reached
			}
		}
		if len(sp.queue)-sp.head >= parallelMin*w {
			// The level is wide: the search's todo list will be when
			// it gets here, and the blocks share it among all the
			// threads, where the helper would go on alone (knights:
			// 32 of its first states computed by the helper, 15%
			// slower).
			return
		}
		if k == sampleAt {
			// Time spent waiting for free places is not a state's
			// (reset below). Cheap states are measured a quarter as
			// often: a clock read every four of bakery's states was 3%
			// of the helper's time, and states that grow expensive
			// are still found within 64 of them.
			every := costSample
			if sp.cost.cheap() {
				every = 4 * costSample
			}
			if expensive, _ := sp.cost.sample(int(k - sampledAt)); expensive {
				sp.expensive.Store(true)
				return
			}
			sampledAt, sampleAt = k, k+uint64(every)
		}
		if k-sp.freeUpTo == n {
			sp.helperGate.wait(k-n+specBatch, free)
			if sp.stop.Load() {
				return
			}
			sp.cost.reset()
		}
		if k > 0 && k%specChunk == 0 {
			var c *specRecords
			select {
			case c = <-sp.free:
				c.next.Store(nil)
			default:
				c = sp.newChunk()
			}
			sp.wchunk.next.Store(c)
			sp.wchunk = c
		}
		r := &sp.wchunk.recs[k%specChunk]
		r.vec = append(r.vec[:0], sp.queue[sp.head:sp.head+w]...)
		sp.head += w
		b := &r.b
		b.reset()
		if sp.app != nil {
			b.err = sp.app.AppendSuccessors(r.vec, Targets{&b.vecs, &b.labels, &b.written}, nil)
		} else {
			sp.cur = b
			b.err = sp.gen.Successors(r.vec, sp.emit)
		}
		// The last record's successors, whose slots in the set were
		// fetched while this one's were computed; then this one's are
		// hashed and their slots fetched. (A record is read, not
		// written, once the search has it.)
		sp.addPending()
		if b.err == nil {
			sp.pending = b.vecs
			for j := range len(b.labels) {
				sp.hashes = append(sp.hashes, specHash(b.vecs[j*w:(j+1)*w]))
			}
			sp.all.prefetch(sp.hashes)
		}
		// A set past specMaxStates ends the speculation: the search
		// computes its states itself from there.
		failed := b.err != nil || sp.all.len() > specMaxStates
		k++
		sp.produced.Store(k)
		sp.searchGate.wake(k)
		if failed {
			return
		}
	}
}

// addPending adds the successors of the record published last to the
// set, and the new ones to the helper's todo list.
func (sp *speculation) addPending() {
	w := sp.w
	if sp.head >= 1<<16 && 2*sp.head >= len(sp.queue) {
		m := copy(sp.queue, sp.queue[sp.head:])
		sp.queue, sp.head = sp.queue[:m], 0
	}
	for j, h := range sp.hashes {
		if sp.all.insert(h) {
			sp.queue = append(sp.queue, sp.pending[j*w:(j+1)*w]...)
			sp.found++
		}
	}
	sp.hashes, sp.pending = sp.hashes[:0], nil
}

// takeSpeculated returns the helper's successors of vec, or nil when the
// search must compute them itself (it then ends the speculation: the
// helper cannot give them). Between takeSpeculated and doneSpeculated
// the record is the search's.
func (x *Explorer) takeSpeculated(vec []uint32) *batch {
	sp := x.spec
	ready := func() bool {
		sp.avail = sp.produced.Load()
		return sp.next < sp.avail || sp.left.Load()
	}
	for {
		if sp.next == sp.avail && !ready() {
			sp.searchGate.wait(sp.next+specBatch, ready)
		}
		if sp.next == sp.avail {
			sp.avail = sp.produced.Load() // the helper left: its last count
			if sp.next == sp.avail {
				x.endSpeculation()
				return nil
			}
		}
		if sp.next == sp.rbase+specChunk {
			// The chunk's records are all taken: the next is in the
			// next chunk, linked before the helper counted it.
			c := sp.rchunk
			sp.rchunk, sp.rbase = c.next.Load(), sp.next
			sp.free <- c
		}
		r := &sp.rchunk.recs[sp.next-sp.rbase]
		if slices.Equal(r.vec, vec) {
			if r.b.err != nil {
				x.endSpeculation()
				return nil
			}
			sp.used = true
			x.speculated++
			return &r.b
		}
		// A state the search does not expand: skip it.
		sp.release()
		if sp.skipped++; sp.skipped > specChunk {
			x.endSpeculation()
			return nil
		}
	}
}

// doneSpeculated gives the record taken back to the helper.
func (sp *speculation) doneSpeculated() {
	if sp.used {
		sp.used = false
		sp.release()
	}
}

func (sp *speculation) release() {
	sp.next++
	sp.consumed.Store(sp.next)
	sp.helperGate.wake(sp.next)
}
