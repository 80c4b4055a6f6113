package store

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/exploretest"
)

// unfolding records a sweep-line search: the vector of every state number
// and the transitions of each number as (label, target vector).
type unfolding struct {
	explore.NopVisitor
	vec   [][]uint32
	succ  map[explore.StateID][]string
	start map[explore.StateID]int
}

func newUnfolding() *unfolding {
	return &unfolding{succ: map[explore.StateID][]string{}, start: map[explore.StateID]int{}}
}

func (u *unfolding) DiscoverState(s explore.StateID, v []uint32, _ explore.StateID, _ explore.LabelID) {
	u.vec = append(u.vec, slices.Clone(v))
}
func (u *unfolding) StartState(s explore.StateID, _ []uint32) { u.start[s]++ }
func (u *unfolding) ExamineTransition(from explore.StateID, l explore.LabelID, to explore.StateID) {
	u.succ[from] = append(u.succ[from], fmt.Sprint(l, u.vec[to]))
}

// checkUnfolding is the oracle of the sweep-line search: every number is
// expanded once, and the map from numbers to vectors is a functional
// bisimulation (each number has exactly the transitions of its vector,
// to numbers of the right vectors) onto the reachable states, all of which
// have a number. The LTS is then strongly bisimilar to the state space.
func checkUnfolding(t *testing.T, gen explore.Generator, u *unfolding) {
	t.Helper()
	seen := map[string]bool{}
	for id, v := range u.vec {
		seen[fmt.Sprint(v)] = true
		if n := u.start[explore.StateID(id)]; n != 1 {
			t.Fatalf("state %d %v expanded %d times", id, v, n)
		}
		var want []string
		gen.Successors(v, func(l explore.LabelID, next []uint32) { want = append(want, fmt.Sprint(l, next)) })
		got := u.succ[explore.StateID(id)]
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("state %d %v has transitions %v, want %v", id, v, got, want)
		}
	}
	// Reachability in the full graph: every state has a number.
	init, _ := gen.Initial(nil)
	todo := [][]uint32{init}
	full := map[string]bool{fmt.Sprint(init): true}
	for len(todo) > 0 {
		v := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		gen.Successors(v, func(_ explore.LabelID, next []uint32) {
			if k := fmt.Sprint(next); !full[k] {
				full[k] = true
				todo = append(todo, slices.Clone(next))
			}
		})
	}
	if !maps.Equal(seen, full) {
		t.Fatalf("%d states numbered, %d reachable", len(seen), len(full))
	}
}

func sweep(t *testing.T, gen explore.Generator, m explore.ProgressMeasure, opt explore.Options) (*SweepStore, *unfolding, explore.Result) {
	t.Helper()
	st := NewSweepStore(gen.Width(), m)
	opt.Strategy, opt.Store = explore.Sweep, st
	u := newUnfolding()
	r, _ := exploretest.Run(t, gen, opt, u)
	return st, u, r
}

func sum(v []uint32) (explore.ProgressValue, error) {
	return explore.IntProgressValue(int64(v[0]) + int64(v[1])), nil
}

// TestSweepMonotone: with a monotone measure (x+y on a grid) the LTS is
// the state space itself, and only two diagonals are held at once.
func TestSweepMonotone(t *testing.T) {
	g := exploretest.NewGrid(60, 50)
	st, u, r := sweep(t, g, sum, explore.Options{})
	checkUnfolding(t, g, u)
	if r.States != 60*50 {
		t.Fatalf("%d states, want %d", r.States, 60*50)
	}
	s := st.Stats()
	if s.Sweeps != 1 || s.RegressEdges != 0 || s.Persistent != 1 {
		t.Errorf("stats %+v, want one sweep, no regress edge, the initial state persistent", s)
	}
	if s.Peak > 2*50+1 {
		t.Errorf("held %d states at once; two diagonals are %d", s.Peak, 2*50)
	}
	t.Log(st.Describe())
}

// TestSweepRegress is the toy graph whose measure goes down and up again:
// 0 -> 1 -> 2 -> 3 -> 1 and 3 -> 4 -> 5, measure 0, 1, 2, 3 on states 0-3
// and 1, 2 again on 4, 5 (and a cycle 5 -> 4). Each regress edge's
// destination is kept and starts a sweep; the search ends when a sweep
// finds no new one.
func TestSweepRegress(t *testing.T) {
	g := exploretest.NewGraph(6,
		0, "a", 1, 1, "b", 2, 2, "c", 3, 3, "back", 1, 3, "d", 4, 4, "e", 5, 5, "f", 4, 5, "g", 0)
	measure := []int64{0, 1, 2, 3, 1, 2}
	m := func(v []uint32) (explore.ProgressValue, error) { return explore.IntProgressValue(measure[v[0]]), nil }
	st, u, r := sweep(t, g, m, explore.Options{})
	checkUnfolding(t, g, u)
	s := st.Stats()
	t.Logf("%d states, %d transitions, %+v", r.States, r.Transitions, s)
	// Sweep 1 (numbers 0-3): 0 1 2 3, where 1 and 2 are forgotten; 3
	// -back-> 1 and 3 -d-> 4 are regress edges to states not held: 1'
	// (4) and 4 (5) become persistent. Sweep 2 from 1' and 4: 1' -> 2'
	// (6), 4 -> 5 (7), 2' -> 3' (8); the regress edges 5 -> 4, 5 -> 0,
	// 3' -> 1' and 3' -> 4 lead to persistent states. No new destination:
	// 9 numbers for 6 states, 2 sweeps, 6 regress edges.
	if r.States != 9 || s.Sweeps != 2 || s.Persistent != 3 || s.RegressEdges != 6 {
		t.Errorf("got %d states and %+v, want 9 states, 2 sweeps, 3 persistent, 6 regress edges", r.States, s)
	}
}

// TestSweepRandom compares the unfolding with the graph on random graphs
// and random (mostly not monotone) measures.
func TestSweepRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for k := range 200 {
		n := 1 + rng.IntN(40)
		var triples []any
		for from := range n {
			for range rng.IntN(4) {
				triples = append(triples, from, fmt.Sprint("l", rng.IntN(3)), rng.IntN(n))
			}
		}
		g := exploretest.NewGraph(n, triples...)
		measure := make([]int64, n)
		for i := range measure {
			measure[i] = int64(rng.IntN(5)) - 2
		}
		m := func(v []uint32) (explore.ProgressValue, error) { return explore.IntProgressValue(measure[v[0]]), nil }
		t.Run(fmt.Sprint(k), func(t *testing.T) {
			_, u, _ := sweep(t, g, m, explore.Options{})
			checkUnfolding(t, g, u)
		})
	}
}

// TestSweepMeasureError: a measure that fails ends the search with an
// error naming the state whose successor it could not measure.
func TestSweepMeasureError(t *testing.T) {
	g := exploretest.NewGrid(10, 10)
	m := func(v []uint32) (explore.ProgressValue, error) {
		if v[0] == 3 && v[1] == 2 {
			return explore.ProgressValue{}, errors.New("no number")
		}
		return sum(v)
	}
	st := NewSweepStore(2, m)
	x := explore.New(g, explore.Options{Strategy: explore.Sweep, Store: st})
	_, err := x.Run()
	var se *explore.StateError
	if !errors.As(err, &se) || err.Error() != fmt.Sprintf("while exploring state %d: progress measure: no number", se.State) {
		t.Fatalf("error %v", err)
	}
	if v := st.State(se.State); v == nil || !(v[0] == 2 && v[1] == 2 || v[0] == 3 && v[1] == 1) {
		t.Errorf("error names state %d %v, a predecessor of (3, 2)", se.State, v)
	}
	// Without a sweep store the search refuses to start.
	if _, err := explore.New(g, explore.Options{Strategy: explore.Sweep, Store: NewTableStore(2)}).Run(); !errors.Is(err, explore.ErrSweepStore) {
		t.Errorf("sweep without its store: %v", err)
	}
}

// TestSweepForgets: State gives back held states and nil for forgotten
// ones; the max-states limit still holds.
func TestSweepForgets(t *testing.T) {
	g := exploretest.NewGrid(30, 30)
	st, u, r := sweep(t, g, sum, explore.Options{MaxStates: 200})
	if !(r.States >= 200 && r.States < 210) {
		t.Errorf("%d states with --max 200", r.States)
	}
	held := 0
	for id, v := range u.vec {
		if got := st.State(explore.StateID(id)); got != nil {
			held++
			if !slices.Equal(got, v) {
				t.Fatalf("State(%d) = %v, want %v", id, got, v)
			}
		}
	}
	if held != st.Stats().Held || held == len(u.vec) {
		t.Errorf("%d of %d states given back, store holds %d", held, len(u.vec), st.Stats().Held)
	}
}

// TestSweepInsertAllocs: inserting a state already held allocates
// nothing (the measure's value is computed, the layer found by it).
func TestSweepInsertAllocs(t *testing.T) {
	st := NewSweepStore(2, sum)
	v := []uint32{0, 0}
	for x := range uint32(30) {
		for y := range uint32(30) {
			v[0], v[1] = x, y
			st.Insert(v)
		}
	}
	st.Advance(explore.IntProgressValue(0))
	v[0], v[1] = 7, 9
	if a := testing.AllocsPerRun(100, func() { st.Insert(v) }); a != 0 {
		t.Errorf("Insert of a held state: %v allocations", a)
	}
}
