//go:build unix && !race

package rewrite

import (
	"runtime"
	"syscall"
	"unsafe"
)

// chunkBytes is the size of a chunk of nodes.
const chunkBytes = int(unsafe.Sizeof([chunkSize]node{}))

// nodeChunks owns the chunks of one store, mapped from the system; they
// are given back when the store is no longer reachable.
type nodeChunks struct {
	maps [][]byte
}

// newChunk maps a chunk of zeroed nodes. (The race detector does not
// watch memory outside Go's heap, so a -race build takes its chunks from
// the heap: offheap_heap.go.)
func (c *nodeChunks) newChunk() *[chunkSize]node {
	b, err := syscall.Mmap(-1, 0, chunkBytes, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		panic("rewrite: cannot map memory for terms: " + err.Error())
	}
	c.maps = append(c.maps, b)
	offHeapBytes.Add(int64(len(b)))
	return (*[chunkSize]node)(unsafe.Pointer(&b[0]))
}

// release unmaps every chunk.
func (c *nodeChunks) release() {
	for _, b := range c.maps {
		offHeapBytes.Add(-int64(len(b)))
		syscall.Munmap(b)
	}
	c.maps = nil
}

// releaseWith gives s's chunks back to the system once s is unreachable.
func releaseWith(s *store, c *nodeChunks) {
	runtime.AddCleanup(s, (*nodeChunks).release, c)
}
