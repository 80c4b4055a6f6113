package ltsfile

import (
	"fmt"
	"io"
	"math/big"

	"github.com/lps2lts/lps2lts/aterm"
	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/mcrl2"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/rewrite"
)

// Source is what a writer needs of the search: the generator that made
// the labels and values (a plain lpsgen generator, or the base of a
// stochastic one), and, for state labels, the store holding each state's
// vector (nil for none). The generator must keep its labels' actions
// (lpsgen.Generator.KeepMultiActions) from before the search: NewWriter
// asks for that itself; a caller of WriteTrace asks before the search.
type Source struct {
	Gen   *lpsgen.Generator
	Store explore.Store
	// Width is the number of parameters at the start of each state vector
	// (vectors may carry more, which are no parameters).
	Width int
	// Probability gives the value of a probability id of a stochastic
	// search; nil for a plain one.
	Probability func(explore.ProbabilityID) *big.Rat
	// Timed gives the untimed label and the time of a label of a timed
	// search ("a @ 1"); nil for an untimed one.
	Timed func(explore.LabelID) (explore.LabelID, rewrite.Term, bool)
}

// encoder turns the search's labels and values into terms.
type encoder struct {
	src    Source
	enc    *mcrl2.Encoder
	values *termEncoder
	labels map[explore.LabelID]*aterm.Term
	time   *aterm.Term
	// nodes shares the nodes of the states' trees (@node@, and
	// @single_node@ for one parameter).
	nodes        *nodeCache
	node, single *aterm.Symbol
	// The terms and the symbol that every transition or state writes,
	// made once.
	transitionMark, probTransitionMark, emptyList *aterm.Term
	listCons                                      *aterm.Symbol
}

// newEncoder returns an encoder whose state trees' nodes, when dropped
// from its cache, are forgotten by w.
func newEncoder(src Source, w *aterm.Writer) *encoder {
	enc := mcrl2.NewEncoder(aterm.NewTable())
	tb := enc.T
	return &encoder{src: src, enc: enc, values: newTermEncoder(src.Gen.Rewriter(), enc), labels: map[explore.LabelID]*aterm.Term{}, time: enc.UndefinedTime(),
		nodes: newNodeCache(w.Forget), node: tb.Symbol("@node@", 2), single: tb.Symbol("@single_node@", 1),
		transitionMark: tb.Appl("transition"), probTransitionMark: tb.Appl("probabilistic_transition"),
		emptyList: tb.Appl(aterm.EmptyList), listCons: tb.Symbol(aterm.ListCons, 2)}
}

// label is the multi-action of id: TimedMultAct(actions, time), the
// actions Action(ActId, arguments), the time mCRL2's undefined time
// unless the search is timed.
func (e *encoder) label(id explore.LabelID) (*aterm.Term, error) {
	if t, ok := e.labels[id]; ok {
		return t, nil
	}
	time := e.time
	untimed := id
	if e.src.Timed != nil {
		if base, t, ok := e.src.Timed(id); ok {
			tt, err := e.values.Encode(t)
			if err != nil {
				return nil, err
			}
			untimed, time = base, tt
		}
	}
	acts, ok := e.src.Gen.MultiAction(untimed)
	if !ok {
		return nil, fmt.Errorf("the label %q has no multi-action of the specification (labels of transformed processes cannot be written as .lts)", e.src.Gen.Labels().Text(id))
	}
	tb := e.enc.T
	as := make([]*aterm.Term, len(acts))
	for i, a := range acts {
		args, err := mcrl2.EncodeAll(a.Args, e.values.Encode)
		if err != nil {
			return nil, err
		}
		as[i] = tb.Appl("Action", e.enc.ActID(a.Decl), tb.List(args...))
	}
	t := tb.Appl("TimedMultAct", tb.List(as...), time)
	e.labels[id] = t
	return t, nil
}

// stateLabel is the label of a state: the list of one balanced tree of
// its parameter values, as mCRL2 stores a state (lps::state). The tree's
// nodes come from a bounded cache (nodes), which hands back the nodes it
// drops for the writer to forget.
func (e *encoder) stateLabel(vec []uint32) (*aterm.Term, error) {
	vals := make([]*aterm.Term, len(vec))
	for i, v := range vec {
		t, err := e.values.Encode(rewrite.Term(v))
		if err != nil {
			return nil, err
		}
		vals[i] = t
	}
	var tree *aterm.Term
	switch len(vals) {
	case 0:
		tree = e.enc.T.Appl("@empty@")
	case 1:
		tree = e.nodes.get(e.single, vals[0], nil)
	default:
		tree = e.balanced(vals)
	}
	return &aterm.Term{Sym: e.listCons, Args: []*aterm.Term{tree, e.emptyList}}, nil
}

// balanced builds mCRL2's term_balanced_tree of vals (two or more): the
// first half, rounded up, on the left; a half of one value is the value.
func (e *encoder) balanced(vals []*aterm.Term) *aterm.Term {
	if len(vals) == 1 {
		return vals[0]
	}
	h := (len(vals) + 1) / 2
	return e.nodes.get(e.node, e.balanced(vals[:h]), e.balanced(vals[h:]))
}

// nodeCache shares the inner nodes of state trees between states: the
// parameters that change seldom make subtrees that recur from state to
// state, and a subtree met again is a reference in the file instead of
// its nodes. It holds at most len(ring) nodes, dropping the oldest, so
// that its memory does not grow with the state space; dropped nodes go
// to forget (the writer's memory of them).
type nodeCache struct {
	m      map[[2]*aterm.Term]*aterm.Term
	ring   [][2]*aterm.Term
	next   int
	forget func(*aterm.Term)
}

// maxCachedNodes bounds the node cache (a few megabytes).
const maxCachedNodes = 1 << 13

func newNodeCache(forget func(*aterm.Term)) *nodeCache {
	return &nodeCache{m: map[[2]*aterm.Term]*aterm.Term{}, ring: make([][2]*aterm.Term, maxCachedNodes), forget: forget}
}

// get returns the node sym(l, r) (sym(l) when r is nil).
func (c *nodeCache) get(sym *aterm.Symbol, l, r *aterm.Term) *aterm.Term {
	k := [2]*aterm.Term{l, r}
	if t, ok := c.m[k]; ok && t.Sym == sym {
		return t
	}
	if old := c.ring[c.next]; old[0] != nil {
		if t, ok := c.m[old]; ok {
			delete(c.m, old)
			c.forget(t)
		}
	}
	args := []*aterm.Term{l}
	if r != nil {
		args = append(args, r)
	}
	t := &aterm.Term{Sym: sym, Args: args}
	c.m[k] = t
	c.ring[c.next] = k
	c.next = (c.next + 1) % len(c.ring)
	return t
}

// header writes the start of an LTS: the mark, the data specification,
// the process parameters and the action labels.
func (e *encoder) header(w *aterm.Writer) error {
	spec := e.src.Gen.Spec()
	tb := e.enc.T
	sorts, aliases, cons, maps, eqns, err := e.enc.DataSpec(spec)
	if err != nil {
		return fmt.Errorf("the data specification: %w", err)
	}
	w.Write(tb.Appl("labelled_transition_system"))
	for _, part := range [][]*aterm.Term{sorts, aliases, cons, maps, eqns} {
		w.WriteInt(uint64(len(part)))
		for _, t := range part {
			w.Write(t)
		}
	}
	var ps []*aterm.Term
	for _, p := range spec.Params {
		ps = append(ps, e.enc.Var(p.Name, p.S))
	}
	w.Write(tb.List(ps...))
	acts := make([]*aterm.Term, len(spec.Actions))
	for i, a := range spec.Actions {
		acts[i] = e.enc.ActID(a)
	}
	return w.Write(tb.List(acts...))
}

// transition writes a transition from -label-> to.
func (e *encoder) transition(w *aterm.Writer, from explore.StateID, label explore.LabelID, to explore.StateID) error {
	l, err := e.label(label)
	if err != nil {
		return err
	}
	w.Write(e.transitionMark)
	w.WriteInt(uint64(from))
	if err := w.Write(l); err != nil {
		return err // a term the writer rejects is not kept in its error
	}
	return w.WriteInt(uint64(to))
}

// distribution writes a probabilistic state: the number of its states,
// then each state and its probability; a single state without one.
func (e *encoder) distribution(w *aterm.Writer, to []explore.StateID, probs []explore.ProbabilityID) error {
	if len(to) == 1 {
		w.WriteInt(1)
		return w.WriteInt(uint64(to[0]))
	}
	w.WriteInt(uint64(len(to)))
	for k, s := range to {
		p, err := e.enc.Number(e.realSort(), e.src.Probability(probs[k]))
		if err != nil {
			return err
		}
		w.WriteInt(uint64(s))
		w.Write(p)
	}
	return nil
}

// realSort is the sort Real of the specification.
func (e *encoder) realSort() *lps.Sort { return e.src.Gen.Spec().SortTable.Real }

// Writer writes the LTS of a search in mCRL2's .lts format (see the package
// documentation) while the search runs: the header when it is made, each
// transition as the search examines it, and at Close the state labels
// (from the store) and the initial state.
type Writer struct {
	explore.NopVisitor
	e *encoder
	w *aterm.Writer
	// NoInfo leaves the state labels out (mCRL2's --no-info).
	NoInfo bool
	init   []explore.StateID
	probs  []explore.ProbabilityID
	n      uint64
	err    error
}

// NewWriter writes the header of an LTS to out and returns the writer of
// the rest.
func NewWriter(out io.Writer, src Source) (*Writer, error) {
	src.Gen.KeepMultiActions()
	w := aterm.NewWriter(out)
	e := newEncoder(src, w)
	if err := e.header(w); err != nil {
		return nil, err
	}
	return &Writer{e: e, w: w, init: []explore.StateID{0}}, nil
}

func (l *Writer) ExamineTransition(from explore.StateID, label explore.LabelID, to explore.StateID) {
	l.n++
	if l.err == nil {
		l.err = l.e.transition(l.w, from, label, to)
	}
}

// InitialDistribution records the initial distribution of a stochastic
// search (explore.StochasticVisitor).
func (l *Writer) InitialDistribution(states []explore.StateID, probs []explore.ProbabilityID) {
	l.init = append(l.init[:0], states...)
	l.probs = append(l.probs[:0], probs...)
}

// ExamineStochasticTransition writes a transition to a distribution
// (explore.StochasticVisitor); one to a single state is a plain one.
func (l *Writer) ExamineStochasticTransition(from explore.StateID, label explore.LabelID, to []explore.StateID, probs []explore.ProbabilityID) {
	l.n++
	if l.err != nil {
		return
	}
	if len(to) == 1 {
		l.err = l.e.transition(l.w, from, label, to[0])
		return
	}
	lt, err := l.e.label(label)
	if err != nil {
		l.err = err
		return
	}
	l.w.Write(l.e.probTransitionMark)
	l.w.WriteInt(uint64(from))
	l.w.Write(lt)
	l.err = l.e.distribution(l.w, to, probs)
}

// Close writes the state labels and the initial state and ends the stream.
func (l *Writer) Close(r explore.Result) error {
	if l.err != nil {
		return l.err
	}
	if r.Transitions != l.n {
		return fmt.Errorf("lts writer saw %d transitions, search reports %d", l.n, r.Transitions)
	}
	if !l.NoInfo && l.e.src.Store != nil {
		for s := 0; s < r.States; s++ {
			vec := l.e.src.Store.State(explore.StateID(s))[:l.e.src.Width]
			t, err := l.e.stateLabel(vec)
			if err != nil {
				return fmt.Errorf("state %d: %w", s, err)
			}
			if err := l.w.Write(t); err != nil {
				return err
			}
		}
	}
	l.w.Write(l.e.enc.T.Appl("initial_state"))
	if err := l.e.distribution(l.w, l.init, l.probs); err != nil {
		return err
	}
	return l.w.Close()
}
