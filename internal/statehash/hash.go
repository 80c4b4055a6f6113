//go:build !purego

package statehash

import (
	"unsafe"

	"github.com/cespare/xxhash/v2"
)

// Sum hashes a state vector with xxhash over its in-memory bytes.
// This is the only use of unsafe in the module; hash_purego.go is the safe
// fallback (build with -tags purego). Both give the same value on
// little-endian machines.
func Sum(v []uint32) uint64 {
	if len(v) == 0 {
		return xxhash.Sum64(nil)
	}
	return xxhash.Sum64(unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), len(v)*4))
}
