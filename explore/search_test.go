package explore_test

import (
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/exploretest"
	"github.com/lps2lts/lps2lts/store"
	"github.com/lps2lts/lps2lts/visitor"
)

func TestExplorerWithReferenceStore(t *testing.T) {
	exploretest.SameAsReference(t, exploretest.NewGrid(30, 20), explore.Options{}, store.NewTableStore(2))
}

// TestSteadyStateAllocs: the hot loop allocates nothing per transition;
// only the store's, labels' and writers' growth allocates, O(log n) times.
func TestSteadyStateAllocs(t *testing.T) {
	g := exploretest.NewGrid(400, 400) // 160000 states, 319200 transitions
	var res explore.Result
	allocs := testing.AllocsPerRun(1, func() {
		x := explore.New(g, explore.Options{Store: store.NewTableStore(2)})
		x.AddVisitor(&visitor.DeadlockDetector{Reporter: &visitor.Reporter{Out: discard{}, Explorer: x}})
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
		opt.Store = store.NewTableStore(2)
		x := explore.New(g, opt)
		var aw *visitor.AutWriter
		if withAut {
			aw = visitor.NewAutWriter(discard{}, g.Labels())
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
		storeBytes = x.Store().(*store.TableStore).Bytes()
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
