// Package vecset is a set of fixed-width vectors of uint32 that numbers its
// members densely in order of insertion: the explorer's table store, and the
// caches of the successor generator that intern short vectors (guard
// arguments, action arguments, sum-variable solutions).
//
// Always: a member's vector is hashed once per Insert or Find; growing the
// set never rehashes a vector nor moves one, so a slice Vector returned
// stays valid and unchanged until Reset or Free (but in a set made by
// NewMoving: until the next Insert); there is no heap object per member.
// The index and the chunks after the first are mapped from the system
// once large (package offheap), and given back when the index grows,
// when the set is reset or freed, and when it becomes unreachable.
package vecset

import (
	"slices"

	"github.com/lps2lts/lps2lts/internal/fibhash"
	"github.com/lps2lts/lps2lts/internal/offheap"
	"github.com/lps2lts/lps2lts/internal/statehash"
)

// Arena chunking: vectors live in fixed-size chunks so that growing the set
// never moves a stored vector (Vector slices stay valid while the explorer
// computes successors) and never needs a copy of the whole arena (no 2x peak
// while growing).
const (
	chunkShift  = 16
	chunkStates = 1 << chunkShift
	chunkMask   = chunkStates - 1
)

// Set holds vectors of a fixed width in chunked flat []uint32 arenas, and an open-addressing index (linear
// probing) of 64-bit slots holding the upper 32 bits of the state's xxhash
// and its id+1 (0 marks an empty slot). A state is hashed once per Insert;
// growing the index reuses the stored hash bits and never rehashes a vector.
// There is no heap object per state: memory is 4*width bytes per state in the
// arena plus 8 bytes per index slot (load factor between 0.35 and 0.7).
type Set struct {
	width  int
	chunks [][]uint32
	n      uint32
	index  []uint64
	shift  uint // 64 - log2(len(index))
	limit  uint32
	// moving says that the first chunk may move as it grows: the
	// caller holds no vector across an Insert (NewMoving).
	moving bool
	pool   offheap.Pool
}

// New returns an empty set for vectors of the given width.
func New(width int) *Set {
	s := &Set{width: width}
	s.initIndex(minIndex)
	return s
}

// NewMoving returns an empty set for vectors of the given width whose
// vectors are valid only until the next Insert: its first chunk moves
// as it grows, and gives its old array back at once, where a set made
// by New leaves the old array to the collector and to the vectors it
// handed out. For the caches' keys, which are looked up, never read back.
func NewMoving(width int) *Set {
	s := New(width)
	s.moving = true
	return s
}

// minIndex is the index's first size. The successor generator keeps a set
// per summand (its labels, its guards' arguments), most of which hold a
// few vectors: at 1,024 slots the 210 summands of dining_10 took 1.7 MB
// before the first state was explored.
const minIndex = 16

// initIndex makes an empty index of size slots; the caller gives the old
// one back.
func (s *Set) initIndex(size int) {
	s.index = offheap.Make[uint64](&s.pool, size)
	bits := uint(0)
	for 1<<bits < size {
		bits++
	}
	s.shift = 64 - bits
	s.limit = uint32(size / 10 * 7)
}

// slot spreads the 32 stored hash bits over the table (Fibonacci hashing),
// so the position can be recomputed from the slot's contents when growing.
func (s *Set) slot(tag uint32) uint64 {
	return (uint64(tag) * fibhash.Mul) >> s.shift
}

// Len returns the number of stored states.
func (s *Set) Len() int { return int(s.n) }

// Width returns the length of the stored vectors.
func (s *Set) Width() int { return s.width }

// Vector returns the stored vector of id.
func (s *Set) Vector(id uint32) []uint32 {
	c := s.chunks[id>>chunkShift]
	off := int(id&chunkMask) * s.width
	return c[off : off+s.width : off+s.width]
}

// Find returns the id of state if it is a member.
func (s *Set) Find(state []uint32) (uint32, bool) {
	if s.n == 0 {
		return 0, false
	}
	tag := uint32(statehash.Sum(state) >> 32)
	mask := uint64(len(s.index) - 1)
	for i := s.slot(tag); s.index[i] != 0; i = (i + 1) & mask {
		e := s.index[i]
		if uint32(e>>32) == tag {
			id := uint32(e) - 1
			if slices.Equal(s.Vector(id), state) {
				return id, true
			}
		}
	}
	return 0, false
}

// Insert adds state (of length Width) unless present and returns its id.
func (s *Set) Insert(state []uint32) (uint32, bool) {
	if len(state) != s.width {
		panic("vecset: state vector of wrong width")
	}
	tag := uint32(statehash.Sum(state) >> 32)
	mask := uint64(len(s.index) - 1)
	i := s.slot(tag)
	for {
		e := s.index[i]
		if e == 0 {
			break
		}
		if uint32(e>>32) == tag {
			id := uint32(e) - 1
			if slices.Equal(s.Vector(id), state) {
				return id, false
			}
		}
		i = (i + 1) & mask
	}
	id := s.n
	if s.n == ^uint32(0)-1 {
		panic("vecset: more than 2^32-2 states")
	}
	ci := int(id >> chunkShift)
	if ci == len(s.chunks) {
		// The first chunk grows (small searches stay small; the vectors
		// already handed out keep their old, unchanged backing array,
		// unless the set is moving). Later chunks are allocated whole,
		// mapped: their pages are resident as they fill.
		var c []uint32
		if ci > 0 {
			c = offheap.Make[uint32](&s.pool, chunkStates*s.width)[:0]
		}
		s.chunks = append(s.chunks, c)
	}
	c := s.chunks[ci]
	if len(c)+s.width > cap(c) {
		// The first chunk doubles: append grows a large slice by a
		// quarter, and the copies of wide vectors (a guard or step
		// cache's keys of 70 values, FlexRay) took a tenth of a run.
		size := min(max(2*cap(c), 16*s.width), chunkStates*s.width)
		if s.moving {
			c = offheap.Resize(&s.pool, c, size)
		} else {
			grown := make([]uint32, len(c), size)
			copy(grown, c)
			c = grown
		}
	}
	s.chunks[ci] = append(c, state...)
	s.n++
	s.index[i] = uint64(tag)<<32 | uint64(id+1)
	if s.n > s.limit {
		s.grow()
	}
	return id, true
}

func (s *Set) grow() {
	old := s.index
	s.initIndex(2 * len(old))
	mask := uint64(len(s.index) - 1)
	for _, e := range old {
		if e == 0 {
			continue
		}
		i := s.slot(uint32(e >> 32))
		for s.index[i] != 0 {
			i = (i + 1) & mask
		}
		s.index[i] = e
	}
	offheap.Free(&s.pool, old)
}

// Bytes returns the memory held by the set: arena capacity plus index.
func (s *Set) Bytes() int {
	b := 8*len(s.index) + 24*cap(s.chunks)
	for _, c := range s.chunks {
		b += 4 * cap(c)
	}
	return b
}

// Reset empties the set, keeping its first chunk and a small index, so a
// set can be reused for repeated small searches (divergence detection).
func (s *Set) Reset() {
	s.n = 0
	if len(s.chunks) > 0 {
		for _, c := range s.chunks[1:] {
			offheap.Free(&s.pool, c)
		}
		clear(s.chunks[1:])
		s.chunks = s.chunks[:1]
		s.chunks[0] = s.chunks[0][:0]
	}
	if len(s.index) > 1<<10 {
		old := s.index
		s.initIndex(1 << 10) // a divergence check's next search is likely as large
		offheap.Free(&s.pool, old)
	} else {
		clear(s.index)
	}
}

// Free gives the set's memory back now. The set is not usable after.
func (s *Set) Free() {
	s.pool.Release()
	s.chunks, s.index, s.n, s.limit = nil, nil, 0, 0
}
