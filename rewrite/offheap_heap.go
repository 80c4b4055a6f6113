//go:build !unix || race

package rewrite

// nodeChunks takes the chunks of nodes from Go's heap where memory
// cannot be mapped from the system, and under the race detector, which
// watches only Go's own memory.
type nodeChunks struct{}

func newNodeChunks() *nodeChunks { return &nodeChunks{} }

func (c *nodeChunks) newChunk() *[chunkSize]node { return new([chunkSize]node) }
