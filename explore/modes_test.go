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

// torus is a toy generator with cycles: states (i, j) on an n×m torus,
// "right" and "up" steps, and a "home" step back to (0, 0) from the
// diagonal. State fail, when set, makes Successors fail after its first
// transition.
type torus struct {
	n, m   uint32
	labels *explore.Labels
	fail   int
}

func newTorus(n, m int) *torus {
	l := explore.NewLabels()
	l.InternString("right")
	l.InternString("up")
	l.InternString("home")
	return &torus{n: uint32(n), m: uint32(m), labels: l, fail: -1}
}

func (g *torus) Width() int                             { return 2 }
func (g *torus) Labels() *explore.Labels                { return g.labels }
func (g *torus) Fork() explore.Generator                { c := *g; return &c }
func (g *torus) Initial(dst []uint32) ([]uint32, error) { return append(dst, 0, 0), nil }
func (g *torus) Successors(s []uint32, emit func(explore.LabelID, []uint32)) error {
	i, j := s[0], s[1]
	emit(1, []uint32{(i + 1) % g.n, j})
	if g.fail >= 0 && i*g.m+j == uint32(g.fail) {
		return errors.New("boom")
	}
	emit(2, []uint32{i, (j + 1) % g.m})
	if i == j && i > 0 {
		emit(3, []uint32{0, 0})
	}
	return nil
}

// storeKinds are the stores every mode is tried with.
var storeKinds = []struct {
	name string
	make func(g explore.Generator) explore.Store
}{
	{"table", func(g explore.Generator) explore.Store { return store.NewTableStore(g.Width()) }},
	{"tree", func(g explore.Generator) explore.Store { return store.NewTreeStore(g.Width()) }},
	{"hashcompact", func(g explore.Generator) explore.Store {
		s, _ := store.NewHashCompactStore(64, 1<<12, 0, true)
		return s
	}},
	{"comback", func(g explore.Generator) explore.Store {
		return store.NewComBackStore(g, store.ComBackOptions{Cache: 8})
	}},
	{"comback-nocache", func(g explore.Generator) explore.Store { return store.NewComBackStore(g, store.ComBackOptions{}) }},
	{"comback-numbers", func(g explore.Generator) explore.Store {
		return store.NewComBackStore(g, store.ComBackOptions{Numbers: true})
	}},
	{"comback-ddd", func(g explore.Generator) explore.Store {
		return store.NewComBackStore(g, store.ComBackOptions{DDD: 7, PathOpt: true})
	}},
}

var searchModes = []exploretest.Mode{
	{Name: "breadth", Opt: explore.Options{}},
	{Name: "depth", Opt: explore.Options{Strategy: explore.Depth}},
	{Name: "highway", Opt: explore.Options{Strategy: explore.Highway, TodoMax: 4, Seed: 3}},
	{Name: "cycles", Opt: explore.Options{Cycles: true}},
	{Name: "max", Opt: explore.Options{MaxStates: 50}},
	{Name: "threads", Opt: explore.Options{Threads: 3}},
	{Name: "threads-max", Opt: explore.Options{Threads: 2, MaxStates: 77}},
}

// TestEveryStoreEveryMode: every store gives, in every mode, the events
// of the reference store, state numbers and order included.
func TestEveryStoreEveryMode(t *testing.T) {
	everyStoreEveryMode(t, func(t *testing.T, g *torus, mode exploretest.Mode, newStore func() explore.Store) {
		r := exploretest.SameAsReference(t, g, mode.Opt, newStore())
		if mode.Opt.MaxStates == 0 && mode.Opt.Strategy != explore.Highway && r.States != 13*11 {
			t.Errorf("%d states, want %d", r.States, 13*11)
		}
	})
}

// everyStoreEveryMode runs test on the 13 × 11 torus for each store and
// mode that explore.New accepts together (the others skip, saying why);
// newStore makes a fresh store of the kind.
func everyStoreEveryMode(t *testing.T, test func(t *testing.T, g *torus, mode exploretest.Mode, newStore func() explore.Store)) {
	for _, sk := range storeKinds {
		for _, mode := range searchModes {
			t.Run(sk.name+"/"+mode.Name, func(t *testing.T) {
				g := newTorus(13, 11)
				opt := mode.Opt
				opt.Store = sk.make(g)
				if x := explore.New(g, opt); x.Err() != nil {
					t.Skipf("not available: %v", x.Err())
				}
				test(t, g, mode, func() explore.Store { return sk.make(g) })
			})
		}
	}
}

// TestThreadsPlan: the plan says why a search runs on one thread.
func TestThreadsPlan(t *testing.T) {
	g := newTorus(3, 3)
	cases := []struct {
		opt  explore.Options
		want string
	}{
		{explore.Options{Threads: 2, Cycles: true}, "depth-first"},
		{explore.Options{Threads: 2, Strategy: explore.Depth}, "depth-first"},
		{explore.Options{Threads: 2, Store: store.NewComBackStore(g, store.ComBackOptions{DDD: 4})}, "--comback-ddd"},
		{explore.Options{Threads: 2, Store: store.NewComBackStore(g, store.ComBackOptions{Numbers: true})}, "--comback-numbers"},
	}
	for _, c := range cases {
		if c.opt.Store == nil {
			c.opt.Store = store.NewTableStore(2)
		}
		if n, why := explore.New(g, c.opt).Threads(); n != 1 || !strings.Contains(why, c.want) {
			t.Errorf("%+v: %d threads, %q", c.opt, n, why)
		}
	}
	grid := exploretest.NewGraph(2, 0, "a", 1) // no Fork
	if n, why := explore.New(grid, explore.Options{Threads: 2, Store: store.NewTableStore(1)}).Threads(); n != 1 || !strings.Contains(why, "cannot be copied") {
		t.Errorf("a generator without Fork: %d threads, %q", n, why)
	}
	if n, why := explore.New(g, explore.Options{Threads: 4, Store: store.NewTreeStore(2)}).Threads(); n != 4 || why != "" {
		t.Errorf("tree store: %d threads, %q", n, why)
	}
}

// TestPlanErrors: a search that cannot run says why, before it starts.
func TestPlanErrors(t *testing.T) {
	g := newTorus(3, 3)
	bs, _ := store.NewBitstateStore(1<<10, 2)
	hc, _ := store.NewHashCompactStore(32, 1<<10, 0, false)
	cases := []struct {
		opt  explore.Options
		want string
	}{
		{explore.Options{}, "Store is nil"},
		{explore.Options{Strategy: explore.Highway, Store: store.NewTableStore(2)}, "todo-max"},
		{explore.Options{Cycles: true, Store: bs}, "cycle detection"},
		{explore.Options{Cycles: true, Store: hc}, "cycle detection"},
	}
	for _, c := range cases {
		x := explore.New(g, c.opt)
		_, err := x.Run()
		if err == nil || !strings.Contains(err.Error(), c.want) || x.Err() != err {
			t.Errorf("%+v: error %v, want %q", c.opt, err, c.want)
		}
	}
}

// TestGeneratorErrorEveryStore: the transitions found before a generator
// error go out, the state stays unfinished, and the error names it.
func TestGeneratorErrorEveryStore(t *testing.T) {
	for _, sk := range storeKinds {
		for _, threads := range []int{1, 2} {
			g := newTorus(5, 5)
			g.fail = 7 // state (1, 2)
			x := explore.New(g, explore.Options{Store: sk.make(g), Threads: threads})
			c := &exploretest.Record{}
			x.AddVisitor(c)
			r, err := x.Run()
			var se *explore.StateError
			if !errors.As(err, &se) || !strings.Contains(err.Error(), "boom") {
				t.Fatalf("%s, %d threads: error %v", sk.name, threads, err)
			}
			if r.Transitions != uint64(len(c.Transitions)) || r.Explored != len(c.Starts)-1 {
				t.Errorf("%s, %d threads: result %+v, %d transitions, %d starts", sk.name, threads, r, len(c.Transitions), len(c.Starts))
			}
		}
	}
}

// lender keeps the vectors it was lent, and a copy of each.
type lender struct {
	explore.NopVisitor
	kept, copies [][]uint32
}

func (l *lender) DiscoverState(_ explore.StateID, v []uint32, _ explore.StateID, _ explore.LabelID) {
	l.kept = append(l.kept, v)
	l.copies = append(l.copies, slices.Clone(v))
}

// TestVectorsAreLent: the vectors passed to DiscoverState are lent for
// the call, with every store: a visitor that keeps one sees it change.
// (This is the contract; a visitor that needs a vector later copies it.)
func TestVectorsAreLent(t *testing.T) {
	for _, sk := range storeKinds[:2] {
		g := newTorus(6, 6)
		x := explore.New(g, explore.Options{Store: sk.make(g)})
		l := &lender{}
		x.AddVisitor(l)
		if _, err := x.Run(); err != nil {
			t.Fatal(err)
		}
		changed := 0
		for i := range l.kept {
			if !slices.Equal(l.kept[i], l.copies[i]) {
				changed++
			}
		}
		if changed == 0 {
			t.Errorf("%s: no kept vector changed: the explorer would be lending vectors it never reuses", sk.name)
		}
	}
}

// backEdges records the back edges of a cycle search and the stack when
// the first is found.
type backEdges struct {
	explore.NopVisitor
	x      *explore.Explorer
	edges  [][2]explore.StateID
	states []explore.StateID
	labels []explore.LabelID
}

func (b *backEdges) BackEdge(from explore.StateID, _ explore.LabelID, to explore.StateID) {
	if b.edges == nil {
		b.states, b.labels = b.x.DFSStack()
	}
	b.edges = append(b.edges, [2]explore.StateID{from, to})
}

// TestCycleSearch: every store reports the same back edges, and the
// stack at the first leads from the initial state to the edge's source.
func TestCycleSearch(t *testing.T) {
	var want [][2]explore.StateID
	for _, sk := range storeKinds {
		g := newTorus(4, 5)
		x := explore.New(g, explore.Options{Store: sk.make(g), Cycles: true})
		b := &backEdges{x: x}
		x.AddVisitor(b)
		if _, err := x.Run(); err != nil {
			t.Fatalf("%s: %v", sk.name, err)
		}
		if len(b.edges) == 0 || b.states[0] != 0 || b.states[len(b.states)-1] != b.edges[0][0] || len(b.labels) != len(b.states)-1 {
			t.Fatalf("%s: back edges %v, stack %v %v", sk.name, b.edges, b.states, b.labels)
		}
		if want == nil {
			want = b.edges
		} else if !slices.Equal(b.edges, want) {
			t.Errorf("%s: back edges %v, table %v", sk.name, b.edges, want)
		}
	}
}

// TestStopWithThreads: Stop from a visitor ends a parallel search after
// the state being expanded, with a consistent result.
func TestStopWithThreads(t *testing.T) {
	g := newTorus(60, 60)
	x := explore.New(g, explore.Options{Store: store.NewTreeStore(2), Threads: 2})
	x.AddVisitor(&stopAfter{x: x, n: 300})
	c := &exploretest.Record{}
	x.AddVisitor(c)
	r, err := x.Run()
	if err != nil || !r.Stopped || r.Explored != 300 || r.Transitions != uint64(len(c.Transitions)) {
		t.Errorf("result %+v, %v", r, err)
	}
	if x.QueueBytes() <= 0 || x.Level() == 0 {
		t.Errorf("queue bytes %d, level %d", x.QueueBytes(), x.Level())
	}
}

// TestInitialStateErrors: a generator whose initial state is wrong.
func TestInitialStateErrors(t *testing.T) {
	bad := &badInitial{torus: newTorus(2, 2)}
	_, err := explore.New(bad, explore.Options{Store: store.NewTableStore(2)}).Run()
	if err == nil || !strings.Contains(err.Error(), "initial state has 1 values, want 2") {
		t.Errorf("error %v", err)
	}
}

type badInitial struct{ *torus }

func (g *badInitial) Initial(dst []uint32) ([]uint32, error) { return append(dst, 0), nil }

func ExampleExplorer_Threads() {
	g := newTorus(3, 3)
	x := explore.New(g, explore.Options{Store: store.NewTableStore(2), Threads: 2, Strategy: explore.Depth})
	n, why := x.Threads()
	fmt.Println(n, why)
	// Output: 1 depth-first search (and cycle detection, which is one) expands next a state that the expansion just done found, so no state can be expanded ahead on another thread
}

// coin is a toy stochastic generator: states 0..n-1; "flip" leads to
// i+1 or i+2 (mod n) with probabilities 0 and 1 of a table the test does
// not read, "stay" to i itself; the initial distribution is {0, 1}.
type coin struct {
	n      uint32
	labels *explore.Labels
}

func newCoin(n int) *coin {
	l := explore.NewLabels()
	l.InternString("flip")
	l.InternString("stay")
	return &coin{n: uint32(n), labels: l}
}

func (g *coin) Width() int              { return 1 }
func (g *coin) Labels() *explore.Labels { return g.labels }
func (g *coin) Initial(dst []uint32) ([]uint32, error) {
	return append(dst, 0), nil
}
func (g *coin) InitialDistribution(dst []uint32, probs []explore.ProbabilityID) ([]uint32, []explore.ProbabilityID, error) {
	return append(dst, 0, 1), append(probs, 0, 1), nil
}
func (g *coin) StochasticSuccessors(s []uint32, emit func(explore.LabelID, []uint32, []explore.ProbabilityID)) error {
	emit(1, []uint32{(s[0] + 1) % g.n, (s[0] + 2) % g.n}, []explore.ProbabilityID{0, 1})
	emit(2, []uint32{s[0]}, []explore.ProbabilityID{2})
	return nil
}

// Successors emits the distributions' states one after another, as the
// ComBack store replays them.
func (g *coin) Successors(s []uint32, emit func(explore.LabelID, []uint32)) error {
	return g.StochasticSuccessors(s, func(l explore.LabelID, next []uint32, _ []explore.ProbabilityID) {
		for i := range next {
			emit(l, next[i:i+1])
		}
	})
}

// distributions records the stochastic events as text.
type distributions struct {
	explore.NopVisitor
	events []string
}

func (d *distributions) InitialDistribution(states []explore.StateID, probs []explore.ProbabilityID) {
	d.events = append(d.events, fmt.Sprint("init", states, probs))
}
func (d *distributions) ExamineStochasticTransition(from explore.StateID, l explore.LabelID, to []explore.StateID, probs []explore.ProbabilityID) {
	d.events = append(d.events, fmt.Sprint(from, l, to, probs))
}

// TestStochasticEveryStore: a stochastic search gives the same
// distributions with every store that takes part, in every strategy;
// plain visitors see the first state of each distribution.
func TestStochasticEveryStore(t *testing.T) {
	for _, mode := range searchModes {
		var want []string
		for _, sk := range storeKinds {
			g := newCoin(9)
			opt := mode.Opt
			opt.Store = sk.make(g)
			x := explore.New(g, opt)
			if x.Err() != nil {
				if !strings.Contains(sk.name, "ddd") && !strings.Contains(sk.name, "numbers") {
					t.Errorf("%s/%s: %v", sk.name, mode.Name, x.Err())
				}
				continue
			}
			d := &distributions{}
			x.AddVisitor(d)
			c := &exploretest.Checker{}
			x.AddVisitor(c)
			r, err := x.Run()
			if err != nil || c.Err != nil {
				t.Fatalf("%s/%s: %v %v", sk.name, mode.Name, err, c.Err)
			}
			if uint64(len(d.events)-1) != r.Transitions || c.Transitions != int(r.Transitions) {
				t.Errorf("%s/%s: %d distributions, %d plain events, result %+v", sk.name, mode.Name, len(d.events)-1, c.Transitions, r)
			}
			if want == nil {
				want = d.events
			} else if !slices.Equal(d.events, want) {
				t.Errorf("%s/%s: events\n%v\nwant\n%v", sk.name, mode.Name, d.events, want)
			}
		}
	}
}

// TestSweepLine: the sweep-line search through the one step. On the
// torus, with i+j as measure, the "right" and "up" steps keep progress
// except where they wrap around, and "home" regresses: every regress
// destination starts a sweep, the states forgotten and met again get new
// numbers, and the search ends when a sweep finds no new destination.
// With the first coordinate of the grid (which never decreases) the
// search is a plain state space search: same states and transitions.
func TestSweepLine(t *testing.T) {
	grid := exploretest.NewGrid(20, 30)
	first := func(v []uint32) (explore.ProgressValue, error) { return explore.IntProgressValue(int64(v[0])), nil }
	want, _ := exploretest.Run(t, grid, explore.Options{})
	got, c := exploretest.Run(t, grid, explore.Options{Strategy: explore.Sweep, Store: store.NewSweepStore(2, first)})
	if got.States != want.States || got.Transitions != want.Transitions || c.Finished != want.Explored {
		t.Errorf("monotone measure: %+v, want %+v", got, want)
	}
	sum := func(v []uint32) (explore.ProgressValue, error) {
		return explore.IntProgressValue(int64(v[0] + v[1])), nil
	}
	g := newTorus(7, 5)
	full, _ := exploretest.Run(t, g, explore.Options{})
	st := store.NewSweepStore(2, sum)
	r, _ := exploretest.Run(t, g, explore.Options{Strategy: explore.Sweep, Store: st})
	stats := st.Stats()
	if r.States < full.States || stats.Sweeps < 2 || stats.RegressEdges == 0 || r.Explored != r.States {
		t.Errorf("regressing measure: %+v, %+v (full: %+v)", r, stats, full)
	}
	if n, why := explore.New(g, explore.Options{Strategy: explore.Sweep, Store: st, Threads: 2}).Threads(); n != 2 || why != "" {
		t.Errorf("sweep with threads: %d, %q", n, why)
	}
}

// TestSweepLineErrors: without a sweep store, or with a stochastic model,
// the search cannot run; a measure that fails ends the search as a
// failure of the state whose successor it could not measure.
func TestSweepLineErrors(t *testing.T) {
	g := newTorus(4, 4)
	if err := explore.New(g, explore.Options{Strategy: explore.Sweep, Store: store.NewTableStore(2)}).Err(); !errors.Is(err, explore.ErrSweepStore) {
		t.Errorf("table store: %v", err)
	}
	zero := func([]uint32) (explore.ProgressValue, error) { return explore.IntProgressValue(0), nil }
	if err := explore.New(newCoin(3), explore.Options{Strategy: explore.Sweep, Store: store.NewSweepStore(1, zero)}).Err(); !errors.Is(err, explore.ErrSweepStore) {
		t.Errorf("stochastic: %v", err)
	}
	failing := func(v []uint32) (explore.ProgressValue, error) {
		if v[0] == 2 {
			return explore.ProgressValue{}, errors.New("no number")
		}
		return explore.IntProgressValue(int64(v[0])), nil
	}
	_, err := explore.New(g, explore.Options{Strategy: explore.Sweep, Store: store.NewSweepStore(2, failing)}).Run()
	var se *explore.StateError
	if !errors.As(err, &se) || !strings.Contains(err.Error(), "progress measure: no number") {
		t.Errorf("failing measure: %v", err)
	}
	if s := explore.Sweep.String(); s != "sweep" {
		t.Errorf("Sweep.String() = %q", s)
	}
}

// appending is a generator that writes its targets into the batch
// itself (explore.VectorAppender), from its Successors, with the mask of
// the values each changed.
type appending struct {
	explore.Generator
	calls *int
}

func (a appending) AppendSuccessors(state []uint32, to explore.Targets, emit func()) error {
	*a.calls++
	return a.Generator.Successors(state, func(l explore.LabelID, next []uint32) {
		*to.Vecs = append(*to.Vecs, next...)
		*to.Labels = append(*to.Labels, l)
		var written uint64
		for i := range next {
			if next[i] != state[i] {
				written |= 1 << min(i, 63)
			}
		}
		*to.Written = append(*to.Written, written)
		if emit != nil {
			emit()
		}
	})
}

// TestVectorAppenderEveryMode: a generator that appends its targets to
// the batch gives the events of its Successors, in every store and mode
// (state limits inside an expansion, cycles and checks included), and
// the explorer uses AppendSuccessors for it.
func TestVectorAppenderEveryMode(t *testing.T) {
	everyStoreEveryMode(t, func(t *testing.T, g *torus, mode exploretest.Mode, newStore func() explore.Store) {
		opt := mode.Opt
		want := &exploretest.Record{}
		opt.Store = newStore()
		r1, _ := exploretest.Run(t, g, opt, want)
		calls := 0
		got := &exploretest.Record{}
		opt.Store = newStore()
		r2, _ := exploretest.Run(t, appending{g, &calls}, opt, got)
		if r1 != r2 || !slices.Equal(want.Transitions, got.Transitions) || !slices.Equal(want.Starts, got.Starts) {
			t.Fatalf("with AppendSuccessors %+v, with Successors %+v, or the events differ", r2, r1)
		}
		if calls == 0 {
			t.Error("AppendSuccessors was never called")
		}
	})
}
