package store

import (
	"slices"

	"github.com/lps2lts/lps2lts/internal/fibhash"
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
// Vectors of fewer than minReorderWidth values keep their order.
func (s *TreeStore) reorder() {
	s.ordered = true
	w, n := s.width, s.Len()
	if w < minReorderWidth {
		s.sample.free()
		return
	}
	states, values, ok := s.sample.states(n, w)
	defer s.sample.free()
	if !ok {
		states, values = s.decodeAll(s.rootKeys())
	}
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
			if k := i / innerAtStep; k < len(best.innerAt) && i >= firstLook && behind(i, c.inner.Len(), best.innerAt[k]) {
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
//
// At firstLook states a candidate is given up already if it has as many
// pairs as the best had, or more: nothing gained yet. Of the 299
// candidates of the corpus's plain and data models and the pipeline's
// (stop 58), the 28 taken had 0.21-0.95 of the best's pairs at 256
// states; 167 of the 271 others had 1.0 or more, among them all 14 of
// the bench's Lamport_3-bit and RA_fixed+reduced (1.03-3.30), which had
// folded 512 states each.
const (
	innerAtStep  = 256
	firstLook    = 256
	givingUpFrom = 512
)

// behind says that a candidate with pairs inner pairs after i states is
// not far enough ahead of the best, which had best at the same number of
// states: at firstLook, it has as many or more; from givingUpFrom on, at
// least 0.85 of them.
func behind(i, pairs, best int) bool {
	if i < givingUpFrom {
		return pairs >= best
	}
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
// the bounded Ricart-Agrawala bench model (57 values). It also counts
// the distinct values of each position, at the leaves that differ from
// the state before. The store has at least two values (reorder takes
// four or more).
func (s *TreeStore) decodeAll(keys []uint64) (states []uint32, values []int) {
	w := s.width
	out := make([]uint32, 0, len(keys)*w)
	counted := newValueSets(w)
	// The levels from the leaves up; the top one is the root pair.
	_, levels := treeLevels(w)
	d := decoder{levels: levels, counted: counted}
	for i, key := range keys {
		out = append(out, d.next(s, i == 0, key)...)
	}
	return out, counted.counts
}

// decoder decodes states one from the other (decodeAll): levels hold
// the state decoded last, from the leaves up, and counted its leaves'
// values.
type decoder struct {
	levels         [][]uint32
	counted        *valueSets
	changed, below []int // the entries of a level that differ, in order
}

// next decodes the state whose root pair is key (the first, or one that
// follows the state decoded last) and counts the leaves that differ; it
// returns the leaves. The levels are walked from the top, each changed
// entry's pair setting its two entries below, where a recursion made a
// call through a closure for every entry it visited: franklin_3_2-b and
// RA_fixed+reduced's first 20,000 states take 0.7% fewer instructions.
func (d *decoder) next(s *TreeStore, first bool, key uint64) []uint32 {
	levels := d.levels
	top := len(levels) - 1
	changed := d.changed[:0]
	if l := levels[top]; first || l[0] != uint32(key>>32) || l[1] != uint32(key) {
		l[0], l[1] = uint32(key>>32), uint32(key)
		changed = append(changed, 0, 1)
	}
	for k := top; k > 0 && len(changed) > 0; k-- {
		cur, below := levels[k], levels[k-1]
		next := d.below[:0]
		for _, j := range changed {
			id := cur[j]
			if 2*j+1 >= len(below) { // the last of an odd level went up alone
				if first || below[2*j] != id {
					below[2*j] = id
					next = append(next, 2*j)
				}
				continue
			}
			q := s.inner.Word(id)
			if l := uint32(q >> 32); first || below[2*j] != l {
				below[2*j] = l
				next = append(next, 2*j)
			}
			if r := uint32(q); first || below[2*j+1] != r {
				below[2*j+1] = r
				next = append(next, 2*j+1)
			}
		}
		d.changed, d.below = next, changed
		changed = next
	}
	leaves := levels[0]
	for _, j := range changed {
		d.counted.add(j, leaves[j])
	}
	return leaves
}

// valueSets counts the distinct values of each position of vectors: an
// open-addressing set of values plus one (0 is an empty slot) per
// position. Go's map made this count a fifth of what reorder cost
// (merc.franklin_3_2-b, 32 positions of 8192 states: 25M instructions of
// 123M, the run 530M). A set starts at 64 slots and doubles at half full:
// most positions take a few values, and one set sized for 8,192 values,
// cleared for each of bounded_ricart-agrawala's 57 positions, was half of
// the count's cost.
type valueSets struct {
	slots  [][]uint64
	shifts []uint8 // a value's slot is its hash's top bits: 64 - shifts[p]
	counts []int
}

func newValueSets(w int) *valueSets {
	c := &valueSets{slots: make([][]uint64, w), shifts: make([]uint8, w), counts: make([]int, w)}
	for p := range w {
		c.slots[p], c.shifts[p] = make([]uint64, 64), 64-6
	}
	return c
}

// add counts v at position p, unless it is there already.
func (c *valueSets) add(p int, value uint32) {
	v := uint64(value) + 1
	slots := c.slots[p]
	h := slotOf(slots, v, c.shifts[p])
	if slots[h] == v {
		return
	}
	slots[h] = v
	c.counts[p]++
	if 2*c.counts[p] <= len(slots) {
		return
	}
	grown := make([]uint64, 2*len(slots))
	c.shifts[p]--
	for _, v := range slots {
		if v != 0 {
			grown[slotOf(grown, v, c.shifts[p])] = v
		}
	}
	c.slots[p] = grown
}

// slotOf is the slot of v in slots, or the empty one where it goes: from
// its hash's top bits (shift is 64 less their number) on.
func slotOf(slots []uint64, v uint64, shift uint8) uint64 {
	mask := uint64(len(slots) - 1)
	h := (v * fibhash.Mul) >> shift
	for slots[h] != 0 && slots[h] != v {
		h = (h + 1) & mask
	}
	return h
}
