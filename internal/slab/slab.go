// Package slab hands out pointers to values of one type (Slab), and
// slices of exact lengths (Slices), from chunks allocated together: one
// allocation for many small nodes and lists that are made in bulk and
// dropped together (a syntax tree, the IR of a specification). A chunk
// lives as long as any of its values.
//
// The zero Slab and Slices are ready to use. Neither is safe for
// concurrent use.
package slab

// chunk is the number of values allocated at once.
const chunk = 256

// Slab hands out pointers to values of T in chunks.
type Slab[T any] struct{ free []T }

// New returns a pointer to v's copy in the current chunk, allocating a
// chunk when it is used up: where &T{...} was one allocation.
func (s *Slab[T]) New(v T) *T {
	if len(s.free) == 0 {
		s.free = make([]T, chunk)
	}
	p := &s.free[0]
	s.free = s.free[1:]
	*p = v
	return p
}
