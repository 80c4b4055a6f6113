//go:build purego

package statehash

import (
	"encoding/binary"

	"github.com/cespare/xxhash/v2"
)

// Sum hashes a state vector with xxhash over its little-endian bytes,
// without unsafe. It streams the words through a small stack buffer.
func Sum(v []uint32) uint64 {
	var d xxhash.Digest
	d.Reset()
	var buf [64]byte
	for len(v) > 0 {
		n := min(len(v), len(buf)/4)
		for i := 0; i < n; i++ {
			binary.LittleEndian.PutUint32(buf[4*i:], v[i])
		}
		d.Write(buf[:4*n])
		v = v[n:]
	}
	return d.Sum64()
}
