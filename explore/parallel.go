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
// generator's rewriting), each on its own fork, taking states from a
// shared counter; meanwhile the explorer inserts the successors of the
// previous block and delivers its events state by state, in order, as a
// one-thread search would. So the state numbers, the LTS and every
// visitor's view are the same whatever the number of threads, and the
// store, the visitors and the writers need no locks. The sequential part
// (insertion and events) bounds the speed-up; many cores would need a
// concurrent store and visitors that take events out of order
// (docs/stores.md, "Threads").
type parallelSearch struct {
	forks []Generator
	// keys, when the store records transition keys, is the explorer's
	// generator: the workers name transitions portably and keys turns
	// the names into its own keys.
	keys    PortableKeyer
	width   int
	blocks  [2]parallelBuffer
	current *successorList // the list expandBy is replaying
	replay  func([]uint32) error
}

// parallelBuffer is one block: the vectors of its states, the successors
// the workers found, and the workers' completion.
type parallelBuffer struct {
	first   int       // the number of the block's first state
	ids     []StateID // the block's states, when they come from a todo list
	n       int
	inputs  []uint32
	results []successorList
	wg      sync.WaitGroup
}

// successorList is the successors of one state, as a worker found them.
type successorList struct {
	labels []LabelID
	vecs   []uint32
	// names are the transitions' portable names one after another, each
	// ending at its entry of nameEnds (PortableKeyer), when keys are kept.
	names    []uint32
	nameEnds []int
	err      error
}

// parallelBlock is the number of states per worker in a block. Larger
// blocks idle the workers less often at the hand-over between blocks:
// with two threads, 256 took dining_10 from 0.93 to 0.77 s and
// hesselink_2-b from 0.99 to 0.73 s against 64 (1,024 gains no more and
// holds four times the successors).
const parallelBlock = 256

// initParallel prepares a parallel search when the options and the
// generator allow one: breadth-first without cycle detection, a Forker
// that is not stochastic, and the table store or a compact store whose
// todo list holds vectors (ComBack only with portable transition names,
// and without delayed duplicate detection or numbers in the todo list).
// It is called once by New.
func (x *Explorer) initParallel() {
	f, ok := x.gen.(Forker)
	if x.opt.Threads <= 1 || !ok || x.opt.Cycles || x.opt.Strategy != Breadth || x.st != nil {
		return
	}
	c := &x.cs
	portable, _ := x.gen.(PortableKeyer)
	if _, table := x.store.(*ArenaStore); !table && !(c.on && c.queueVecs && (c.keys == nil || portable != nil) && c.delayed == nil && c.blocks == nil) {
		// Compact stores take part when the todo list holds vectors and
		// no delayed candidates tie the insertion to the generator (hash
		// compaction, bitstate, the tree store); ComBack when the
		// workers can name transitions portably.
		return
	}
	p := &parallelSearch{width: x.gen.Width()}
	for range x.opt.Threads {
		p.forks = append(p.forks, f.Fork())
	}
	if c.keys != nil {
		p.keys = portable
	}
	for i := range p.blocks {
		p.blocks[i].results = make([]successorList, parallelBlock*len(p.forks))
	}
	p.replay = func(_ []uint32) error {
		r := p.current
		w := p.width
		for i, l := range r.labels {
			x.emitFn(l, r.vecs[i*w:(i+1)*w])
		}
		return r.err
	}
	x.par = p
}

// Parallel says whether the search computes successors in several
// goroutines (Options.Threads, and a search that allows it).
func (x *Explorer) Parallel() bool { return x.par != nil }

func (x *Explorer) runBreadthParallel() error {
	p := x.par
	cur, other := &p.blocks[0], &p.blocks[1]
	if !p.start(x, cur, 0) {
		return nil
	}
	for {
		cur.wg.Wait()
		// The next block is computed while this one is inserted; its
		// states must be stored already (they usually are: a level is
		// long).
		started := p.start(x, other, cur.first+cur.n)
		err := x.insertBlock(cur)
		if started {
			other.wg.Wait()
		}
		if err != nil || x.mustStop() {
			return err
		}
		if !started && !p.start(x, other, cur.first+cur.n) {
			return nil
		}
		cur, other = other, cur
	}
}

// start copies the vectors of the states from first on (as many as a
// block holds and the store has) into b and has the workers compute their
// successors; false when there is no such state.
func (p *parallelSearch) start(x *Explorer, b *parallelBuffer, first int) bool {
	b.first, b.n = first, min(len(b.results), x.store.Len()-first)
	if b.n <= 0 {
		return false
	}
	b.inputs = b.inputs[:0]
	for i := range b.n {
		b.inputs = append(b.inputs, x.store.State(StateID(first+i))...)
	}
	p.launch(b)
	return true
}

// launch has the workers compute the successors of b's states.
func (p *parallelSearch) launch(b *parallelBuffer) {
	var counter atomic.Int64
	w := p.width
	for _, g := range p.forks {
		var namer PortableKeyer
		if p.keys != nil {
			namer = g.(PortableKeyer)
		}
		b.wg.Add(1)
		go func() {
			defer b.wg.Done()
			// r is the worker's own copy of the result being filled,
			// stored into the block once per state: the results of
			// neighbouring states share cache lines, and appending to
			// them in place bounced those lines between the cores on
			// every transition.
			var r successorList
			emit := func(l LabelID, v []uint32) {
				r.labels = append(r.labels, l)
				r.vecs = append(r.vecs, v...)
				if namer != nil {
					r.names = namer.AppendPortableKey(r.names)
					r.nameEnds = append(r.nameEnds, len(r.names))
				}
			}
			for {
				i := int(counter.Add(1) - 1)
				if i >= b.n {
					return
				}
				res := &b.results[i]
				r = successorList{labels: res.labels[:0], vecs: res.vecs[:0], names: res.names[:0], nameEnds: res.nameEnds[:0]}
				r.err = g.Successors(b.inputs[i*w:(i+1)*w], emit)
				*res = r
			}
		}()
	}
}

// insertBlock expands the states of a computed block in order.
func (x *Explorer) insertBlock(b *parallelBuffer) error {
	p := x.par
	for i := range b.n {
		if x.mustStop() {
			return nil
		}
		p.current = &b.results[i]
		if err := x.expandBy(StateID(b.first+i), p.replay); err != nil {
			return err
		}
	}
	return nil
}

// expandBlocksCompact is the parallel search with a compact store
// (compactsearch.go), until the todo list is empty or the search must
// stop. It takes blocks of states from the todo list (first in, first
// out, so the order is that of one thread) and has the workers compute
// their successors; while the explorer inserts one block's successors in
// order, the workers compute the next block, taken from what the todo list
// holds at that moment.
func (x *Explorer) expandBlocksCompact() error {
	p := x.par
	cur, other := &p.blocks[0], &p.blocks[1]
	if !x.startCompact(cur) {
		return nil
	}
	for {
		cur.wg.Wait()
		started := x.startCompact(other)
		err := x.insertBlockCompact(cur)
		if started {
			other.wg.Wait()
		}
		if err != nil || x.mustStop() {
			return err
		}
		if !started && !x.startCompact(other) {
			return nil
		}
		cur, other = other, cur
	}
}

// startCompact moves a block of states from the todo list into b and has
// the workers compute their successors; false when the list is empty.
func (x *Explorer) startCompact(b *parallelBuffer) bool {
	c := &x.cs
	b.inputs, b.ids = b.inputs[:0], b.ids[:0]
	for len(b.ids) < len(b.results) && x.todo.len() > 0 {
		b.ids = append(b.ids, x.todo.pop(c.cur))
		b.inputs = append(b.inputs, c.cur...)
	}
	b.n = len(b.ids)
	if b.n == 0 {
		return false
	}
	x.par.launch(b)
	return true
}

// insertBlockCompact expands the states of a computed block in order.
func (x *Explorer) insertBlockCompact(b *parallelBuffer) error {
	c := &x.cs
	w := c.width
	if c.twoPhase != nil {
		// The keys of the whole block, so that the memory of the next
		// state's successors is touched with the current one's.
		c.rootKeys = c.rootKeys[:0]
		for i := range b.ids {
			r := &b.results[i]
			c.rootKeys = c.twoPhase.AppendRootKeys(c.rootKeys, r.vecs, len(r.labels))
		}
		c.keyNext, c.touched, c.blockKeys = 0, 0, true
		defer func() { c.blockKeys = false }()
	}
	for i, s := range b.ids {
		if x.mustStop() {
			return nil
		}
		r := &b.results[i]
		vec := b.inputs[i*w : (i+1)*w]
		for _, v := range x.visitors {
			v.StartState(s, vec)
		}
		x.cur = s
		c.bufLabels, c.bufVecs = append(c.bufLabels[:0], r.labels...), append(c.bufVecs[:0], r.vecs...)
		if x.par.keys != nil {
			c.bufKeys = c.bufKeys[:0]
			start := 0
			for _, end := range r.nameEnds {
				c.bufKeys = append(c.bufKeys, x.par.keys.KeyOfPortable(r.names[start:end]))
				start = end
			}
		}
		if r.err != nil {
			x.insertTransitions(s)
			return x.stateError(s, r.err)
		}
		x.insertCollected(s)
	}
	return nil
}
