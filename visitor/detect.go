package visitor

import (
	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/vecset"

	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Reporter is shared by the detectors: where their messages go, the trace
// writer (nil unless traces were asked for), and the explorer to stop when a
// detector has written its maximum number of traces. The messages are
// mCRL2's: "Deadlock found (state index: N).", followed, when a trace was
// saved, by " and saved trace to 'FILE'" before the final period.
type Reporter struct {
	Out      io.Writer
	Traces   *TraceWriter
	Explorer *explore.Explorer
	// Found counts the reports of all detectors.
	Found int
	// traces counts the traces each check has written: the n of the next
	// trace's name and the budget of -t.
	traces [NumChecks]int
	spent  bool
}

// Check names a detector, for its count of traces.
type Check int

// The checks that write traces.
const (
	Deadlock Check = iota
	Action
	Nondeterminism
	Divergence
	Cycle
	NumChecks
)

// report prints msg, saves the trace (its states and labels) under the
// name made by base(n) (n counts check c's traces) if traces are on and
// the check's budget allows, and stops the search when the budget is used
// up.
func (r *Reporter) report(msg string, c Check, base func(n int) string, trace func() ([]explore.StateID, []explore.LabelID)) {
	r.Found++
	var b strings.Builder
	b.WriteString(msg)
	count := &r.traces[c]
	if r.Traces != nil && *count < r.Traces.Max {
		states, labels := trace()
		name, err := r.Traces.Save(base(*count), states, labels)
		*count++
		if err != nil {
			fmt.Fprintf(&b, ", but its trace could not be saved to '%s' (%v)", name, err)
		} else {
			fmt.Fprintf(&b, " and saved trace to '%s'", name)
		}
	}
	b.WriteString(".\n")
	io.WriteString(r.Out, b.String())
	r.spendBudget(*count)
}

// spendBudget stops the search once a check has written count traces of
// a budget of as many.
func (r *Reporter) spendBudget(count int) {
	if r.Traces != nil && r.Traces.Max > 0 && count >= r.Traces.Max {
		r.spent = true
		r.Explorer.Stop()
	}
}

// traceTo is the recorded path to s.
func (r *Reporter) traceTo(s explore.StateID) ([]explore.StateID, []explore.LabelID) {
	return r.Traces.Recorder.Trace(s)
}

// traceVia is the recorded path to s followed by s -l-> to.
func (r *Reporter) traceVia(s explore.StateID, l explore.LabelID, to explore.StateID) ([]explore.StateID, []explore.LabelID) {
	states, labels := r.Traces.Recorder.Trace(s)
	return append(states, to), append(labels, l)
}

func (r *Reporter) prefix() string { return r.Traces.Prefix }

// DeadlockDetector reports states without outgoing transitions (Wesselink, "State Space Exploration",
// §2.1) when they are finished.
type DeadlockDetector struct {
	explore.NopVisitor
	Reporter *Reporter
	has      bool
}

func (d *DeadlockDetector) StartState(explore.StateID, []uint32) { d.has = false }
func (d *DeadlockDetector) ExamineTransition(explore.StateID, explore.LabelID, explore.StateID) {
	d.has = true
}
func (d *DeadlockDetector) FinishState(s explore.StateID) {
	if d.has {
		return
	}
	d.Reporter.report("Deadlock found (state index: "+strconv.Itoa(int(s))+")", Deadlock,
		func(n int) string { return d.Reporter.prefix() + "_dlk_" + strconv.Itoa(n) },
		func() ([]explore.StateID, []explore.LabelID) { return d.Reporter.traceTo(s) })
}

// ActionDetector reports transitions whose multi-action contains an action
// named in Names (-a), or equals one of MultiActions (-m, compared as
// multisets of actions with blanks ignored). It reports every such
// transition, with the index of its source state.
type ActionDetector struct {
	explore.NopVisitor
	Reporter     *Reporter
	Labels       *explore.Labels
	names        map[string]bool
	multi        map[string]bool
	match        []int8 // per label: 0 unknown, 1 match, -1 no match
	matchedMulti []bool
}

// NewActionDetector returns a detector for the given action names and
// printed multi-actions.
func NewActionDetector(r *Reporter, labels *explore.Labels, names, multiActions []string) *ActionDetector {
	d := &ActionDetector{Reporter: r, Labels: labels, names: map[string]bool{}, multi: map[string]bool{}}
	for _, n := range names {
		d.names[strings.TrimSpace(n)] = true
	}
	for _, m := range multiActions {
		d.multi[CanonicalMultiAction(m)] = true
	}
	return d
}

func (d *ActionDetector) matches(l explore.LabelID) bool {
	for int(l) >= len(d.match) {
		d.match = append(d.match, 0)
		d.matchedMulti = append(d.matchedMulti, false)
	}
	if d.match[l] == 0 {
		d.match[l] = -1
		for _, a := range ActionNames(d.Labels.Text(l)) {
			if d.names[a] {
				d.match[l] = 1
			}
		}
		if d.multi[CanonicalMultiAction(d.Labels.Text(l))] {
			d.match[l] = 1
			d.matchedMulti[l] = true
		}
	}
	return d.match[l] > 0
}

func (d *ActionDetector) ExamineTransition(from explore.StateID, l explore.LabelID, to explore.StateID) {
	if !d.matches(l) {
		return
	}
	text := d.Labels.Text(l)
	d.Reporter.report("Action '"+text+"' found (state index: "+strconv.Itoa(int(from))+")", Action,
		func(n int) string {
			name := d.Reporter.prefix() + "_act_" + strconv.Itoa(n)
			if d.matchedMulti[l] {
				name += "_" + fileNamePart(text)
			}
			for _, a := range ActionNames(d.Labels.Text(l)) {
				if d.names[a] {
					name += "_" + a
				}
			}
			return name
		},
		func() ([]explore.StateID, []explore.LabelID) { return d.Reporter.traceVia(from, l, to) })
}

// fileNamePart is a label as part of a file name: '/' (a multi-action's
// data may hold 1/2) would name a folder, and NUL cannot be in a name;
// both become '_'. Long labels are cut so that the name stays within the
// 255 bytes most file systems allow.
func fileNamePart(label string) string {
	b := []byte(label)
	for i, c := range b {
		if c == '/' || c == 0 {
			b[i] = '_'
		}
	}
	if len(b) > 160 {
		b = b[:160]
	}
	return string(b)
}

// NondeterminismDetector reports a state with two outgoing transitions that
// have the same label and different targets, once per such transition.
type NondeterminismDetector struct {
	explore.NopVisitor
	Reporter *Reporter
	seen     map[explore.LabelID]explore.StateID
}

func (d *NondeterminismDetector) StartState(explore.StateID, []uint32) {
	if d.seen == nil {
		d.seen = make(map[explore.LabelID]explore.StateID)
	}
	clear(d.seen)
}

func (d *NondeterminismDetector) ExamineTransition(from explore.StateID, l explore.LabelID, to explore.StateID) {
	t, ok := d.seen[l]
	if !ok {
		d.seen[l] = to
		return
	}
	if t == to {
		return
	}
	d.Reporter.report("Nondeterministic state found (state index: "+strconv.Itoa(int(from))+")", Nondeterminism,
		func(n int) string { return d.Reporter.prefix() + "_nondeterministic_" + strconv.Itoa(n) },
		func() ([]explore.StateID, []explore.LabelID) { return d.Reporter.traceVia(from, l, to) })
}

// DivergenceDetector reports states from which an infinite sequence of
// internal transitions (tau, and the actions named in Tau) starts: for each
// discovered state it runs a depth-first search over the internal
// transitions only and reports the state when that search finds a back edge,
// as mCRL2's lps2lts -F does. The states on the path to the back edge are
// remembered; when one of them is discovered later it is reported as
// "reachable from divergent state with index N" without a new search.
//
// The searches call the generator, so they run from StartState and
// FinishState (never inside the explorer's call of Successors); Flush checks
// the states discovered after the last of those.
type DivergenceDetector struct {
	explore.NopVisitor
	Reporter *Reporter
	gen      explore.Generator
	labels   *explore.Labels
	tau      map[string]bool
	hidden   []int8
	pending  []explore.StateID
	vecs     explore.Store
	vec      []uint32 // scratch: the state being checked

	local  *vecset.Set
	colors []uint8
	frames []frame
	edges  []edge
	parent []explore.StateID // local search tree, for the loop trace
	plabel []explore.LabelID
	emitFn func(explore.LabelID, []uint32)
	root   explore.StateID // the state being checked
	err    error

	known    *vecset.Set       // states on found divergent paths
	knownIdx []explore.StateID // the divergent state each was found from; NoState once reported
}

// NewDivergenceDetector returns a detector treating tau and the actions in
// tau as internal. store gives the vectors of discovered states.
func NewDivergenceDetector(r *Reporter, gen explore.Generator, store explore.Store, tau []string) *DivergenceDetector {
	d := &DivergenceDetector{Reporter: r, gen: gen, labels: gen.Labels(), tau: map[string]bool{}, vecs: store}
	for _, t := range tau {
		d.tau[strings.TrimSpace(t)] = true
	}
	d.local = vecset.New(gen.Width())
	d.known = vecset.New(gen.Width())
	d.emitFn = d.emit
	return d
}

// Err returns the first generator error met by a divergence search.
func (d *DivergenceDetector) Err() error { return d.err }

func (d *DivergenceDetector) isHidden(l explore.LabelID) bool {
	for int(l) >= len(d.hidden) {
		d.hidden = append(d.hidden, 0)
	}
	if d.hidden[l] == 0 {
		d.hidden[l] = 1
		for _, a := range ActionNames(d.labels.Text(l)) {
			if !d.tau[a] {
				d.hidden[l] = -1
			}
		}
	}
	return d.hidden[l] > 0
}

func (d *DivergenceDetector) DiscoverState(s explore.StateID, _ []uint32, _ explore.StateID, _ explore.LabelID) {
	d.pending = append(d.pending, s)
}

// ReadsStore: the detector decodes the states it checks (StoreReader).
func (d *DivergenceDetector) ReadsStore() {}

func (d *DivergenceDetector) StartState(explore.StateID, []uint32) { d.Flush() }
func (d *DivergenceDetector) FinishState(explore.StateID)          { d.Flush() }

// Flush checks the states discovered since the last check.
func (d *DivergenceDetector) Flush() {
	for len(d.pending) > 0 && d.err == nil {
		s := d.pending[0]
		d.pending = d.pending[1:]
		d.check(s)
	}
	d.pending = d.pending[:0]
}

func (d *DivergenceDetector) check(s explore.StateID) {
	d.vec = explore.AppendState(d.vecs, d.vec[:0], s)
	vec := d.vec
	if id, ok := d.known.Find(vec); ok {
		if src := d.knownIdx[id]; src != explore.NoState {
			d.Reporter.Found++
			fmt.Fprintf(d.Reporter.Out, "Divergent state found (state index: %d), reachable from divergent state with index %d.\n", s, src)
			d.knownIdx[id] = explore.NoState
			return
		}
	}
	// Iterative depth-first search over internal transitions (Wesselink, "State Space Exploration",
	// Algorithm 10), stopped at the first back edge.
	d.local.Reset()
	d.colors = d.colors[:0]
	d.frames = d.frames[:0]
	d.edges = d.edges[:0]
	d.parent = d.parent[:0]
	d.plabel = d.plabel[:0]
	d.root = s
	r, _ := d.local.Insert(vec)
	root := explore.StateID(r)
	d.colors = append(d.colors, white)
	d.parent = append(d.parent, explore.NoState)
	d.plabel = append(d.plabel, explore.TauLabel)
	if !d.push(root) {
		return
	}
	for len(d.frames) > 0 {
		f := &d.frames[len(d.frames)-1]
		if f.cur == f.hi {
			d.colors[f.s] = black
			d.edges = d.edges[:f.lo]
			d.frames = d.frames[:len(d.frames)-1]
			continue
		}
		e := d.edges[f.cur]
		f.cur++
		switch d.colors[e.to] {
		case white:
			d.parent[e.to] = f.s
			d.plabel[e.to] = e.label
			if !d.push(e.to) {
				return
			}
		case gray:
			d.found(s, f.s, e.label)
			return
		}
	}
}

func (d *DivergenceDetector) push(u explore.StateID) bool {
	d.colors[u] = gray
	lo := len(d.edges)
	if err := d.gen.Successors(d.local.Vector(uint32(u)), d.emitFn); err != nil {
		d.err = &explore.StateError{State: d.root, Err: fmt.Errorf("divergence check: %w", err)}
		return false
	}
	d.frames = append(d.frames, frame{s: u, lo: lo, cur: lo, hi: len(d.edges)})
	return true
}

func (d *DivergenceDetector) emit(l explore.LabelID, next []uint32) {
	if !d.isHidden(l) {
		return
	}
	id, isNew := d.local.Insert(next)
	if isNew {
		d.colors = append(d.colors, white)
		d.parent = append(d.parent, explore.NoState)
		d.plabel = append(d.plabel, explore.TauLabel)
	}
	d.edges = append(d.edges, edge{l, explore.StateID(id)})
}

// found reports s, whose internal search closed a cycle with u -l-> (a
// state on the stack).
func (d *DivergenceDetector) found(s, u explore.StateID, l explore.LabelID) {
	// The local tree path from s to u: remember its states.
	var loop []explore.LabelID
	for v := u; v != explore.NoState; v = d.parent[v] {
		if d.parent[v] != explore.NoState {
			loop = append(loop, d.plabel[v])
		}
		id, isNew := d.known.Insert(d.local.Vector(uint32(v)))
		if isNew {
			d.knownIdx = append(d.knownIdx, explore.StateID(s))
		} else {
			d.knownIdx[id] = s
		}
	}
	slices.Reverse(loop)
	loop = append(loop, l)
	msg := "Divergent state found (state index: " + strconv.Itoa(int(s)) + ")"
	d.Reporter.Found++
	var b strings.Builder
	b.WriteString(msg)
	count := &d.Reporter.traces[Divergence]
	if d.Reporter.Traces != nil && *count < d.Reporter.Traces.Max {
		n := strconv.Itoa(*count)
		*count++
		states, labels := d.Reporter.traceTo(s)
		f1, err1 := d.Reporter.Traces.Save(d.Reporter.prefix()+"_divergence_"+n, states, labels)
		// The loop's states are the local search's, not the store's.
		f2, err2 := d.Reporter.Traces.Save(d.Reporter.prefix()+"_divergence_loop"+n, nil, loop)
		if err1 != nil || err2 != nil {
			fmt.Fprintf(&b, ", but its traces could not be saved to '%s' and '%s'", f1, f2)
		} else {
			fmt.Fprintf(&b, " and saved traces to '%s' and '%s'", f1, f2)
		}
	}
	b.WriteString(".\n")
	io.WriteString(d.Reporter.Out, b.String())
	d.Reporter.spendBudget(*count)
}

// CycleDetector reports the first cycle found by the depth-first search in
// cycle mode (Options.Cycles): a back edge u -a-> v closes the cycle
// v ... u -a-> v on the search stack. The trace leads from the initial state
// along the stack to u and then takes the back edge, so it ends in v again.
type CycleDetector struct {
	explore.NopVisitor
	Reporter *Reporter
	done     bool
}

func (c *CycleDetector) BackEdge(from explore.StateID, l explore.LabelID, to explore.StateID) {
	if c.done {
		return
	}
	c.done = true
	c.Reporter.report("Cycle found (state index: "+strconv.Itoa(int(to))+", back edge from state index "+strconv.Itoa(int(from))+")", Cycle,
		func(n int) string { return c.Reporter.prefix() + "_cycle_" + strconv.Itoa(n) },
		func() ([]explore.StateID, []explore.LabelID) {
			states, labels := c.Reporter.Explorer.DFSStack()
			return append(states, to), append(labels, l)
		})
}

// The divergence search's own depth-first search (it stops at the first
// back edge and runs inside an event of the main search, so it cannot be
// the explorer's cycle mode): colors, and stack frames whose transitions
// are edges[lo:hi], those before cur done.
const (
	white uint8 = iota // discovered, not yet on the stack
	gray               // on the depth-first stack
	black              // finished
)

type edge struct {
	label explore.LabelID
	to    explore.StateID
}

type frame struct {
	s           explore.StateID
	lo, cur, hi int
}
