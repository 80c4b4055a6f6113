package explore

import "math/rand/v2"

// todoList holds the states waiting to be expanded and, for a compact
// store that cannot give states back cheaply, their vectors. The order in
// which it gives them back is the search strategy: each strategy is a
// small todoOrder (as mCRL2's explorer has a todo-set class per
// strategy), so that the search loops only push and pop.
type todoList struct {
	order todoOrder
	width int // values per vector; 0 when the list holds numbers only
	// The entries in order, in chunks of todoChunk entries: chunks[0]
	// starts at head, the last chunk ends at tail. Chunks that empty go to
	// spare and are filled again, so a breadth-first list that streams
	// millions of states neither copies its entries as it grows nor asks
	// the system for fresh memory at every level.
	chunks []*todoChunk
	head   int
	tail   int
	n      int
	spare  []*todoChunk
}

// todoChunk is a run of todo entries: their numbers and, when the list
// holds vectors, the vectors one after another.
type todoChunk struct {
	ids  []StateID
	vecs []uint32
}

// todoChunkLen is the number of entries of a chunk; maxSpareChunks bounds
// the chunks kept for reuse.
const (
	todoChunkLen   = 4096
	maxSpareChunks = 8
	maxSpareBytes  = 4 << 20 // wide vectors keep fewer spare chunks
)

// todoOrder is a search strategy: where a new state goes, which state is
// expanded next.
type todoOrder interface {
	push(t *todoList, id StateID, v []uint32)
	pop(t *todoList, dst []uint32) StateID
}

// newTodoOrder returns the order of strategy s. Highway search samples
// with a generator seeded by seed (random when 0).
func newTodoOrder(s Strategy, todoMax int, seed uint64) todoOrder {
	switch s {
	case Depth:
		return depthFirst{}
	case Highway:
		if seed == 0 {
			seed = rand.Uint64()
		}
		return &highway{max: todoMax, rng: rand.New(rand.NewPCG(seed, seed^0x9E3779B97F4A7C15))}
	}
	return breadthFirst{}
}

func (t *todoList) len() int { return t.n }

// push offers a new state to the strategy.
func (t *todoList) push(id StateID, v []uint32) { t.order.push(t, id, v) }

// pop removes the next state to expand and copies its vector to dst when
// the list holds vectors.
func (t *todoList) pop(dst []uint32) StateID { return t.order.pop(t, dst) }

// at returns the chunk and offset of the i-th entry from the front.
func (t *todoList) at(i int) (*todoChunk, int) {
	i += t.head
	return t.chunks[i/todoChunkLen], i % todoChunkLen
}

func (t *todoList) vec(c *todoChunk, off int) []uint32 {
	return c.vecs[off*t.width : (off+1)*t.width : (off+1)*t.width]
}

func (t *todoList) append(id StateID, v []uint32) {
	if len(t.chunks) == 0 || t.tail == todoChunkLen {
		t.chunks = append(t.chunks, t.newChunk())
		t.tail = 0
	}
	c := t.chunks[len(t.chunks)-1]
	c.ids[t.tail] = id
	if t.width > 0 {
		copy(t.vec(c, t.tail), v)
	}
	t.tail++
	t.n++
}

func (t *todoList) newChunk() *todoChunk {
	if k := len(t.spare); k > 0 {
		c := t.spare[k-1]
		t.spare = t.spare[:k-1]
		return c
	}
	return &todoChunk{ids: make([]StateID, todoChunkLen), vecs: make([]uint32, todoChunkLen*t.width)}
}

func (t *todoList) recycle(c *todoChunk) {
	chunkBytes := todoChunkLen * 4 * (1 + t.width)
	if len(t.spare) < max(1, min(maxSpareChunks, maxSpareBytes/chunkBytes)) {
		t.spare = append(t.spare, c)
	}
}

// replaceFromBack puts a state in the place of the k-th entry from the
// back (k ≥ 1).
func (t *todoList) replaceFromBack(k int, id StateID, v []uint32) {
	c, off := t.at(t.n - k)
	c.ids[off] = id
	if t.width > 0 {
		copy(t.vec(c, off), v)
	}
}

func (t *todoList) popBack(dst []uint32) StateID {
	c := t.chunks[len(t.chunks)-1]
	t.tail--
	t.n--
	id := c.ids[t.tail]
	if t.width > 0 {
		copy(dst, t.vec(c, t.tail))
	}
	if t.n == 0 {
		t.clear()
	} else if t.tail == 0 {
		t.chunks[len(t.chunks)-1] = nil
		t.chunks = t.chunks[:len(t.chunks)-1]
		t.recycle(c)
		t.tail = todoChunkLen
	}
	return id
}

func (t *todoList) popFront(dst []uint32) StateID {
	c := t.chunks[0]
	id := c.ids[t.head]
	if t.width > 0 {
		copy(dst, t.vec(c, t.head))
	}
	t.dropFront(1)
	return id
}

// popBlock removes the first n states (at most) in first-in first-out
// order and appends them to dst.
func (t *todoList) popBlock(n int, dst []StateID) []StateID {
	n = min(n, t.n)
	for n > 0 {
		k := min(n, todoChunkLen-t.head)
		if len(t.chunks) == 1 {
			k = min(k, t.tail-t.head)
		}
		dst = append(dst, t.chunks[0].ids[t.head:t.head+k]...)
		t.dropFront(k)
		n -= k
	}
	return dst
}

// dropFront removes the first n entries, all in the first chunk.
func (t *todoList) dropFront(n int) {
	t.head += n
	t.n -= n
	if t.n == 0 {
		t.clear()
	} else if t.head == todoChunkLen {
		t.recycle(t.chunks[0])
		// Shifting keeps the slice's capacity (reslicing from the front
		// would lose it, and the next append would allocate again).
		n := copy(t.chunks, t.chunks[1:])
		t.chunks[n] = nil
		t.chunks = t.chunks[:n]
		t.head = 0
	}
}

// clear empties the list, keeping its chunks for reuse.
func (t *todoList) clear() {
	for i, c := range t.chunks {
		t.recycle(c)
		t.chunks[i] = nil
	}
	t.chunks = t.chunks[:0]
	t.head, t.tail, t.n = 0, 0, 0
}

// held returns the vector of id if the list holds it. Its numbers must
// ascend, as they do in breadth- and depth-first search (states are
// numbered and queued in the same order).
func (t *todoList) held(id StateID) []uint32 {
	if t.width == 0 || t.n == 0 {
		return nil
	}
	lo, hi := 0, t.n
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if c, off := t.at(m); c.ids[off] < id {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < t.n {
		if c, off := t.at(lo); c.ids[off] == id {
			return t.vec(c, off)
		}
	}
	return nil
}

func (t *todoList) bytes() int {
	return (len(t.chunks) + len(t.spare)) * todoChunkLen * 4 * (1 + t.width)
}

// breadthFirst is first in, first out (Wesselink, "State Space
// Exploration", §3.1).
type breadthFirst struct{}

func (breadthFirst) push(t *todoList, id StateID, v []uint32) { t.append(id, v) }
func (breadthFirst) pop(t *todoList, dst []uint32) StateID    { return t.popFront(dst) }

// depthFirst is last in, first out (ibid., §3.2).
type depthFirst struct{}

func (depthFirst) push(t *todoList, id StateID, v []uint32) { t.append(id, v) }
func (depthFirst) pop(t *todoList, dst []uint32) StateID    { return t.popBack(dst) }

// highway is highway search (Wesselink, "State Space Exploration", §3.3,
// Algorithm 6): breadth-first, but of the new states found while
// expanding one level, at most max are kept for the next, a uniform
// sample (reservoir sampling).
type highway struct {
	max   int
	rng   *rand.Rand
	left  int // states of the current level still to expand
	count int // new states offered for the next level
}

func (h *highway) push(t *todoList, id StateID, v []uint32) {
	h.count++
	if h.count <= h.max {
		t.append(id, v)
	} else if k := 1 + h.rng.IntN(h.count); k <= h.max {
		// The c-th new state replaces a random kept one with
		// probability max/c.
		t.replaceFromBack(k, id, v)
	}
}

func (h *highway) pop(t *todoList, dst []uint32) StateID {
	if h.left == 0 {
		// A level ends when its states are all expanded; what the todo
		// list holds then is the next level.
		h.left, h.count = t.len(), 0
	}
	h.left--
	return t.popFront(dst)
}
