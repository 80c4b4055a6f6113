package explore_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/exploretest"
	"github.com/lps2lts/lps2lts/store"
)

func TestGridAllStrategies(t *testing.T) {
	for _, size := range [][2]int{{1, 1}, {1, 5}, {7, 3}, {40, 50}} {
		n, m := size[0], size[1]
		for _, mode := range exploretest.Strategies {
			t.Run(fmt.Sprintf("%dx%d/%s", n, m, mode.Name), func(t *testing.T) {
				r, _ := exploretest.Run(t, exploretest.NewGrid(n, m), mode.Opt)
				if r.States != n*m || r.Transitions != uint64(2*n*m-n-m) {
					t.Errorf("got %d states %d transitions, want %d, %d", r.States, r.Transitions, n*m, 2*n*m-n-m)
				}
				if mode.Opt.Strategy == explore.Breadth && !mode.Opt.Cycles && r.Levels != n+m-1 {
					t.Errorf("levels %d, want %d", r.Levels, n+m-1)
				}
			})
		}
	}
}

func TestHighwayBoundsLevels(t *testing.T) {
	// With N states per level, at most N states of each level are explored.
	const N = 3
	r, _ := exploretest.Run(t, exploretest.NewGrid(30, 30), explore.Options{Strategy: explore.Highway, TodoMax: N, Seed: 7})
	// Level d of the grid has up to 30 states; highway explores at most N
	// per level, each with at most 2 successors, so at most 2N new states
	// are discovered per level.
	if r.Explored > N*(30+30-1) || r.States > 1+2*N*(30+30-1) {
		t.Errorf("highway explored %d, discovered %d: too many", r.Explored, r.States)
	}
	if r.Explored < 30+30-1 {
		t.Errorf("highway explored %d states, expected at least one per level", r.Explored)
	}
	if _, err := explore.New(exploretest.NewGrid(2, 2), explore.Options{Strategy: explore.Highway, Store: store.NewTableStore(2)}).Run(); err == nil {
		t.Error("highway without todo-max accepted")
	}
}

func TestStopFromVisitor(t *testing.T) {
	g := exploretest.NewGrid(100, 100)
	x := explore.New(g, explore.Options{Store: store.NewTableStore(2)})
	x.AddVisitor(&stopAfter{x: x, n: 10})
	r, err := x.Run()
	if err != nil {
		t.Fatal(err)
	}
	if !r.Stopped || r.Explored != 10 {
		t.Errorf("result %+v, want stopped after 10", r)
	}
}

type stopAfter struct {
	explore.NopVisitor
	x *explore.Explorer
	n int
}

func (s *stopAfter) FinishState(explore.StateID) {
	if s.n--; s.n == 0 {
		s.x.Stop()
	}
}

func TestGeneratorError(t *testing.T) {
	g := exploretest.NewGraph(3, 0, "a", 1, 1, "b", 2)
	g.Fail = 1
	x := explore.New(g, explore.Options{Store: store.NewTableStore(1)})
	rec := &exploretest.Record{}
	x.AddVisitor(rec)
	r, err := x.Run()
	var se *explore.StateError
	if !errors.As(err, &se) || se.State != 1 || !strings.Contains(err.Error(), "state 1: boom") {
		t.Fatalf("error %v", err)
	}
	if r.States != 2 || r.Transitions != 1 || r.Explored != 1 || len(rec.Transitions) != 1 {
		t.Errorf("partial result %+v, %d transitions seen", r, len(rec.Transitions))
	}
}

// TestParallelGrid: a parallel breadth-first search gives the events of
// one thread, in the same order, with the state limit too.
func TestParallelGrid(t *testing.T) {
	for _, opt := range []explore.Options{{}, {MaxStates: 777}} {
		want := &exploretest.Record{}
		opt.Store = nil
		r1, _ := exploretest.Run(t, exploretest.NewGrid(60, 70), opt, want)
		for _, threads := range []int{2, 3, 8} {
			opt.Threads = threads
			got := &exploretest.Record{}
			g := exploretest.NewGrid(60, 70)
			opt.Store = store.NewTableStore(2)
			x := explore.New(g, opt)
			if n, why := x.Threads(); n != threads {
				t.Fatalf("the grid search runs on %d threads: %s", n, why)
			}
			x.AddVisitor(got)
			r, err := x.Run()
			if err != nil || r != r1 || !slices.Equal(got.Transitions, want.Transitions) || !slices.Equal(got.Starts, want.Starts) {
				t.Errorf("%d threads %+v: %+v, %v; want %+v (same events: %v)", threads, opt, r, err, r1, slices.Equal(got.Transitions, want.Transitions))
			}
		}
	}
}
