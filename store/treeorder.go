package store

import (
	"math/bits"
	"slices"
)

// reorder chooses the order of the values in the tree from the states
// stored so far. Tree compression shares a subtree between states that
// agree on its leaves, so where a value with many values sits matters: in
// merc.brp_4_4_4-b the message list (341 values, where the other 19
// parameters take at most 9) sits in the first quarter of the tree and
// makes most of its inner pairs distinct, 1.17 per state; moved to the
// last leaf, under the root's smaller half, it costs 0.04 per state. The
// candidates are the vector's own order and the orders that move the one,
// two or three positions with the most values seen (at least four times
// the median position's) to the end; each is tried on the states stored,
// and one is taken only if it needs fewer than half the inner pairs of
// the best before it. (A smaller gain on the
// sample may not last: a minepump model of the corpus needed 20% fewer
// pairs on its first 8192 states and 24% more on all of them.) The states
// are then stored again in the order taken, under the same numbers.
func (s *TreeStore) reorder() {
	s.ordered = true
	w, n := s.width, s.Len()
	if w < 4 {
		return
	}
	states := s.decodeAll(s.rootKeys())
	values := distinctValues(states, w, n)
	most := make([]int, w)
	for p := range most {
		most[p] = p
	}
	slices.SortStableFunc(most, func(a, b int) int { return values[b] - values[a] })
	// Only positions with far more values than most are worth moving
	// (and trying the candidates costs a rebuild of the sample each).
	median := values[most[w/2]]
	orders := [][]int{nil}
	for k := 1; k <= 3 && values[most[k-1]] >= 4*median; k++ {
		moved := most[:k]
		var order []int
		for p := range w {
			if !slices.Contains(moved, p) {
				order = append(order, p)
			}
		}
		for p := range w {
			if slices.Contains(moved, p) {
				order = append(order, p)
			}
		}
		orders = append(orders, order)
	}
	// Each order in the neighbours' shape, then in the balanced shape.
	var candidates [][]int
	for _, order := range orders[1:] {
		candidates = append(candidates, order)
	}
	if w&(w-1) != 0 {
		for _, order := range orders {
			if order == nil {
				order = make([]int, w)
				for p := range order {
					order[p] = p
				}
			}
			candidates = append(candidates, balancedOrder(order))
		}
	}
	best := s
	keys := make([]uint64, 0, n)
	for _, order := range candidates {
		c := NewTreeStoreWith(w, TreeOptions{CompactRoots: s.compact != nil})
		c.ordered = true
		c.setOrder(order, len(order))
		keys = c.foldCandidate(states, n, best, keys[:0])
		if len(keys) == n && c.inner.Len()*2 < best.inner.Len() {
			for _, k := range keys {
				c.insertRoot(k)
			}
			if best != s {
				best.free()
			}
			best = c
		} else {
			c.free()
		}
	}
	s.innerAt = nil
	if best != s {
		if s.compact != nil {
			s.compact.Free()
		}
		s.roots.Move(&best.roots)
		s.inner.Move(&best.inner)
		s.compact, s.order, s.leaves, s.leafOf = best.compact, best.order, best.leaves, best.leafOf
		s.levels, s.valid, s.changed, s.up = best.levels, best.valid, best.changed, best.up
		s.flat = best.flat
		s.nodes, s.above, s.prev = best.nodes, best.above, best.prev
		s.memo, s.memoShift = best.memo, best.memoShift
	}
}

// foldCandidate folds the n states of states into c, a candidate store
// of reorder, and appends their root pairs to keys, until it is given up
// against best. A candidate is given up once it has half the best's
// inner pairs (it can only gain more): on the first 20,000 states of the
// bounded Ricart-Agrawala bench model, the rebuilds were a third of the
// search. Only the inner pairs decide, so a candidate folds the states
// and keeps their root pairs aside; they go into its roots if it is
// taken. The root pairs of the states folded are returned, all n of them
// if it was not given up.
func (c *TreeStore) foldCandidate(states []uint32, n int, best *TreeStore, keys []uint64) []uint64 {
	w := c.width
	c.innerAt = c.innerAt[:0]
	for i := 0; i < n && c.inner.Len()*2 < best.inner.Len(); i++ {
		if i%innerAtStep == 0 {
			if k := i / innerAtStep; k < len(best.innerAt) && i >= givingUpFrom && behind(c.inner.Len(), best.innerAt[k]) {
				break
			}
			c.innerAt = append(c.innerAt, c.inner.Len())
		}
		keys = append(keys, c.rootKey(states[i*w:(i+1)*w]))
		c.countRoots(uint32(i)) // the memo's size follows it
	}
	return keys
}

// A candidate is also given up when, from givingUpFrom states on, it has
// folded its states into nearly as many inner pairs as the best had when
// it held as many (behind), checked every innerAtStep states. On the
// first 8,192 states of the 64 corpus and pipeline models that reorder,
// every candidate taken had at most 0.68 of the best's pairs at 512
// states and 0.67 from 768 on; the candidates given up folded 43% fewer
// states in all. Lamport_3-bit's seven candidates, which lose, each
// folded 1,543-2,736 states before they had half the best's final count.
const (
	innerAtStep  = 256
	givingUpFrom = 512
)

// behind says that a candidate with pairs inner pairs is not far enough
// ahead of the best, which had best at the same number of states: it has
// at least 0.85 of them.
func behind(pairs, best int) bool {
	return 20*pairs >= 17*best
}

// balancedOrder returns order padded to a power of two leaves, with -1
// for a padding leaf, so that the neighbours' pairing makes a balanced
// tree of order's values: each inner pair splits its values in halves
// (of one more on the left where they are odd), as LTSmin's tree does.
// The neighbours' pairing alone, where a level is odd, leaves the last
// entry to go up alone, so that 18 values made a root pair of a subtree
// of 16 and one of 2: on merc.onebit_3-b nearly every state had a subtree
// of its own on the left, 69,587 inner pairs for 289,296 states and 17
// bits for the left half of a root pair. Balanced (9 and 9), the
// padded tree needs 3,322, and root pairs of 12 and 12 bits. A padding
// leaf is always 0, so the padding's subtrees are a few pairs in all.
func balancedOrder(order []int) []int {
	leaves := 1
	for leaves < len(order) {
		leaves *= 2
	}
	padded := make([]int, leaves)
	var place func(values, leaves []int)
	place = func(values, leaves []int) {
		if len(leaves) == 1 {
			leaves[0] = -1
			if len(values) == 1 {
				leaves[0] = values[0]
			}
			return
		}
		h := (len(values) + 1) / 2
		place(values[:h], leaves[:len(leaves)/2])
		place(values[h:], leaves[len(leaves)/2:])
	}
	place(order, padded)
	return padded
}

// decodeAll returns the vectors of the states whose root pairs are keys,
// one after another, in a store whose order is its vectors' own (reorder
// runs before it has another). Consecutive states share most subtrees,
// so each is decoded from the one before: an entry whose pair is the same
// as there keeps the leaves below it. Decoding every state from its root
// (appendRoot) was 40% of what reorder cost on the first 20,000 states of
// the bounded Ricart-Agrawala bench model (57 values).
func (s *TreeStore) decodeAll(keys []uint64) []uint32 {
	w := s.width
	out := make([]uint32, 0, len(keys)*w)
	if w < 2 || s.order != nil {
		for _, key := range keys {
			out = s.appendRoot(out, key)
		}
		return out
	}
	// The levels from the leaves up; the top one is the root pair.
	_, levels := treeLevels(w)
	top := len(levels) - 1
	valid := false
	var decode func(k, j int, id uint32)
	decode = func(k, j int, id uint32) {
		if valid && levels[k][j] == id {
			return
		}
		levels[k][j] = id
		if k == 0 {
			return
		}
		below := levels[k-1]
		if 2*j+1 < len(below) {
			q := s.inner.Word(id)
			decode(k-1, 2*j, uint32(q>>32))
			decode(k-1, 2*j+1, uint32(q))
		} else {
			decode(k-1, 2*j, id) // the last of an odd level went up alone
		}
	}
	for _, key := range keys {
		if top == 0 {
			levels[0][0], levels[0][1] = uint32(key>>32), uint32(key)
		} else {
			decode(top, 0, uint32(key>>32))
			decode(top, 1, uint32(key))
		}
		valid = true
		out = append(out, levels[0]...)
	}
	return out
}

// distinctValues returns how many values each of the w positions takes
// in the n vectors of states. An open-addressing set of values plus one
// (0 is an empty slot), emptied for each position: Go's map made this
// count a fifth of what reorder cost (merc.franklin_3_2-b, 32 positions
// of 8192 states: 25M instructions of 123M, the run 530M).
func distinctValues(states []uint32, w, n int) []int {
	size := 1 << bits.Len(uint(2*n)) // more than 2n: at most half full
	shift := 64 - bits.Len(uint(size-1))
	slots := make([]uint64, size)
	counts := make([]int, w)
	for p := range w {
		clear(slots)
		last := uint64(0)
		for i := range n {
			v := uint64(states[i*w+p]) + 1
			if v == last {
				continue // the state before had it: most do (57 positions of 8,192 states on bounded_ricart-agrawala, a fifth of reorder)
			}
			last = v
			h := (v * 0x9E3779B97F4A7C15) >> shift
			for slots[h] != 0 && slots[h] != v {
				h = (h + 1) & uint64(size-1)
			}
			if slots[h] == 0 {
				slots[h] = v
				counts[p]++
			}
		}
	}
	return counts
}
