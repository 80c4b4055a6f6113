package lpsgen

import (
	"math/rand/v2"
	"testing"
)

// TestShortKeys: the guard caches' one-word key table gives back every
// entry number it was given, through its growths, and finds no other key.
func TestShortKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	tab := newShortKeys()
	want := map[uint64]int{}
	for i := range 5000 {
		k := uint64(rng.IntN(3))<<32 | uint64(rng.IntN(4000)) // zero too
		if _, ok := want[k]; ok {
			continue
		}
		if _, ok := tab.find(k); ok {
			t.Fatalf("key %x found before it was inserted", k)
		}
		tab.insert(k, i)
		want[k] = i
	}
	for k, id := range want {
		if got, ok := tab.find(k); !ok || got != id {
			t.Fatalf("key %x: got %d, %v; want %d", k, got, ok, id)
		}
	}
}
