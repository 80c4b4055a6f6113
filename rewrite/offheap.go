package rewrite

import "sync/atomic"

// The nodes of the term store live outside Go's heap (offheap_mmap.go,
// through internal/offheap) where the system allows it. Go's collector
// paces itself by the live heap: at GOGC=50 a heap of 100 MB may grow to
// 150 MB before a collection, and the nodes, which die only by the
// store's own collection (collect.go), were most of the heap of a
// data-heavy search: the permutation puzzle of issue 41 kept 94 MB of
// terms and peaked at 166 MB. Off the heap they cost their bytes and no slack, and the
// collector no longer scans them at each cycle.
//
// The collector does not see what a node names, so the store keeps it
// alive itself: the symbols and sorts, the variables and the big numbers
// are in the store's tables, which nodes name by index (store.go), and
// the slabs of arguments, which argp points into, in the shards' slabs.
// The collection of the store (collect.go) rebuilds the numbers and the
// slabs from the terms it keeps.

// offHeapBytes counts the bytes of nodes held outside Go's heap by every
// store of the process (a share of offheap.Bytes).
var offHeapBytes atomic.Int64

// OffHeapBytes returns the memory the term stores of the process hold
// outside Go's heap, which the runtime's own figures leave out.
func OffHeapBytes() uint64 { return uint64(offHeapBytes.Load()) }
