package explore

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"unsafe"

	"github.com/lps2lts/lps2lts/internal/fibhash"
	"github.com/lps2lts/lps2lts/internal/offheap"
)

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
	// lastVB is the value width of the chunk made last: the next one
	// starts there, so that a list whose values need two bytes does not
	// widen every chunk anew.
	lastVB  int
	heldBuf []uint32 // held's vector
	// pool holds the chunks' arrays (package offheap): a chunk dropped
	// or widened gives its memory back at once.
	pool offheap.Pool
}

// todoChunk is a run of todo entries: their numbers and, when the list
// holds vectors, the vectors one after another, each value in vb bytes
// (1, 2 or 4), the fewest that every value of the chunk needs. A value
// is a term of the rewriter's, whose numbers stay small: most models'
// values fit in one or two bytes, so the todo list of a breadth-first
// search, whose widest level can hold a tenth of the states, takes a
// quarter or half the memory of 32-bit values (dining_10: 2.5 MB at its
// widest).
type todoChunk struct {
	ids  []StateID
	vals []byte
	vb   int
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
	// ahead returns how many states at the front of t can be taken now
	// and popped in one thread's order (ahead.go); underway says whether
	// states taken earlier are not yet inserted (their successors not
	// yet pushed). It is at least 1 when nothing is under way and t is
	// not empty.
	ahead(t *todoList, underway bool) int
}

// newTodoOrder returns the order of strategy s. Highway search samples
// with a generator seeded by seed (highwaySeed when 0).
func newTodoOrder(s Strategy, todoMax int, seed uint64) todoOrder {
	switch s {
	case Depth:
		return depthFirst{}
	case Highway:
		if seed == 0 {
			seed = highwaySeed
		}
		return &highway{max: todoMax, rng: rand.New(rand.NewPCG(seed, seed^fibhash.Mul))}
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

// get copies the vector of entry off of c to dst.
//
// The values are read and written in the machine's own byte order,
// through the entry's base pointer, once its bounds are checked: the
// list is never written out, and encoding/binary's checked two- and
// four-byte accesses were 15 instructions a value (RA_fixed+reduced, 57
// values of two bytes: 7% of its first 20,000 states).
func (t *todoList) get(c *todoChunk, off int, dst []uint32) {
	w := t.width
	dst = dst[:w]
	vb := c.vb
	p := unsafe.Pointer(unsafe.SliceData(c.vals[vb*off*w : vb*(off+1)*w]))
	switch vb {
	case 1:
		for i := range dst {
			dst[i] = uint32(*(*uint8)(unsafe.Add(p, i)))
		}
	case 2:
		for i := range dst {
			dst[i] = uint32(*(*uint16)(unsafe.Add(p, 2*i)))
		}
	default:
		copy(dst, unsafe.Slice((*uint32)(p), w))
	}
}

// put stores v as the vector of entry off of c, widening c's values
// first if v needs it.
func (t *todoList) put(c *todoChunk, off int, v []uint32) {
	w := t.width
	v = v[:w]
	for {
		// The values are written in c's width as their union is taken:
		// a value too wide for it then widens c, and v is written again.
		vb := c.vb
		p := unsafe.Pointer(unsafe.SliceData(c.vals[vb*off*w : vb*(off+1)*w]))
		var or uint32
		switch vb {
		case 1:
			for i, x := range v {
				*(*uint8)(unsafe.Add(p, i)) = uint8(x)
				or |= x
			}
		case 2:
			for i, x := range v {
				*(*uint16)(unsafe.Add(p, 2*i)) = uint16(x)
				or |= x
			}
		default:
			copy(unsafe.Slice((*uint32)(p), w), v)
			return
		}
		if valueBytes(or) <= vb {
			return
		}
		n := todoChunkLen
		if c == t.chunks[len(t.chunks)-1] {
			n = t.tail // the last chunk's entries from tail on are not live
		}
		t.widen(c, valueBytes(or), n)
	}
}

// valueBytes is the value width that x needs: 1, 2 or 4 bytes.
func valueBytes(x uint32) int {
	switch n := bits.Len32(x); {
	case n <= 8:
		return 1
	case n <= 16:
		return 2
	}
	return 4
}

// widen stores c's values in vb bytes each, copying its first n
// entries, which hold the live ones. A chunk widens at most twice while
// it fills, so the copies cost less than the entries. (Copying all of a
// chunk that held one state was 3.8M instructions of the 144M that
// Lamport_3-bit's first state takes.)
func (t *todoList) widen(c *todoChunk, vb, n int) {
	old := *c
	c.vals, c.vb = offheap.Make[byte](&t.pool, todoChunkLen*t.width*vb), vb
	t.lastVB = max(t.lastVB, vb)
	// The entries from the first are copied: those before head are not
	// live either, but which they are widen need not know.
	v := make([]uint32, t.width)
	for off := range n {
		t.get(&old, off, v)
		t.put(c, off, v)
	}
	offheap.Free(&t.pool, old.vals)
}

func (t *todoList) append(id StateID, v []uint32) {
	if len(t.chunks) == 0 || t.tail == todoChunkLen {
		t.chunks = append(t.chunks, t.newChunk())
		t.tail = 0
	}
	c := t.chunks[len(t.chunks)-1]
	c.ids[t.tail] = id
	if t.width > 0 {
		t.put(c, t.tail, v)
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
	vb := max(1, t.lastVB)
	return &todoChunk{ids: offheap.Make[StateID](&t.pool, todoChunkLen), vals: offheap.Make[byte](&t.pool, todoChunkLen*t.width*vb), vb: vb}
}

// recycle keeps c for reuse, or gives its memory back.
func (t *todoList) recycle(c *todoChunk) {
	chunkBytes := todoChunkLen * (4 + t.width*c.vb)
	if len(t.spare) < max(1, min(maxSpareChunks, maxSpareBytes/chunkBytes)) {
		t.spare = append(t.spare, c)
		return
	}
	offheap.Free(&t.pool, c.ids)
	offheap.Free(&t.pool, c.vals)
}

// replaceFromBack puts a state in the place of the k-th entry from the
// back (k ≥ 1).
func (t *todoList) replaceFromBack(k int, id StateID, v []uint32) {
	c, off := t.at(t.n - k)
	c.ids[off] = id
	if t.width > 0 {
		t.put(c, off, v)
	}
}

func (t *todoList) popBack(dst []uint32) StateID {
	c := t.chunks[len(t.chunks)-1]
	t.tail--
	t.n--
	id := c.ids[t.tail]
	if t.width > 0 {
		t.get(c, t.tail, dst)
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
		t.get(c, t.head, dst)
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

// held returns the vector of id if the list holds it, valid until the
// next call. Its numbers must ascend, as they do in breadth- and
// depth-first search (states are numbered and queued in the same order).
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
			t.heldBuf = slices.Grow(t.heldBuf[:0], t.width)[:t.width]
			t.get(c, off, t.heldBuf)
			return t.heldBuf
		}
	}
	return nil
}

func (t *todoList) bytes() int {
	b := 0
	for _, cs := range [][]*todoChunk{t.chunks, t.spare} {
		for _, c := range cs {
			b += 4*cap(c.ids) + cap(c.vals)
		}
	}
	return b
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

// highwaySeed is the seed of highway search's sample when none is given.
// mCRL2 draws a new sample in every run; a fixed seed makes the sample,
// and so the LTS, the same in every run and with any number of threads
// (the states are offered to the sample in one thread's order whatever
// the number of threads: docs/threads.md). The digits of π's fraction.
const highwaySeed = 0x243F6A8885A308D3

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
