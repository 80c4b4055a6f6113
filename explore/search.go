package explore

import "slices"

// The searches: one loop over the todo list for breadth-first, depth-first
// and highway search (the todo list's order is the strategy, todo.go), and
// one for cycle search. Both expand states through the same step
// (step.go).

// search expands the states of the todo list in the strategy's order
// (Wesselink, "State Space Exploration", Algorithms 4-6), with threads
// when the plan has them (parallel.go).
func (x *Explorer) search() error {
	if x.speculable() {
		x.startSpeculation()
	}
	defer x.endSpeculation()
	for x.todo.len() > 0 || x.held.prepared() || x.ddd.pending() {
		if x.mustStop() {
			break
		}
		if x.checkpointDue() {
			if err := x.takeCheckpoint(); err != nil {
				return err
			}
			continue
		}
		spec := x.specWanted()
		if !spec && x.par != nil && x.par.wanted(x) {
			if err := x.par.expandBlocks(x); err != nil {
				if err := x.expandRecomputed(err); err != nil {
					return err
				}
				continue
			}
			if x.termsDue() {
				x.collectTermsNow()
			}
			continue
		}
		if !x.held.prepared() && x.todo.len() == 0 {
			x.flushDelayed() // the last batch's states go into the todo list
			continue
		}
		s, vec := x.next()
		var b *batch
		if spec {
			b = x.takeSpeculated(vec)
		}
		err := x.expand(s, vec, b)
		if x.spec != nil {
			x.spec.doneSpeculated()
		}
		if err != nil {
			return err
		}
		if x.plan.terms != nil {
			x.collectTerms()
		}
	}
	x.flushDelayed()
	return nil
}

// next removes the next state to expand from the todo list and returns it
// with its vector (in x.cur or the held block's memory): the vector the
// todo list holds, or the store's, or for a store that rebuilds states in
// blocks (BlockStateStore), a block of them rebuilt at once.
func (x *Explorer) next() (StateID, []uint32) {
	h := &x.held
	if x.plan.blocks != nil && !h.prepared() {
		h.prepIDs = x.todo.popBlock(queueBlock, h.prepIDs[:0])
		h.prepHead = len(h.prepIDs) // nothing held from the block until it is rebuilt
		h.prepVecs = x.plan.blocks.StatesOf(h.prepIDs, h.prepVecs[:0])
		h.prepHead = 0
	}
	if h.prepared() {
		w := x.plan.width
		s := h.prepIDs[h.prepHead]
		copy(x.cur, h.prepVecs[h.prepHead*w:(h.prepHead+1)*w])
		h.prepHead++
		return s, x.cur
	}
	s, vec := x.popTodo()
	h.onPath(s, vec)
	return s, vec
}

// popTodo removes the next state from the todo list and returns it with
// its vector in x.cur.
func (x *Explorer) popTodo() (StateID, []uint32) {
	s := x.todo.pop(x.cur)
	if !x.plan.queueVecs {
		x.cur = x.plan.appendState(x.store, x.cur[:0], s)
	}
	return s, x.cur
}

// queueBlock is the number of queued numbers whose states are rebuilt
// together (ComBack's Variant 4 with grouped reconstruction, "The
// ComBack method revisited" §4.3).
const queueBlock = 1024

const (
	white uint8 = iota // discovered, not yet on the stack
	gray               // on the depth-first stack
	black              // finished
)

// cycleSearch is the state of cycle mode: each stack frame holds a state
// and its transitions, edges[lo:hi], of which those before cur are done.
type cycleSearch struct {
	colors []uint8
	frames []frame
	edges  []edge
	// vecs holds the vectors of the edges' targets, width each, when the
	// store cannot give states back (hash compaction with ids), and
	// rootVecs the roots', of which root is being searched from.
	vecs     []uint32
	rootVecs []uint32
	root     int
}

type edge struct {
	label LabelID
	to    StateID
}

type frame struct {
	s           StateID
	lo, cur, hi int
}

func (c *cycleSearch) addEdge(label LabelID, to StateID, vec []uint32, canState bool) {
	if !canState {
		c.vecs = append(c.vecs[:len(c.edges)*len(vec)], vec...)
	}
	c.edges = append(c.edges, edge{label, to})
}

func (c *cycleSearch) bytes() int {
	return cap(c.colors) + 24*cap(c.frames) + 8*cap(c.edges) + 4*cap(c.vecs) + 4*cap(c.rootVecs)
}

// searchCycles is the iterative depth-first search of Wesselink, "State
// Space Exploration", Algorithm 10, from each root in turn: a transition
// to a gray state (on the stack) is a back edge, i.e. closes a cycle.
// States are expanded (all events up to FinishState) when pushed, so the
// visitor contract is the same as for the other strategies.
func (x *Explorer) searchCycles(roots []StateID) error {
	c := &x.cyc
	for k, root := range roots {
		if x.mustStop() {
			return nil
		}
		if c.colors[root] != white {
			continue
		}
		c.root = k
		if err := x.pushFrame(root); err != nil {
			return err
		}
		for len(c.frames) > 0 {
			if x.mustStop() {
				return nil
			}
			f := &c.frames[len(c.frames)-1]
			if f.cur == f.hi {
				c.colors[f.s] = black
				c.edges = c.edges[:f.lo]
				c.frames = c.frames[:len(c.frames)-1]
				continue
			}
			e := c.edges[f.cur]
			f.cur++
			switch c.colors[e.to] {
			case white:
				if err := x.pushFrame(e.to); err != nil {
					return err
				}
			case gray:
				for _, b := range x.backs {
					b.BackEdge(f.s, e.label, e.to)
				}
			}
		}
	}
	return nil
}

// pushFrame expands s and opens its frame. Its vector comes from the
// store, or from the transition of the parent frame that leads to it (a
// store that cannot give states back).
func (x *Explorer) pushFrame(s StateID) error {
	c := &x.cyc
	w := x.plan.width
	c.colors[s] = gray
	lo := len(c.edges)
	c.frames = append(c.frames, frame{s: s, lo: lo, cur: lo})
	x.held.truncatePath(len(c.frames) - 1) // the frames popped since
	switch {
	case x.plan.canState:
		x.cur = x.plan.appendState(x.store, x.cur[:0], s)
	case len(c.frames) == 1:
		copy(x.cur, c.rootVecs[c.root*w:(c.root+1)*w])
	default:
		i := c.frames[len(c.frames)-2].cur - 1
		copy(x.cur, c.vecs[i*w:(i+1)*w])
	}
	x.held.onPath(s, x.cur)
	if err := x.expand(s, x.cur, nil); err != nil {
		return err
	}
	c.frames[len(c.frames)-1].hi = len(c.edges)
	return nil
}

// DFSStack returns, in cycle mode, the states on the depth-first stack from
// the root to the state being searched, and the labels of the tree
// transitions between them (len(labels) == len(states)-1).
func (x *Explorer) DFSStack() (states []StateID, labels []LabelID) {
	c := &x.cyc
	for i, f := range c.frames {
		states = append(states, f.s)
		if i+1 < len(c.frames) {
			labels = append(labels, c.edges[f.cur-1].label)
		}
	}
	return slices.Clip(states), labels
}
