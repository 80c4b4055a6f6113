package explore

import "slices"

// heldStates are the vectors the search holds in full, from which a store
// that rebuilds states (HoldingStore: ComBack) starts its reconstructions
// instead of the initial state: the todo list's vectors when its numbers
// ascend (breadth- and depth-first search: states are numbered and queued
// in the same order), a block of queued numbers rebuilt at once
// (BlockStateStore), and in depth-first and cycle search the expanded
// states of the current search path. The path's numbers ascend in
// depth-first search (a binary search finds one); in cycle mode they need
// not, and pathAt gives their positions.
type heldStates struct {
	x        *Explorer
	holdTodo bool
	holdPath bool
	cycles   bool
	// A block of the todo list's numbers and their vectors, rebuilt
	// together; the entries from prepHead on are still to expand.
	prepIDs  []StateID
	prepVecs []uint32
	prepHead int
	pathIDs  []StateID
	pathVecs []uint32
	pathAt   map[StateID]int32
}

func (h *heldStates) init(x *Explorer) {
	h.x = x
	h.cycles = x.opt.Cycles
	h.holdTodo = x.opt.Strategy != Highway && !x.opt.Cycles
	h.holdPath = x.opt.Strategy == Depth || x.opt.Cycles
	if x.opt.Cycles {
		h.pathAt = map[StateID]int32{}
	}
}

// prepared says whether states of a rebuilt block wait to be expanded.
func (h *heldStates) prepared() bool { return h.prepHead < len(h.prepIDs) }

// heldState returns the vector of id if the search holds it. The store
// reads it before the search changes what it holds.
func (x *Explorer) heldState(id StateID) []uint32 {
	h := &x.held
	w := x.plan.width
	if h.holdTodo {
		if v := x.todo.held(id); v != nil {
			return v
		}
		if h.prepared() {
			if i, ok := slices.BinarySearch(h.prepIDs[h.prepHead:], id); ok {
				j := h.prepHead + i
				return h.prepVecs[j*w : (j+1)*w]
			}
		}
	}
	i, ok := -1, false
	if h.pathAt != nil {
		var k int32
		k, ok = h.pathAt[id]
		i = int(k)
	} else {
		i, ok = slices.BinarySearch(h.pathIDs, id)
	}
	if ok && i%pathStride == 0 {
		i /= pathStride
		return h.pathVecs[i*w : (i+1)*w]
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

// onPath records that s, with vector v, is expanded next on the search
// path. In depth-first search the entries numbered above s are done: s's
// ancestors were numbered before it. (Cycle search truncates the path to
// its frames instead.)
func (h *heldStates) onPath(s StateID, v []uint32) {
	if !h.holdPath {
		return
	}
	if !h.cycles {
		n := len(h.pathIDs)
		for n > 0 && h.pathIDs[n-1] > s {
			n--
		}
		h.truncatePath(n)
	}
	if h.pathAt != nil {
		h.pathAt[s] = int32(len(h.pathIDs))
	}
	if len(h.pathIDs)%pathStride == 0 {
		h.pathVecs = append(h.pathVecs, v...)
	}
	h.pathIDs = append(h.pathIDs, s)
}

// truncatePath keeps the first n entries of the held search path.
func (h *heldStates) truncatePath(n int) {
	if !h.holdPath || n >= len(h.pathIDs) {
		return
	}
	if h.pathAt != nil {
		for k := n; k < len(h.pathIDs); k++ {
			delete(h.pathAt, h.pathIDs[k])
		}
	}
	w := h.x.plan.width
	h.pathIDs, h.pathVecs = h.pathIDs[:n], h.pathVecs[:(n+pathStride-1)/pathStride*w]
}

func (h *heldStates) bytes() int {
	return 4*cap(h.prepIDs) + 4*cap(h.prepVecs) + 4*cap(h.pathIDs) + 4*cap(h.pathVecs) +
		16*len(h.pathAt) // a map entry: key, value and control bytes, roughly
}
