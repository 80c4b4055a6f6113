package statehash

import (
	"encoding/binary"
	"testing"

	"github.com/cespare/xxhash/v2"
)

// Sum must be xxhash of the little-endian bytes, with or without unsafe,
// so that hashes do not depend on the build.
func TestSumIsXXHashOfLittleEndianBytes(t *testing.T) {
	for _, v := range [][]uint32{nil, {0}, {1, 2, 3}, {0xFFFFFFFF, 7, 1 << 31, 42, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9}} {
		b := make([]byte, 4*len(v))
		for i, w := range v {
			binary.LittleEndian.PutUint32(b[4*i:], w)
		}
		if got, want := Sum(v), xxhash.Sum64(b); got != want {
			t.Errorf("Sum(%v) = %x, want %x", v, got, want)
		}
	}
}

// Vectors that differ in one word, or only in length, get different
// hashes from both functions.
func TestHashesSeparateNearVectors(t *testing.T) {
	vs := [][]uint32{{}, {0}, {0, 0}, {1, 0}, {0, 1}, {1 << 16}, {1, 2, 3}, {1, 2, 4}}
	seen1, seen2 := map[uint64]int{}, map[uint64]int{}
	for i, v := range vs {
		if j, ok := seen1[Sum(v)]; ok {
			t.Errorf("Sum(%v) == Sum(%v)", v, vs[j])
		}
		if j, ok := seen2[Second(v)]; ok {
			t.Errorf("Second(%v) == Second(%v)", v, vs[j])
		}
		seen1[Sum(v)], seen2[Second(v)] = i, i
	}
}

func TestSumAllocatesNothing(t *testing.T) {
	v := []uint32{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17}
	if n := testing.AllocsPerRun(100, func() { Sum(v); Second(v) }); n != 0 {
		t.Errorf("%v allocations per hash", n)
	}
}
