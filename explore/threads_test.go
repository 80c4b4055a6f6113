package explore_test

import (
	"fmt"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/exploretest"
	"github.com/lps2lts/lps2lts/store"
)

// The searches that threads serve besides plain breadth-first search —
// highway search, the sweep-line method, stochastic models — give the
// events of one thread, state numbers and order included, and the
// threads take part (the forks compute states). The models are wide
// enough for that: a todo list of fewer than 64 states is expanded on one
// thread. Run under the race detector in CI (.ci/run).

// forkCounted wraps a generator that forks: its forks count the states
// whose successors they compute.
type forkCounted struct {
	explore.Generator
	byForks *atomic.Int64
	isFork  bool
}

func countForks(g explore.Generator) forkCounted {
	return forkCounted{Generator: g, byForks: new(atomic.Int64)}
}

func (g forkCounted) Fork() explore.Generator {
	return forkCounted{g.Generator.(explore.Forker).Fork(), g.byForks, true}
}

func (g forkCounted) Successors(s []uint32, emit func(explore.LabelID, []uint32)) error {
	if g.isFork {
		g.byForks.Add(1)
	}
	return g.Generator.Successors(s, emit)
}

// wideCoin is a stochastic toy whose breadth-first levels double: state s
// flips to s' = 2s+1 or 2s+2 (mod n), with probabilities 0 and 1 of a
// table the explorer does not read, or stays; its forks count the
// distributions they compute.
type wideCoin struct {
	n       uint32
	labels  *explore.Labels
	byForks *atomic.Int64
	isFork  bool
	next    [2]uint32
}

func newWideCoin(n int) *wideCoin {
	l := explore.NewLabels()
	l.InternString("flip")
	l.InternString("stay")
	return &wideCoin{n: uint32(n), labels: l, byForks: new(atomic.Int64)}
}

func (g *wideCoin) Fork() explore.Generator {
	f := *g
	f.isFork = true
	return &f
}
func (g *wideCoin) Width() int              { return 1 }
func (g *wideCoin) Labels() *explore.Labels { return g.labels }
func (g *wideCoin) Initial(dst []uint32) ([]uint32, error) {
	return append(dst, 0), nil
}
func (g *wideCoin) InitialDistribution(dst []uint32, probs []explore.ProbabilityID) ([]uint32, []explore.ProbabilityID, error) {
	return append(dst, 0, 1), append(probs, 0, 1), nil
}
func (g *wideCoin) StochasticSuccessors(s []uint32, emit func(explore.LabelID, []uint32, []explore.ProbabilityID)) error {
	if g.isFork {
		g.byForks.Add(1)
	}
	g.next = [2]uint32{(2*s[0] + 1) % g.n, (2*s[0] + 2) % g.n}
	emit(1, g.next[:], []explore.ProbabilityID{0, 1})
	emit(2, s, []explore.ProbabilityID{2})
	return nil
}
func (g *wideCoin) Successors(s []uint32, emit func(explore.LabelID, []uint32)) error {
	return g.StochasticSuccessors(s, func(l explore.LabelID, next []uint32, _ []explore.ProbabilityID) {
		for i := range next {
			emit(l, next[i:i+1])
		}
	})
}

// threadRun is what a search delivered: its result, every plain event,
// and the stochastic events as text.
type threadRun struct {
	r     explore.Result
	rec   *exploretest.Record
	dists []string
}

func runThreads(t *testing.T, g explore.Generator, opt explore.Options) threadRun {
	t.Helper()
	x := explore.New(g, opt)
	if n, why := x.Threads(); n != max(1, opt.Threads) {
		t.Fatalf("%d threads of %d: %s", n, opt.Threads, why)
	}
	rec := &exploretest.Record{}
	d := &distributions{}
	c := &exploretest.Checker{}
	x.AddVisitor(rec)
	x.AddVisitor(d)
	x.AddVisitor(c)
	r, err := x.Run()
	if err != nil || c.Err != nil {
		t.Fatalf("%+v: %v, %v", opt, err, c.Err)
	}
	return threadRun{r, rec, d.events}
}

func (a threadRun) same(b threadRun) error {
	switch {
	case a.r != b.r:
		return fmt.Errorf("result %+v, want %+v", a.r, b.r)
	case !slices.Equal(a.rec.Transitions, b.rec.Transitions):
		return fmt.Errorf("transitions differ")
	case !slices.Equal(a.rec.Starts, b.rec.Starts):
		return fmt.Errorf("expansion order differs")
	case !slices.EqualFunc(a.rec.Discovered, b.rec.Discovered, slices.Equal):
		return fmt.Errorf("discovered states differ")
	case !slices.Equal(a.dists, b.dists):
		return fmt.Errorf("distributions differ")
	}
	return nil
}

// threadCase makes a fresh generator and options (a sweep store is
// filled by its search) and says how many states the forks computed.
type threadCase struct {
	name string
	make func(threads int) (explore.Generator, explore.Options, *atomic.Int64)
}

func TestThreadsEveryStrategy(t *testing.T) {
	sum := func(v []uint32) (explore.ProgressValue, error) {
		return explore.IntProgressValue(int64(v[0] + v[1])), nil
	}
	first := func(v []uint32) (explore.ProgressValue, error) {
		return explore.IntProgressValue(int64(v[0])), nil
	}
	plain := func(g explore.Generator, opt explore.Options, st func(explore.Generator) explore.Store) func(int) (explore.Generator, explore.Options, *atomic.Int64) {
		return func(threads int) (explore.Generator, explore.Options, *atomic.Int64) {
			c := countForks(g.(explore.Forker).Fork())
			opt.Store, opt.Threads = st(c), threads
			return c, opt, c.byForks
		}
	}
	table := func(g explore.Generator) explore.Store { return store.NewTableStore(g.Width()) }
	tree := func(g explore.Generator) explore.Store { return store.NewTreeStore(g.Width()) }
	cases := []threadCase{
		{"highway-100/table", plain(newTorus(200, 150), explore.Options{Strategy: explore.Highway, TodoMax: 100}, table)},
		{"highway-1000/tree", plain(newTorus(200, 150), explore.Options{Strategy: explore.Highway, TodoMax: 1000}, tree)},
		{"highway-max/tree", plain(newTorus(200, 150), explore.Options{Strategy: explore.Highway, TodoMax: 1000, MaxStates: 5000}, tree)},
		{"sweep-monotone", plain(exploretest.NewGrid(150, 120), explore.Options{Strategy: explore.Sweep}, func(explore.Generator) explore.Store { return store.NewSweepStore(2, first) })},
		{"sweep-regress", plain(newTorus(90, 70), explore.Options{Strategy: explore.Sweep}, func(explore.Generator) explore.Store { return store.NewSweepStore(2, sum) })},
		{"sweep-max", plain(newTorus(90, 70), explore.Options{Strategy: explore.Sweep, MaxStates: 3000}, func(explore.Generator) explore.Store { return store.NewSweepStore(2, sum) })},
	}
	for _, name := range []string{"table", "tree", "comback"} {
		for _, mode := range []explore.Options{{}, {Strategy: explore.Highway, TodoMax: 300}, {MaxStates: 2000}} {
			cases = append(cases, threadCase{fmt.Sprintf("stochastic/%s/%v-%d-%d", name, mode.Strategy, mode.TodoMax, mode.MaxStates), func(threads int) (explore.Generator, explore.Options, *atomic.Int64) {
				g := newWideCoin(6000)
				opt := mode
				opt.Store, opt.Threads = store.NewTableStore(1), threads
				switch name {
				case "tree":
					opt.Store = store.NewTreeStore(1)
				case "comback":
					// A small cache: states are rebuilt by replaying
					// the distributions' positions.
					opt.Store = store.NewComBackStore(g, store.ComBackOptions{Cache: 8})
				}
				return g, opt, g.byForks
			}})
		}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, opt, _ := c.make(1)
			want := runThreads(t, g, opt)
			for _, threads := range []int{2, 4} {
				g, opt, byForks := c.make(threads)
				got := runThreads(t, g, opt)
				if err := got.same(want); err != nil {
					t.Errorf("%d threads: %v", threads, err)
				}
				if byForks.Load() == 0 {
					t.Errorf("%d threads: the forks computed no state", threads)
				}
			}
		})
	}
}

// TestThreadsHighwaySampleIsFixed: without a seed, highway search keeps
// the same sample in every run (docs/threads.md), so that a run with
// threads can be compared with one without.
func TestThreadsHighwaySampleIsFixed(t *testing.T) {
	run := func() threadRun {
		g := newTorus(120, 100)
		return runThreads(t, g, explore.Options{Strategy: explore.Highway, TodoMax: 50, Store: store.NewTableStore(2)})
	}
	a, b := run(), run()
	if err := a.same(b); err != nil {
		t.Error(err)
	}
	full := runThreads(t, newTorus(120, 100), explore.Options{Store: store.NewTableStore(2)})
	if a.r.States >= full.r.States {
		t.Errorf("highway kept %d states of %d: no sample", a.r.States, full.r.States)
	}
}

// narrowLevels is a toy of few, expensive states: levels of width states,
// each leading to every state of the next level, depth levels; each
// Successors call takes delay, and its forks count theirs and themselves.
type narrowLevels struct {
	width, depth uint32
	delay        time.Duration
	slowFrom     uint32 // the first level whose states take delay
	labels       *explore.Labels
	byForks      *atomic.Int64
	forks        *atomic.Int64
	isFork       bool
	next         [2]uint32
}

func newNarrowLevels(width, depth int, delay time.Duration) *narrowLevels {
	l := explore.NewLabels()
	l.InternString("a")
	return &narrowLevels{width: uint32(width), depth: uint32(depth), delay: delay, labels: l, byForks: new(atomic.Int64), forks: new(atomic.Int64)}
}

func (g *narrowLevels) Fork() explore.Generator {
	g.forks.Add(1)
	f := *g
	f.isFork = true
	return &f
}
func (g *narrowLevels) Width() int                             { return 2 }
func (g *narrowLevels) Labels() *explore.Labels                { return g.labels }
func (g *narrowLevels) Initial(dst []uint32) ([]uint32, error) { return append(dst, 0, 0), nil }
func (g *narrowLevels) Successors(s []uint32, emit func(explore.LabelID, []uint32)) error {
	if g.isFork {
		g.byForks.Add(1)
	}
	if s[0] >= g.slowFrom {
		time.Sleep(g.delay)
	}
	if s[0]+1 == g.depth {
		return nil
	}
	for j := range g.width {
		g.next = [2]uint32{s[0] + 1, j}
		emit(1, g.next[:])
	}
	return nil
}

// TestThreadsShareNarrowExpensiveLevels: levels of six states, far
// fewer than the 64 a todo list needs for the threads to take part, are
// shared when each state costs more than a hand-over (a millisecond, as
// ex.games.knights's), with one thread's events; cheap states in such
// levels are not handed over, where a hand-over would cost more than the
// state (the bakery bench model's levels of 3.6 states): the helper of
// narrow levels computes them on its fork, the only one made. States
// that grow expensive after 180 cheap ones (which the helper measures
// less often) are shared too.
func TestThreadsShareNarrowExpensiveLevels(t *testing.T) {
	for _, c := range []struct {
		delay    time.Duration
		depth    int
		slowFrom uint32
		shared   bool
	}{{2 * time.Millisecond, 30, 0, true}, {0, 30, 0, false}, {2 * time.Millisecond, 60, 30, true}} {
		levels := func() *narrowLevels {
			g := newNarrowLevels(6, c.depth, c.delay)
			g.slowFrom = c.slowFrom
			return g
		}
		want := runThreads(t, levels(), explore.Options{Store: store.NewTableStore(2)})
		g := levels()
		got := runThreads(t, g, explore.Options{Threads: 2, Store: store.NewTreeStore(2)})
		if err := got.same(want); err != nil {
			t.Errorf("delay %v from level %d: %v", c.delay, c.slowFrom, err)
		}
		if n, forks := g.byForks.Load(), g.forks.Load(); (forks > 1) != c.shared || n == 0 {
			t.Errorf("delay %v from level %d: %d forks computed %d of %d states", c.delay, c.slowFrom, forks, n, want.r.Explored)
		}
	}
}
