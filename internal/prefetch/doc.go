// Package prefetch asks the processor for memory that a program will read
// soon, without waiting for it.
//
// A hash table larger than the caches costs a miss per lookup, about
// 100 ns, and a lookup that reads a slot and then the entry it names
// costs two in a row. Reading the memory of the next lookups ahead of
// time, in Go, waits for it: the processor retires instructions in order,
// so a load whose value is used holds back everything after it. A
// prefetch instruction (PREFETCHT0 on amd64) is a hint: it starts the
// read and retires at once, so the work of the current lookups overlaps
// the misses of the next ones. Go has no such intrinsic outside the
// runtime, hence a few lines of assembly. On other architectures Addrs
// does nothing.
package prefetch
