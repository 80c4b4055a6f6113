package explore

// How far the todo list can be expanded ahead. A search with threads takes
// states from the front of the todo list into blocks that the workers
// expand while the states before them are still being inserted
// (parallel.go). That gives the order of one thread only while the states
// taken would have been popped in that order whatever the insertions
// under way add to the list. Each strategy says how many states that is
// (todoOrder.ahead); depth-first search, whose next state is one the last
// expansion found, allows one state at a time and stays on one thread
// (plan.go).

// ahead: breadth-first search pushes at the back and pops at the front,
// so every state in the list comes before anything an insertion adds.
func (breadthFirst) ahead(t *todoList, _ bool) int { return t.len() }

// ahead: depth-first search expands next a state the last expansion may
// have found, so only one state at a time, once nothing is under way. (The
// plan keeps depth-first search on one thread, where this is moot.)
func (depthFirst) ahead(t *todoList, underway bool) int {
	if underway {
		return 0
	}
	return min(1, t.len())
}

// ahead: a highway level is popped in order, but the sample of the next
// level is complete only when the level is all inserted (a later state
// may replace a kept one, replaceFromBack), and pop measures the next
// level (h.left) when it starts. So the states of the current level may
// be taken ahead, those of the next only once nothing is under way.
func (h *highway) ahead(t *todoList, underway bool) int {
	switch {
	case h.left > 0:
		return h.left
	case underway:
		return 0
	}
	return t.len()
}

// ahead: the sweep-line's todo list is a queue per progress value, and
// with a monotone measure an insertion adds only to the queue being
// popped or to those of more progress (a regress edge's destination waits
// for the next sweep). So the states of the least progress value may be
// taken ahead; moving to the next value moves the sweep-line, which
// forgets states (Advance), and starting a sweep forgets all but the
// persistent ones (NewSweep): both wait until nothing is under way, and
// then one state is taken, whose pop does it.
func (o *sweepOrder) ahead(t *todoList, underway bool) int {
	if o.started && len(o.heap) > 0 && o.heap[0] == o.front {
		b := o.buckets[o.front]
		return len(b.ids) - b.head
	}
	if underway || t.len() == 0 {
		return 0
	}
	return 1
}
