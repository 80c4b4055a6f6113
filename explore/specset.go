package explore

import (
	"unsafe"

	"github.com/lps2lts/lps2lts/internal/offheap"
	"github.com/lps2lts/lps2lts/internal/prefetch"
)

// specSet is the helper's set of the 64-bit hashes of the states it has
// met (speculate.go). It needs membership only, so a slot holds the hash
// itself: a lookup reads one slot (open addressing, linear probing, the
// slot chosen by the hash's top bits, which statehash mixes well), where
// internal/wordset, which numbers its words densely for the tree store,
// reads an index slot and then the word it names: a second miss for
// every state met again, about half of bakery's successors, in the
// goroutine that bounds bakery's speed. Bakery with two threads, the
// first 1,000,000 states: 1.35 s against 1.44 with a wordset.Set on a
// quiet 16-core machine (five alternating runs), 0.85 against 0.88 here
// (eleven; CPU 1.51 against 1.56 s); 3,000,000 states 2.34 against 2.43.
// A hash of 0, the empty slot, is stored as 1: one more collision, which
// the search detects as any other. The slots are mapped (package
// offheap), out of the collector's pacing.
type specSet struct {
	pool  offheap.Pool
	slots []uint64
	n     int
	limit int  // the number of hashes at which it doubles: 3/4 of the slots
	shift uint // 64 - log2(len(slots))
}

// init empties the set, with 2^bits slots. The slots are read at random
// all over, so they ask for huge pages (offheap.Pool.Huge): with pages
// of 4 KB nearly every lookup of a large set also missed the processor's
// cache of page translations (bakery's first 3,000,000 states with two
// threads, five alternating runs: 1.95 s against 2.21).
func (s *specSet) init(bits uint) {
	s.pool.Huge = true
	offheap.Free(&s.pool, s.slots)
	s.slots = offheap.Make[uint64](&s.pool, 1<<bits)
	s.n, s.limit, s.shift = 0, 3<<bits/4, 64-bits
}

// free gives the set's memory back; init makes it ready again.
func (s *specSet) free() {
	s.pool.Release()
	*s = specSet{}
}

// len returns the number of hashes in the set.
func (s *specSet) len() int { return s.n }

// insert adds h and says whether it was new.
func (s *specSet) insert(h uint64) bool {
	h = max(h, 1)
	mask := uint64(len(s.slots) - 1)
	for i := h >> s.shift; ; i = (i + 1) & mask {
		switch s.slots[i] {
		case h:
			return false
		case 0:
			s.slots[i] = h
			if s.n++; s.n >= s.limit {
				s.grow()
			}
			return true
		}
	}
}

// place puts h, which the set does not hold and which is not 0, in the
// first empty slot from its own.
func (s *specSet) place(h uint64) {
	mask := uint64(len(s.slots) - 1)
	i := h >> s.shift
	for s.slots[i] != 0 {
		i = (i + 1) & mask
	}
	s.slots[i] = h
}

// grow doubles the slots and places the hashes again.
func (s *specSet) grow() {
	old := s.slots
	bits := 64 - s.shift + 1
	s.slots = offheap.Make[uint64](&s.pool, 1<<bits)
	s.limit, s.shift = 3<<bits/4, 64-bits
	for _, h := range old {
		if h != 0 {
			s.place(h)
		}
	}
	offheap.Free(&s.pool, old)
}

// prefetch asks for the first slots of the first 16 hashes of hs without
// waiting (package prefetch): the helper inserts them after it has
// computed the next state.
func (s *specSet) prefetch(hs []uint64) {
	var addrs [16]uintptr
	n := min(len(hs), len(addrs))
	for i, h := range hs[:n] {
		addrs[i] = uintptr(unsafe.Pointer(&s.slots[max(h, 1)>>s.shift]))
	}
	prefetch.Addrs(addrs[:n])
}
