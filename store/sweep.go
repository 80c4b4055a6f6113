package store

import (
	"container/heap"
	"fmt"
	"slices"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/vecset"
)

// SweepStore is the store of the sweep-line method (explore.SweepStore;
// Christensen, Kristensen and Mailund, "A sweep-line method for state
// space exploration"; Kristensen and Mailund, "A generalised sweep-line
// method for safety properties"; Westergaard's thesis, §2.2.1 and §2.3).
//
// States are kept in layers, one per progress value, each a table of full
// vectors (internal/vecset); forgetting the states behind the
// sweep-line drops whole layers, so the cost of a collection is that of
// the states it frees, and a collection can follow every rise of the
// sweep-line (the thesis' "double representation": a hash table and a
// priority queue by progress). Dropped layers are kept for reuse, a few at
// a time, so that a long run does not hand the same memory back and forth
// to the garbage collector. Persistent states (the initial state and the
// destinations of regress edges) are in a table of their own, never
// dropped.
//
// Numbers are dense, as in every store; a state forgotten and met again
// gets a new one, so the LTS is an unfolding of the state space (strongly
// bisimilar to it). Only the numbers of held states are mapped to their
// layer, in chunks of numbers dropped when all their states are
// forgotten, so the numbering costs memory for held states only.
type SweepStore struct {
	width   int
	measure explore.ProgressMeasure
	err     error
	n       uint32

	layers  map[explore.ProgressValue]*sweepLayer
	byID    map[uint32]*sweepLayer // by serial
	order   valueHeap              // the progress values of the layers
	serial  uint32
	spare   []*sweepLayer
	persist sweepLayer

	// loc[id/locChunk][id%locChunk] is serial<<32 | (local+1) of a state
	// in a layer (0: none); live counts each chunk's held states.
	loc  [][]uint64
	live []int32

	front          explore.ProgressValue
	haveFront      bool
	lastP          explore.ProgressValue
	lastPersistent bool

	held, peak int
	regress    uint64
	newSweeps  int
}

type sweepLayer struct {
	p      explore.ProgressValue
	serial uint32
	states *vecset.Set
	ids    []explore.StateID // by local number, ascending
}

// locChunk is the number of state numbers per chunk of the layer map.
const locChunk = 1 << 12

// maxSpareLayers bounds the layers kept for reuse.
const maxSpareLayers = 16

// NewSweepStore returns an empty store for vectors of the given width,
// measuring each state with measure.
func NewSweepStore(width int, measure explore.ProgressMeasure) *SweepStore {
	return &SweepStore{
		width:   width,
		measure: measure,
		layers:  map[explore.ProgressValue]*sweepLayer{},
		byID:    map[uint32]*sweepLayer{},
		persist: sweepLayer{states: vecset.New(width)},
		serial:  1, // 0 is no layer
	}
}

// Len is the number of states numbered: held and forgotten.
func (s *SweepStore) Len() int { return int(s.n) }

// Width is the length of the vectors.
func (s *SweepStore) Width() int { return s.width }

// LastProgress implements explore.SweepStore.
func (s *SweepStore) LastProgress() explore.ProgressValue { return s.lastP }

// LastPersistent implements explore.SweepStore.
func (s *SweepStore) LastPersistent() bool { return s.lastPersistent }

// Err implements explore.SweepStore.
func (s *SweepStore) Err() error { return s.err }

// Insert measures state and returns its number, new unless held. A state
// behind the sweep-line (a regress edge's destination) that is not held
// becomes persistent, as does the first state inserted.
func (s *SweepStore) Insert(state []uint32) (explore.StateID, bool) {
	if len(state) != s.width {
		panic("store: state vector of wrong width")
	}
	p, err := s.measure(state)
	if err != nil {
		if s.err == nil {
			s.err = err
		}
		p = s.front // the search ends after this expansion
	}
	s.lastP, s.lastPersistent = p, false
	behind := s.haveFront && p.Cmp(s.front) < 0
	if behind {
		s.regress++
	}
	if s.persist.states.Len() > 0 {
		if local, ok := s.persist.states.Find(state); ok {
			return s.persist.ids[local], false
		}
	}
	if !s.haveFront || behind {
		if l := s.layers[p]; l != nil {
			if local, ok := l.states.Find(state); ok {
				return l.ids[local], false
			}
		}
		id := s.newID()
		s.persist.states.Insert(state)
		s.persist.ids = append(s.persist.ids, id)
		s.lastPersistent = true
		s.count(id, 0, 0)
		return id, true
	}
	l := s.layer(p)
	local, isNew := l.states.Insert(state)
	if !isNew {
		return l.ids[local], false
	}
	id := s.newID()
	l.ids = append(l.ids, id)
	s.count(id, l.serial, local)
	return id, true
}

func (s *SweepStore) newID() explore.StateID {
	if s.n == ^uint32(0)-1 {
		panic("store: more than 2^32-2 states")
	}
	id := explore.StateID(s.n)
	s.n++
	return id
}

// count records a new held state: in the layer map when it is in a
// layer (serial > 0).
func (s *SweepStore) count(id explore.StateID, serial uint32, local uint32) {
	s.held++
	s.peak = max(s.peak, s.held)
	c, off := int(id/locChunk), int(id%locChunk)
	if c == len(s.loc) {
		s.loc = append(s.loc, make([]uint64, locChunk))
		s.live = append(s.live, 0)
	}
	if serial > 0 {
		s.loc[c][off] = uint64(serial)<<32 | uint64(local+1)
		s.live[c]++
	} else if off == locChunk-1 && s.live[c] == 0 {
		s.loc[c] = nil // full, and nothing in it held in a layer
	}
}

func (s *SweepStore) layer(p explore.ProgressValue) *sweepLayer {
	if l := s.layers[p]; l != nil {
		return l
	}
	var l *sweepLayer
	if k := len(s.spare); k > 0 {
		l = s.spare[k-1]
		s.spare = s.spare[:k-1]
	} else {
		l = &sweepLayer{states: vecset.New(s.width)}
	}
	l.p, l.serial = p, s.serial
	s.serial++
	s.layers[p] = l
	s.byID[l.serial] = l
	heap.Push(&s.order, p)
	return l
}

// State returns the vector of a held state, nil for a forgotten one.
func (s *SweepStore) State(id explore.StateID) []uint32 {
	c, off := int(id/locChunk), int(id%locChunk)
	if c < len(s.loc) && s.loc[c] != nil {
		if e := s.loc[c][off]; e != 0 {
			if l := s.byID[uint32(e>>32)]; l != nil {
				return l.states.Vector(uint32(e) - 1)
			}
		}
	}
	if i, ok := slices.BinarySearch(s.persist.ids, id); ok {
		return s.persist.states.Vector(uint32(i))
	}
	return nil
}

// Advance implements explore.SweepStore: the layers behind front go.
func (s *SweepStore) Advance(front explore.ProgressValue) {
	s.front, s.haveFront = front, true
	for len(s.order) > 0 && s.order[0].Cmp(front) < 0 {
		s.forget(heap.Pop(&s.order).(explore.ProgressValue))
	}
}

// NewSweep implements explore.SweepStore: every layer goes.
func (s *SweepStore) NewSweep() {
	s.newSweeps++
	for len(s.order) > 0 {
		s.forget(heap.Pop(&s.order).(explore.ProgressValue))
	}
}

func (s *SweepStore) forget(p explore.ProgressValue) {
	l := s.layers[p]
	if l == nil {
		return
	}
	for _, id := range l.ids {
		c := int(id / locChunk)
		s.live[c]--
		if s.live[c] == 0 && (c+1)*locChunk <= int(s.n) {
			s.loc[c] = nil
		}
	}
	s.held -= len(l.ids)
	delete(s.layers, p)
	delete(s.byID, l.serial)
	if len(s.spare) < maxSpareLayers {
		l.states.Reset()
		l.ids = l.ids[:0]
		s.spare = append(s.spare, l)
	} else {
		l.states.Free() // at once, not when the collector finds the layer
	}
}

// SweepStats are the figures of a sweep-line search.
type SweepStats struct {
	Peak         int    // the most states held at once
	Held         int    // states held now
	Persistent   int    // persistent states: the initial state and the regress edges' new destinations
	RegressEdges uint64 // transitions to a state with less progress than the sweep-line
	Sweeps       int    // sweeps done (1 without regress edges)
}

// Stats returns the figures so far.
func (s *SweepStore) Stats() SweepStats {
	sweeps := s.newSweeps
	if s.n > 0 {
		sweeps++
	}
	return SweepStats{Peak: s.peak, Held: s.held, Persistent: len(s.persist.ids), RegressEdges: s.regress, Sweeps: sweeps}
}

// Bytes is the memory of the tables: the layers held and kept for reuse,
// the persistent states and the layer map.
func (s *SweepStore) Bytes() int {
	b := s.persist.states.Bytes() + 4*cap(s.persist.ids) + 8*cap(s.loc) + 4*cap(s.live)
	for _, l := range s.layers {
		b += l.states.Bytes() + 4*cap(l.ids)
	}
	for _, l := range s.spare {
		b += l.states.Bytes() + 4*cap(l.ids)
	}
	for _, c := range s.loc {
		b += 8 * len(c)
	}
	return b
}

// Describe sums up the search for lps2lts -v.
func (s *SweepStore) Describe() string {
	st := s.Stats()
	return fmt.Sprintf("sweep-line: at most %d of %d states held at once (%.1f%%), %s, %s, %s",
		st.Peak, s.n, 100*float64(st.Peak)/float64(max(s.n, 1)), count(st.Sweeps, "sweep"), count(int(st.RegressEdges), "regress edge"), count(st.Persistent, "persistent state"))
}

// valueHeap is a min-heap of progress values (container/heap).
type valueHeap []explore.ProgressValue

func (h valueHeap) Len() int           { return len(h) }
func (h valueHeap) Less(i, j int) bool { return h[i].Cmp(h[j]) < 0 }
func (h valueHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *valueHeap) Push(v any)        { *h = append(*h, v.(explore.ProgressValue)) }
func (h *valueHeap) Pop() any {
	old := *h
	v := old[len(old)-1]
	*h = old[:len(old)-1]
	return v
}

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
