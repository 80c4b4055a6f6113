//go:build (amd64 || arm64) && !purego

package compactset

import "unsafe"

// The slots are read and written 8 bytes at a time at the byte of their
// first bit. Through binary.LittleEndian and a slice expression, each
// access checked the slice's bounds twice: 12 of the 40 instructions of a
// probe of find, and as many of a move. A chunk has 9 bytes after the
// byte of its last slot, and every caller stays below the chunk's last
// slot, so the 8 bytes are always inside the chunk. The chunk of a home
// slot is read the same way (chunkAt). These are the package's only
// unsafe reads and writes (Prefetch only takes addresses, for hints);
// word_purego.go is the same without them (and with the bounds
// checked), for other architectures and the purego tag: the tests run
// with both.

// word returns the 8 bytes of c from byte off on, little-endian.
func word(c []byte, off uint64) uint64 {
	return *(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(c)), off))
}

// putWord writes v as the 8 bytes of c from byte off on, little-endian.
func putWord(c []byte, off, v uint64) {
	*(*uint64)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(c)), off)) = v
}

// chunkAt returns chunks[c], without the check of c's bounds: c is the
// chunk of a home slot, below the table's size (a check and a branch in
// every lookup and prefetch, and a register to hold the length).
func chunkAt(chunks [][]byte, c uint64) []byte {
	return *(*[]byte)(unsafe.Add(unsafe.Pointer(unsafe.SliceData(chunks)), c*uint64(unsafe.Sizeof(chunks[0]))))
}
