// Package offheap hands out large slices of plain numbers that live
// outside Go's heap, mapped from the system, and gives them back at once
// when they are freed.
//
// Why: Go's collector paces itself by the live heap. At GOGC=50 a heap
// of live tables may grow half again before a collection, and a table
// that grows leaves its old array in the heap until the next cycle ends,
// and its pages resident until the runtime's scavenger returns them. The
// state stores, the todo list and the step caches are such tables: few,
// large, without pointers, and their owners know exactly when an array
// is dropped. Mapped, they cost their bytes and no slack, a freed array
// leaves the resident set at once, and pages of a capacity never written
// cost nothing. (The first 200,000 states of mCRL2's parallel_counting
// held 6.5 MB of such tables in Go's heap and peaked at 19.7-21.2 MB.)
//
// In: a Pool, owned by one data structure (a store's table, the todo
// list, a cache), and sizes. Make returns a zeroed slice of n elements;
// Resize gives a slice more capacity, keeping its contents; Grow and
// Append grow it as the builtin append does; Free gives a slice back; Release gives
// back every slice of the pool.
//
// Out: slices of pointer-free elements (Elem). One of at least MinBytes
// is mapped (MAP_ANON|MAP_PRIVATE) where the system allows it: on unix,
// outside the race detector (which watches only Go's own memory) and
// while the system grants the mapping; anything else comes from Go's
// heap, and Free leaves it to the collector. Bytes is the process's
// mapped total, which the runtime's own figures leave out.
//
// Always:
//   - The caller keeps the slice as it was handed out or resliced from
//     its start (s[:k]); Free and Resize find a mapping by its first
//     element. A slice must not be used after it is freed, resized or its
//     pool released.
//   - A pool gives back whatever it still holds when the memory that
//     holds the Pool (the structure it is a field of) becomes
//     unreachable (runtime.AddCleanup): a dropped store or cache leaks
//     nothing. So a Pool must not be copied once it has mapped memory,
//     and whoever reads a slice from it must keep its owner reachable.
//   - A mapped slice's capacity runs to the end of its last page. Pages
//     never written are never resident: a table may reserve capacity
//     that it fills later at no cost in memory (in a pool marked Huge, 2
//     MB at a time, the size of a huge page).
//   - Pool is safe for concurrent use; the slices are not synchronised.
//
// Words: mapped (from the system, by this package), heap (Go's).
package offheap
