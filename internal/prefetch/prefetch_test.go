package prefetch

import (
	"testing"
	"unsafe"
)

// TestAddrs: prefetching valid, stale and invalid addresses, and none,
// neither faults nor changes memory.
func TestAddrs(t *testing.T) {
	buf := make([]uint64, 1024)
	for i := range buf {
		buf[i] = uint64(i)
	}
	addrs := []uintptr{0, 8, ^uintptr(0), 1 << 47}
	for i := 0; i < len(buf); i += 8 {
		addrs = append(addrs, uintptr(unsafe.Pointer(&buf[i])))
	}
	Addrs(addrs)
	Addrs(nil)
	for i, v := range buf {
		if v != uint64(i) {
			t.Fatalf("buf[%d] = %d after prefetching", i, v)
		}
	}
}
