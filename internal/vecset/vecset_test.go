package vecset

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestSetAgainstMap(t *testing.T) {
	for _, moving := range []bool{false, true} {
		for _, width := range []int{0, 1, 3, 11} {
			setAgainstMap(t, width, moving)
		}
	}
}

func setAgainstMap(t *testing.T, width int, moving bool) {
	rng := rand.New(rand.NewPCG(1, uint64(width)))
	a := New(width)
	if moving {
		a = NewMoving(width)
	}
	m := map[string]uint32{}
	var vecs [][]uint32
	v := make([]uint32, width)
	for i := 0; i < 200000; i++ {
		for j := range v {
			v[j] = uint32(rng.IntN(40))
		}
		id1, new1 := a.Insert(v)
		id2, old := m[fmt.Sprint(v)]
		new2 := !old
		if new2 {
			id2 = uint32(len(vecs))
			m[fmt.Sprint(v)] = id2
			vecs = append(vecs, slices.Clone(v))
		}
		if id1 != id2 || new1 != new2 {
			t.Fatalf("width %d moving %v: insert %v: arena (%d,%v), map (%d,%v)", width, moving, v, id1, new1, id2, new2)
		}
		if f, ok := a.Find(v); !ok || f != id1 {
			t.Fatalf("Find(%v) = %d, %v", v, f, ok)
		}
	}
	if a.Len() != len(vecs) {
		t.Fatalf("len %d vs %d", a.Len(), len(vecs))
	}
	for id := 0; id < a.Len(); id++ {
		if !slices.Equal(a.Vector(uint32(id)), vecs[id]) {
			t.Fatalf("state %d differs", id)
		}
	}
	a.Reset()
	if a.Len() != 0 {
		t.Fatal("Reset")
	}
	if _, isNew := a.Insert(v); !isNew {
		t.Fatal("insert after Reset not new")
	}
}

// TestVectorsStayValid: a vector handed out by a set made by New keeps
// its values while the set grows (its first chunk too).
func TestVectorsStayValid(t *testing.T) {
	const width = 5
	s := New(width)
	v := make([]uint32, width)
	var held [][]uint32
	for i := range uint32(3 * chunkStates) {
		v[0], v[4] = i, ^i
		id, _ := s.Insert(v)
		if i%997 == 0 {
			held = append(held, s.Vector(id))
		}
	}
	for k, h := range held {
		if i := uint32(k * 997); h[0] != i || h[4] != ^i {
			t.Fatalf("vector %d held since its insertion reads %v", i, h)
		}
	}
}

// TestMemoryGivenBack: what a set has mapped (package offheap) is what it
// holds, no index it grew out of nor first chunk it moved from, and Reset
// and Free give it back. It reads the set's own pool: the process's
// total (offheap.Bytes) also moves when the pools of sets that earlier
// tests dropped are released, at a time the collector's cleanups choose.
func TestMemoryGivenBack(t *testing.T) {
	for _, moving := range []bool{false, true} {
		s := New(3)
		if moving {
			s = NewMoving(3)
		}
		v := make([]uint32, 3)
		for i := range uint32(4 * chunkStates) {
			v[0], v[1] = i, i>>7
			s.Insert(v)
			if i%4096 == 0 && s.pool.Bytes() > s.Bytes() {
				t.Fatalf("moving %v, %d vectors: %d bytes mapped, %d held", moving, i+1, s.pool.Bytes(), s.Bytes())
			}
		}
		s.Reset()
		if s.pool.Bytes() > 8*(1<<10)+4*3*chunkStates {
			t.Fatalf("moving %v: %d bytes mapped after Reset", moving, s.pool.Bytes())
		}
		s.Free()
		if n := s.pool.Bytes(); n != 0 {
			t.Fatalf("moving %v: %d bytes left mapped after Free", moving, n)
		}
	}
}

func BenchmarkInsert(b *testing.B) {
	const width = 11
	v := make([]uint32, width)
	b.ReportAllocs()
	s := New(width)
	for i := 0; i < b.N; i++ {
		v[0] = uint32(i)
		v[5] = uint32(i >> 3)
		s.Insert(v)
	}
	b.ReportMetric(float64(s.Bytes())/float64(s.Len()), "B/state")
}
