// Package exploretest has small generators and an event checker for the
// tests of the search engine and of the stores: an explicit graph, a grid,
// and a visitor that checks the event contract of explore.Visitor.
package exploretest

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/visitor"
)

// Graph is an explicit graph: state i (a vector [i]) has the transitions
// edges[i]. Labels are interned up front.
type Graph struct {
	labels *explore.Labels
	Edges  [][]Edge
	Fail   int // Successors fails on this state if >= 0
}

type Edge struct {
	label explore.LabelID
	to    uint32
}

// NewGraph builds a graph from "from label to" triples.
func NewGraph(n int, triples ...any) *Graph {
	g := &Graph{labels: explore.NewLabels(), Edges: make([][]Edge, n), Fail: -1}
	for i := 0; i+2 < len(triples); i += 3 {
		from := triples[i].(int)
		l := g.labels.InternString(triples[i+1].(string))
		to := triples[i+2].(int)
		g.Edges[from] = append(g.Edges[from], Edge{l, uint32(to)})
	}
	return g
}

func (g *Graph) Width() int              { return 1 }
func (g *Graph) Labels() *explore.Labels { return g.labels }
func (g *Graph) Initial(dst []uint32) ([]uint32, error) {
	return append(dst, 0), nil
}

func (g *Graph) Successors(s []uint32, emit func(explore.LabelID, []uint32)) error {
	if int(s[0]) == g.Fail {
		return errors.New("boom")
	}
	buf := make([]uint32, 1)
	for _, e := range g.Edges[s[0]] {
		buf[0] = e.to
		emit(e.label, buf)
	}
	return nil
}

// Grid is the n x m grid with "right" and "up" moves; state (x, y).
type Grid struct {
	n, m      uint32
	labels    *explore.Labels
	right, up explore.LabelID
	next      [2]uint32
}

func NewGrid(n, m int) *Grid {
	g := &Grid{n: uint32(n), m: uint32(m), labels: explore.NewLabels()}
	g.right = g.labels.InternString("right")
	g.up = g.labels.InternString("up(1, true)")
	return g
}

// Fork returns a grid with scratch space of its own (explore.Forker).
func (g *Grid) Fork() explore.Generator {
	f := *g
	return &f
}

func (g *Grid) Width() int              { return 2 }
func (g *Grid) Labels() *explore.Labels { return g.labels }
func (g *Grid) Initial(dst []uint32) ([]uint32, error) {
	return append(dst, 0, 0), nil
}

func (g *Grid) Successors(s []uint32, emit func(explore.LabelID, []uint32)) error {
	// A scratch vector in the generator: a local array would escape
	// through emit and cost an allocation per state.
	next := g.next[:]
	if s[0]+1 < g.n {
		next[0], next[1] = s[0]+1, s[1]
		emit(g.right, next)
	}
	if s[1]+1 < g.m {
		next[0], next[1] = s[0], s[1]+1
		emit(g.up, next)
	}
	return nil
}

// Checker counts events and checks the visitor contract.
type Checker struct {
	Discovered, Started, Finished int
	Transitions                   int
	// Err is the first violation of the contract, nil if none.
	Err     error
	inState bool
	cur     explore.StateID
}

func (c *Checker) fail(format string, args ...any) {
	if c.Err == nil {
		c.Err = fmt.Errorf(format, args...)
	}
}

func (c *Checker) DiscoverState(s explore.StateID, _ []uint32, _ explore.StateID, _ explore.LabelID) {
	if int(s) != c.Discovered {
		c.fail("discovered %d, want %d", s, c.Discovered)
	}
	c.Discovered++
}
func (c *Checker) StartState(s explore.StateID, _ []uint32) {
	if c.inState {
		c.fail("StartState(%d) inside state %d", s, c.cur)
	}
	c.inState, c.cur = true, s
	c.Started++
}
func (c *Checker) ExamineTransition(from explore.StateID, _ explore.LabelID, to explore.StateID) {
	if !c.inState || from != c.cur {
		c.fail("transition from %d outside its state", from)
	}
	if int(to) >= c.Discovered {
		c.fail("transition to undiscovered %d", to)
	}
	c.Transitions++
}
func (c *Checker) FinishState(s explore.StateID) {
	if !c.inState || s != c.cur {
		c.fail("FinishState(%d) without StartState", s)
	}
	c.inState = false
	c.Finished++
}

// Run explores gen with a Checker and the visitors vs, and fails the test
// when the search fails, the event contract is broken, or the events
// disagree with the Result.
//
// Without a store in opt, the search uses a MapStore.
func Run(t testing.TB, gen explore.Generator, opt explore.Options, vs ...explore.Visitor) (explore.Result, *Checker) {
	t.Helper()
	x := explore.New(gen, WithStore(opt))
	c := &Checker{}
	x.AddVisitor(c)
	for _, v := range vs {
		x.AddVisitor(v)
	}
	r, err := x.Run()
	if err != nil {
		t.Fatal(err)
	}
	if c.Err != nil {
		t.Fatal(c.Err)
	}
	if c.Discovered != r.States || uint64(c.Transitions) != r.Transitions || c.Finished != r.Explored {
		t.Fatalf("events %+v disagree with result %+v", c, r)
	}
	return r, c
}

// Record records every event, for comparing a store with the default one.
type Record struct {
	explore.NopVisitor
	Transitions [][3]uint32
	Discovered  [][]uint32
	Starts      []explore.StateID
}

func (r *Record) DiscoverState(s explore.StateID, v []uint32, _ explore.StateID, _ explore.LabelID) {
	r.Discovered = append(r.Discovered, slices.Clone(v))
}
func (r *Record) StartState(s explore.StateID, _ []uint32) { r.Starts = append(r.Starts, s) }
func (r *Record) ExamineTransition(from explore.StateID, l explore.LabelID, to explore.StateID) {
	r.Transitions = append(r.Transitions, [3]uint32{uint32(from), uint32(l), uint32(to)})
}

// SameAsReference runs gen with store and with a MapStore and wants the
// same events, state numbers included.
func SameAsReference(t testing.TB, gen explore.Generator, opt explore.Options, store explore.Store) explore.Result {
	t.Helper()
	want := &Record{}
	opt.Store = nil
	r1, _ := Run(t, gen, opt, want)
	got := &Record{}
	opt.Store = store
	r2, _ := Run(t, gen, opt, got)
	if r1 != r2 {
		t.Fatalf("reference %+v, %T %+v", r1, store, r2)
	}
	if !slices.Equal(want.Transitions, got.Transitions) || !slices.Equal(want.Starts, got.Starts) {
		t.Fatalf("%T: transitions or expansion order differ from the reference store's", store)
	}
	for i := range want.Discovered {
		if !slices.Equal(want.Discovered[i], got.Discovered[i]) {
			t.Fatalf("%T: state %d is %v, the reference has %v", store, i, got.Discovered[i], want.Discovered[i])
		}
	}
	return r2
}

// Mode is a named set of search options.
type Mode struct {
	Name string
	Opt  explore.Options
}

// Strategies are the search strategies every visitor and the engine are
// tried with: breadth-first, depth-first, cycle search, and a highway
// search wide enough to keep every state.
var Strategies = []Mode{
	{"breadth", explore.Options{Strategy: explore.Breadth}},
	{"depth", explore.Options{Strategy: explore.Depth}},
	{"cycles", explore.Options{Cycles: true}},
	{"highway-big", explore.Options{Strategy: explore.Highway, TodoMax: 1 << 30, Seed: 1}},
}

// Modes are the search modes every store and generator is tried with:
// each strategy, a highway small enough to drop states, and a state limit.
var Modes = []Mode{
	{"breadth", explore.Options{Strategy: explore.Breadth}},
	{"depth", explore.Options{Strategy: explore.Depth}},
	{"highway", explore.Options{Strategy: explore.Highway, TodoMax: 5, Seed: 3}},
	{"highway-big", explore.Options{Strategy: explore.Highway, TodoMax: 1 << 30, Seed: 1}},
	{"max", explore.Options{MaxStates: 100}},
}

// Aut explores gen with the visitors vs and returns the result and the
// .aut text; the test fails when the search does.
func Aut(t testing.TB, gen explore.Generator, opt explore.Options, vs ...explore.Visitor) (explore.Result, string) {
	t.Helper()
	x := explore.New(gen, WithStore(opt))
	var out strings.Builder
	aw := visitor.NewAutWriter(&out, gen.Labels())
	x.AddVisitor(aw)
	for _, v := range vs {
		x.AddVisitor(v)
	}
	r, err := x.Run()
	if err != nil {
		t.Fatal(err)
	}
	if err := aw.Close(r); err != nil {
		t.Fatal(err)
	}
	return r, out.String()
}

// MapStore is the naive reference store: a Go map from the printed vector
// to its number, and every vector kept. The stores of package store are
// tested against it.
type MapStore struct {
	ids  map[string]explore.StateID
	vecs [][]uint32
}

// NewMapStore returns an empty MapStore.
func NewMapStore() *MapStore { return &MapStore{ids: map[string]explore.StateID{}} }

func (m *MapStore) Insert(v []uint32) (explore.StateID, bool) {
	k := fmt.Sprint(v)
	if id, ok := m.ids[k]; ok {
		return id, false
	}
	id := explore.StateID(len(m.vecs))
	m.ids[k] = id
	m.vecs = append(m.vecs, slices.Clone(v))
	return id, true
}
func (m *MapStore) State(id explore.StateID) []uint32 { return m.vecs[id] }
func (m *MapStore) Len() int                          { return len(m.vecs) }

// WithStore gives opt a MapStore when it has no store.
func WithStore(opt explore.Options) explore.Options {
	if opt.Store == nil {
		opt.Store = NewMapStore()
	}
	return opt
}
