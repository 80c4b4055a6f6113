package explore

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Forker is a Generator that can make copies of itself for other
// goroutines: Fork returns a generator with the same transitions and
// scratch space and caches of its own, safe to use concurrently with the
// original and the other forks. The forks share the Labels table, which
// is safe for concurrent use. The fork of a StochasticGenerator is a
// StochasticGenerator whose probability ids mean what the original's do
// (one table, safe for concurrent use), so that events and writers see
// the same ids whichever goroutine computed a distribution.
type Forker interface {
	Generator
	Fork() Generator
}

// parallelSearch holds the workers of a search whose successors are
// computed by several goroutines (Options.Threads): breadth-first, highway
// or sweep-line search, plain or stochastic, on any generator that forks
// (confluence reduction's among them).
//
// The search goes through the states to expand in blocks, taken from the
// front of the todo list as far as the strategy allows (ahead.go). The workers
// compute the successors of a block's states (the expensive part: the
// generator's rewriting), each on its own fork; the block's successors are
// then inserted and their events delivered state by state, in order,
// through the step of a one-thread search (step.go), while the workers
// compute later blocks. So the state numbers, the LTS and every visitor's
// view are the same whatever the number of threads, and the store, the
// visitors and the writers need no locks: one goroutine at a time inserts
// and delivers events, the one that finds the next block ready; the tree
// store's fold runs ahead on another (expandBlocks). The sequential parts
// (fold, insertion and events) bound the speed-up; many cores would need a
// concurrent store and visitors that take events out of order
// (docs/stores.md, "Threads").
type parallelSearch struct {
	forks []Generator
	// keys, when the store records transition keys, is the explorer's
	// generator: the workers name transitions portably and keys turns
	// the names into its own keys.
	keys  PortableKeyer
	width int
	// stochastic: the workers compute distributions (the forks of a
	// StochasticGenerator are StochasticGenerators).
	stochastic bool
	pipe       pipeline
	// stateCost is the nanoseconds the last chunk computed took per
	// state (the workers write it): states that cost more than
	// expensiveState go in fine blocks.
	stateCost atomic.Int64
	// ahead says whether the folder computes the blocks' keys
	// (foldAhead), storeRead whether a visitor forbids it.
	ahead     bool
	storeRead bool
	// calls counts wanted's calls, cost measures the one-thread search's
	// states, and expensive says whether the least of its last measures
	// is above expensiveState.
	calls     int
	cost      costMeter
	expensive bool
}

// costMeter measures the cost of a state from the wall time of the
// states between two calls of sample (costSample in the one-thread
// search; 4 or 16 in the speculating helper), and keeps the last
// costWindow measures.
type costMeter struct {
	// sampled is when sample was last called, in nanoseconds since
	// epoch, the first sample (0 after reset): time.Since reads only
	// the monotonic clock, where time.Now reads the wall clock too (25
	// against 47 ns here, once every costSample states of the
	// speculating helper, which bounds bakery).
	epoch    time.Time
	sampled  int64
	costs    [costWindow]int64
	measured int
}

// sample takes a measure of the n states since the last call, unless the
// meter was just reset, and then says whether the states are expensive:
// the least of the last costWindow measures above expensiveState. ok is
// false until there are that many.
func (m *costMeter) sample(n int) (expensive, ok bool) {
	if m.epoch.IsZero() {
		m.epoch = time.Now()
	}
	now := int64(time.Since(m.epoch)) + 1 // never 0, the reset's mark
	if m.sampled != 0 {
		m.costs[m.measured%costWindow] = (now - m.sampled) / int64(max(n, 1))
		m.measured++
		ok = m.measured >= costWindow
	}
	m.sampled = now
	return ok && slices.Min(m.costs[:]) > int64(expensiveState), ok
}

// cheap says whether the last costWindow measures are all below a
// sixteenth of expensiveState: states that a descheduled measure cannot
// have made look cheap.
func (m *costMeter) cheap() bool {
	return m.measured >= costWindow && slices.Max(m.costs[:]) < int64(expensiveState/16)
}

// reset makes the next sample start a measure rather than end one: the
// time since is no state's (the threads took part, or the helper
// waited).
func (m *costMeter) reset() { m.sampled = 0 }

// parallelBuffer is one block: its states and their vectors, the
// successors the workers found, and how far its stages have gone.
type parallelBuffer struct {
	ids     []StateID
	n       int
	inputs  []uint32
	results []successorList
	// done[i] says that results[i] holds state i's successors (the
	// worker sets it when it has written them).
	done []atomic.Bool
	// keys are the keys of the successors, in order, once folded
	// (TwoPhaseStore); ahead says whether the folder folds them.
	keys   []uint64
	folded bool
	ahead  bool
	// fine: the block's states are inserted as they are computed, one
	// run of done states at a time, and claimed one at a time (states
	// that are expensive, or few because a state limit is near); else
	// the block is inserted when all its states are computed.
	fine bool
	// chunk is the number of states a goroutine claims at a time.
	chunk int32
	// The states whose successors a goroutine computes or computed
	// (expandBlocks): the goroutines claim and count them without the
	// lock. next is the next state to insert: the inserter writes it, and
	// a worker that computed it goes to insert (fine blocks).
	claimed, computed, next atomic.Int32
}

// successorList is the successors of one state, as a worker found them:
// a batch, and when keys are kept the transitions' portable names one
// after another, each ending at its entry of nameEnds (PortableKeyer).
type successorList struct {
	batch
	names    []uint32
	nameEnds []int
}

// parallelMin is the least number of states in the todo list for which
// the threads take part. Below it the blocks would be a few states each,
// and handing them over costs more than the threads gain: the bakery
// bench model has 83,333 breadth-first levels of 3.6 states, and two
// threads took it longer than one. The search then expands states in
// one thread (search) until the todo list has grown again.
const parallelMin = 4 * computeChunk

// costSample is the number of states the one-thread search expands
// between two measures of a state's cost (parallelSearch.wanted), and
// costWindow the number of measures whose least says whether states are
// expensive. The least, because a measure is wall time: on a loaded
// machine the process is descheduled for milliseconds, which made four
// cheap bakery states look like 500 µs each; it is unlikely to be
// descheduled in each of four measures, while an expensive state is
// never cheaper than its work.
const (
	costSample = 4
	costWindow = 4
)

// wanted says whether the threads take part now, in the search loop
// (search.go): when the todo list holds parallelMin states or more, or
// two or more when states are expensive (minTodo): a hand-over then costs
// little against a state's work, so the narrow levels of a model of few,
// expensive states are shared too, not only its wide ones. Between, where
// the one-thread search expands states, it measures their cost.
func (p *parallelSearch) wanted(x *Explorer) bool {
	if x.todo.len() >= p.minTodo() {
		p.cost.reset() // the threads' time is no one-thread state's
		return true
	}
	p.calls++
	if p.calls%costSample == 0 {
		if expensive, ok := p.cost.sample(costSample); ok {
			p.expensive = expensive
		}
	}
	return false
}

// minTodo is the least number of states in the todo list for which the
// threads take part: parallelMin, or 2 when the one-thread search found
// the states expensive.
func (p *parallelSearch) minTodo() int {
	if p.expensive {
		return 2
	}
	return parallelMin
}

// parallelBlock is the number of states in a block. (In an earlier
// design, where a block's hand-over started goroutines, 256 states per
// worker took dining_10 from 0.93 to 0.77 s and hesselink_2-b from 0.99
// to 0.73 s against 64; in this one 128 and 512 measured the same as 256.)
const parallelBlock = 256

// wideBlock is the number of states in a block when the todo list holds
// at least wideTodo states: a block's hand-overs between the goroutines
// (a lock, a wake-up) cost the same whatever its size, and on wide levels
// they are much of what keeps two threads from twice the speed.
// counters.lps with K = 8 (16.8M states in levels of up to 1.3M), two
// threads, medians of four alternating runs: 14.2 s against 15.4 with
// blocks of 256 states throughout (24.6 s with one thread). On short
// levels large blocks leave the pipeline too few blocks to overlap: the
// first 20,000 states of the bounded Ricart-Agrawala bench model took two
// threads 0.131 s with blocks of 1,024 states throughout, against 0.110
// with 256 and 0.126 with one thread.
const (
	wideBlock = 4 * parallelBlock
	wideTodo  = 16 * wideBlock
)

// newParallelSearch prepares a search with threads. The generator is
// forked when the threads first take part (expandBlocks): on models whose
// levels stay narrow they never do, and the forks would only cost their
// making.
func newParallelSearch(x *Explorer) *parallelSearch {
	p := &parallelSearch{width: x.plan.width, stochastic: x.plan.stochastic != nil}
	if x.plan.keys != nil {
		p.keys = x.plan.portable
	}
	return p
}

// worker computes successors on one fork of the generator.
type worker struct {
	gen   Generator
	width int
	namer PortableKeyer
	// r is the worker's own copy of the result being filled, stored into
	// the block once per state: the results of neighbouring states share
	// cache lines, and appending to them in place bounced those lines
	// between the cores on every transition.
	r    successorList
	emit func(LabelID, []uint32)
	// stochastic is the fork as a StochasticGenerator when the search
	// is stochastic, and emitStochastic its emit.
	stochastic     StochasticGenerator
	emitStochastic func(LabelID, []uint32, []ProbabilityID)
	// cost is where the worker tells the time a state took
	// (parallelSearch.stateCost).
	cost *atomic.Int64
}

func newWorker(g Generator, p *parallelSearch) *worker {
	w := &worker{gen: g, width: p.width, cost: &p.stateCost}
	if p.keys != nil {
		w.namer = g.(PortableKeyer)
	}
	w.emit = func(l LabelID, v []uint32) {
		r := &w.r
		r.labels = append(r.labels, l)
		r.vecs = append(r.vecs, v...)
		if w.namer != nil {
			r.names = w.namer.AppendPortableKey(r.names)
			r.nameEnds = append(r.nameEnds, len(r.names))
		}
	}
	if p.stochastic {
		w.stochastic, _ = g.(StochasticGenerator)
		w.emitStochastic = func(l LabelID, v []uint32, probs []ProbabilityID) {
			r := &w.r
			r.labels = append(r.labels, l)
			r.sizes = append(r.sizes, int32(len(probs)))
			r.probs = append(r.probs, probs...)
			r.vecs = append(r.vecs, v...)
		}
	}
	return w
}

// errForkNotStochastic is the error of a stochastic search whose
// generator's forks are not stochastic (a Forker that breaks Fork's
// contract).
var errForkNotStochastic = errors.New("explore: the fork of a stochastic generator is not a StochasticGenerator")

// successors computes the successors of b's state i into b.results[i].
func (w *worker) successors(b *parallelBuffer, i int) {
	res := &b.results[i]
	w.r = *res
	w.r.reset()
	w.r.names, w.r.nameEnds = w.r.names[:0], w.r.nameEnds[:0]
	vec := b.inputs[i*w.width : (i+1)*w.width]
	switch {
	case w.stochastic != nil:
		w.r.err = w.stochastic.StochasticSuccessors(vec, w.emitStochastic)
	case w.emitStochastic != nil:
		w.r.err = errForkNotStochastic
	default:
		w.r.err = w.gen.Successors(vec, w.emit)
	}
	*res = w.r
	b.done[i].Store(true)
}

// insertStates expands the computed states lo to hi of a block in
// order, through the step of a one-thread search; it returns the state
// it stopped before, hi unless the search must stop.
func (x *Explorer) insertStates(b *parallelBuffer, lo, hi int) (int, error) {
	p := x.par
	st := &x.step
	w := x.plan.width
	if st.how == twoPhaseInsert {
		// The keys of all the states, so that the memory of the next
		// state's successors is touched with the current one's. A block
		// folded ahead is inserted whole (lo == 0).
		if !b.folded {
			b.foldKeys(x.plan.twoPhase, w, lo, hi)
		}
		own := st.keys
		st.keys, st.keyNext, st.touched, st.blockKeys = b.keys, 0, 0, true
		defer func() { st.keys, st.blockKeys = own, false }()
	}
	for i := lo; i < hi; i++ {
		s := b.ids[i]
		if x.mustStop() {
			return i, nil
		}
		r := &b.results[i]
		if r.err != nil && x.plan.cutter != nil && !errors.Is(r.err, ErrInterrupted) {
			// One thread would have cut an unbounded sum of s at the
			// state limit (maxinside.go); a fork does not: the search
			// computes s again once the threads have stopped.
			return i, &recomputeState{s, slices.Clone(b.inputs[i*w : (i+1)*w])}
		}
		if p.keys != nil {
			r.keys = r.keys[:0]
			start := 0
			for _, end := range r.nameEnds {
				r.keys = append(r.keys, p.keys.KeyOfPortable(r.names[start:end]))
				start = end
			}
		}
		if err := x.expand(s, b.inputs[i*w:(i+1)*w], &r.batch); err != nil {
			return i, err
		}
	}
	return hi, nil
}

// expandBlocks is the parallel breadth-first search, until no state is
// left to expand or the search must stop. Blocks of states go through three stages:
//
//   - compute: the successors of the block's states, a few states at a
//     time, in any order, on the forks of the generator;
//   - fold: when the store allows it (FoldingStore: the tree store once
//     its order is chosen), the keys of the successors, one block at a
//     time and in order (the tree store's fold writes only the inner
//     pairs);
//   - insert: the keys (or the vectors) inserted, and the events
//     delivered, in order, as one thread would (the tree store's
//     insertion writes only the roots): a block at a time, or for a fine
//     block each run of states computed so far; then the inserter takes
//     the next blocks of states to expand (takeBlock).
//
// There is one goroutine per thread, the explorer's among them, and each
// does the first task it finds in that order: insert, fold, compute. So
// the two stages that must go in order get a processor as soon as their
// block is ready, without waiting for the scheduler to give one to a
// goroutine of their own; on merc.hesselink_2-b and merc.onebit_3-b they
// bounded the speed-up. State numbers, the LTS and the events are those
// of one thread; the visitors get the events from one goroutine at a
// time, not always the same.
//
// The threads compute no state that one thread would not expand, but for
// the blocks under way when the search stops: with a state limit near,
// those hold about as many states as the limit still needs (blockSize),
// and the blocks of expensive states are fine, so that the search stops
// as soon as the limit is reached, not when a block is done.
func (p *parallelSearch) expandBlocks(x *Explorer) error {
	for len(p.forks) < x.plan.threads {
		p.forks = append(p.forks, x.plan.forker.Fork())
	}
	q := &p.pipe
	n := pipelineBlocks * len(p.forks)
	for len(q.all) < n {
		q.all = append(q.all, &parallelBuffer{})
	}
	q.free, q.queue = append(q.free[:0], q.all...), q.queue[:0]
	q.finished, q.err, q.inline, q.aheads = false, nil, 0, 0
	q.stopping.Store(false)
	q.cond.L = &q.mu
	q.mu.Lock()
	q.takeBlocks(x)
	q.mu.Unlock()
	var helpers sync.WaitGroup
	for _, g := range p.forks[1:] {
		helpers.Add(1)
		go func() {
			defer helpers.Done()
			q.run(x, newWorker(g, p))
		}()
	}
	q.run(x, newWorker(p.forks[0], p))
	helpers.Wait()
	return q.err
}

// recomputeState ends expandBlocks at a state whose successors a fork
// failed to compute while a state limit may cut its sums: the search
// expands it on one thread (expandRecomputed).
type recomputeState struct {
	s   StateID
	vec []uint32
}

func (r *recomputeState) Error() string {
	return fmt.Sprintf("state %d is to be computed again on one thread", r.s)
}

// expandRecomputed expands, after expandBlocks returned err, the state
// that err names, as one thread would: its expansion either reaches the
// state limit (it cuts its unbounded sums) or fails as one thread's does,
// so the search ends after it, and the states of the blocks still under
// way are not needed.
func (x *Explorer) expandRecomputed(err error) error {
	var rc *recomputeState
	if !errors.As(err, &rc) {
		return err
	}
	if err := x.expand(rc.s, rc.vec, nil); err != nil {
		return err
	}
	if !x.mustStop() {
		return fmt.Errorf("state %d failed on a thread but not on one: %w", rc.s, errThreadsDiffer)
	}
	return nil
}

// errThreadsDiffer says a fork computed a state otherwise than the
// explorer's generator: a bug.
var errThreadsDiffer = errors.New("internal error: the threads and one thread disagree")

// pipelineBlocks is the number of blocks under way at once, per thread.
const pipelineBlocks = 2

// computeChunk is the number of states whose successors a goroutine
// computes at a time, in a block that is not fine.
const computeChunk = 16

// expensiveState is the time to compute a state's successors above which
// the blocks are fine: their states are claimed one at a time and
// inserted as soon as they and the states before them are computed. A
// block of 256 such states is a second or more of work (ex.games.knights:
// 3-4 ms a state); whole, the search waited for its last state to insert
// its first, and went on computing a block after the state limit was
// reached. A hand-over costs tens of microseconds, a few percent of such
// a state.
const expensiveState = 500 * time.Microsecond

// pipeline is the shared state of expandBlocks's goroutines,
// guarded by mu. A block in queue is computed when computed == n, ready
// to insert when also folded or not to be folded ahead; a fine block's
// states are ready to insert one by one (done).
type pipeline struct {
	mu    sync.Mutex
	cond  sync.Cond
	all   []*parallelBuffer
	free  []*parallelBuffer
	queue []*parallelBuffer // the blocks under way, oldest first
	// inserting and folding say whether a goroutine does; inline is the
	// number of blocks under way that the inserter folds (not ahead),
	// aheads the number folded ahead: the folder and the inserter write
	// the same tables, so blocks of one kind wait for the other's to be
	// done (the first block folded ahead, or a fine block after blocks
	// folded ahead).
	inserting, folding bool
	inline, aheads     int
	finished           bool
	err                error
	// stopping is set, outside the lock, when the search stops: the
	// goroutines computing a block then leave it (with a state limit
	// they computed up to a block per thread that nothing would insert:
	// ex.games.knights's first 3,000 states took two threads twice as
	// long as one).
	stopping atomic.Bool
}

// run does the tasks of the pipeline until the search is finished.
// (Letting one goroutine take the stages in order first and the others
// compute first, so that the tree store's tables stayed in one
// processor's caches, made no difference.)
func (q *pipeline) run(x *Explorer, w *worker) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for !q.finished {
		if !q.insert(x) && !q.fold(x) && !q.compute(x, w) {
			q.cond.Wait()
		}
	}
}

// insert inserts the states of the oldest block that are ready, if no
// goroutine is inserting, with q.mu held; it says whether it did. The
// block is done when all its states are inserted and counted as computed
// (then no goroutine holds it): the inserter then takes the next states
// into it.
func (q *pipeline) insert(x *Explorer) bool {
	if len(q.queue) == 0 || q.inserting {
		return false
	}
	b := q.queue[0]
	lo := int(b.next.Load())
	hi := b.ready(lo)
	last := hi == b.n && int(b.computed.Load()) == b.n
	if hi == lo && !last {
		return false
	}
	if last {
		q.queue = q.queue[1:]
	}
	q.inserting = true
	q.mu.Unlock()
	var err error
	if hi > lo {
		hi, err = x.insertStates(b, lo, hi)
		// A worker that computes state hi reads this to know that the
		// inserter waits for it (compute); the inserter reads done[hi]
		// again under the lock, so one of the two inserts it.
		b.next.Store(int32(hi))
	}
	stop := err != nil || x.mustStop()
	if stop {
		q.stopping.Store(true)
	}
	// A block done is the inserter's now: it takes the next states into
	// it before it takes the lock, which the others wait for meanwhile.
	inline, aheads := q.inline, q.aheads // only the inserter writes them
	refilled := false
	if last {
		if b.ahead {
			aheads--
		} else {
			inline--
		}
		refilled = !stop && x.fillBlock(b, inline, aheads, q.inFlight())
	}
	q.mu.Lock()
	q.inline, q.aheads = inline, aheads
	if last && refilled {
		q.enqueue(b)
	} else if last {
		q.free = append(q.free, b)
	}
	q.inserting = false
	if stop {
		q.finished, q.err = true, err
	} else {
		q.takeBlocks(x)
	}
	q.cond.Broadcast()
	return true
}

// ready returns the end of the run of b's states from lo that can be
// inserted now: all of them once b is computed (and folded if ahead), and
// for a fine block those computed.
func (b *parallelBuffer) ready(lo int) int {
	switch {
	case b.ahead:
		if b.folded {
			return b.n
		}
		return lo
	case !b.fine:
		if int(b.computed.Load()) == b.n {
			return b.n
		}
		return lo
	}
	hi := lo
	for hi < b.n && b.done[hi].Load() {
		hi++
	}
	return hi
}

// fold folds the next block if it can be folded now, with q.mu held; it
// says whether it did.
func (q *pipeline) fold(x *Explorer) bool {
	b := q.foldable()
	if b != nil {
		q.folding = true
		q.mu.Unlock()
		b.foldKeys(x.plan.twoPhase, x.plan.width, 0, b.n)
		q.mu.Lock()
		b.folded, q.folding = true, false
		q.cond.Broadcast()
	}
	return b != nil
}

// compute computes the successors of the oldest block that has states
// left, with q.mu held; it says whether it did. It claims a chunk of
// states at a time, without the lock, until the block has none left or it
// finished the block, whose fold or insertion it then goes to do: taking
// the lock for every few states had the goroutines wait for it, and a
// goroutine that waits for a lock sleeps, which costs more to wake from
// (on merc.hesselink_2-b, 60 ms of 400). In a fine block it goes to
// insert as soon as it computed the state the inserter waits for.
func (q *pipeline) compute(x *Explorer, w *worker) bool {
	b := q.claimable()
	if b == nil {
		return false
	}
	// The first chunk is claimed with the lock held, where b is surely
	// the block found (not one it became since), and every next one
	// before the one computed is counted: once that is counted, the block
	// may be finished, inserted and filled again by other goroutines, and
	// only a chunk claimed and not yet counted holds it.
	n := b.n
	lo := b.claim()
	if lo >= n {
		return true // the other goroutines took the rest meanwhile
	}
	q.mu.Unlock()
	finished := false
	for lo < n && !q.stopping.Load() && !x.stop.Load() {
		hi := min(lo+int(b.chunk), n)
		start := time.Now()
		for i := lo; i < hi && !q.stopping.Load(); i++ {
			w.successors(b, i)
		}
		w.cost.Store(int64(time.Since(start)) / int64(hi-lo))
		next := n
		if f := int(b.next.Load()); !b.fine || f < lo || f >= hi {
			next = b.claim()
		}
		finished = int(b.computed.Add(int32(hi-lo))) == n
		lo = next
	}
	q.mu.Lock()
	if x.stop.Load() {
		// Stop came from outside (a signal, the memory limit): the
		// states left uncomputed would keep a fine block from being
		// inserted, and nothing else is to be done.
		q.stopping.Store(true)
		q.finished = true
	}
	if finished || q.finished {
		q.cond.Broadcast()
	}
	return true
}

// claim claims the next chunk of b's states to compute and returns its
// first state, b.n or more if none is left.
func (b *parallelBuffer) claim() int {
	return int(b.claimed.Add(b.chunk) - b.chunk)
}

// takeBlocks moves states to expand into the free blocks (the inserter's
// task: the insertion adds them), and finishes the search when there is
// nothing left to do.
func (q *pipeline) takeBlocks(x *Explorer) {
	for len(q.free) > 0 && x.fillBlock(q.free[len(q.free)-1], q.inline, q.aheads, q.inFlight()) {
		q.enqueue(q.free[len(q.free)-1])
		q.free = q.free[:len(q.free)-1]
	}
	if len(q.queue) == 0 {
		q.finished = true
	}
}

// inFlight is the number of states in the blocks under way that are not
// inserted yet. It is the inserter's.
func (q *pipeline) inFlight() int {
	n := 0
	for _, b := range q.queue {
		n += b.n - int(b.next.Load())
	}
	return n
}

// fillBlock takes the next states to expand into b, unless none is left,
// a state limit needs none (blockSize), or b would be folded ahead while
// inline blocks under way are folded by the inserter, or the other way
// round (the folder and the inserter would write the same tables at
// once); it says whether it did. It is the inserter's, as the todo list
// is.
func (x *Explorer) fillBlock(b *parallelBuffer, inline, aheads, inFlight int) bool {
	// A checkpoint (checkpoint.go) and a collection of the terms
	// (terms.go) wait for the blocks under way, and the threads stop.
	if x.todo.len() < x.par.minTodo() || x.checkpointDue() || x.termsDue() {
		return false
	}
	n, limited := x.blockSize(inFlight)
	if ahead := x.todo.order.ahead(&x.todo, inFlight > 0); ahead < n {
		// The strategy allows fewer states ahead (ahead.go): the block
		// ends there, and the next waits for the insertions.
		n = ahead
	}
	if n <= 0 {
		return false
	}
	// A fine block is folded by the inserter, a run at a time.
	fine := limited || x.par.stateCost.Load() > int64(expensiveState)
	ahead := !fine && x.par.foldAhead(x)
	if ahead && inline > 0 || !ahead && aheads > 0 {
		return false
	}
	x.takeBlock(b, n, ahead, fine)
	return true
}

// blockSize returns the number of states to take into the next block,
// and whether a state limit (Options.MaxStates) made it smaller than a
// block (parallelBlock, or wideBlock on wide levels): the blocks under
// way, inFlight states not yet inserted, then hold no more states than
// the limit will need, as the states found so far per state expanded let
// one estimate. In breadth-first search
// the later states of a level find fewer new ones, so the estimate is
// short rather than long: then the blocks are filled again as their
// states are inserted.
func (x *Explorer) blockSize(inFlight int) (int, bool) {
	size := parallelBlock
	if x.todo.len() >= wideTodo {
		size = wideBlock
	}
	found := x.store.Len() - 1 // but the initial state
	if x.opt.MaxStates == 0 || x.explored == 0 || found <= 0 {
		return size, false
	}
	left := x.opt.MaxStates - x.store.Len()
	need := int(math.Ceil(float64(left) * float64(x.explored) / float64(found)))
	n := need - inFlight
	if n >= size {
		return size, false
	}
	return n, true
}

// enqueue puts b, just filled, at the end of the queue, with q.mu held.
func (q *pipeline) enqueue(b *parallelBuffer) {
	if b.ahead {
		q.aheads++
	} else {
		q.inline++
	}
	q.queue = append(q.queue, b)
}

// foldable returns the block to fold next, if it can be folded now.
func (q *pipeline) foldable() *parallelBuffer {
	if q.folding || q.inline > 0 {
		return nil
	}
	for _, b := range q.queue {
		if b.ahead && !b.folded {
			if int(b.computed.Load()) < b.n {
				return nil
			}
			return b
		}
	}
	return nil
}

// claimable returns the oldest block with states to compute.
func (q *pipeline) claimable() *parallelBuffer {
	for _, b := range q.queue {
		if int(b.claimed.Load()) < b.n {
			return b
		}
	}
	return nil
}

// takeBlock moves the next n states to expand (fewer if the todo list
// has fewer) into b, whose keys the folder computes if ahead. The todo
// list gives them first in, first out, so the order is that of one
// thread.
func (x *Explorer) takeBlock(b *parallelBuffer, n int, ahead, fine bool) {
	b.inputs, b.ids = b.inputs[:0], b.ids[:0]
	b.ahead, b.folded, b.fine = ahead, false, fine
	b.claimed.Store(0)
	b.computed.Store(0)
	b.next.Store(0)
	for len(b.ids) < n && x.todo.len() > 0 {
		s, vec := x.popTodo()
		b.ids = append(b.ids, s)
		b.inputs = append(b.inputs, vec...)
	}
	b.n = len(b.ids)
	if len(b.results) < b.n {
		// Sized by the blocks taken, so that a search whose levels
		// never get wide holds results for parallelBlock states, not
		// wideBlock. No goroutine holds b while it is filled.
		b.results = append(b.results, make([]successorList, b.n-len(b.results))...)
		b.done = make([]atomic.Bool, b.n)
	}
	for i := range b.n {
		b.done[i].Store(false)
	}
	// A fine block's states one at a time; else chunks that leave each
	// thread a few, so that a small block (the end of a level) is shared.
	b.chunk = 1
	if !fine {
		b.chunk = int32(min(computeChunk, max(1, b.n/(4*len(x.par.forks)))))
	}
}

// foldAhead says whether the keys of a block can be computed by the
// folder while another block's are inserted: the store says so
// (FoldingStore) and no visitor reads the store's vectors during the
// search (StoreReader), which could race with the fold.
func (p *parallelSearch) foldAhead(x *Explorer) bool {
	if f := x.plan.folding; !p.ahead && !p.storeRead && f != nil && f.FoldAhead() {
		p.ahead = true
	}
	return p.ahead
}

// foldKeys computes the keys of the successors of b's states lo to hi,
// in order: one per target vector, of width w (a stochastic transition
// has as many as its distribution has states).
func (b *parallelBuffer) foldKeys(tp TwoPhaseStore, w, lo, hi int) {
	b.keys = b.keys[:0]
	for i := lo; i < hi; i++ {
		r := &b.results[i]
		b.keys = tp.AppendRootKeys(b.keys, r.vecs, len(r.vecs)/max(w, 1))
	}
}
