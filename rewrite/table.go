package rewrite

import "sync/atomic"

// table is an array that grows and is read without a lock, for what the
// nodes name by index (store.go: heads, variables, big numbers). Entries
// are set under the owner's lock before any node that names them is
// published, and a grown array is published whole, after its entries are
// copied: a reader that reached a node through a shard's table (an atomic
// load) sees the entry the node names, in the array it loads after.
// Readers of the store must never lock (a lock per term read had two
// threads of ex.games.knights spend half their time in it), and these
// arrays are small next to the nodes, so a copy on growth is cheaper
// than a directory of chunks, which would cost readers a second load.
type table[T any] struct {
	items atomic.Pointer[[]T] // len == cap; the entries below n are set
	n     int                 // under the owner's lock
}

// at returns entry i, which must have been set.
func (t *table[T]) at(i uint32) T { return (*t.items.Load())[i] }

// add appends x and returns its index; the owner's lock is held.
func (t *table[T]) add(x T) uint32 {
	i := uint32(t.n)
	t.set(i, x)
	return i
}

// set makes x entry i, growing the array as needed; the owner's lock is
// held.
func (t *table[T]) set(i uint32, x T) {
	p := t.items.Load()
	if p == nil || int(i) >= len(*p) {
		var old []T
		if p != nil {
			old = *p
		}
		grown := make([]T, max(16, 2*len(old), int(i)+1))
		copy(grown, old)
		grown[i] = x
		t.items.Store(&grown)
	} else {
		(*p)[i] = x
	}
	t.n = max(t.n, int(i)+1)
}

// reset empties t; no reader may be at work.
func (t *table[T]) reset() {
	t.items.Store(nil)
	t.n = 0
}
