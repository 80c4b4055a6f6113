package vecset

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestSetAgainstMap(t *testing.T) {
	for _, width := range []int{0, 1, 3, 11} {
		rng := rand.New(rand.NewPCG(1, uint64(width)))
		a := New(width)
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
				t.Fatalf("width %d: insert %v: arena (%d,%v), map (%d,%v)", width, v, id1, new1, id2, new2)
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
