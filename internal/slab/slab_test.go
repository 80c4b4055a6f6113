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
