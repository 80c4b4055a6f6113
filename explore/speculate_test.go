package explore_test

import (
	"errors"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/exploretest"
	"github.com/lps2lts/lps2lts/store"
)

// The speculation of narrow levels (speculate.go): a helper runs a
// breadth-first search of its own and computes the successors the search
// inserts. These tests run under the race detector in CI (Threads).

// narrowGrid is a grid whose breadth-first levels hold at most three
// states, far fewer than the blocks need: with threads, the helper
// computes the states.
func narrowGrid() countedGrid {
	return countedGrid{exploretest.NewGrid(3, 3000), new(atomic.Int64)}
}

// speculationRun runs g and returns its events, result, error and the
// states whose successors the helper computed.
func speculationRun(t *testing.T, g explore.Generator, opt explore.Options) (threadRun, error, int) {
	t.Helper()
	x := explore.New(g, opt)
	rec := &exploretest.Record{}
	c := &exploretest.Checker{}
	x.AddVisitor(rec)
	x.AddVisitor(c)
	r, err := x.Run()
	if c.Err != nil {
		t.Fatalf("%+v: %v", opt, c.Err)
	}
	return threadRun{r: r, rec: rec}, err, x.Speculated()
}

func TestThreadsSpeculationNarrowLevels(t *testing.T) {
	for _, limit := range []int{0, 1000} {
		g := narrowGrid()
		want, _, _ := speculationRun(t, g, explore.Options{MaxStates: limit, Store: store.NewTableStore(2)})
		one := g.computed.Load()
		for name, st := range map[string]explore.Store{"table": store.NewTableStore(2), "tree": store.NewTreeStore(2)} {
			g := narrowGrid()
			got, err, spec := speculationRun(t, g, explore.Options{MaxStates: limit, Threads: 2, Store: st})
			if err != nil {
				t.Fatal(err)
			}
			if err := got.same(want); err != nil {
				t.Errorf("%s, limit %d: %v", name, limit, err)
			}
			// The helper computed the states (all of them, unless
			// the machine made it think them expensive), and no
			// more than the search expands: it stops where the
			// limit stops the search.
			if spec < got.r.Explored/2 {
				t.Errorf("%s, limit %d: the helper computed %d of %d states", name, limit, spec, got.r.Explored)
			}
			if n := g.computed.Load(); n > one {
				t.Errorf("%s, limit %d: computed %d states, one thread %d", name, limit, n, one)
			}
		}
	}
}

// failingGrid fails in one state, after emitting its transitions.
type failingGrid struct {
	countedGrid
	at [2]uint32
}

var errFailingGrid = errors.New("the failing state")

func (g failingGrid) Fork() explore.Generator {
	return failingGrid{g.countedGrid.Fork().(countedGrid), g.at}
}

func (g failingGrid) Successors(s []uint32, emit func(explore.LabelID, []uint32)) error {
	if err := g.countedGrid.Successors(s, emit); err != nil {
		return err
	}
	if s[0] == g.at[0] && s[1] == g.at[1] {
		return errFailingGrid
	}
	return nil
}

// TestThreadsSpeculationError: the helper's record of a failed state is
// not used; the search computes the state itself and fails as one thread
// does, with the same events before.
func TestThreadsSpeculationError(t *testing.T) {
	g := failingGrid{narrowGrid(), [2]uint32{1, 700}}
	want, wantErr, _ := speculationRun(t, g, explore.Options{Store: store.NewTableStore(2)})
	if !errors.Is(wantErr, errFailingGrid) {
		t.Fatalf("one thread: %v", wantErr)
	}
	g = failingGrid{narrowGrid(), g.at}
	got, err, spec := speculationRun(t, g, explore.Options{Threads: 2, Store: store.NewTreeStore(2)})
	if !errors.Is(err, errFailingGrid) || err.Error() != wantErr.Error() {
		t.Errorf("two threads: %v, want %v", err, wantErr)
	}
	if err := got.same(want); err != nil {
		t.Error(err)
	}
	if spec == 0 || spec >= got.r.Explored+1 {
		t.Errorf("the helper computed %d states of %d explored", spec, got.r.Explored)
	}
}

// TestThreadsSpeculationCollisions: with a hash under which many states
// collide, the helper takes states it has not met for met ones and its
// order parts from the search's; the search notices (no record carries
// its state), ends the speculation and gives one thread's events.
func TestThreadsSpeculationCollisions(t *testing.T) {
	want, _, _ := speculationRun(t, narrowGrid(), explore.Options{Store: store.NewTableStore(2)})
	defer explore.SetSpecHash(func(v []uint32) uint64 { return uint64(v[0]) + 1 })()
	for _, st := range []explore.Store{store.NewTableStore(2), store.NewTreeStore(2)} {
		got, err, spec := speculationRun(t, narrowGrid(), explore.Options{Threads: 2, Store: st})
		if err != nil {
			t.Fatal(err)
		}
		if err := got.same(want); err != nil {
			t.Error(err)
		}
		if spec == 0 || spec > 10 {
			t.Errorf("the helper computed %d states: want a few, before the orders part", spec)
		}
		if !slices.Equal(got.rec.Starts, want.rec.Starts) {
			t.Error("other order")
		}
	}
}

// TestThreadsSpeculationSetBound: a helper whose set reaches its bound
// leaves; the search computes the rest itself, with one thread's events.
func TestThreadsSpeculationSetBound(t *testing.T) {
	want, _, _ := speculationRun(t, narrowGrid(), explore.Options{Store: store.NewTableStore(2)})
	defer explore.SetSpecMaxStates(3 << 11)()
	got, err, spec := speculationRun(t, narrowGrid(), explore.Options{Threads: 2, Store: store.NewTreeStore(2)})
	if err != nil {
		t.Fatal(err)
	}
	if err := got.same(want); err != nil {
		t.Error(err)
	}
	// The set holds at most 6,144 hashes (the bound), each a state
	// found.
	if spec == 0 || spec > 3<<11 {
		t.Errorf("the helper computed %d of %d states", spec, got.r.Explored)
	}
}

// sharerGrid is a grid whose forks have caches to share
// (explore.CacheSharer): it counts the states the forks compute while
// their sharing is off (alone) and on.
type sharerGrid struct {
	*exploretest.Grid
	alone         bool
	aloneComputed *atomic.Int64
	forkComputed  *atomic.Int64
	isFork        bool
}

func newSharerGrid(n, m int) *sharerGrid {
	return &sharerGrid{Grid: exploretest.NewGrid(n, m), aloneComputed: new(atomic.Int64), forkComputed: new(atomic.Int64)}
}

func (g *sharerGrid) Fork() explore.Generator {
	f := *g
	f.Grid, f.isFork, f.alone = g.Grid.Fork().(*exploretest.Grid), true, false
	return &f
}

func (g *sharerGrid) ShareCaches(on bool) { g.alone = !on }

func (g *sharerGrid) Successors(s []uint32, emit func(explore.LabelID, []uint32)) error {
	switch {
	case g.alone:
		g.aloneComputed.Add(1)
	case g.isFork:
		g.forkComputed.Add(1)
	}
	return g.Grid.Successors(s, emit)
}

// TestThreadsSpeculationAlone: the helper computes with its caches
// alone (it would find nothing in the tables the forks share, and
// publish for nobody), and shares them again when the blocks take its
// fork over: a grid whose levels start narrow and grow wide (its
// diagonals) has exactly the helper's states computed alone, and the
// rest by forks that share; a grid of narrow levels all the way, the
// helper's states computed alone too. The events are one thread's.
func TestThreadsSpeculationAlone(t *testing.T) {
	for _, c := range []struct {
		n, m int
		wide bool
	}{{200, 200, true}, {3, 3000, false}} {
		want, _, _ := speculationRun(t, newSharerGrid(c.n, c.m), explore.Options{Store: store.NewTableStore(2)})
		g := newSharerGrid(c.n, c.m)
		got, err, spec := speculationRun(t, g, explore.Options{Threads: 2, Store: store.NewTreeStore(2)})
		if err != nil {
			t.Fatal(err)
		}
		if err := got.same(want); err != nil {
			t.Errorf("%dx%d: %v", c.n, c.m, err)
		}
		alone, shared := g.aloneComputed.Load(), g.forkComputed.Load()
		if alone == 0 || alone != int64(spec) || c.wide && shared == 0 {
			t.Errorf("%dx%d: the helper computed %d states, %d were computed alone and %d by forks sharing", c.n, c.m, spec, alone, shared)
		}
	}
}
