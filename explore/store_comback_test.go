package explore

import (
	"fmt"
	"testing"
)

// TestComBackEqualsTable: ComBack gives exactly the table store's events,
// state numbers included, in every strategy and with every variant.
func TestComBackEqualsTable(t *testing.T) {
	modes := append(compactModes[:len(compactModes):len(compactModes)], struct {
		name string
		opt  Options
	}{"cycles", Options{Cycles: true}})
	variants := []ComBackOptions{
		{}, {Cache: 7}, {Cache: 64, PathOpt: true}, {PathOpt: true}, {Numbers: true}, {Numbers: true, Cache: 16, PathOpt: true},
	}
	for _, mode := range modes {
		for _, v := range variants {
			t.Run(fmt.Sprintf("%s/%+v", mode.name, v), func(t *testing.T) {
				s := NewComBackStore(newGrid(30, 20), v)
				sameAsTable(t, newGrid(30, 20), mode.opt, s)
				if s.Reconstructions == 0 && v.Cache == 0 {
					t.Error("no reconstruction: the test does not exercise ComBack")
				}
			})
		}
	}
}

// TestComBackState: State reconstructs every state by replay.
func TestComBackState(t *testing.T) {
	g := newGrid(10, 10)
	s := NewComBackStore(g, ComBackOptions{})
	if _, err := New(g, Options{Store: s, Strategy: Depth}).Run(); err != nil {
		t.Fatal(err)
	}
	a := NewArenaStore(2)
	if _, err := New(g, Options{Store: a, Strategy: Depth}).Run(); err != nil {
		t.Fatal(err)
	}
	for id := 0; id < a.Len(); id++ {
		if got, want := s.State(StateID(id)), a.State(StateID(id)); got[0] != want[0] || got[1] != want[1] {
			t.Fatalf("state %d: %v, want %v", id, got, want)
		}
	}
}

func TestPackedArray(t *testing.T) {
	var p packedArray
	var ref []uint64
	for i := 0; i < 5000; i++ {
		v := uint64(i*i) % (1 << (i % 40))
		p.append(v)
		ref = append(ref, v)
		if i%7 == 0 {
			j := i / 2
			w := uint64(i) << 20
			p.set(j, w)
			ref[j] = w
		}
	}
	for i, v := range ref {
		if p.get(i) != v {
			t.Fatalf("%d: %d, want %d", i, p.get(i), v)
		}
	}
}
