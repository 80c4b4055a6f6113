//go:build unix && !race

package rewrite

import (
	"unsafe"

	"github.com/lps2lts/lps2lts/internal/offheap"
)

// chunkBytes is the size of a chunk of nodes: large enough to be mapped.
const chunkBytes = int(unsafe.Sizeof([chunkSize]node{}))

var _ [chunkBytes - offheap.MinBytes]struct{} // chunkBytes >= offheap.MinBytes

// nodeChunks owns the chunks of one store, mapped from the system
// (package offheap); they are given back when the store, and so its
// nodeChunks, is no longer reachable.
type nodeChunks struct {
	pool offheap.Pool
}

func newNodeChunks() *nodeChunks {
	return &nodeChunks{pool: offheap.Pool{Count: &offHeapBytes}}
}

// newChunk maps a chunk of zeroed nodes. (The race detector does not
// watch memory outside Go's heap, so a -race build takes its chunks from
// the heap: offheap_heap.go.) Should the system refuse the mapping, the
// chunk is a slice of bytes from the heap, which the collector does not
// scan either: the store keeps what the nodes point to alive itself
// (offheap.go).
func (c *nodeChunks) newChunk() *[chunkSize]node {
	b := offheap.Make[byte](&c.pool, chunkBytes)
	return (*[chunkSize]node)(unsafe.Pointer(unsafe.SliceData(b)))
}
