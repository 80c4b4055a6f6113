package explore

import (
	"errors"
	"fmt"
)

// graphGen is an explicit graph: state i (a vector [i]) has the transitions
// edges[i]. Labels are interned up front.
type graphGen struct {
	labels *Labels
	edges  [][]gedge
	fail   int // Successors fails on this state if >= 0
}

type gedge struct {
	label LabelID
	to    uint32
}

// newGraph builds a graph from "from label to" triples.
func newGraph(n int, triples ...any) *graphGen {
	g := &graphGen{labels: NewLabels(), edges: make([][]gedge, n), fail: -1}
	for i := 0; i+2 < len(triples); i += 3 {
		from := triples[i].(int)
		l := g.labels.InternString(triples[i+1].(string))
		to := triples[i+2].(int)
		g.edges[from] = append(g.edges[from], gedge{l, uint32(to)})
	}
	return g
}

func (g *graphGen) Width() int      { return 1 }
func (g *graphGen) Labels() *Labels { return g.labels }
func (g *graphGen) Initial(dst []uint32) ([]uint32, error) {
	return append(dst, 0), nil
}

func (g *graphGen) Successors(s []uint32, emit func(LabelID, []uint32)) error {
	if int(s[0]) == g.fail {
		return errors.New("boom")
	}
	buf := make([]uint32, 1)
	for _, e := range g.edges[s[0]] {
		buf[0] = e.to
		emit(e.label, buf)
	}
	return nil
}

// gridGen is the n x m grid with "right" and "up" moves; state (x, y).
type gridGen struct {
	n, m      uint32
	labels    *Labels
	right, up LabelID
	next      [2]uint32
}

func newGrid(n, m int) *gridGen {
	g := &gridGen{n: uint32(n), m: uint32(m), labels: NewLabels()}
	g.right = g.labels.InternString("right")
	g.up = g.labels.InternString("up(1, true)")
	return g
}

func (g *gridGen) Width() int      { return 2 }
func (g *gridGen) Labels() *Labels { return g.labels }
func (g *gridGen) Initial(dst []uint32) ([]uint32, error) {
	return append(dst, 0, 0), nil
}

func (g *gridGen) Successors(s []uint32, emit func(LabelID, []uint32)) error {
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

// counter counts events and checks the visitor contract.
type counter struct {
	discovered, started, finished int
	transitions                   int
	inState                       bool
	cur                           StateID
	err                           error
}

func (c *counter) fail(format string, args ...any) {
	if c.err == nil {
		c.err = fmt.Errorf(format, args...)
	}
}

func (c *counter) DiscoverState(s StateID, _ []uint32, _ StateID, _ LabelID) {
	if int(s) != c.discovered {
		c.fail("discovered %d, want %d", s, c.discovered)
	}
	c.discovered++
}
func (c *counter) StartState(s StateID, _ []uint32) {
	if c.inState {
		c.fail("StartState(%d) inside state %d", s, c.cur)
	}
	c.inState, c.cur = true, s
	c.started++
}
func (c *counter) ExamineTransition(from StateID, _ LabelID, to StateID) {
	if !c.inState || from != c.cur {
		c.fail("transition from %d outside its state", from)
	}
	if int(to) >= c.discovered {
		c.fail("transition to undiscovered %d", to)
	}
	c.transitions++
}
func (c *counter) FinishState(s StateID) {
	if !c.inState || s != c.cur {
		c.fail("FinishState(%d) without StartState", s)
	}
	c.inState = false
	c.finished++
}
