package explore

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// mapStore is the naive reference Store.
type mapStore struct {
	ids  map[string]StateID
	vecs [][]uint32
}

func (m *mapStore) Insert(v []uint32) (StateID, bool) {
	k := fmt.Sprint(v)
	if id, ok := m.ids[k]; ok {
		return id, false
	}
	id := StateID(len(m.vecs))
	m.ids[k] = id
	m.vecs = append(m.vecs, slices.Clone(v))
	return id, true
}
func (m *mapStore) State(id StateID) []uint32 { return m.vecs[id] }
func (m *mapStore) Len() int                  { return len(m.vecs) }

func TestArenaStoreAgainstMap(t *testing.T) {
	for _, width := range []int{0, 1, 3, 11} {
		rng := rand.New(rand.NewPCG(1, uint64(width)))
		a := NewArenaStore(width)
		m := &mapStore{ids: map[string]StateID{}}
		v := make([]uint32, width)
		for i := 0; i < 200000; i++ {
			for j := range v {
				v[j] = uint32(rng.IntN(40))
			}
			id1, new1 := a.Insert(v)
			id2, new2 := m.Insert(v)
			if id1 != id2 || new1 != new2 {
				t.Fatalf("width %d: insert %v: arena (%d,%v), map (%d,%v)", width, v, id1, new1, id2, new2)
			}
			if f, ok := a.Find(v); !ok || f != id1 {
				t.Fatalf("Find(%v) = %d, %v", v, f, ok)
			}
		}
		if a.Len() != m.Len() {
			t.Fatalf("len %d vs %d", a.Len(), m.Len())
		}
		for id := 0; id < a.Len(); id++ {
			if !slices.Equal(a.State(StateID(id)), m.State(StateID(id))) {
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

func TestExplorerWithReferenceStore(t *testing.T) {
	r1, _ := run(t, newGrid(30, 20), Options{})
	r2, _ := run(t, newGrid(30, 20), Options{Store: &mapStore{ids: map[string]StateID{}}})
	if r1 != r2 {
		t.Errorf("arena %+v, map %+v", r1, r2)
	}
}

// TestSteadyStateAllocs: the hot loop allocates nothing per transition;
// only the store's, labels' and writers' growth allocates, O(log n) times.
func TestSteadyStateAllocs(t *testing.T) {
	g := newGrid(400, 400) // 160000 states, 319200 transitions
	var res Result
	allocs := testing.AllocsPerRun(1, func() {
		x := New(g, Options{})
		x.AddVisitor(&DeadlockDetector{R: &Reporter{Out: discard{}, X: x}})
		var err error
		res, err = x.Run()
		if err != nil {
			t.Fatal(err)
		}
	})
	if res.States != 160000 {
		t.Fatalf("states %d", res.States)
	}
	if allocs > 100 {
		t.Errorf("%v allocations for %d transitions", allocs, res.Transitions)
	}
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

func benchmarkGrid(b *testing.B, opt Options, withAut bool) {
	const n = 600
	g := newGrid(n, n)
	b.ReportAllocs()
	var states int
	var storeBytes int
	for i := 0; i < b.N; i++ {
		x := New(g, opt)
		var aw *AutWriter
		if withAut {
			aw = NewAutWriter(discard{}, g.Labels())
			x.AddVisitor(aw)
		}
		r, err := x.Run()
		if err != nil {
			b.Fatal(err)
		}
		if withAut {
			aw.Close(r)
		}
		states += r.States
		storeBytes = x.Store().(*ArenaStore).Bytes()
	}
	b.ReportMetric(float64(states)/b.Elapsed().Seconds(), "states/s")
	b.ReportMetric(float64(storeBytes)/float64(n*n), "storeB/state")
}

func BenchmarkGridBFS(b *testing.B)        { benchmarkGrid(b, Options{}, false) }
func BenchmarkGridDFS(b *testing.B)        { benchmarkGrid(b, Options{Strategy: Depth}, false) }
func BenchmarkGridCycles(b *testing.B)     { benchmarkGrid(b, Options{Cycles: true}, false) }
func BenchmarkGridBFSWithAut(b *testing.B) { benchmarkGrid(b, Options{}, true) }

func BenchmarkArenaInsert(b *testing.B) {
	const width = 11
	v := make([]uint32, width)
	b.ReportAllocs()
	s := NewArenaStore(width)
	for i := 0; i < b.N; i++ {
		v[0] = uint32(i)
		v[5] = uint32(i >> 3)
		s.Insert(v)
	}
	b.ReportMetric(float64(s.Bytes())/float64(s.Len()), "B/state")
}
