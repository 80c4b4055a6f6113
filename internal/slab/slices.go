package slab

// sliceChunk is the number of elements a Slices allocates at once.
const sliceChunk = 1024

// Slices hands out slices of T of exact lengths from chunks: the lists of
// a syntax tree or an IR (an application's arguments), each one
// allocation where it was one or more of its own. A slice's capacity is
// its length, so that appending to it copies it and never writes over
// the next. The zero Slices is ready to use; it is not safe for
// concurrent use.
type Slices[T any] struct{ chunk []T }

// Make returns a slice of n zero values.
func (s *Slices[T]) Make(n int) []T {
	if n > cap(s.chunk)-len(s.chunk) {
		s.chunk = make([]T, 0, max(sliceChunk, n))
	}
	at := len(s.chunk)
	s.chunk = s.chunk[:at+n]
	return s.chunk[at : at+n : at+n]
}

// Copy returns a copy of xs.
func (s *Slices[T]) Copy(xs []T) []T {
	out := s.Make(len(xs))
	copy(out, xs)
	return out
}
