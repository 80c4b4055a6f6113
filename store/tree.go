package store

import (
	"fmt"
	"math/bits"
	"slices"
	"sync/atomic"
	"unsafe"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/compactset"
	"github.com/lps2lts/lps2lts/internal/fibhash"
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
// indices (or values at the leaves), stored in the bits the largest so
// far need (22 to 28 on the corpus's largest models instead of 64; see
// wordset), plus its slot in an open-addressing index of 32-bit entries.
// State decodes a vector by walking the tree: it returns a fresh slice,
// so the explorer keeps the vectors of its todo list itself
// (QueueVectors).
type TreeStore struct {
	width int
	// leaves is the number of leaves of the tree: width, or more when
	// order pads the vector (see balancedOrder).
	leaves int
	// roots and inner hold pairs (left value in the upper half of a word).
	// The roots are in compact (compactset) if the store was made with
	// TreeOptions.CompactRoots, until a root pair grows wider than
	// compactset takes; else in roots.
	roots   wordset.Set
	compact *compactset.Set
	inner   wordset.Set
	// The levels of the tree of the last vector inserted, from the leaves
	// up; valid once one was inserted. changed and up are rootPair's
	// sets of entries of a level, a bit each.
	levels      [][]uint32
	valid       bool
	changed, up []uint64
	// flat holds the levels one after the other (levels are slices of
	// it), so that a small tree's fold names an entry by one index.
	flat []uint32
	// A tree of at most 64 entries above its leaves folds by masks
	// (foldSmall): nodes lists those entries from the leaves up, one bit
	// each, and above[j] is the mask of the entries above leaf j.
	nodes []foldNode
	above []uint64
	// prev is the last vector folded by foldSmall, in its own order,
	// where the leaves are permuted (leafOf).
	prev []uint32
	sink uint64 // what Touch read, kept so that the reads are not dropped

	// order is the order of the values in the tree: leaf i holds value
	// order[i] of a vector, or 0 where order[i] is -1 (nil: the vector's
	// own order). It is chosen once
	// (reorder), when the store first holds reorderSample states and no
	// key is outstanding (handed out by AppendRootKeys and not inserted).
	order       []int
	ordered     bool
	outstanding int
	leafOf      []int    // the leaf of each value of a vector, from order
	unperm      []uint32 // AppendState's leaves
	// memo holds inner pairs looked up before, and their numbers, by a
	// hash of the pair (innerID).
	memo []memoEntry
	// memoShift takes a hash's top bits, log2(len(memo)) of them.
	memoShift uint
	// rootCount is the number of states, rounded down to a multiple of
	// 1,024 (insertRoot): the fold reads it while another goroutine
	// inserts (FoldingStore), and may not read the roots.
	rootCount atomic.Uint32
	// innerAt is the number of inner pairs when the store held 0, 256,
	// 512, ... states, until the order is chosen: reorder compares the
	// candidates with it as they fold.
	innerAt []int
	// sample holds the states' vectors until the order is chosen.
	sample treeSample
}

// memoEntry is an inner pair and its number. An empty entry holds a
// pair that does not hash to it (newMemo), so that a lookup compares
// the pair alone: the check of a mark of emptiness, and the number
// stored plus one, were 3 of the 30 instructions of an entry of the fold
// (ex.project.wafer_stepper).
type memoEntry struct {
	pair uint64
	id   uint32
}

// memoStates bounds the memo to one entry per state, 16 bytes per state,
// until it has its 4,096 entries (64 kB) at 8,192 states: on FlexRay
// 3_Ideal_trace (28,473 states and 30,145 inner pairs) a memo of 64 kB
// was 2.3 bytes/state. One entry per 16 states made the short runs fold
// through the inner table: the first 20,000 states of the bounded
// Ricart-Agrawala model took 6% more instructions, franklin_3_2-b 7%; one
// per 4 states (stops 56-60) still 3.0% and 2.5% more than one per state
// (docs/stores.md, "A memo of inner pairs").
const memoStates = 1

// memoEntryBytes is the size of a memo entry.
const memoEntryBytes = int(unsafe.Sizeof(memoEntry{}))

// memoBits is the log of the most entries of the memo: 4,096, 64 kB.
// 2^10 and 2^14 entries measured the same within noise.
const memoBits = 12

// reorderSample is the number of states from which reorder chooses the
// order of the values in the tree, and minReorderWidth the fewest values
// whose order it chooses.
const (
	reorderSample   = 1 << 13
	minReorderWidth = 4
)

// TreeOptions are the choices of a tree store.
type TreeOptions struct {
	// CompactRoots keeps the root pairs in a compact table (compactset)
	// that stores each root pair's number and the part of its hash its
	// slot does not say, instead of as the inner pairs are kept, in a
	// wordset.Set (packed words by number and an index over them).
	// 29-42% less store memory on the corpus's largest models and
	// counters.lps, and about the word sets' time (docs/stores.md, "A
	// compact root table"). lps2lts's default (--tree-roots=compact).
	CompactRoots bool
}

// NewTreeStore returns an empty tree store for vectors of width values.
func NewTreeStore(width int) *TreeStore {
	return NewTreeStoreWith(width, TreeOptions{})
}

// NewTreeStoreWith returns an empty tree store with the choices of opt.
func NewTreeStoreWith(width int, opt TreeOptions) *TreeStore {
	s := &TreeStore{width: width, leaves: width}
	s.sample.off = width < minReorderWidth // reorder keeps their order
	if opt.CompactRoots {
		s.compact = new(compactset.Set)
		s.compact.Init()
	} else {
		s.roots.Init(10)
	}
	s.inner.Init(10)
	return s
}

// Len returns the number of states.
func (s *TreeStore) Len() int {
	if s.compact != nil {
		return s.compact.Len()
	}
	return s.roots.Len()
}

func (s *TreeStore) QueueVectors() bool { return true }
func (s *TreeStore) CanState() bool     { return true }

// addRoot inserts the root pair key into the roots.
func (s *TreeStore) addRoot(key uint64) (uint32, bool) {
	if c := s.compact; c != nil {
		if c.Takes(key) {
			return c.Insert(key)
		}
		s.toWordRoots()
	}
	return s.roots.Insert(key)
}

// toWordRoots moves the root pairs from the compact table to a wordset.Set,
// in order of number: a root pair grew wider than compactset takes (two
// numbers of more than 29 bits; in practice never).
func (s *TreeStore) toWordRoots() {
	keys := s.rootKeys()
	s.roots.Init(10)
	for _, k := range keys {
		s.roots.Insert(k)
	}
	s.compact.Free()
	s.compact = nil
}

// rootKeys returns the root pairs of all states, by number, without
// making the compact table keep its keys.
func (s *TreeStore) rootKeys() []uint64 {
	keys := make([]uint64, s.Len())
	if c := s.compact; c != nil {
		c.Each(func(id uint32, key uint64) { keys[id] = key })
		return keys
	}
	for id := range keys {
		keys[id] = s.roots.Word(uint32(id))
	}
	return keys
}

// rootWord returns the root pair of state id. The compact table keeps its
// keys by number from the first call on (compactset.KeepKeys): a run
// that decodes states (.fsm output, divergence checks, checkpoints) pays
// for them then, one that never does has none.
func (s *TreeStore) rootWord(id uint32) uint64 {
	if c := s.compact; c != nil {
		if !c.KeepsKeys() {
			c.KeepKeys()
		}
		return c.Key(id)
	}
	return s.roots.Word(id)
}

// Insert stores state if it is new and returns its number.
func (s *TreeStore) Insert(state []uint32) (explore.StateID, bool) {
	if len(state) != s.width {
		panic(fmt.Sprintf("store: a vector of %d values in a tree store of width %d", len(state), s.width))
	}
	s.maybeReorder()
	id, isNew := s.insertRoot(s.rootKey(state))
	if isNew && !s.ordered {
		s.sample.add(state, allWritten)
	}
	return id, isNew
}

// insertRoot inserts the root pair key and, every 1,024 states, tells
// the fold the number of states (roots), which the memo's size follows.
func (s *TreeStore) insertRoot(key uint64) (explore.StateID, bool) {
	id, isNew := s.addRoot(key)
	if isNew {
		s.countRoots(id)
		if !s.ordered && id%innerAtStep == 0 {
			s.innerAt = append(s.innerAt, s.inner.Len())
		}
	}
	return explore.StateID(id), isNew
}

// countRoots tells the fold that the store holds n states, every 1,024.
func (s *TreeStore) countRoots(n uint32) {
	if n&1023 == 0 {
		s.rootCount.Store(n)
	}
}

// rootKey is the root pair of vec, in one word.
func (s *TreeStore) rootKey(vec []uint32) uint64 {
	l, r := s.rootPair(vec)
	return uint64(l)<<32 | uint64(r)
}

// setOrder makes order the order of the values in the tree, of leaves
// leaves.
func (s *TreeStore) setOrder(order []int, leaves int) {
	s.order, s.leaves = order, leaves
	s.leafOf = make([]int, s.width)
	for i, p := range order {
		if p >= 0 {
			s.leafOf[p] = i
		}
	}
}

func (s *TreeStore) maybeReorder() {
	if !s.ordered && s.outstanding == 0 && s.Len() >= reorderSample {
		s.reorder()
	}
}

// free gives the memory of a candidate store that reorder drops back now,
// not when it is collected.
func (s *TreeStore) free() {
	s.roots.Free()
	s.inner.Free()
	if s.compact != nil {
		s.compact.Free()
	}
}

// AppendRootKeys appends the keys of the n vectors of vecs (width values
// each) to dst: the pair at the root of each one's tree, which
// InsertRootKey inserts (explore.TwoPhaseStore). Computing a key inserts
// the vector's inner pairs, which are not states: a key never inserted
// only costs their memory.
func (s *TreeStore) AppendRootKeys(dst []uint64, vecs []uint32, n int) []uint64 {
	s.handOut(n)
	at := len(dst)
	dst = s.appendRootKeys(dst, vecs, n)
	if !s.ordered {
		s.sample.handedOut(dst[at:], vecs, nil, s.width)
	}
	return dst
}

// handOut is told that the keys of n vectors are about to be handed out:
// until the order is chosen it may choose it now (when no key is
// outstanding), and counts them outstanding.
func (s *TreeStore) handOut(n int) {
	if !s.ordered {
		s.maybeReorder()
		if s.outstanding == 0 && !s.ordered {
			s.sample.resetBatch()
		}
		s.outstanding += n
	}
}

// appendRootKeys is AppendRootKeys once the order may have been chosen.
func (s *TreeStore) appendRootKeys(dst []uint64, vecs []uint32, n int) []uint64 {
	w := s.width
	if w >= 2 && s.levels != nil && s.above != nil {
		// A small tree folds by foldSmall: called here, not through
		// rootKey and rootPair's cases for every vector.
		for i := range n {
			l, r := s.foldSmall(vecs[i*w : (i+1)*w])
			dst = append(dst, uint64(l)<<32|uint64(r))
		}
		return dst
	}
	for i := range n {
		dst = append(dst, s.rootKey(vecs[i*w:(i+1)*w]))
	}
	return dst
}

// AppendRootKeysWritten is AppendRootKeys for n successors of one state,
// whose transitions may have changed the values of written[i] only
// (explore.WrittenFolder): the first vector is compared with the one
// folded before it whole, each next one in written[i-1]|written[i]. A
// transition writes a few values: on merc.onebit_3-b the compare of
// whole vectors was a third of the fold's work.
func (s *TreeStore) AppendRootKeysWritten(dst []uint64, vecs []uint32, written []uint64, n int) []uint64 {
	w := s.width
	s.handOut(n)
	if !s.ordered {
		// Until the order is chosen, as AppendRootKeys. The branch
		// keeps the sample's bookkeeping off the ordered path, which
		// runs for every state: AppendRootKeys' shape here cost
		// onebit_3-b 0.4% more instructions.
		at := len(dst)
		dst = s.appendRootKeysWritten(dst, vecs, written, n)
		s.sample.handedOut(dst[at:], vecs, written, w)
		return dst
	}
	return s.appendRootKeysWritten(dst, vecs, written, n)
}

// appendRootKeysWritten is AppendRootKeysWritten once the keys are
// handed out.
func (s *TreeStore) appendRootKeysWritten(dst []uint64, vecs []uint32, written []uint64, n int) []uint64 {
	w := s.width
	if w < 2 || w > 64 || n == 0 || s.levels == nil || s.above == nil {
		return s.appendRootKeys(dst, vecs, n)
	}
	// The keys written in place, the vectors named by their first
	// value's address, and the masks cut to the width, so that
	// changedAt reads no value out of range without its bounds checks
	// (wafer_stepper -1.2% instructions, onebit_3-b -0.2%).
	at := len(dst)
	dst = slices.Grow(dst, n)[:at+n]
	out := dst[at:]
	vecs, written = vecs[:n*w], written[:n]
	l, r := s.foldSmall(vecs[:w])
	out[0] = uint64(l)<<32 | uint64(r)
	prev := s.prev
	if s.leafOf == nil {
		prev = s.levels[0]
	}
	prev = prev[:w]
	valid := ^uint64(0) >> (64 - w)
	base := unsafe.Pointer(unsafe.SliceData(vecs))
	for i := 1; i < n; i++ {
		state := unsafe.Add(base, 4*w*i)
		l, r := s.foldChanged(changedAt(state, prev, s.levels[0], s.leafOf, s.above, (written[i-1]|written[i])&valid))
		out[i] = uint64(l)<<32 | uint64(r)
	}
	return dst
}

// changedAt is changedLeaves for the values of mask only: the others are
// the same in state and prev. state is a vector's first value; mask has
// no bit at or past len(prev), its width.
func changedAt(state unsafe.Pointer, prev, leaves []uint32, leafOf []int, above []uint64, mask uint64) uint64 {
	var changed uint64
	pp := unsafe.Pointer(unsafe.SliceData(prev))
	for ; mask != 0; mask &= mask - 1 {
		k := bits.TrailingZeros64(mask)
		v := *(*uint32)(unsafe.Add(state, 4*k))
		if p := (*uint32)(unsafe.Add(pp, 4*k)); *p != v {
			*p = v
			changed |= setLeaf(leaves, leafOf, above, k, v)
		}
	}
	return changed
}

// FoldAhead says that AppendRootKeys may run concurrently with Touch,
// InsertRootKey and Len (explore.FoldingStore): once the order is chosen,
// AppendRootKeys writes only the inner pairs and the levels kept for the
// fold, and the other three touch only the roots. (The compact table
// hashes a root pair on the goroutine that inserts, for Prefetch and
// again for Insert, rather than the fold once: with two threads the fold
// is the busier of the two ordered stages, and the hash is a multiply;
// docs/stores.md, "Fourth round".)
func (s *TreeStore) FoldAhead() bool { return s.ordered }

// Touch reads the index slots and the root pairs that inserting keys
// will compare, for all keys at once (wordset.Set.Touch). A root table
// of a few hundred thousand states is larger than the caches, and an
// insertion that reads it cold waits for two misses in a row.
func (s *TreeStore) Touch(keys []uint64) {
	if s.compact != nil {
		s.sink += s.compact.Touch(keys)
		return
	}
	s.sink += s.roots.Touch(keys)
}

// Prefetch asks for the index slots that inserting keys reads first,
// without waiting for them (explore.Prefetcher, wordset.Set.Prefetch).
func (s *TreeStore) Prefetch(keys []uint64) {
	if s.compact != nil {
		s.compact.Prefetch(keys)
		return
	}
	s.roots.Prefetch(keys)
}

// InsertRootKey stores the state whose root pair is key, if it is new,
// and returns its number.
func (s *TreeStore) InsertRootKey(key uint64) (explore.StateID, bool) {
	if !s.ordered {
		if s.outstanding > 0 {
			s.outstanding--
		}
		id, isNew := s.insertRoot(key)
		s.sample.inserted(key, isNew, s.width)
		return id, isNew
	}
	return s.insertRoot(key)
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
	if s.above != nil {
		return s.foldSmall(state)
	}
	// The entries that changed, level by level, are the bits of a few
	// words: a transition changes a few values, so the work above the
	// leaves goes by what changed, not by the width.
	level, changed, up := s.levels[0], s.changed, s.up
	clear(changed)
	if !s.valid {
		// Every leaf, the padding's too (see balancedOrder).
		for i := range level {
			changed[i>>6] |= 1 << (i & 63)
		}
	}
	// The vector's values go to their leaves here, rather than through
	// a permuted copy: on merc.onebit_3-b, whose 18 values take 32
	// leaves, the copy took 8% of the run.
	if s.leafOf == nil {
		for i, v := range state {
			if level[i] != v {
				changed[i>>6] |= 1 << (i & 63)
				level[i] = v
			}
		}
	} else {
		for i, v := range state {
			if j := s.leafOf[i]; level[j] != v {
				changed[j>>6] |= 1 << (j & 63)
				level[j] = v
			}
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
					level[j] = s.innerID(uint64(below[2*j])<<32 | uint64(below[2*j+1]))
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

// innerID returns the number of an inner pair, inserting it if new. It
// asks the memo first, a direct-mapped cache of pairs and their numbers.
// The fold looks up a few inner pairs for every transition (counters.lps,
// K = 6: four, 54M in all), nearly all of them pairs seen before; the
// memo answers in one multiply, one load and a compare, where the inner
// table hashes, probes its index and reads the packed word through its
// chunks. User time, alternating runs: hesselink_2-b 11% less,
// onebit_3-b 13%, counters.lps 10%, FlexRay 3_Regular 10%, dining_10 5%.
// The memo has twice as many entries as there are inner pairs, up to
// 2^memoBits and one per memoStates states, and starts again empty when
// it grows.
func (s *TreeStore) innerID(pair uint64) uint32 {
	if len(s.memo) == 0 {
		s.newMemo(64)
	}
	e := &s.memo[pair*fibhash.Mul>>(s.memoShift&63)]
	if e.pair == pair {
		return e.id
	}
	id, _ := s.inner.Insert(pair)
	*e = memoEntry{pair, id}
	if n := len(s.memo); s.inner.Len() > n/2 && n < 1<<memoBits && 2*n*memoStates <= int(s.rootCount.Load()) {
		s.newMemo(2 * n)
	}
	return id
}

// newMemo makes the memo an empty one of n entries, a power of two (at
// least 2). Pair 0 hashes to entry 0, which holds pair 1 (1 hashes to
// the top bits of fibhash.Mul, not 0); every other entry holds 0.
func (s *TreeStore) newMemo(n int) {
	s.memo = make([]memoEntry, n)
	s.memoShift = uint(64 - bits.TrailingZeros(uint(n)))
	s.memo[0].pair = 1
}

// initLevels sizes the kept levels of the tree: the shape depends on the
// width alone.
func (s *TreeStore) initLevels() {
	s.flat, s.levels = treeLevels(s.leaves)
	inner := 0
	for _, l := range s.levels[1:] {
		inner += len(l)
	}
	if inner > 64 {
		s.foldByLevels()
		return
	}
	// Entry j of level k is the pair of entries 2j and 2j+1 below, or
	// entry 2j alone when it is the last of an odd level; numbered level
	// by level from the leaves up, each comes after the entries below it.
	s.nodes = s.nodes[:0]
	first := make([]int, len(s.levels)) // the number of each level's entry 0
	start := 0                          // where level k-1 begins in flat
	for k := 1; k < len(s.levels); k++ {
		first[k] = len(s.nodes)
		below := len(s.levels[k-1])
		for j := range s.levels[k] {
			n := foldNode{dst: uint32(start + below + j), src: uint32(start + 2*j)}
			if 2*j+1 >= below {
				n.src |= foldAlone
			}
			s.nodes = append(s.nodes, n)
		}
		start += below
	}
	s.above = make([]uint64, s.leaves)
	for leaf := range s.above {
		j := leaf
		for k := 1; k < len(s.levels); k++ {
			j /= 2
			s.above[leaf] |= 1 << (first[k] + j)
		}
	}
}

// treeLevels returns the levels of a tree of leaves leaves (at least
// two), from the leaves up to the root pair, as slices of one array,
// flat: each level pairs the entries of the one below, the last of an
// odd level going up alone. The shape depends on the number of leaves
// alone (expand computes it again on its stack).
func treeLevels(leaves int) (flat []uint32, levels [][]uint32) {
	total := 0
	for n := leaves; ; n = (n + 1) / 2 {
		total += n
		if n <= 2 {
			break
		}
	}
	flat = make([]uint32, total)
	for n, at := leaves, 0; ; n = (n + 1) / 2 {
		levels = append(levels, flat[at:at+n:at+n])
		at += n
		if n <= 2 {
			break
		}
	}
	return flat, levels
}

// foldByLevels makes rootPair fold level by level, with its sets of
// changed entries, rather than by masks.
func (s *TreeStore) foldByLevels() {
	words := (s.leaves + 63) / 64
	s.changed, s.up = make([]uint64, words), make([]uint64, words)
	s.nodes, s.above = nil, nil
}

// foldNode is an entry above the leaves, by its index in flat (dst) and
// that of the first entry below it (src).
type foldNode struct {
	// The entry pairs the entries src and src+1, or where src has the
	// bit foldAlone it is entry src&^foldAlone, the last below, alone.
	// (A flag of its own made a node 12 bytes, and its address a
	// multiply by three.)
	dst, src uint32
}

// foldAlone marks the source of an entry that is the last below alone.
// flat's indices are far below it.
const foldAlone = 1 << 31

// foldSmall is rootPair for a tree of at most 64 entries above its leaves
// (vectors of up to 64 values; merc.onebit_3-b's 18 take 32 leaves and
// 30 entries): a changed leaf adds the mask of the entries above it, and
// the entries of the union are computed in order, from the leaves up.
// The level-by-level sets of rootPair took more work than the pairs'
// lookups themselves; a small tree has none.
func (s *TreeStore) foldSmall(state []uint32) (uint32, uint32) {
	leaves, above := s.levels[0], s.above
	var changed uint64
	switch leafOf := s.leafOf; {
	case !s.valid:
		changed = ^uint64(0) >> (64 - len(s.nodes)) // every entry, the padding's too
		s.prev = append(s.prev[:0], state...)
		for i, v := range state {
			if leafOf != nil {
				leaves[leafOf[i]] = v
			} else {
				leaves[i] = v
			}
		}
	case leafOf == nil:
		changed = changedLeaves(state, leaves, leaves, nil, above)
	default:
		changed = changedLeaves(state, s.prev, leaves, leafOf, above)
	}
	return s.foldChanged(changed)
}

// foldChanged computes the entries of changed, whose leaves are set, and
// returns the root pair.
func (s *TreeStore) foldChanged(changed uint64) (uint32, uint32) {
	// The fields are read into locals, and the entries named by their
	// index in flat: on ex.academic.onebit the fold read the slices of
	// two levels for each entry it computed. The entries are read and
	// written through flat's base pointer: initLevels made every node's
	// dst, src and src+1 indices of flat, and the four bounds checks were
	// a sixth of an entry's instructions.
	//
	// The memo is asked here, inline: a call of innerID for each entry
	// cost more than the memo's lookup (onebit_3-b: 31 instructions a
	// call). innerID answers what the memo does not, and may make a new
	// memo, which the loop then reads. (innerID probes the memo's entry
	// again; handing it the entry instead kept one more value live in
	// the loop, and onebit took 0.8-1.0% more instructions.)
	if len(s.memo) == 0 {
		s.newMemo(64)
	}
	flat, shift := s.flat, s.memoShift
	// flat, the nodes and the memo through their base pointers: a
	// changed bit names a node (initLevels), a hash's top bits an
	// entry of the memo, so no index is out of range, and the bounds
	// checks were 4 of an entry's 37 instructions (onebit_3-b).
	base := unsafe.Pointer(unsafe.SliceData(flat))
	at := func(i uint32) *uint32 { return (*uint32)(unsafe.Add(base, 4*uintptr(i))) }
	nodes := unsafe.Pointer(unsafe.SliceData(s.nodes))
	mb := unsafe.Pointer(unsafe.SliceData(s.memo))
	for ; changed != 0; changed &= changed - 1 {
		n := (*foldNode)(unsafe.Add(nodes, unsafe.Sizeof(foldNode{})*uintptr(bits.TrailingZeros64(changed))))
		src := n.src
		if src >= foldAlone {
			*at(n.dst) = *at(src &^ foldAlone)
			continue
		}
		pair := uint64(*at(src))<<32 | uint64(*at(src + 1))
		if e := (*memoEntry)(unsafe.Add(mb, uintptr(pair*fibhash.Mul>>(shift&63))*unsafe.Sizeof(memoEntry{}))); e.pair == pair {
			*at(n.dst) = e.id
			continue
		}
		*at(n.dst) = s.innerID(pair)
		mb, shift = unsafe.Pointer(unsafe.SliceData(s.memo)), s.memoShift // innerID may have made a new memo
	}
	s.valid = true
	top := flat[len(flat)-2:]
	return top[0], top[1]
}

// changedLeaves writes the values of state that differ from prev into
// prev and into their leaves (leafOf[i], or i where leafOf is nil), and
// returns the union of the masks of the entries above them. The vectors
// are compared two values at a time, as words: a transition changes a few
// values, and on merc.onebit_3-b the compare of each value with its leaf
// through leafOf was a third of the fold's instructions.
func changedLeaves(state, prev, leaves []uint32, leafOf []int, above []uint64) uint64 {
	var changed uint64
	prev = prev[:len(state)]
	// Two values a load, through pointers: the bounds checks of byte
	// slices cost more than the loads saved.
	sp, pp := unsafe.Pointer(unsafe.SliceData(state)), unsafe.Pointer(unsafe.SliceData(prev))
	k := 0
	for ; k+1 < len(state); k += 2 {
		if *(*uint64)(unsafe.Add(sp, 4*k)) == *(*uint64)(unsafe.Add(pp, 4*k)) {
			continue
		}
		if v := state[k]; prev[k] != v {
			prev[k] = v
			changed |= setLeaf(leaves, leafOf, above, k, v)
		}
		if v := state[k+1]; prev[k+1] != v {
			prev[k+1] = v
			changed |= setLeaf(leaves, leafOf, above, k+1, v)
		}
	}
	if k < len(state) && prev[k] != state[k] {
		prev[k] = state[k]
		changed |= setLeaf(leaves, leafOf, above, k, state[k])
	}
	return changed
}

// setLeaf puts v, value i of a vector, in its leaf, where the leaves
// are permuted, and returns the mask of the entries above it.
func setLeaf(leaves []uint32, leafOf []int, above []uint64, i int, v uint32) uint64 {
	if leafOf != nil {
		i = leafOf[i]
		leaves[i] = v
	}
	return above[i]
}

// State returns the vector of state id, decoded into a fresh slice.
func (s *TreeStore) State(id explore.StateID) []uint32 {
	return s.AppendState(make([]uint32, 0, s.width), id)
}

// AppendState appends the vector of state id to dst.
func (s *TreeStore) AppendState(dst []uint32, id explore.StateID) []uint32 {
	return s.appendRoot(dst, s.rootWord(uint32(id)))
}

// appendRoot appends the vector whose root pair is p to dst.
func (s *TreeStore) appendRoot(dst []uint32, p uint64) []uint32 {
	start := len(dst)
	dst = append(dst, make([]uint32, s.width)...)
	if s.order == nil {
		s.expand(dst[start:], p)
		return dst
	}
	if cap(s.unperm) < s.leaves {
		s.unperm = make([]uint32, s.leaves)
	}
	leaves := s.unperm[:s.leaves]
	s.expand(leaves, p)
	vec := dst[start:]
	for i, q := range s.order {
		if q >= 0 {
			vec[q] = leaves[i]
		}
	}
	return dst
}

// expand writes the leaves of the tree whose root pair is p to leaves.
func (s *TreeStore) expand(leaves []uint32, p uint64) {
	switch len(leaves) {
	case 0:
		return
	case 1:
		leaves[0] = uint32(p >> 32)
		return
	}
	// The level sizes from the leaves up: the tree's shape depends on the
	// number of leaves alone.
	var sizes [40]int
	k := 0
	for n := len(leaves); n > 2; n = (n + 1) / 2 {
		sizes[k] = n
		k++
	}
	level := leaves
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
}

// Bytes is the memory held by the tables.
func (s *TreeStore) Bytes() int {
	roots := 0
	if s.compact != nil {
		roots = s.compact.Bytes()
	} else {
		roots = s.roots.Bytes()
	}
	return roots + s.inner.Bytes() + len(s.memo)*memoEntryBytes
}

func (s *TreeStore) Describe() string {
	return fmt.Sprintf("tree store: %d states, %d inner pairs, %.2f bytes/state", s.Len(), s.inner.Len(), float64(s.Bytes())/float64(max(s.Len(), 1)))
}
