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

// TestSteadyStateAllocs: the hot loop allocates nothing per transition,
// with every exact store, one thread and two, breadth-first and in cycle
// search; only the growth of the store, the labels and the todo list
// allocates, O(log n) times.
func TestSteadyStateAllocs(t *testing.T) {
	g := exploretest.NewGrid(400, 400) // 160000 states, 319200 transitions
	stores := map[string]func() explore.Store{
		"table": func() explore.Store { return store.NewTableStore(2) },
		"tree":  func() explore.Store { return store.NewTreeStore(2) },
	}
	for name, mk := range stores {
		for _, opt := range []explore.Options{{}, {Threads: 2}, {Cycles: true}, {Strategy: explore.Depth}} {
			var res explore.Result
			allocs := testing.AllocsPerRun(1, func() {
				opt.Store = mk()
				x := explore.New(g, opt)
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
			// Threads add their forks and goroutines, and the
			// successor lists of their blocks (2 blocks of 256 states
			// per thread, each list's slices grown a few times): a
			// fixed cost, whatever the number of transitions.
			// The tree store's pair tables also repack when their
			// values outgrow the bits they take, a few times each.
			// The speculation of the narrow first levels
			// (speculate.go) adds its first chunk of records, its gates,
			// and the growth of its set and todo list.
			limit := 250
			if opt.Threads > 1 {
				limit += opt.Threads*2*256*3 + 256
			}
			if allocs > float64(limit) {
				t.Errorf("%s %+v: %v allocations for %d transitions", name, opt, allocs, res.Transitions)
			}
		}
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
