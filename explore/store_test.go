package explore_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/explore/exploretest"
)

// mapStore is the naive reference Store.
type mapStore struct {
	ids  map[string]explore.StateID
	vecs [][]uint32
}

func (m *mapStore) Insert(v []uint32) (explore.StateID, bool) {
	k := fmt.Sprint(v)
	if id, ok := m.ids[k]; ok {
		return id, false
	}
	id := explore.StateID(len(m.vecs))
	m.ids[k] = id
	m.vecs = append(m.vecs, slices.Clone(v))
	return id, true
}
func (m *mapStore) State(id explore.StateID) []uint32 { return m.vecs[id] }
func (m *mapStore) Len() int                          { return len(m.vecs) }

func TestArenaStoreAgainstMap(t *testing.T) {
	for _, width := range []int{0, 1, 3, 11} {
		rng := rand.New(rand.NewPCG(1, uint64(width)))
		a := explore.NewArenaStore(width)
		m := &mapStore{ids: map[string]explore.StateID{}}
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
			if !slices.Equal(a.State(explore.StateID(id)), m.State(explore.StateID(id))) {
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
	r1, _ := exploretest.Run(t, exploretest.NewGrid(30, 20), explore.Options{})
	r2, _ := exploretest.Run(t, exploretest.NewGrid(30, 20), explore.Options{Store: &mapStore{ids: map[string]explore.StateID{}}})
	if r1 != r2 {
		t.Errorf("arena %+v, map %+v", r1, r2)
	}
}

// TestSteadyStateAllocs: the hot loop allocates nothing per transition;
// only the store's, labels' and writers' growth allocates, O(log n) times.
func TestSteadyStateAllocs(t *testing.T) {
	g := exploretest.NewGrid(400, 400) // 160000 states, 319200 transitions
	var res explore.Result
	allocs := testing.AllocsPerRun(1, func() {
		x := explore.New(g, explore.Options{})
		x.AddVisitor(&explore.DeadlockDetector{Reporter: &explore.Reporter{Out: discard{}, Explorer: x}})
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

func benchmarkGrid(b *testing.B, opt explore.Options, withAut bool) {
	const n = 600
	g := exploretest.NewGrid(n, n)
	b.ReportAllocs()
	var states int
	var storeBytes int
	for i := 0; i < b.N; i++ {
		x := explore.New(g, opt)
		var aw *explore.AutWriter
		if withAut {
			aw = explore.NewAutWriter(discard{}, g.Labels())
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
		storeBytes = x.Store().(*explore.ArenaStore).Bytes()
	}
	b.ReportMetric(float64(states)/b.Elapsed().Seconds(), "states/s")
	b.ReportMetric(float64(storeBytes)/float64(n*n), "storeB/state")
}

func BenchmarkGridBFS(b *testing.B) { benchmarkGrid(b, explore.Options{}, false) }
func BenchmarkGridDFS(b *testing.B) {
	benchmarkGrid(b, explore.Options{Strategy: explore.Depth}, false)
}
func BenchmarkGridCycles(b *testing.B)     { benchmarkGrid(b, explore.Options{Cycles: true}, false) }
func BenchmarkGridBFSWithAut(b *testing.B) { benchmarkGrid(b, explore.Options{}, true) }

func BenchmarkArenaInsert(b *testing.B) {
	const width = 11
	v := make([]uint32, width)
	b.ReportAllocs()
	s := explore.NewArenaStore(width)
	for i := 0; i < b.N; i++ {
		v[0] = uint32(i)
		v[5] = uint32(i >> 3)
		s.Insert(v)
	}
	b.ReportMetric(float64(s.Bytes())/float64(s.Len()), "B/state")
}
