//go:build unix && !linux && !race

package offheap

import (
	"os"
	"syscall"
)

// canMap says that slices of MinBytes or more are mapped.
const canMap = true

func sysMap(n int) ([]byte, error) {
	return syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
}

func sysUnmap(b []byte) {
	if err := syscall.Munmap(b); err != nil {
		panic("offheap: munmap: " + err.Error())
	}
}

// sysRemap cannot move pages here: Resize copies.
func sysRemap([]byte, int) ([]byte, bool) { return nil, false }

func pageBytes() int { return os.Getpagesize() }

func adviseHuge([]byte) {}
