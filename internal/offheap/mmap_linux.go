//go:build linux && !race

package offheap

import (
	"os"
	"syscall"
	"unsafe"
)

// canMap says that slices of MinBytes or more are mapped.
const canMap = true

// The system calls are made directly, not through syscall.Mmap, which
// keeps a map of its mappings and would not unmap one that mremap moved.

func sysMap(n int) ([]byte, error) {
	addr, _, errno := syscall.Syscall6(syscall.SYS_MMAP, 0, uintptr(n), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE, ^uintptr(0), 0)
	if errno != 0 {
		return nil, errno
	}
	return bytesAt(addr, n), nil
}

func sysUnmap(b []byte) {
	if _, _, errno := syscall.Syscall(syscall.SYS_MUNMAP, uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(len(b)), 0); errno != 0 {
		panic("offheap: munmap: " + errno.Error())
	}
}

// mremapMayMove lets mremap move the pages when they cannot grow in place.
const mremapMayMove = 1

// sysRemap grows mapping b to n bytes by moving its pages (mremap), not
// its bytes.
func sysRemap(b []byte, n int) ([]byte, bool) {
	addr, _, errno := syscall.Syscall6(syscall.SYS_MREMAP, uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(len(b)), uintptr(n), mremapMayMove, 0, 0)
	if errno != 0 {
		return nil, false
	}
	return bytesAt(addr, n), true
}

// bytesAt is the memory of a mapping at addr. It is converted through
// memory, not from uintptr to pointer, which vet takes for a Go pointer
// that may have moved: a mapping is no Go memory and never moves.
func bytesAt(addr uintptr, n int) []byte {
	return unsafe.Slice(*(**byte)(unsafe.Pointer(&addr)), n)
}

func pageBytes() int { return os.Getpagesize() }

// hugeBytes is the size of a huge page (x86-64, and arm64 with pages
// of 4 KB): a smaller mapping cannot hold one.
const hugeBytes = 2 << 20

// adviseHuge asks for huge pages for mapping b (Pool.Huge). An error (a
// kernel built without them) leaves b as it is: the advice is only
// about speed.
func adviseHuge(b []byte) {
	if len(b) < hugeBytes {
		return
	}
	syscall.Syscall(syscall.SYS_MADVISE, uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(len(b)), syscall.MADV_HUGEPAGE)
}
