package store

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/wordset"
)

// TreeStore keeps states by tree compression, as LTSmin's tree database
// does (Blom, Lisser, van de Pol and Weber, "A database approach to
// distributed state space generation", and Laarman, van de Pol and
// Weber, "Parallel recursive state compression for free"): a vector is
// split in halves recursively; each pair of halves is stored once in a
// table of pairs and named by its index; a state is the pair at the root.
// States that share a sub-vector (most of a state space: a transition
// changes a few parameters) share its table entries, so a new state costs
// its root pair and the few pairs on the paths to the parameters that
// changed, instead of its whole vector.
//
// Two tables: the root pairs, whose indices are the state numbers (states
// are numbered in order of insertion, as the explorer requires), and the
// inner pairs of every position of the tree. An entry is two 32-bit
// indices (or values at the leaves), stored in the bytes the largest so
// far need (3 to 5 on the corpus's largest models instead of 8; see
// wordset), plus its slot in an open-addressing index of 32-bit entries. State decodes a vector by
// walking the tree: it returns a fresh slice, so the explorer keeps the
// vectors of its todo list itself (QueueVectors).
type TreeStore struct {
	width int
	// roots and inner hold pairs (left value in the upper half of a word).
	roots wordset.Set
	inner wordset.Set
	// The levels of the tree of the last vector inserted, from the leaves
	// up; valid once one was inserted. changed and up are rootPair's
	// sets of entries of a level, a bit each.
	levels      [][]uint32
	valid       bool
	changed, up []uint64
	sink        uint64 // what Touch read, kept so that the reads are not dropped

	// order is the order of the values in the tree: leaf i holds value
	// order[i] of a vector (nil: the vector's own order). It is chosen once
	// (reorder), when the store first holds reorderSample states and no
	// key is outstanding (handed out by AppendRootKeys and not inserted).
	order       []int
	ordered     bool
	outstanding int
	scratch     []uint32 // permute's result
	unperm      []uint32 // AppendState's
}

// reorderSample is the number of states from which reorder chooses the
// order of the values in the tree.
const reorderSample = 1 << 13

// NewTreeStore returns an empty tree store for vectors of width values.
func NewTreeStore(width int) *TreeStore {
	s := &TreeStore{width: width}
	s.roots.Init(10)
	s.inner.Init(10)
	return s
}

func (s *TreeStore) Len() int           { return s.roots.Len() }
func (s *TreeStore) QueueVectors() bool { return true }
func (s *TreeStore) CanState() bool     { return true }

// Insert stores state if it is new and returns its number.
func (s *TreeStore) Insert(state []uint32) (explore.StateID, bool) {
	if len(state) != s.width {
		panic(fmt.Sprintf("store: a vector of %d values in a tree store of width %d", len(state), s.width))
	}
	s.maybeReorder()
	id, isNew := s.roots.Insert(s.rootKey(state))
	return explore.StateID(id), isNew
}

// rootKey is the root pair of vec, in one word.
func (s *TreeStore) rootKey(vec []uint32) uint64 {
	l, r := s.rootPair(s.permute(vec))
	return uint64(l)<<32 | uint64(r)
}

// permute returns state in the tree's order.
func (s *TreeStore) permute(state []uint32) []uint32 {
	if s.order == nil {
		return state
	}
	for i, p := range s.order {
		s.scratch[i] = state[p]
	}
	return s.scratch
}

func (s *TreeStore) maybeReorder() {
	if !s.ordered && s.outstanding == 0 && s.roots.Len() >= reorderSample {
		s.reorder()
	}
}

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
	states := make([]uint32, 0, n*w)
	for id := range n {
		states = s.AppendState(states, explore.StateID(id))
	}
	values := make([]int, w)
	seen := map[uint32]bool{}
	for p := range w {
		clear(seen)
		for i := range n {
			seen[states[i*w+p]] = true
		}
		values[p] = len(seen)
	}
	most := make([]int, w)
	for p := range most {
		most[p] = p
	}
	slices.SortStableFunc(most, func(a, b int) int { return values[b] - values[a] })
	// Only positions with far more values than most are worth moving
	// (and trying the candidates costs a rebuild of the sample each).
	median := values[most[w/2]]
	best := s
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
		c := NewTreeStore(w)
		c.ordered, c.order, c.scratch = true, order, make([]uint32, w)
		for i := range n {
			c.Insert(states[i*w : (i+1)*w])
		}
		if c.inner.Len()*2 < best.inner.Len() {
			best = c
		}
	}
	if best != s {
		s.roots, s.inner, s.order, s.scratch = best.roots, best.inner, best.order, best.scratch
		s.levels, s.valid, s.changed, s.up = best.levels, best.valid, best.changed, best.up
	}
}

// AppendRootKeys appends the keys of the n vectors of vecs (width values
// each) to dst: the pair at the root of each one's tree, which
// InsertRootKey inserts (explore.TwoPhaseStore). Computing a key inserts
// the vector's inner pairs, which are not states: a key never inserted
// only costs their memory.
func (s *TreeStore) AppendRootKeys(dst []uint64, vecs []uint32, n int) []uint64 {
	w := s.width
	if !s.ordered {
		s.maybeReorder()
		s.outstanding += n
	}
	for i := range n {
		dst = append(dst, s.rootKey(vecs[i*w:(i+1)*w]))
	}
	return dst
}

// FoldAhead says that AppendRootKeys may run concurrently with Touch,
// InsertRootKey and Len (explore.FoldingStore): once the order is chosen,
// AppendRootKeys writes only the inner pairs and the levels kept for the
// fold, and the other three touch only the roots.
func (s *TreeStore) FoldAhead() bool { return s.ordered }

// Touch reads the index slots and the root pairs that inserting keys
// will compare, for all keys at once (wordset.Set.Touch). A root table
// of a few hundred thousand states is larger than the caches, and an
// insertion that reads it cold waits for two misses in a row.
func (s *TreeStore) Touch(keys []uint64) { s.sink += s.roots.Touch(keys) }

// InsertRootKey stores the state whose root pair is key, if it is new,
// and returns its number.
func (s *TreeStore) InsertRootKey(key uint64) (explore.StateID, bool) {
	if !s.ordered && s.outstanding > 0 {
		s.outstanding--
	}
	id, isNew := s.roots.Insert(key)
	return explore.StateID(id), isNew
}

// rootPair folds state into the two halves below the root: each level
// of the tree pairs neighbours (the last one of an odd level goes up
// alone), until two remain. The levels of the previous vector are kept:
// successive insertions are mostly successors of one state, which differ
// in a few positions, so only the pairs above a changed position are
// looked up again (LTSmin's incremental tree compression does the same
// with the parent state).
func (s *TreeStore) rootPair(state []uint32) (uint32, uint32) {
	switch len(state) {
	case 0:
		return 0, 0
	case 1:
		return state[0], 0
	}
	if s.levels == nil {
		s.initLevels()
	}
	// The entries that changed, level by level, are the bits of a few
	// words: a transition changes a few values, so the work above the
	// leaves goes by what changed, not by the width.
	level, changed, up := s.levels[0], s.changed, s.up
	clear(changed)
	for i, v := range state {
		if !s.valid || level[i] != v {
			changed[i>>6] |= 1 << (i & 63)
			level[i] = v
		}
	}
	for k := 1; k < len(s.levels); k++ {
		below := level
		level = s.levels[k]
		// Entry j of a level is the pair of entries 2j and 2j+1 below,
		// or entry 2j alone when it is the last of an odd level.
		// Bit t of word w below is entry 64w+t, whose pair is entry
		// 32w+t/2: bit 32(w%2)+t/2 of word w/2.
		clear(up)
		for w, m := range changed {
			var acc uint64
			for ; m != 0; m &= m - 1 {
				acc |= 1 << ((w&1)<<5 + bits.TrailingZeros64(m)>>1)
			}
			up[w>>1] |= acc
		}
		for w, m := range up {
			for ; m != 0; m &= m - 1 {
				j := w<<6 + bits.TrailingZeros64(m)
				if 2*j+1 < len(below) {
					level[j], _ = s.inner.Insert(uint64(below[2*j])<<32 | uint64(below[2*j+1]))
				} else {
					level[j] = below[2*j]
				}
			}
		}
		changed, up = up, changed
	}
	s.valid = true
	return level[0], level[1]
}

// initLevels sizes the kept levels of the tree: the shape depends on the
// width alone.
func (s *TreeStore) initLevels() {
	for n := s.width; ; n = (n + 1) / 2 {
		s.levels = append(s.levels, make([]uint32, n))
		if n <= 2 {
			break
		}
	}
	words := (s.width + 63) / 64
	s.changed, s.up = make([]uint64, words), make([]uint64, words)
}

// State returns the vector of state id, decoded into a fresh slice.
func (s *TreeStore) State(id explore.StateID) []uint32 {
	return s.AppendState(make([]uint32, 0, s.width), id)
}

// AppendState appends the vector of state id to dst.
func (s *TreeStore) AppendState(dst []uint32, id explore.StateID) []uint32 {
	p := s.roots.Word(uint32(id))
	switch s.width {
	case 0:
		return dst
	case 1:
		return append(dst, uint32(p>>32))
	}
	// The level sizes from the leaves up: the tree's shape depends on the
	// width alone.
	var sizes [40]int
	k := 0
	for n := s.width; n > 2; n = (n + 1) / 2 {
		sizes[k] = n
		k++
	}
	start := len(dst)
	dst = append(dst, make([]uint32, s.width)...)
	level := dst[start:]
	level[0], level[1] = uint32(p>>32), uint32(p)
	// Expand level by level, from the root down, in place from the right
	// so that no entry is overwritten before it is read.
	for k--; k >= 0; k-- {
		n := sizes[k] // entries of the level below
		pairs := n / 2
		if n%2 == 1 {
			level[n-1] = level[pairs]
		}
		for i := pairs - 1; i >= 0; i-- {
			q := s.inner.Word(level[i])
			level[2*i], level[2*i+1] = uint32(q>>32), uint32(q)
		}
	}
	if s.order != nil {
		s.unperm = append(s.unperm[:0], level...)
		for i, p := range s.order {
			level[p] = s.unperm[i]
		}
	}
	return dst
}

// Bytes is the memory held by the tables.
func (s *TreeStore) Bytes() int { return s.roots.Bytes() + s.inner.Bytes() }

func (s *TreeStore) Describe() string {
	return fmt.Sprintf("tree store: %d states, %d inner pairs, %.2f bytes/state", s.Len(), s.inner.Len(), float64(s.Bytes())/float64(max(s.Len(), 1)))
}
