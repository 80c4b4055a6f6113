//go:build !amd64

package prefetch

// Addrs asks for the cache line of each address of addrs; on this
// architecture it does nothing.
func Addrs(addrs []uintptr) {}
