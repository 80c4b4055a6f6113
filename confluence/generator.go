package confluence

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/rewrite"
)

// Generator is an lpsgen.Generator with on-the-fly confluence reduction
// (Wesselink, "State Space Exploration", §9,
// Algorithm 17; mCRL2's lps2lts -c). Its summands are split once, at
// construction: those whose multi-action is the single action named Action
// (with any arguments; for the name "tau", the empty multi-action) are
// confluent, the others regular. Every state it hands out — the initial
// state and every successor — is replaced by its representative: the least
// state, under a fixed total order, of the terminal strongly connected
// component of confluent steps reachable from it (Finder). Successors
// generates the transitions of the regular summands only, so confluent
// steps never appear in the output. The reduced LTS is branching bisimilar
// to the full one when the confluent summands are indeed τ-confluent (Blom
// and van de Pol, "State space reduction by proving confluence", CAV
// 2002); marking them is the user's claim, as in mCRL2.
//
// The order that picks the representative compares states parameter by
// parameter by the printed form of the values (shorter first, then
// bytewise), so it does not depend on the order in which terms were
// interned, and runs are reproducible. A representative r satisfies
// Representative(r) = r in any graph (r lies in a terminal component, and
// only that component is reachable from it), so the result is a function of
// the state alone, whatever the search order.
//
// Timed and stochastic processes are refused: with time the representative
// would have to respect time stamps, and mCRL2 applies no reduction to
// stochastic states.
type Generator struct {
	lpsgen.Passthrough
	base      *lpsgen.Generator // the generator taken over, which Fork forks
	regular   *lpsgen.Generator // a view over the regular summands
	confluent *lpsgen.Generator // a view over the confluent summands
	action    string

	finder Finder
	graph  *VectorGraph
	order  termOrder

	// The regular transitions of the state being expanded, buffered so
	// that the representative search (which runs the generator again)
	// never runs inside the generator's own emit.
	bufLabels []explore.LabelID
	bufNext   []uint32
	collect   func(explore.LabelID, []uint32)
	// The portable names of the buffered transitions, one after another,
	// each ending at its entry of bufNameEnds (only after
	// KeepTransitionKeys; TransitionKey and AppendPortableKey), the
	// transition being emitted, and ReplayTransition's buffer.
	keys        bool
	bufNames    []uint32
	bufNameEnds []int
	cur         int
	replayBuf   []uint32

	stats Stats
	// forks are the generators Fork made, for their statistics.
	forks []*Generator
}

// Stats counts the work of the representative searches.
type Stats struct {
	Searches int    // representative searches (one per state handed out)
	Visited  uint64 // states visited by those searches, roots included
	Moved    int    // searches whose representative differs from the root
}

// IsConfluentAction says whether a summand with these actions is confluent
// for the confluence action name: the single action called name (any
// arguments), or for name "tau" the empty multi-action (mCRL2's
// explorer::is_confluent_tau).
func IsConfluentAction(actions []lps.Action, name string) bool {
	switch len(actions) {
	case 0:
		return name == "tau"
	case 1:
		return actions[0].Decl.Name == name
	}
	return false
}

// New splits the summands of g into confluent and regular ones for the
// confluence action name and returns the reducing generator. It takes g
// over: g must not be used on its own afterwards.
func New(g *lpsgen.Generator, name string) (*Generator, error) {
	spec := g.Spec()
	if spec.InitDist != nil {
		return nil, fmt.Errorf("%s: the initial state has a distribution (dist): confluence reduction (-c) is not supported for stochastic specifications", spec.File)
	}
	for i, s := range spec.Summands {
		if s.Time != nil {
			return nil, fmt.Errorf("%s: summand %d has a time tag (@): confluence reduction (-c) is not supported for timed specifications", lps.At(spec.File, s.Pos), i+1)
		}
		if s.Dist != nil {
			return nil, fmt.Errorf("%s: summand %d has a distribution (dist): confluence reduction (-c) is not supported for stochastic specifications", lps.At(spec.File, s.Pos), i+1)
		}
	}
	return split(g, name), nil
}

// split makes the reducing generator over g: its views of the regular
// and the confluent summands, and the scratch space of the
// representative search.
func split(g *lpsgen.Generator, name string) *Generator {
	isConfluent := func(s *lps.Summand) bool { return IsConfluentAction(s.Actions, name) }
	c := &Generator{
		base:      g,
		regular:   g.Restrict(func(s *lps.Summand) bool { return !isConfluent(s) }),
		confluent: g.Restrict(isConfluent),
		action:    name,
	}
	c.Passthrough = lpsgen.Passthrough{Base: c.regular}
	c.order.r = g.Rewriter()
	c.graph = NewVectorGraph(g.Width(), c.confluent.Targets, c.order.compare)
	c.collect = func(l explore.LabelID, next []uint32) {
		c.bufLabels = append(c.bufLabels, l)
		c.bufNext = append(c.bufNext, next...)
		// The name now: by the time the transition is emitted, the
		// representative search has run the generator again.
		if c.keys {
			c.bufNames = c.regular.AppendPortableKey(c.bufNames)
			c.bufNameEnds = append(c.bufNameEnds, len(c.bufNames))
		}
	}
	return c
}

// Action is the confluence action name.
func (c *Generator) Action() string { return c.action }

// ConfluentSummands is the number of (non-delta) summands marked confluent.
func (c *Generator) ConfluentSummands() int { return c.confluent.Summands() }

// Stats reports the work of the representative searches so far, its
// forks' included.
func (c *Generator) Stats() Stats {
	s := c.stats
	for _, f := range c.forks {
		fs := f.Stats()
		s.Searches += fs.Searches
		s.Visited += fs.Visited
		s.Moved += fs.Moved
	}
	return s
}

// representative returns the representative of state; the result is valid
// until the next call.
func (c *Generator) representative(state []uint32) ([]uint32, error) {
	if c.confluent.Summands() == 0 {
		return state, nil
	}
	rep, err := c.graph.Representative(&c.finder, state)
	c.stats.Searches++
	c.stats.Visited += uint64(c.graph.Nodes())
	if err != nil {
		return nil, fmt.Errorf("following confluent %s steps: %w", c.action, err)
	}
	if !slices.Equal(rep, state) {
		c.stats.Moved++
	}
	return rep, nil
}

// Initial returns the representative of the initial state.
func (c *Generator) Initial(dst []uint32) ([]uint32, error) {
	init, err := c.regular.Initial(nil)
	if err != nil {
		return dst, err
	}
	rep, err := c.representative(init)
	if err != nil {
		return dst, fmt.Errorf("initial state: %w", err)
	}
	return append(dst, rep...), nil
}

// Successors emits the transitions of the regular summands of state, each
// to the representative of its target.
func (c *Generator) Successors(state []uint32, emit func(explore.LabelID, []uint32)) error {
	c.bufLabels, c.bufNext = c.bufLabels[:0], c.bufNext[:0]
	c.bufNames, c.bufNameEnds = c.bufNames[:0], c.bufNameEnds[:0]
	if err := c.regular.Successors(state, c.collect); err != nil {
		return err
	}
	w := c.Width()
	for i, l := range c.bufLabels {
		rep, err := c.representative(c.bufNext[i*w : (i+1)*w])
		if err != nil {
			return err
		}
		c.cur = i
		emit(l, rep)
	}
	return nil
}

// KeepTransitionKeys makes Successors record the key of each regular
// transition (TransitionReplayer); without it no key is computed.
func (c *Generator) KeepTransitionKeys() { c.keys = true }

// TransitionKey is the key of the regular transition being emitted
// (TransitionReplayer); its target is replaced by its representative.
func (c *Generator) TransitionKey() uint64 {
	if !c.keys {
		panic("confluence: TransitionKey without KeepTransitionKeys")
	}
	return c.regular.KeyOfPortable(c.name(c.cur))
}

// name is the portable name of buffered transition i.
func (c *Generator) name(i int) []uint32 {
	start := 0
	if i > 0 {
		start = c.bufNameEnds[i-1]
	}
	return c.bufNames[start:c.bufNameEnds[i]]
}

// ReplayTransition replays the regular transition with that key and emits
// it to the representative of its target, as Successors does.
func (c *Generator) ReplayTransition(state []uint32, key uint64, emit func(explore.LabelID, []uint32)) error {
	found := false
	var label explore.LabelID
	err := c.regular.ReplayTransition(state, key, func(l explore.LabelID, next []uint32) {
		c.replayBuf = append(c.replayBuf[:0], next...)
		label, found = l, true
	})
	if err != nil || !found {
		return err
	}
	// A replay is not a search of the exploration: keep the statistics.
	stats := c.stats
	rep, err := c.representative(c.replayBuf)
	c.stats = stats
	if err != nil {
		return err
	}
	emit(label, rep)
	return nil
}

// termOrder is the fixed total order on state vectors that picks the
// representative: parameter by parameter, values compare by their printed
// form, shorter first, then bytewise (so natural numbers compare
// numerically). Printed forms are cached per term id; only states of
// non-trivial terminal components are ever compared.
type termOrder struct {
	r     *rewrite.Rewriter
	spans []printSpan // by term id; end 0 means not printed yet
	text  []byte
}

type printSpan struct{ start, end uint32 }

func (o *termOrder) compare(a, b []uint32) int {
	for i := range a {
		if a[i] == b[i] {
			continue
		}
		pa, pb := o.printed(a[i]), o.printed(b[i])
		if len(pa) != len(pb) {
			if len(pa) < len(pb) {
				return -1
			}
			return 1
		}
		if c := bytes.Compare(pa, pb); c != 0 {
			return c
		}
	}
	return 0
}

func (o *termOrder) printed(t uint32) []byte {
	if int(t) >= len(o.spans) {
		o.spans = append(o.spans, make([]printSpan, int(t)+1-len(o.spans))...)
	}
	sp := o.spans[t]
	if sp.end == 0 {
		start := len(o.text)
		o.text = o.r.AppendString(o.text, rewrite.Term(t))
		sp = printSpan{uint32(start), uint32(len(o.text))}
		o.spans[t] = sp
	}
	return o.text[sp.start:sp.end]
}

// Width is the number of process parameters.
func (c *Generator) Width() int { return c.regular.Width() }

// Labels is the table of labels.
func (c *Generator) Labels() *explore.Labels { return c.regular.Labels() }

// SolutionBytes is the memory of the regular summands' transition-key
// solution tables.
func (c *Generator) SolutionBytes() int { return c.regular.SolutionBytes() }
