package prefetch

// Addrs asks for the cache line of each address of addrs. An address is
// only a hint: it may be stale or invalid, and nothing is read from it.
//
//go:noescape
func Addrs(addrs []uintptr)
