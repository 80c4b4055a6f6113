package explore

import (
	"sync"
	"sync/atomic"
)

// Forker is a Generator that can make copies of itself for other
// goroutines: Fork returns a generator with the same transitions and
// scratch space and caches of its own, safe to use concurrently with the
// original and the other forks. The forks share the Labels table, which
// is safe for concurrent use.
type Forker interface {
	Generator
	Fork() Generator
}

// parallelSearch holds the workers of a breadth-first search whose
// successors are computed by several goroutines (Options.Threads).
//
// The search goes through the states to expand in blocks. The workers
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
	pipe  pipeline
	// ahead says whether the folder computes the blocks' keys
	// (foldAhead), storeRead whether a visitor forbids it.
	ahead     bool
	storeRead bool
}

// parallelBuffer is one block: its states and their vectors, the
// successors the workers found, and how far its stages have gone.
type parallelBuffer struct {
	ids     []StateID
	n       int
	inputs  []uint32
	results []successorList
	// keys are the keys of the successors, in order, once folded
	// (TwoPhaseStore); ahead says whether the folder folds them.
	keys   []uint64
	folded bool
	ahead  bool
	// The states whose successors a goroutine computes or computed
	// (expandBlocks): the goroutines claim and count them without the
	// lock.
	claimed, computed atomic.Int32
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

// parallelBlock is the number of states in a block. (In an earlier
// design, where a block's hand-over started goroutines, 256 states per
// worker took dining_10 from 0.93 to 0.77 s and hesselink_2-b from 0.99
// to 0.73 s against 64; in this one 128 and 512 measured the same as 256.)
const parallelBlock = 256

func newParallelSearch(x *Explorer) *parallelSearch {
	p := &parallelSearch{width: x.plan.width}
	for range x.plan.threads {
		p.forks = append(p.forks, x.plan.forker.Fork())
	}
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
}

func newWorker(g Generator, p *parallelSearch) *worker {
	w := &worker{gen: g, width: p.width}
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
	return w
}

// successors computes the successors of b's state i into b.results[i].
func (w *worker) successors(b *parallelBuffer, i int) {
	res := &b.results[i]
	w.r = *res
	w.r.reset()
	w.r.names, w.r.nameEnds = w.r.names[:0], w.r.nameEnds[:0]
	w.r.err = w.gen.Successors(b.inputs[i*w.width:(i+1)*w.width], w.emit)
	*res = w.r
}

// insertBlock expands the states of a computed block in order, through
// the step of a one-thread search.
func (x *Explorer) insertBlock(b *parallelBuffer) error {
	p := x.par
	st := &x.step
	w := x.plan.width
	if st.how == twoPhaseInsert {
		// The keys of the whole block, so that the memory of the next
		// state's successors is touched with the current one's.
		if !b.folded {
			b.foldKeys(x.plan.twoPhase)
		}
		own := st.keys
		st.keys, st.keyNext, st.touched, st.blockKeys = b.keys, 0, 0, true
		defer func() { st.keys, st.blockKeys = own, false }()
	}
	for i, s := range b.ids {
		if x.mustStop() {
			return nil
		}
		r := &b.results[i]
		if p.keys != nil {
			r.keys = r.keys[:0]
			start := 0
			for _, end := range r.nameEnds {
				r.keys = append(r.keys, p.keys.KeyOfPortable(r.names[start:end]))
				start = end
			}
		}
		if err := x.expand(s, b.inputs[i*w:(i+1)*w], &r.batch); err != nil {
			return err
		}
	}
	return nil
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
//     delivered, one block at a time and in order, as one thread would
//     (the tree store's insertion writes only the roots); then the
//     inserter takes the next blocks of states to expand (takeBlock).
//
// There is one goroutine per thread, the explorer's among them, and each
// does the first task it finds in that order: insert, fold, compute. So
// the two stages that must go in order get a processor as soon as their
// block is ready, without waiting for the scheduler to give one to a
// goroutine of their own; on merc.hesselink_2-b and merc.onebit_3-b they
// bounded the speed-up. State numbers, the LTS and the events are those
// of one thread; the visitors get the events from one goroutine at a
// time, not always the same.
func (p *parallelSearch) expandBlocks(x *Explorer) error {
	q := &p.pipe
	n := pipelineBlocks * len(p.forks)
	for len(q.all) < n {
		q.all = append(q.all, &parallelBuffer{results: make([]successorList, parallelBlock)})
	}
	q.free, q.queue = append(q.free[:0], q.all...), q.queue[:0]
	q.finished, q.err, q.inline = false, nil, 0
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

// pipelineBlocks is the number of blocks under way at once, per thread.
const pipelineBlocks = 2

// computeChunk is the number of states whose successors a goroutine
// computes at a time.
const computeChunk = 16

// pipeline is the shared state of expandBlocks's goroutines,
// guarded by mu. A block in queue is computed when computed == n, ready
// to insert when also folded or not to be folded ahead.
type pipeline struct {
	mu    sync.Mutex
	cond  sync.Cond
	all   []*parallelBuffer
	free  []*parallelBuffer
	queue []*parallelBuffer // the blocks under way, oldest first
	// inserting and folding say whether a goroutine does; inline is the
	// number of blocks under way that the inserter folds (not ahead): the
	// first block folded ahead waits for them.
	inserting, folding bool
	inline             int
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
		if !q.insert(x) && !q.fold(x) && !q.compute(w) {
			q.cond.Wait()
		}
	}
}

// insert inserts the oldest block if it is ready and no goroutine is
// inserting, with q.mu held; it says whether it did.
func (q *pipeline) insert(x *Explorer) bool {
	if len(q.queue) == 0 || q.inserting || !q.queue[0].ready() {
		return false
	}
	b := q.queue[0]
	q.queue = q.queue[1:]
	q.inserting = true
	q.mu.Unlock()
	err := x.insertBlock(b)
	stop := err != nil || x.mustStop()
	if stop {
		q.stopping.Store(true)
	}
	// The block is the inserter's now: it takes the next states into it
	// before it takes the lock, which the others wait for meanwhile.
	inline := q.inline // only the inserter writes it
	if !b.ahead {
		inline--
	}
	refilled := !stop && x.fillBlock(b, inline)
	q.mu.Lock()
	q.inline = inline
	if refilled {
		q.enqueue(b)
	} else {
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

// fold folds the next block if it can be folded now, with q.mu held; it
// says whether it did.
func (q *pipeline) fold(x *Explorer) bool {
	b := q.foldable()
	if b != nil {
		q.folding = true
		q.mu.Unlock()
		b.foldKeys(x.plan.twoPhase)
		q.mu.Lock()
		b.folded, q.folding = true, false
		q.cond.Broadcast()
	}
	return b != nil
}

// compute computes the successors of the oldest block that has states
// left, with q.mu held; it says whether it did. It claims a few states at
// a time, without the lock, until the block has none left or it finished
// the block, whose fold or insertion it then goes to do: taking the lock
// for every few states had the goroutines wait for it, and a goroutine
// that waits for a lock sleeps, which costs more to wake from (on
// merc.hesselink_2-b, 60 ms of 400).
func (q *pipeline) compute(w *worker) bool {
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
	for lo < n && !q.stopping.Load() {
		hi := min(lo+computeChunk, n)
		for i := lo; i < hi && !q.stopping.Load(); i++ {
			w.successors(b, i)
		}
		next := b.claim()
		finished = int(b.computed.Add(int32(hi-lo))) == n
		lo = next
	}
	q.mu.Lock()
	if finished {
		q.cond.Broadcast()
	}
	return true
}

// claim claims the next chunk of b's states to compute and returns its
// first state, b.n or more if none is left.
func (b *parallelBuffer) claim() int {
	return int(b.claimed.Add(computeChunk)) - computeChunk
}

// takeBlocks moves states to expand into the free blocks (the inserter's
// task: the insertion adds them), and finishes the search when there is
// nothing left to do.
func (q *pipeline) takeBlocks(x *Explorer) {
	for len(q.free) > 0 && x.fillBlock(q.free[len(q.free)-1], q.inline) {
		q.enqueue(q.free[len(q.free)-1])
		q.free = q.free[:len(q.free)-1]
	}
	if len(q.queue) == 0 {
		q.finished = true
	}
}

// fillBlock takes the next states to expand into b, unless none is left
// or b would be folded ahead while inline blocks under way are folded by
// the inserter (the first block folded ahead waits for them); it says
// whether it did. It is the inserter's, as the todo list is.
func (x *Explorer) fillBlock(b *parallelBuffer, inline int) bool {
	if x.todo.len() < parallelMin {
		return false
	}
	ahead := x.par.foldAhead(x)
	if ahead && inline > 0 {
		return false
	}
	x.takeBlock(b, ahead)
	return true
}

// enqueue puts b, just filled, at the end of the queue, with q.mu held.
func (q *pipeline) enqueue(b *parallelBuffer) {
	if !b.ahead {
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

// ready says whether b can be inserted.
func (b *parallelBuffer) ready() bool {
	return int(b.computed.Load()) == b.n && (!b.ahead || b.folded)
}

// takeBlock moves the next states to expand, a block of them at most,
// into b, whose keys the folder computes if ahead. The todo list gives
// them first in, first out, so the order is that of one thread.
func (x *Explorer) takeBlock(b *parallelBuffer, ahead bool) {
	b.inputs, b.ids = b.inputs[:0], b.ids[:0]
	b.ahead, b.folded = ahead, false
	b.claimed.Store(0)
	b.computed.Store(0)
	for len(b.ids) < len(b.results) && x.todo.len() > 0 {
		s, vec := x.popTodo()
		b.ids = append(b.ids, s)
		b.inputs = append(b.inputs, vec...)
	}
	b.n = len(b.ids)
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

// foldKeys computes the keys of the successors of b's states, in order.
func (b *parallelBuffer) foldKeys(tp TwoPhaseStore) {
	b.keys = b.keys[:0]
	for i := range b.n {
		r := &b.results[i]
		b.keys = tp.AppendRootKeys(b.keys, r.vecs, len(r.labels))
	}
}
