package explore

import "math/rand/v2"

// todoList holds the states waiting to be expanded and, for a compact
// store that cannot give states back cheaply, their vectors. The order in
// which it gives them back is the search strategy: each strategy is a
// small todoOrder (as mCRL2's explorer has a todo-set class per
// strategy), so that the search loops only push and pop.
type todoList struct {
	order todoOrder
	ids   []StateID
	vecs  []uint32 // the vectors of ids, width each, when width > 0
	width int
	head  int // ids[:head] are taken (first-in first-out orders)
}

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

func (t *todoList) len() int { return len(t.ids) - t.head }

// push offers a new state to the strategy.
func (t *todoList) push(id StateID, v []uint32) { t.order.push(t, id, v) }

// pop removes the next state to expand and copies its vector to dst when
// the list holds vectors.
func (t *todoList) pop(dst []uint32) StateID { return t.order.pop(t, dst) }

func (t *todoList) append(id StateID, v []uint32) {
	t.ids = append(t.ids, id)
	if t.width > 0 {
		t.vecs = append(t.vecs, v...)
	}
}

// replace puts a state in the place of entry i.
func (t *todoList) replace(i int, id StateID, v []uint32) {
	t.ids[i] = id
	if t.width > 0 {
		copy(t.vecs[i*t.width:], v)
	}
}

func (t *todoList) popBack(dst []uint32) StateID {
	i := len(t.ids) - 1
	id := t.ids[i]
	t.ids = t.ids[:i]
	if t.width > 0 {
		copy(dst, t.vecs[i*t.width:])
		t.vecs = t.vecs[:i*t.width]
	}
	return id
}

func (t *todoList) popFront(dst []uint32) StateID {
	id := t.ids[t.head]
	if t.width > 0 {
		copy(dst, t.vecs[t.head*t.width:(t.head+1)*t.width])
	}
	t.dropFront(1)
	return id
}

// popBlock removes the first n states (at most) in first-in first-out
// order and appends them to dst.
func (t *todoList) popBlock(n int, dst []StateID) []StateID {
	n = min(n, t.len())
	dst = append(dst, t.ids[t.head:t.head+n]...)
	t.dropFront(n)
	return dst
}

// dropFront removes the first n entries, moving the rest to the front now
// and then.
func (t *todoList) dropFront(n int) {
	t.head += n
	if t.head > 1024 && t.head > len(t.ids)/2 {
		k := copy(t.ids, t.ids[t.head:])
		t.ids = t.ids[:k]
		if t.width > 0 {
			copy(t.vecs, t.vecs[t.head*t.width:])
			t.vecs = t.vecs[:k*t.width]
		}
		t.head = 0
	}
}

// held returns the vector of id if the list holds it. Its numbers must
// ascend, as they do in breadth- and depth-first search (states are
// numbered and queued in the same order).
func (t *todoList) held(id StateID) []uint32 {
	if t.width == 0 {
		return nil
	}
	lo, hi := t.head, len(t.ids)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if t.ids[m] < id {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo < len(t.ids) && t.ids[lo] == id {
		return t.vecs[lo*t.width : (lo+1)*t.width]
	}
	return nil
}

func (t *todoList) bytes() int { return 4*cap(t.ids) + 4*cap(t.vecs) }

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
		t.replace(len(t.ids)-k, id, v)
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
