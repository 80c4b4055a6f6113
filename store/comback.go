package store

import (
	"fmt"
	"math/bits"
	"slices"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/fibhash"
	"github.com/lps2lts/lps2lts/internal/statehash"
)

// ComBackStore is the ComBack method (Westergaard, Kristensen, Brodal and
// Arge, "The ComBack Method"): hash compaction that never omits a state. It keeps
//
//   - a state table from a 32-bit compressed descriptor (the upper half of
//     the state's xxhash) to the numbers of the states with that
//     descriptor: desc[n] per state number and an open-addressing index
//     of numbers (linear probing from the descriptor, so growing needs no
//     state), the collision list of a descriptor being the numbers met on
//     its probe sequence;
//   - a backedge table giving each state number n > 0 a predecessor
//     number and a transition: the position of the transition among the
//     predecessor's transitions in the order Generator.Successors emits
//     them (for an LPS: summand by summand, each summand's sum-variable
//     solutions in enumeration order, so the position names the summand
//     and the solution). Both fields are bit-packed, as wide as the
//     largest value so far (Westergaard et al., §6.4.1: a number needs log2(n) bits).
//
// When a state's descriptor is already present, the full states of the
// numbers with that descriptor are reconstructed by replaying their
// backedge paths from the initial state and compared with it (Alg. 5,
// CONTAINS / MATCHES / RECONSTRUCT). Replay is deterministic because
// Successors is: the same state gives the same transitions in the same
// order (so Variant 5, set-based reconstruction, is not needed). Replay
// calls Generator.Successors; the explorer calls InsertFrom only after
// its own Successors call has returned.
//
// A reconstruction ends early at the first state on the backedge path
// whose full vector is at hand: the initial state, a cached state, or a
// state the search holds anyway (see HoldStates: the todo list's vectors
// and, in depth-first search, the expanded states of the current path, so
// that a path is replayed from its branching point with the current path,
// not from the initial state).
//
// Variants: a direct-mapped cache of full states (Variant 2) that also
// ends a reconstruction early at a cached ancestor, with move-to-front of
// the matched number in its collision list; path optimisation (Variant
// 1); a todo list of numbers instead of states (Variant 4).
type ComBackStore struct {
	gen   explore.Generator
	width int
	init  []uint32
	n     uint32

	desc  []uint32    // compressed descriptor per state number
	index packedArray // number+1 per slot, 0 empty; as wide as the largest number before the next growth
	slots int
	shift uint
	limit uint32

	pred packedArray // backedge predecessor per number (0 for the initial state)
	// roots holds the vectors of the other states without a backedge: the
	// states of a stochastic process's initial distribution after the
	// first (a handful).
	roots map[explore.StateID][]uint32
	tr    packedArray // backedge transition per number

	// Reconstruction scratch.
	path     []explore.StateID
	a, b     []uint32
	stateBuf []uint32
	want     uint32
	replayer explore.TransitionReplayer // one transition per replay step, if the explorer names transitions by its keys
	count    uint32
	found    bool
	emitFn   func(explore.LabelID, []uint32)

	// Variant 2: cache of full states, slot id % len(cacheIDs).
	cacheIDs  []explore.StateID
	cacheVecs []uint32
	// Variant 1: path optimisation. The depth of each number's backedge
	// path (Westergaard et al. keep it in the waiting set; a bit-packed array here,
	// so it is also known for the state met again).
	pathOpt   bool
	depths    packedArray
	lastFrom  explore.StateID
	fromDepth int
	// Variant 4: todo list of numbers.
	numbers bool
	// The search's own full vectors (HoldStates), unless noHeld.
	held   func(explore.StateID) []uint32
	noHeld bool
	// Delayed duplicate detection (comback_ddd.go).
	ddd   dddState
	queue queueReplay

	// Counters.
	Reconstructions uint64 // full states rebuilt by replay
	ReplaySteps     uint64 // transitions replayed
	CacheHits       uint64
	HeldHits        uint64 // reconstructions started from a state the search holds
	Shortened       uint64 // backedges replaced by path optimisation
}

// ComBackOptions choose the variants.
type ComBackOptions struct {
	Cache   int  // full states cached (Variant 2); 0: none
	PathOpt bool // Variant 1
	Numbers bool // Variant 4: the todo list keeps numbers
	// DDD > 0 is delayed duplicate detection with at most DDD undecided
	// candidates per batch (the explorer then implements DelayedStore's
	// protocol).
	DDD int
	// NoHeld: reconstructions ignore the states the search holds (the
	// basic ComBack method, for measurements).
	NoHeld bool
}

// NewComBackStore returns an empty ComBack store for gen's states.
func NewComBackStore(gen explore.Generator, opt ComBackOptions) *ComBackStore {
	w := gen.Width()
	s := &ComBackStore{gen: gen, width: w, pathOpt: opt.PathOpt, numbers: opt.Numbers, noHeld: opt.NoHeld, lastFrom: explore.NoState}
	s.a, s.b, s.stateBuf = make([]uint32, w), make([]uint32, w), make([]uint32, w)
	s.initIndex(1 << 10)
	if opt.DDD > 0 {
		s.initDDD(opt.DDD)
	}
	if opt.Cache > 0 {
		s.cacheIDs = make([]explore.StateID, opt.Cache)
		for i := range s.cacheIDs {
			s.cacheIDs[i] = explore.NoState
		}
		s.cacheVecs = make([]uint32, opt.Cache*w)
	}
	s.emitFn = func(_ explore.LabelID, next []uint32) {
		if s.count == s.want {
			copy(s.b, next)
			s.found = true
		}
		s.count++
	}
	return s
}

func (s *ComBackStore) initIndex(size int) {
	s.slots = size
	s.limit = uint32(size / 10 * 8)
	b := uint(bits.Len32(s.limit + 1))
	s.index = packedArray{bits: b, n: size, words: make([]uint64, (uint(size)*b+63)/64+1)}
	s.shift = 64 - uint(bits.TrailingZeros(uint(size)))
}

func (s *ComBackStore) at(i uint64) uint32 { return uint32(s.index.get(int(i))) }

func (s *ComBackStore) slot(d uint32) uint64 {
	return (uint64(d) * fibhash.Mul) >> s.shift
}

func (s *ComBackStore) Len() int           { return int(s.n) }
func (s *ComBackStore) QueueVectors() bool { return !s.numbers }
func (s *ComBackStore) CanState() bool     { return true }

// Insert inserts the initial state; later states come with InsertFrom.
func (s *ComBackStore) Insert(state []uint32) (explore.StateID, bool) {
	return s.InsertFrom(state, explore.NoState, 0)
}

// InsertFrom looks state up and, if it is new, numbers it and records the
// backedge (from, tr).
func (s *ComBackStore) InsertFrom(state []uint32, from explore.StateID, tr uint64) (explore.StateID, bool) {
	if len(state) != s.width {
		panic("explore: state vector of wrong width")
	}
	d := uint32(statehash.Sum(state) >> 32)
	mask := uint64(s.slots - 1)
	first := uint64(1 << 63)
	i := s.slot(d)
	for ; s.at(i) != 0; i = (i + 1) & mask {
		id := explore.StateID(s.at(i) - 1)
		if s.desc[id] != d {
			continue
		}
		if s.matches(id, state) {
			if first != 1<<63 {
				// Move to front: the number met again first next time.
				a, b := s.at(i), s.at(first)
				s.index.put(int(i), uint64(b))
				s.index.put(int(first), uint64(a))
			}
			s.shorten(id, from, tr)
			return id, false
		}
		if first == 1<<63 {
			first = i
		}
	}
	return s.addAt(i, d, state, from, tr), true
}

// shorten is path optimisation (Variant 1) for id met again from from.
func (s *ComBackStore) shorten(id, from explore.StateID, tr uint64) {
	if !s.pathOpt || from == explore.NoState || id == 0 {
		return
	}
	if from != s.lastFrom {
		s.lastFrom = from
		s.fromDepth = int(s.depths.get(int(from)))
	}
	if int(s.depths.get(int(id))) > s.fromDepth+1 {
		// A shorter path: from is not on id's path (it is shallower), so
		// the backedges stay a tree. Depths below id become
		// over-estimates, which is harmless.
		s.pred.set(int(id), uint64(from))
		s.tr.set(int(id), tr)
		s.depths.set(int(id), uint64(s.fromDepth+1))
		s.Shortened++
	}
}

// add numbers a state known to be new, with descriptor d.
func (s *ComBackStore) add(d uint32, state []uint32, from explore.StateID, tr uint64) explore.StateID {
	mask := uint64(s.slots - 1)
	i := s.slot(d)
	for s.at(i) != 0 {
		i = (i + 1) & mask
	}
	return s.addAt(i, d, state, from, tr)
}

// addAt numbers a new state whose number goes to the free slot i.
func (s *ComBackStore) addAt(i uint64, d uint32, state []uint32, from explore.StateID, tr uint64) explore.StateID {
	if s.n == 0 {
		if from != explore.NoState {
			panic("explore: ComBack store: the first state must be the initial state")
		}
		s.init = slices.Clone(state)
	} else if from == explore.NoState {
		// Another state of a stochastic process's initial distribution:
		// a root of the backedge forest, kept in full like the first.
		if s.roots == nil {
			s.roots = map[explore.StateID][]uint32{}
		}
		s.roots[explore.StateID(s.n)] = slices.Clone(state)
	}
	if s.n == ^uint32(0)-1 {
		panic("explore: more than 2^32-2 states")
	}
	id := explore.StateID(s.n)
	s.n++
	if len(s.desc) == cap(s.desc) {
		s.desc = slices.Grow(s.desc, len(s.desc)/4+1024)
	}
	s.desc = append(s.desc, d)
	if id == 0 || from == explore.NoState {
		s.pred.append(0)
		s.tr.append(0)
	} else {
		s.pred.append(uint64(from))
		s.tr.append(tr)
	}
	if s.pathOpt {
		if id == 0 || from == explore.NoState {
			s.depths.append(0)
		} else {
			if from != s.lastFrom {
				s.lastFrom = from
				s.fromDepth = int(s.depths.get(int(from)))
			}
			s.depths.append(uint64(s.fromDepth + 1))
		}
	}
	s.index.put(int(i), uint64(id)+1)
	s.cachePut(id, state)
	if s.n > s.limit {
		s.grow()
	}
	return id
}

func (s *ComBackStore) grow() {
	s.initIndex(2 * s.slots)
	mask := uint64(s.slots - 1)
	for id, d := range s.desc {
		i := s.slot(d)
		for s.at(i) != 0 {
			i = (i + 1) & mask
		}
		s.index.put(int(i), uint64(id)+1)
	}
}

func (s *ComBackStore) cachePut(id explore.StateID, v []uint32) {
	if len(s.cacheIDs) == 0 {
		return
	}
	k := int(id) % len(s.cacheIDs)
	s.cacheIDs[k] = id
	copy(s.cacheVecs[k*s.width:], v)
}

func (s *ComBackStore) cached(id explore.StateID) []uint32 {
	if len(s.cacheIDs) == 0 {
		return nil
	}
	k := int(id) % len(s.cacheIDs)
	if s.cacheIDs[k] != id {
		return nil
	}
	return s.cacheVecs[k*s.width : (k+1)*s.width]
}

// matches reports whether number id is the state v (MATCHES).
func (s *ComBackStore) matches(id explore.StateID, v []uint32) bool {
	return slices.Equal(s.reconstruct(id), v)
}

// HoldStates gives the store a function that returns the full vector of a
// number when the search holds it (nil otherwise); the vector is only read,
// and only until the store's method returns. It returns false when the
// store does not use it (--comback-held=false).
func (s *ComBackStore) HoldStates(held func(explore.StateID) []uint32) bool {
	if s.noHeld {
		return false
	}
	s.held = held
	return true
}

// known returns the full vector of v if it is at hand without replay.
func (s *ComBackStore) known(v explore.StateID) []uint32 {
	if v == 0 {
		return s.init
	}
	if r, ok := s.roots[v]; ok {
		return r
	}
	if c := s.cached(v); c != nil {
		s.CacheHits++
		return c
	}
	if s.held != nil {
		if h := s.held(v); h != nil {
			s.HeldHits++
			return h
		}
	}
	return nil
}

// reconstruct rebuilds the full state of id (RECONSTRUCT, iteratively):
// follow backedges to the first state at hand (the initial state, a cached
// or a held one), then replay the transitions forward. The result is valid
// until the next call.
func (s *ComBackStore) reconstruct(id explore.StateID) []uint32 {
	if v := s.known(id); v != nil {
		return v
	}
	s.Reconstructions++
	s.path = append(s.path[:0], id)
	for v := explore.StateID(s.pred.get(int(id))); ; v = explore.StateID(s.pred.get(int(v))) {
		if c := s.known(v); c != nil {
			copy(s.a, c)
			break
		}
		s.path = append(s.path, v)
	}
	for k := len(s.path) - 1; k >= 0; k-- {
		u := s.path[k]
		tr := s.tr.get(int(u))
		want := uint32(tr)
		if s.replayer != nil {
			want = 0 // the one transition emitted
		}
		s.want, s.count, s.found = want, 0, false
		s.ReplaySteps++
		err := s.replayStep(s.a, tr, s.emitFn)
		if err != nil {
			err = replayUninterrupted(s.gen, err, func() error {
				s.want, s.count, s.found = want, 0, false
				return s.replayStep(s.a, tr, s.emitFn)
			})
		}
		if err != nil {
			panic(fmt.Sprintf("explore: ComBack: replaying the transitions to state %d: %v", u, err))
		}
		if !s.found {
			panic(fmt.Sprintf("explore: ComBack: replay of state %d found no transition %d: the generator is not deterministic", u, s.want))
		}
		s.a, s.b = s.b, s.a
		s.cachePut(u, s.a)
	}
	return s.a
}

// replayStep emits the transition tr of v: alone, by its key, or among
// all of v's transitions.
func (s *ComBackStore) replayStep(v []uint32, tr uint64, emit func(explore.LabelID, []uint32)) error {
	if s.replayer != nil {
		return s.replayer.ReplayTransition(v, tr, emit)
	}
	return s.gen.Successors(v, emit)
}

// UseTransitionKeys makes the backedges hold gen's transition keys when gen
// is the store's generator and can replay single transitions.
func (s *ComBackStore) UseTransitionKeys(gen explore.Generator) bool {
	if s.n > 0 {
		panic("explore: ComBack: UseTransitionKeys after the first insertion")
	}
	r, ok := gen.(explore.TransitionReplayer)
	if !ok || gen != s.gen {
		return false
	}
	r.KeepTransitionKeys()
	s.replayer = r
	return true
}

// State reconstructs the vector of id; it stays valid until the next State
// call (not for the life of the store).
func (s *ComBackStore) State(id explore.StateID) []uint32 {
	copy(s.stateBuf, s.reconstruct(id))
	return s.stateBuf
}

// Bytes returns the memory held by the state table, the backedge table
// and the cache.
func (s *ComBackStore) Bytes() int {
	return s.TableBytes() + s.depths.bytes() + 4*len(s.cacheIDs) + 4*len(s.cacheVecs)
}

// TableBytes returns the memory of the state and backedge tables alone.
func (s *ComBackStore) TableBytes() int {
	return 4*cap(s.desc) + s.index.bytes() + s.pred.bytes() + s.tr.bytes()
}

// Describe sums the store up after a search.
func (s *ComBackStore) Describe() string {
	ddd := ""
	if s.ddd.limit > 0 {
		ddd = fmt.Sprintf("; delayed duplicate detection: %d batches, %d undecided candidates", s.ddd.Batches, s.ddd.Undecided)
	}
	return fmt.Sprintf("comback: %d states, tables %s bytes/state (backedges %d+%d bits), cache %d states; %d reconstructions, %d transitions replayed, %d cache hits, %d held-state hits, %d backedges shortened%s",
		s.n, perState(s.TableBytes(), int(s.n)), s.pred.bits, s.tr.bits, len(s.cacheIDs), s.Reconstructions, s.ReplaySteps, s.CacheHits, s.HeldHits, s.Shortened, ddd)
}

// packedArray is a growable array of unsigned values of a common bit
// width, widened (and repacked) when a value does not fit.
type packedArray struct {
	words []uint64
	bits  uint
	n     int
}

func (p *packedArray) get(i int) uint64 {
	if p.bits == 0 {
		return 0
	}
	b := uint(i) * p.bits
	w, o := b/64, b%64
	v := p.words[w] >> o
	if o+p.bits > 64 {
		v |= p.words[w+1] << (64 - o)
	}
	return v & (1<<p.bits - 1)
}

func (p *packedArray) put(i int, v uint64) {
	if p.bits == 0 {
		return
	}
	b := uint(i) * p.bits
	w, o := b/64, b%64
	m := uint64(1)<<p.bits - 1
	p.words[w] = p.words[w]&^(m<<o) | v<<o
	if o+p.bits > 64 {
		p.words[w+1] = p.words[w+1]&^(m>>(64-o)) | v>>(64-o)
	}
}

func (p *packedArray) fit(v uint64) {
	if need := uint(bits.Len64(v)); need > p.bits {
		q := packedArray{bits: need, n: p.n}
		q.words = make([]uint64, (uint(p.n)*need+63)/64+1, (uint(cap(p.words))*64/max(p.bits, 1)*need+63)/64+1)
		for i := 0; i < p.n; i++ {
			q.put(i, p.get(i))
		}
		*p = q
	}
}

func (p *packedArray) append(v uint64) {
	p.fit(v)
	p.n++
	need := (uint(p.n)*p.bits+63)/64 + 1
	for uint(len(p.words)) < need {
		if len(p.words) == cap(p.words) {
			p.words = slices.Grow(p.words, len(p.words)/4+64)
		}
		p.words = append(p.words, 0)
	}
	p.put(p.n-1, v)
}

func (p *packedArray) set(i int, v uint64) {
	p.fit(v)
	p.put(i, v)
}

func (p *packedArray) bytes() int { return 8 * cap(p.words) }
