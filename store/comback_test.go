package store

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/lps2lts/lps2lts/confluence"
	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/exploretest"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/lpsgen"
)

// TestComBackEqualsTable: ComBack gives exactly the table store's events,
// state numbers included, in every strategy and with every variant.
func TestComBackEqualsTable(t *testing.T) {
	modes := modesAndCycles()
	variants := []ComBackOptions{
		{}, {Cache: 7}, {Cache: 64, PathOpt: true}, {PathOpt: true}, {Numbers: true}, {Numbers: true, Cache: 16, PathOpt: true},
		{DDD: 1}, {DDD: 5}, {DDD: 1000}, {DDD: 50, PathOpt: true}, {DDD: 20, Numbers: true, Cache: 16}, {DDD: 1 << 20, Numbers: true, PathOpt: true},
		{NoHeld: true}, {NoHeld: true, DDD: 5}, {NoHeld: true, Numbers: true, PathOpt: true},
	}
	gens := compactGens(30, 20)
	for _, g := range gens {
		for _, mode := range modes {
			for _, v := range variants {
				t.Run(fmt.Sprintf("%s/%s/%+v", g.name, mode.Name, v), func(t *testing.T) {
					s := NewComBackStore(g.gen(), v)
					exploretest.SameAsReference(t, g.gen(), mode.Opt, s)
					if g.name == "grid" {
						return // breadth-first DDD finds the grid's duplicates within a batch
					}
					if s.Reconstructions == 0 && v.Cache == 0 {
						t.Error("no reconstruction: the test does not exercise ComBack")
					}
					if v.DDD > 0 && s.ddd.Batches == 0 {
						t.Error("no delayed duplicate detection")
					}
				})
			}
		}
	}
}

// torusGen is the n x m torus with moves right, up and a jump back to a
// smaller column: many transitions lead to states stored long ago.
type torusGen struct {
	n, m   uint32
	labels *explore.Labels
	ls     [3]explore.LabelID
	next   [2]uint32
}

func newTorus(n, m int) *torusGen {
	g := &torusGen{n: uint32(n), m: uint32(m), labels: explore.NewLabels()}
	for i, l := range []string{"right", "up", "jump"} {
		g.ls[i] = g.labels.InternString(l)
	}
	return g
}

func (g *torusGen) Width() int              { return 2 }
func (g *torusGen) Labels() *explore.Labels { return g.labels }
func (g *torusGen) Initial(dst []uint32) ([]uint32, error) {
	return append(dst, 0, 0), nil
}

func (g *torusGen) Successors(s []uint32, emit func(explore.LabelID, []uint32)) error {
	next := g.next[:]
	next[0], next[1] = (s[0]+1)%g.n, s[1]
	emit(g.ls[0], next)
	next[0], next[1] = s[0], (s[1]+1)%g.m
	emit(g.ls[1], next)
	if s[0] > 2 {
		next[0], next[1] = s[0]/3, (s[1]*s[0])%g.m
		emit(g.ls[2], next)
	}
	return nil
}

// TestComBackState: State reconstructs every state by replay.
func TestComBackState(t *testing.T) {
	g := exploretest.NewGrid(10, 10)
	s := NewComBackStore(g, ComBackOptions{})
	if _, err := explore.New(g, explore.Options{Store: s, Strategy: explore.Depth}).Run(); err != nil {
		t.Fatal(err)
	}
	a := NewTableStore(2)
	if _, err := explore.New(g, explore.Options{Store: a, Strategy: explore.Depth}).Run(); err != nil {
		t.Fatal(err)
	}
	for id := 0; id < a.Len(); id++ {
		if got, want := s.State(explore.StateID(id)), a.State(explore.StateID(id)); got[0] != want[0] || got[1] != want[1] {
			t.Fatalf("state %d: %v, want %v", id, got, want)
		}
	}
}

func TestPackedArray(t *testing.T) {
	var p packedArray
	var ref []uint64
	for i := 0; i < 5000; i++ {
		v := uint64(i*i) % (1 << (i % 40))
		p.append(v)
		ref = append(ref, v)
		if i%7 == 0 {
			j := i / 2
			w := uint64(i) << 20
			p.set(j, w)
			ref[j] = w
		}
	}
	for i, v := range ref {
		if p.get(i) != v {
			t.Fatalf("%d: %d, want %d", i, p.get(i), v)
		}
	}
}

// TestComBackHeldStates: reconstructions that start from the states the
// search holds (the todo list, the depth-first path) replay fewer
// transitions than those from the initial state, with the same results.
func TestComBackHeldStates(t *testing.T) {
	modes := []exploretest.Mode{{Name: "breadth"}, {Name: "depth", Opt: explore.Options{Strategy: explore.Depth}}, {Name: "cycles", Opt: explore.Options{Cycles: true}}}
	for _, mode := range modes {
		t.Run(mode.Name, func(t *testing.T) {
			run := func(opt ComBackOptions) *ComBackStore {
				s := NewComBackStore(newTorus(23, 17), opt)
				exploretest.SameAsReference(t, newTorus(23, 17), mode.Opt, s)
				return s
			}
			held, basic := run(ComBackOptions{}), run(ComBackOptions{NoHeld: true})
			t.Logf("replayed %d (held hits %d) against %d", held.ReplaySteps, held.HeldHits, basic.ReplaySteps)
			if held.HeldHits == 0 || basic.HeldHits != 0 {
				t.Errorf("held-state hits: %d with, %d without", held.HeldHits, basic.HeldHits)
			}
			if held.ReplaySteps >= basic.ReplaySteps {
				t.Errorf("transitions replayed: %d from held states, %d from the initial state", held.ReplaySteps, basic.ReplaySteps)
			}
		})
	}
}

// TestComBackDDDShares: delayed duplicate detection in breadth-first
// search groups reconstructions, so it replays fewer transitions than
// basic ComBack, and a larger batch fewer than a smaller one.
func TestComBackDDDShares(t *testing.T) {
	replay := func(opt ComBackOptions) uint64 {
		s := NewComBackStore(newTorus(23, 17), opt)
		exploretest.SameAsReference(t, newTorus(23, 17), explore.Options{}, s)
		return s.ReplaySteps
	}
	basic, small, big := replay(ComBackOptions{}), replay(ComBackOptions{DDD: 4}), replay(ComBackOptions{DDD: 1000})
	if !(big < small && small < basic) {
		t.Errorf("transitions replayed: basic %d, DDD 4 %d, DDD 1000 %d", basic, small, big)
	}
}

// TestComBackReplaysSingleTransitions: with an LPS generator the backedges
// hold transition keys and each replay step computes one summand's
// transition; results still equal the table store's in every variant.
func TestComBackReplaysSingleTransitions(t *testing.T) {
	for _, file := range []string{"abp.lps", "dining3.lps"} {
		spec, err := load.File(filepath.Join("..", "examples", file))
		if err != nil {
			t.Fatal(err) // the repository ships it: it must parse
		}
		gen := func() explore.Generator {
			g, err := lpsgen.New(spec, lpsgen.Options{Cached: true})
			if err != nil {
				t.Fatal(err)
			}
			return g
		}
		variants := []ComBackOptions{{}, {PathOpt: true}, {Numbers: true}, {DDD: 3}, {DDD: 100, Numbers: true}, {Cache: 5, Numbers: true, DDD: 2}}
		for _, mode := range exploretest.Modes {
			for _, v := range variants {
				t.Run(fmt.Sprintf("%s/%s/%+v", file, mode.Name, v), func(t *testing.T) {
					g := gen()
					s := NewComBackStore(g, v)
					opt := mode.Opt
					if opt.MaxStates > 0 {
						opt.MaxStates = 30
					}
					exploretest.SameAsReference(t, g, opt, s)
					if s.replayer == nil {
						t.Error("the LPS generator's transition keys are not used")
					}
					if s.Reconstructions == 0 && v.Cache == 0 {
						t.Error("no reconstruction")
					}
				})
			}
		}
	}
}

// queueLPS has sum variables in its regular summands and confluent ctau
// steps, so that ComBack replays keyed transitions of a confluence.Generator.
const queueLPS = `sort E = struct e1 | e2;
act  ctau; enq, deq: E;
proc Q(q: List(E), k: Nat) =
       sum e: E. (#q < 2) -> enq(e) . Q(q = e |> q, k = 0)
     + (q != []) -> deq(rhead(q)) . Q(q = rtail(q))
     + (k < 3) -> ctau . Q(k = k + 1)
     + delta;
init Q([], 0);
`

// TestConfluentComBack: ComBack over a confluence.Generator gives the
// default store's events: a transition key names the regular transition,
// and replaying it leads to the representative of its target, as
// Successors does.
func TestConfluentComBack(t *testing.T) {
	spec, err := load.Text("queue.lps", []byte(queueLPS))
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range exploretest.Modes {
		for _, v := range []ComBackOptions{{NoHeld: true}, {DDD: 3, NoHeld: true}} {
			g, err := lpsgen.New(spec, lpsgen.Options{})
			if err != nil {
				t.Fatal(err)
			}
			c, err := confluence.New(g, "ctau")
			if err != nil {
				t.Fatal(err)
			}
			s := NewComBackStore(c, v)
			exploretest.SameAsReference(t, c, mode.Opt, s)
			if s.replayer == nil || s.Reconstructions == 0 {
				t.Errorf("%s %+v: keys used %v, %d reconstructions", mode.Name, v, s.replayer != nil, s.Reconstructions)
			}
		}
	}
}
