package explore

import (
	"errors"
	"slices"
)

// This file is the search used with the compact visited-state stores (hash
// compaction, bitstate, ComBack). They keep no full vector per state, or
// give one back only by replaying a path from the initial state, so the
// search keeps full vectors in its todo list instead of ids (Stern–Dill's
// "state queue"; ComBack's waiting set of pairs (state, number)). The
// default ArenaStore never comes here: Explorer.expand and Explorer.emit
// stay as they are, and the choice is made once, in New.

// compactSearch is the explorer's state for the search above.
type compactSearch struct {
	on        bool
	canState  bool
	queueVecs bool
	traced    TracedStore
	width     int

	cur []uint32 // the vector being expanded

	// Cycle mode with a store that cannot give states back: the vectors
	// of the transitions in Explorer.edges, width each, and the initial
	// state's.
	edgeVecs []uint32
	initVec  []uint32

	// Successors of the state being expanded, collected during
	// Generator.Successors and processed after it returns, so that a
	// ComBack store may call Successors to replay a path.
	bufLabels []LabelID
	bufVecs   []uint32
	// A stochastic generator's transitions: the number of states of each
	// one's distribution, and their probabilities.
	bufGroups []int
	bufProbs  []ProbabilityID
	// twoPhase is the store when it splits insertions in two
	// (TwoPhaseStore). rootKeys are the keys of the successors being
	// inserted: of the state being expanded, or of a whole block of
	// states with threads (blockKeys). rootKeys[keyNext] is the next to
	// insert; the memory of rootKeys[:touched] has been touched.
	twoPhase         TwoPhaseStore
	rootKeys         []uint64
	keyNext, touched int
	blockKeys        bool
	// keys names transitions by the generator's keys instead of their
	// positions (a ComBack store replaying one transition at a time).
	keys     TransitionReplayer
	bufKeys  []uint64
	pendKeys []uint64

	// Delayed duplicate detection (ComBack, store/comback_ddd.go): the
	// expansions whose transitions wait for their candidates to be
	// resolved. All their events are held back and given in the table
	// store's order by flushDelayed. Only breadth-first search without a
	// state limit lets a batch span expansions: elsewhere the next state
	// to expand (depth-first, highway, cycles) or the limit depends on
	// the expansion just done, so each expansion is a batch of its own.
	delayed DelayedStore
	// Breadth-first search over numbers: blocks of the queue rebuilt at
	// once, expanded from prepVecs.
	blocks     BlockStateStore
	prepIDs    []StateID
	prepVecs   []uint32
	prepHead   int
	batch      bool
	undecided  int
	pend       []pendExpansion
	pendSrc    []uint32 // the expanded states' vectors, width each
	pendLabels []LabelID
	pendVecs   []uint32 // the states reached, width each

	// Held states (ComBack's reconstructions start from them, see
	// heldState): the todo list's vectors when its numbers are ascending
	// (breadth- and depth-first search: states are numbered and queued in
	// the same order), and in depth-first search the expanded states of
	// the current search path. Its numbers ascend in depth-first search
	// (a binary search finds one); in cycle mode they need not, and pathAt
	// gives their positions.
	holdTodo bool
	holdPath bool
	pathIDs  []StateID
	pathVecs []uint32
	pathAt   map[StateID]int32
}

// pendExpansion is an expansion waiting for delayed duplicate detection:
// its transitions are pendLabels[lo:hi].
type pendExpansion struct {
	s      StateID
	lo, hi int
}

// initCompact is called once by New.
func (x *Explorer) initCompact() {
	vq, ok := x.store.(VectorQueueStore)
	tr, traced := x.store.(TracedStore)
	if !ok && !traced {
		return
	}
	c := &x.cs
	c.on = true
	c.width = x.gen.Width()
	c.canState, c.queueVecs = true, false
	if ok {
		c.canState, c.queueVecs = vq.CanState(), vq.QueueVectors()
	}
	if traced {
		c.traced = tr
	}
	if ks, ok := x.store.(KeyedStore); ok {
		if r, ok := x.gen.(TransitionReplayer); ok && ks.UseTransitionKeys(x.gen) {
			c.keys = r
		}
	}
	if tp, ok := x.store.(TwoPhaseStore); ok && !traced && c.width > 0 {
		c.twoPhase = tp
	}
	if bs, ok := x.store.(BlockStateStore); ok && !c.queueVecs && x.opt.Strategy == Breadth && !x.opt.Cycles {
		c.blocks = bs
	}
	if hs, ok := x.store.(HoldingStore); ok && hs.HoldStates(x.heldState) {
		c.holdTodo = x.opt.Strategy != Highway && !x.opt.Cycles
		c.holdPath = x.opt.Strategy == Depth || x.opt.Cycles
		if x.opt.Cycles {
			c.pathAt = map[StateID]int32{}
		}
	}
	if ds, ok := x.store.(DelayedStore); ok && ds.DelayLimit() > 0 {
		c.delayed = ds
		c.batch = x.opt.Strategy == Breadth && x.opt.MaxStates == 0 && !x.opt.Cycles
	}
	c.cur = make([]uint32, c.width)
	x.emitFn = x.collect
	x.useTodo = !x.opt.Cycles
	if c.queueVecs {
		x.todo.width = c.width
	}
}

// runCompact is Run for the compact stores, from the initial state on.
func (x *Explorer) runCompact(init []uint32) (Result, error) {
	c := &x.cs
	if x.opt.Cycles && !c.canState {
		if ids, ok := x.store.(IDStore); !ok || !ids.KeepsIDs() {
			return x.result(), errors.New("cycle detection needs a store that numbers states (table, comback, or hashcompact with ids)")
		}
	}
	id, _ := x.insertFrom(init, 0)
	x.discoverVec(id, TauLabel, init)
	var err error
	if x.opt.Cycles {
		c.initVec = append(c.initVec[:0], init...)
		err = x.runCycles(id, x.pushFrameCompact)
	} else {
		x.pushVec(id, init)
		err = x.runQueue()
	}
	r := x.result()
	if err == nil && x.maxReached() {
		r.MaxReached = true
	}
	return r, err
}

func (x *Explorer) insertFrom(v []uint32, tr uint64) (StateID, bool) {
	if x.cs.traced != nil {
		return x.cs.traced.InsertFrom(v, x.cur, tr)
	}
	return x.store.Insert(v)
}

func (x *Explorer) discoverVec(id StateID, label LabelID, v []uint32) {
	for _, vis := range x.visitors {
		vis.DiscoverState(id, v, x.cur, label)
	}
	if x.opt.Cycles {
		x.colors = append(x.colors, white)
	}
}

// runQueue is runTodo with vectors in the todo list (in the strategy's
// order, todo.go), for every strategy but cycle mode; with threads it
// expands blocks of states (parallel.go).
func (x *Explorer) runQueue() error {
	c := &x.cs
	w := c.width
	for {
		if c.prepHead < len(c.prepIDs) {
			if x.mustStop() {
				x.flushDelayed()
				return nil
			}
			s := c.prepIDs[c.prepHead]
			copy(c.cur, c.prepVecs[c.prepHead*w:(c.prepHead+1)*w])
			c.prepHead++
			if err := x.expandVec(s, c.cur); err != nil {
				return err
			}
			continue
		}
		if x.todo.len() == 0 {
			if len(c.pend) == 0 {
				break
			}
			x.flushDelayed()
			continue
		}
		if x.mustStop() {
			x.flushDelayed()
			return nil
		}
		if c.blocks != nil {
			// Take the next block of numbers and rebuild their states in
			// one replay.
			c.prepIDs = x.todo.popBlock(queueBlock, c.prepIDs[:0])
			c.prepHead = len(c.prepIDs) // nothing held from the block until it is rebuilt
			c.prepVecs = c.blocks.StatesOf(c.prepIDs, c.prepVecs[:0])
			c.prepHead = 0
			continue
		}
		if x.par != nil {
			if err := x.expandBlocks(); err != nil {
				return err
			}
			continue
		}
		s := x.todo.pop(c.cur)
		if !c.queueVecs {
			copy(c.cur, x.store.State(s))
		}
		if c.holdPath {
			// The path entries numbered above s are done: s's ancestors
			// in the search were numbered before it.
			n := len(c.pathIDs)
			for n > 0 && c.pathIDs[n-1] > s {
				n--
			}
			c.truncatePath(n)
			c.pushPath(s, c.cur)
		}
		if err := x.expandVec(s, c.cur); err != nil {
			return err
		}
	}
	return nil
}

// heldState returns the vector of id if the search holds it: on the todo
// list or on the current depth-first path. The store reads it before the
// search changes either.
func (x *Explorer) heldState(id StateID) []uint32 {
	c := &x.cs
	w := c.width
	if c.holdTodo {
		if v := x.todo.held(id); v != nil {
			return v
		}
	}
	if c.holdTodo && c.prepHead < len(c.prepIDs) {
		if i, ok := slices.BinarySearch(c.prepIDs[c.prepHead:], id); ok {
			j := c.prepHead + i
			return c.prepVecs[j*w : (j+1)*w]
		}
	}
	i, ok := -1, false
	if c.pathAt != nil {
		var k int32
		k, ok = c.pathAt[id]
		i = int(k)
	} else {
		i, ok = slices.BinarySearch(c.pathIDs, id)
	}
	if ok && i%pathStride == 0 {
		i /= pathStride
		return c.pathVecs[i*w : (i+1)*w]
	}
	return nil
}

// pathStride: the held path keeps the vector of every pathStride-th
// entry only. In depth-first search the path's entries are each other's
// parents, so a reconstruction that reaches the path replays at most
// pathStride-1 more transitions (in cycle mode a frame's backedge may
// lead elsewhere, and the walk goes on to the next state at hand), and a
// deep search holds 1/pathStride of the vectors (merc.hesselink_2-b: its
// path holds a third of the states).
const pathStride = 8

// truncatePath keeps the first n entries of the held search path.
func (c *compactSearch) truncatePath(n int) {
	if c.pathAt != nil {
		for k := n; k < len(c.pathIDs); k++ {
			delete(c.pathAt, c.pathIDs[k])
		}
	}
	c.pathIDs, c.pathVecs = c.pathIDs[:n], c.pathVecs[:(n+pathStride-1)/pathStride*c.width]
}

func (c *compactSearch) pushPath(s StateID, v []uint32) {
	if c.pathAt != nil {
		c.pathAt[s] = int32(len(c.pathIDs))
	}
	if len(c.pathIDs)%pathStride == 0 {
		c.pathVecs = append(c.pathVecs, v...)
	}
	c.pathIDs = append(c.pathIDs, s)
}

// queueBlock is the number of queued numbers whose states are rebuilt
// together (ComBack's Variant 4 with grouped reconstruction, "The
// ComBack method revisited" §4.3).
const queueBlock = 1024

// pushVec adds a new state to the todo list (see Explorer.push).
func (x *Explorer) pushVec(id StateID, v []uint32) {
	if x.useTodo {
		x.todo.push(id, v)
	}
}

// collect is the emit function during Successors: it only records.
func (x *Explorer) collect(label LabelID, next []uint32) {
	c := &x.cs
	c.bufLabels = append(c.bufLabels, label)
	c.bufVecs = append(c.bufVecs, next...)
	if c.keys != nil {
		c.bufKeys = append(c.bufKeys, c.keys.TransitionKey())
	}
}

// trKey names the i-th transition collected for a traced store.
func (c *compactSearch) trKey(i int) uint64 {
	if c.keys != nil {
		return c.bufKeys[i]
	}
	return uint64(i)
}

// expandVec is expand for a state given by its vector.
func (x *Explorer) expandVec(s StateID, vec []uint32) error {
	c := &x.cs
	if c.delayed != nil {
		return x.expandDelayed(s, vec)
	}
	for _, v := range x.visitors {
		v.StartState(s, vec)
	}
	x.cur = s
	c.bufLabels, c.bufVecs, c.bufKeys = c.bufLabels[:0], c.bufVecs[:0], c.bufKeys[:0]
	if x.st != nil {
		c.bufGroups, c.bufProbs = c.bufGroups[:0], c.bufProbs[:0]
		if err := x.st.gen.StochasticSuccessors(vec, x.collectStochastic); err != nil {
			return x.stateError(s, err)
		}
		x.insertCollectedStochastic(s)
		return nil
	}
	if err := x.gen.Successors(vec, x.emitFn); err != nil {
		// What was found before the error goes out, as with the default
		// store, which inserts transitions as they come.
		x.insertTransitions(s)
		return x.stateError(s, err)
	}
	x.insertCollected(s)
	return nil
}

// insertCollected inserts the successors of s collected in c.bufLabels
// and c.bufVecs, delivers their events and finishes s.
func (x *Explorer) insertCollected(s StateID) {
	x.insertTransitions(s)
	x.finishVec(s)
}

// insertTransitions inserts the successors of s collected in c.bufLabels
// and c.bufVecs and delivers their events.
func (x *Explorer) insertTransitions(s StateID) {
	c := &x.cs
	w := c.width
	if c.twoPhase != nil && !c.blockKeys {
		c.rootKeys = c.twoPhase.AppendRootKeys(c.rootKeys[:0], c.bufVecs, len(c.bufLabels))
		c.keyNext, c.touched = 0, 0
	}
	for i, label := range c.bufLabels {
		next := c.bufVecs[i*w : (i+1)*w : (i+1)*w]
		var id StateID
		var isNew bool
		if c.twoPhase != nil {
			id, isNew = c.insertNextKey()
		} else {
			id, isNew = x.insertFrom(next, c.trKey(i))
		}
		if isNew {
			x.discoverVec(id, label, next)
			x.pushVec(id, next)
		}
		x.transitions++
		for _, v := range x.visitors {
			v.ExamineTransition(s, label, id)
		}
		if x.opt.Cycles {
			if !c.canState {
				c.edgeVecs = append(c.edgeVecs[:len(x.edges)*w], next...)
			}
			x.edges = append(x.edges, edge{label, id})
		}
	}
}

// insertNextKey inserts the successor whose key is next in rootKeys,
// touching the memory of the keys ahead a run at a time.
func (c *compactSearch) insertNextKey() (StateID, bool) {
	if c.keyNext >= c.touched {
		c.touched = min(c.keyNext+touchAhead, len(c.rootKeys))
		c.twoPhase.Touch(c.rootKeys[c.keyNext:c.touched])
	}
	k := c.rootKeys[c.keyNext]
	c.keyNext++
	return c.twoPhase.InsertRootKey(k)
}

// touchAhead is the number of keys whose memory is touched together: as
// many reads as the processor keeps under way at once, more or less. (On
// this machine 16 and 32 gave the same times; 4 was slower.)
const touchAhead = 16

func (x *Explorer) finishVec(s StateID) {
	x.explored++
	if x.explored == x.levelUp {
		x.level++
		x.levelUp = x.store.Len()
	}
	for _, v := range x.visitors {
		v.FinishState(s)
	}
}

// expandDelayed is expandVec with delayed duplicate detection: the states
// reached become candidates and the expansion waits in c.pend.
func (x *Explorer) expandDelayed(s StateID, vec []uint32) error {
	c := &x.cs
	c.bufLabels, c.bufVecs, c.bufKeys = c.bufLabels[:0], c.bufVecs[:0], c.bufKeys[:0]
	if err := x.gen.Successors(vec, x.emitFn); err != nil {
		x.flushDelayed()
		for _, v := range x.visitors {
			v.StartState(s, vec)
		}
		return x.stateError(s, err)
	}
	k := len(c.pendLabels)
	c.pend = append(c.pend, pendExpansion{s: s, lo: k, hi: k + len(c.bufLabels)})
	c.pendSrc = append(c.pendSrc, vec...)
	c.pendLabels = append(c.pendLabels, c.bufLabels...)
	c.pendVecs = append(c.pendVecs, c.bufVecs...)
	for i := range c.bufLabels {
		c.pendKeys = append(c.pendKeys, c.trKey(i))
	}
	w := c.width
	for i := range c.bufLabels {
		c.undecided = c.delayed.DelayCandidate(k+i, c.bufVecs[i*w:(i+1)*w])
	}
	// A batch also ends when the held-back transitions would outgrow the
	// candidate set many times over (they are mostly surely new).
	if !c.batch || c.undecided >= c.delayed.DelayLimit() || len(c.pendLabels) >= max(16*c.delayed.DelayLimit(), 1<<14) {
		x.flushDelayed()
	}
	return nil
}

// flushDelayed resolves the pending candidates and gives the held-back
// events of the pending expansions, in order.
func (x *Explorer) flushDelayed() {
	c := &x.cs
	if len(c.pend) == 0 {
		return
	}
	c.delayed.ResolveCandidates(c.pendVecs)
	w := c.width
	for pi, p := range c.pend {
		src := c.pendSrc[pi*w : (pi+1)*w]
		for _, v := range x.visitors {
			v.StartState(p.s, src)
		}
		x.cur = p.s
		for k := p.lo; k < p.hi; k++ {
			label := c.pendLabels[k]
			next := c.pendVecs[k*w : (k+1)*w : (k+1)*w]
			id, isNew := c.delayed.InsertCandidate(k, p.s, c.pendKeys[k])
			if isNew {
				x.discoverVec(id, label, next)
				x.pushVec(id, next)
			}
			x.transitions++
			for _, v := range x.visitors {
				v.ExamineTransition(p.s, label, id)
			}
			if x.opt.Cycles {
				x.edges = append(x.edges, edge{label, id})
			}
		}
		x.finishVec(p.s)
	}
	c.pend, c.pendSrc, c.pendLabels, c.pendVecs, c.pendKeys = c.pend[:0], c.pendSrc[:0], c.pendLabels[:0], c.pendVecs[:0], c.pendKeys[:0]
	c.undecided = 0
}

// pushFrameCompact is pushFrame for a compact store: the vector is asked
// for when the state is pushed (ComBack: by replay), or taken from the
// transition that leads to it (hash compaction).
func (x *Explorer) pushFrameCompact(s StateID) error {
	x.colors[s] = gray
	lo := len(x.edges)
	x.frames = append(x.frames, frame{s: s, lo: lo, cur: lo})
	c := &x.cs
	if c.holdPath {
		c.truncatePath(len(x.frames) - 1) // the frames popped since
	}
	switch {
	case c.canState:
		c.cur = appendState(x.store, c.cur[:0], s)
	case len(x.frames) == 1:
		copy(c.cur, c.initVec)
	default:
		// runCycles pushes the target of the parent frame's last edge.
		i := x.frames[len(x.frames)-2].cur - 1
		copy(c.cur, c.edgeVecs[i*c.width:(i+1)*c.width])
	}
	if c.holdPath {
		c.pushPath(s, c.cur)
	}
	if err := x.expandVec(s, x.cs.cur); err != nil {
		return err
	}
	x.frames[len(x.frames)-1].hi = len(x.edges)
	return nil
}

// QueueBytes returns the memory held by the compact search's todo list
// (zero for the default store, which needs none for breadth-first search).
func (x *Explorer) QueueBytes() int {
	c := &x.cs
	return x.todo.bytes() + 4*cap(c.bufVecs) + 4*cap(c.bufLabels) +
		24*cap(c.pend) + 4*cap(c.prepIDs) + 4*cap(c.prepVecs) + 4*cap(c.pendSrc) + 4*cap(c.pendLabels) + 4*cap(c.pendVecs) + 8*cap(c.bufKeys) + 8*cap(c.pendKeys) +
		4*cap(c.pathIDs) + 4*cap(c.pathVecs) + 16*len(c.pathAt) + // a map entry: key, value and control bytes, roughly
		4*cap(c.edgeVecs) + 4*cap(c.initVec)
}
