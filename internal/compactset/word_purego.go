//go:build !((amd64 || arm64) && !purego)

package compactset

import "encoding/binary"

// word returns the 8 bytes of c from byte off on, little-endian (see
// word_unsafe.go).
func word(c []byte, off uint64) uint64 {
	return binary.LittleEndian.Uint64(c[off:])
}

// putWord writes v as the 8 bytes of c from byte off on, little-endian.
func putWord(c []byte, off, v uint64) {
	binary.LittleEndian.PutUint64(c[off:], v)
}

// chunkAt returns chunks[c] (see word_unsafe.go).
func chunkAt(chunks [][]byte, c uint64) []byte { return chunks[c] }
