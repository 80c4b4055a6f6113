package slab

import "testing"

// TestNewDistinct: every value handed out holds what New was given and
// is distinct, across chunks, and writing one leaves the others as they
// were.
func TestNewDistinct(t *testing.T) {
	var s Slab[[2]int]
	seen := map[*[2]int]bool{}
	var all []*[2]int
	for i := range 3*chunk + 7 {
		v := s.New([2]int{i, i})
		if *v != [2]int{i, i} {
			t.Fatalf("value %d is %v, not what New was given", i, *v)
		}
		if seen[v] {
			t.Fatalf("value %d handed out twice", i)
		}
		seen[v] = true
		*v = [2]int{i, -i}
		all = append(all, v)
	}
	for i, v := range all {
		if *v != [2]int{i, -i} {
			t.Fatalf("value %d is %v after the others were written", i, *v)
		}
	}
}

// TestSlicesExact: slices hold what they were given, have their length as
// capacity (an append copies), and do not overlap, across chunks and for
// a slice longer than a chunk.
func TestSlicesExact(t *testing.T) {
	var s Slices[int]
	var all [][]int
	for i, n := range []int{1, 2, 0, 3, sliceChunk - 4, 5, 2 * sliceChunk, 1} {
		xs := make([]int, n)
		for j := range xs {
			xs[j] = i*10000 + j
		}
		got := s.Copy(xs)
		if len(got) != n || cap(got) != n {
			t.Fatalf("slice %d: length %d, capacity %d; want %d and %d", i, len(got), cap(got), n, n)
		}
		_ = append(got, -1) // must not write into the next slice
		all = append(all, got)
	}
	for i, got := range all {
		for j, v := range got {
			if v != i*10000+j {
				t.Fatalf("slice %d element %d is %d after the others were made", i, j, v)
			}
		}
	}
	if z := s.Make(3); z[0] != 0 || z[1] != 0 || z[2] != 0 {
		t.Fatalf("Make gave %v, not zeros", z)
	}
}
