// Package slab hands out pointers to values of one type from chunks
// allocated together: one allocation for many small nodes that are made
// in bulk and dropped together (a syntax tree, the IR of a
// specification). A chunk lives as long as any of its values.
//
// The zero Slab is ready to use. A Slab is not safe for concurrent use.
package slab

// chunk is the number of values allocated at once.
const chunk = 256

// Slab hands out pointers to fresh zero values of T.
type Slab[T any] struct{ free []T }

// New returns a pointer to a zero T of the current chunk, allocating a
// chunk when it is used up.
func (s *Slab[T]) New() *T {
	if len(s.free) == 0 {
		s.free = make([]T, chunk)
	}
	v := &s.free[0]
	s.free = s.free[1:]
	return v
}
