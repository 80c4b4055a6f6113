package explore_test

import (
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/exploretest"
	"github.com/lps2lts/lps2lts/store"
)

// wideTree is a toy generator whose states have many successors, all
// new: state s leads to s*fan+1 ... s*fan+fan. Each Successors call
// takes delay (an expensive state: the LPS generator's rewriting) and
// is counted in computed, which its forks share.
type wideTree struct {
	fan      uint32
	delay    time.Duration
	labels   *explore.Labels
	computed *atomic.Int64
	next     [1]uint32
	// stop, when set, is called while state stopAt is computed (a signal
	// that comes while the threads compute).
	stop   func()
	stopAt uint32
}

func newWideTree(fan int, delay time.Duration) *wideTree {
	l := explore.NewLabels()
	l.InternString("a")
	return &wideTree{fan: uint32(fan), delay: delay, labels: l, computed: new(atomic.Int64)}
}

func (g *wideTree) Width() int                             { return 1 }
func (g *wideTree) Labels() *explore.Labels                { return g.labels }
func (g *wideTree) Fork() explore.Generator                { f := *g; return &f }
func (g *wideTree) Initial(dst []uint32) ([]uint32, error) { return append(dst, 0), nil }
func (g *wideTree) Successors(s []uint32, emit func(explore.LabelID, []uint32)) error {
	g.computed.Add(1)
	if g.stop != nil && s[0] == g.stopAt {
		g.stop()
	}
	time.Sleep(g.delay)
	for i := range g.fan {
		g.next[0] = s[0]*g.fan + i + 1
		emit(1, g.next[:])
	}
	return nil
}

// countedGrid is the grid of exploretest with its Successors calls
// counted, forks included.
type countedGrid struct {
	*exploretest.Grid
	computed *atomic.Int64
}

func (g countedGrid) Fork() explore.Generator {
	return countedGrid{g.Grid.Fork().(*exploretest.Grid), g.computed}
}

func (g countedGrid) Successors(s []uint32, emit func(explore.LabelID, []uint32)) error {
	g.computed.Add(1)
	return g.Grid.Successors(s, emit)
}

// TestThreadsComputeWhatTheLimitNeeds: with a state limit, the threads
// compute the successors of about the states one thread expands, not of
// the blocks of 256 states they would take without it (a block inserted
// when all its states are computed computed them all: ex.games.knights,
// whose states cost milliseconds each, took two threads 2.05 s against
// 1.33 s for one). The events are those of one thread.
func TestThreadsComputeWhatTheLimitNeeds(t *testing.T) {
	cases := []struct {
		name  string
		make  func() (explore.Generator, *atomic.Int64)
		limit int
		// slack is how many more states the threads may compute than
		// one thread expands: none in the tree, where every state finds
		// as many new ones; in the grid, where later states of a level
		// find fewer, the estimate of the states still needed is short,
		// not long.
		slack int64
	}{
		{"tree", func() (explore.Generator, *atomic.Int64) {
			g := newWideTree(100, 0)
			return g, g.computed
		}, 1000, 0},
		{"tree-expensive", func() (explore.Generator, *atomic.Int64) {
			g := newWideTree(30, time.Millisecond)
			return g, g.computed
		}, 3000, 0},
		{"grid", func() (explore.Generator, *atomic.Int64) {
			g := countedGrid{exploretest.NewGrid(60, 70), new(atomic.Int64)}
			return g, g.computed
		}, 1777, 4},
	}
	for _, c := range cases {
		g, computed := c.make()
		want := &exploretest.Record{}
		x := explore.New(g, explore.Options{MaxStates: c.limit, Store: store.NewTableStore(g.Width())})
		x.AddVisitor(want)
		r1, err := x.Run()
		if err != nil {
			t.Fatal(err)
		}
		one := computed.Load()
		if int64(r1.Explored) != one {
			t.Fatalf("%s: one thread explored %d states, computed %d", c.name, r1.Explored, one)
		}
		for _, threads := range []int{2, 3} {
			g, computed := c.make()
			got := &exploretest.Record{}
			x := explore.New(g, explore.Options{MaxStates: c.limit, Threads: threads, Store: store.NewTreeStore(g.Width())})
			x.AddVisitor(got)
			r, err := x.Run()
			if err != nil || r != r1 || !slices.Equal(got.Transitions, want.Transitions) || !slices.Equal(got.Starts, want.Starts) {
				t.Errorf("%s, %d threads: %+v, %v; want %+v", c.name, threads, r, err, r1)
			}
			if n := computed.Load(); n > one+c.slack {
				t.Errorf("%s, %d threads: computed %d states, one thread %d", c.name, threads, n, one)
			}
		}
	}
}

// TestStopWhileThreadsCompute: Stop from outside the search (a signal)
// while the threads compute expensive states ends the search, with a
// consistent result.
func TestStopWhileThreadsCompute(t *testing.T) {
	g := newWideTree(20, 200*time.Microsecond)
	var x *explore.Explorer
	g.stop, g.stopAt = func() { x.Stop() }, 500 // before New makes the forks
	x = explore.New(g, explore.Options{Threads: 2, Store: store.NewTreeStore(1)})
	c := &exploretest.Record{}
	x.AddVisitor(c)
	r, err := x.Run()
	if err != nil || !r.Stopped || r.Transitions != uint64(len(c.Transitions)) || r.Explored > 501 || r.States != len(c.Discovered) {
		t.Errorf("result %+v, %v", r, err)
	}
}
