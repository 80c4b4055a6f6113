package explore

import (
	"errors"
	"fmt"
	"sync/atomic"
)

// StateID is the dense index of a visited state: the initial state is 0 and
// every new state gets the next number.
type StateID uint32

// LabelID is the index of a transition label in a Labels table.
type LabelID uint32

// NoState marks the absence of a state (the parent of the initial state).
const NoState StateID = ^StateID(0)

// Generator describes a labelled transition system implicitly: an initial
// state and a successor function. States are vectors of Width uint32 values
// (for an LPS: the term ids of the process parameters).
type Generator interface {
	// Width is the length of every state vector.
	Width() int
	// Labels is the table in which the generator interns its labels.
	Labels() *Labels
	// Initial appends the initial state to dst and returns it.
	Initial(dst []uint32) ([]uint32, error)
	// Successors calls emit once per outgoing transition of state. The
	// slice next is only read during the call; state and next must not be
	// retained. The explorer never calls Successors re-entrantly (from
	// inside emit); a visitor may call it only from StartState or
	// FinishState.
	Successors(state []uint32, emit func(label LabelID, next []uint32)) error
}

// Visitor receives the events of a search (Wesselink, "State Space Exploration", §1.1; mCRL2's explorer
// after the Boost Graph Library). For every state s: DiscoverState(s) comes
// once, when s is first inserted; later StartState(s), then
// ExamineTransition(s, a, t) for each outgoing transition (DiscoverState(t)
// comes just before it when t is new), then FinishState(s). Searches stopped
// early may leave discovered states unstarted. The vector passed to
// DiscoverState and StartState stays valid for the life of the store
// (a SweepStore's: until it forgets the state).
type Visitor interface {
	DiscoverState(s StateID, state []uint32, from StateID, label LabelID)
	StartState(s StateID, state []uint32)
	ExamineTransition(from StateID, label LabelID, to StateID)
	FinishState(s StateID)
}

// NopVisitor implements Visitor with empty methods, for embedding.
type NopVisitor struct{}

func (NopVisitor) DiscoverState(StateID, []uint32, StateID, LabelID) {}
func (NopVisitor) StartState(StateID, []uint32)                      {}
func (NopVisitor) ExamineTransition(StateID, LabelID, StateID)       {}
func (NopVisitor) FinishState(StateID)                               {}

// Strategy is the order in which the todo set is processed.
type Strategy uint8

const (
	Breadth Strategy = iota // breadth-first (Wesselink, "State Space Exploration", Algorithm 4)
	Depth                   // depth-first (Alg. 5)
	Highway                 // highway search (Alg. 6): at most TodoMax states per level
	Sweep                   // sweep-line: least progress first, with a SweepStore (sweep.go)
)

func (s Strategy) String() string {
	switch s {
	case Breadth:
		return "breadth"
	case Depth:
		return "depth"
	case Highway:
		return "highway"
	case Sweep:
		return "sweep"
	}
	return fmt.Sprintf("Strategy(%d)", int(s))
}

// ParseStrategy accepts mCRL2's names: b, breadth, d, depth, h, highway.
func ParseStrategy(s string) (Strategy, error) {
	switch s {
	case "b", "breadth":
		return Breadth, nil
	case "d", "depth":
		return Depth, nil
	case "h", "highway":
		return Highway, nil
	}
	return 0, fmt.Errorf("unknown search strategy %q (use b, d or h)", s)
}

// Options are fixed when an Explorer is built.
type Options struct {
	Strategy Strategy
	// TodoMax is highway search's N: the number of states kept per level.
	TodoMax int
	// MaxStates stops the search (after the state being expanded) once this
	// many states have been discovered; 0 means no limit.
	MaxStates int
	// Cycles runs a depth-first search that keeps each state's transitions
	// on its stack frame and reports back edges (Wesselink, "State Space Exploration", Algorithm 10); the
	// Strategy is then ignored.
	Cycles bool
	// Seed seeds highway search's sampling; 0 picks a random seed.
	Seed uint64
	// Store is the visited-state store; nil means a new ArenaStore.
	Store Store
	// Threads is the number of goroutines that compute successors in a
	// breadth-first search with a generator that can be forked
	// (parallel.go); other searches use one. The result is the same as
	// with one thread, state numbers included. The visitors get their
	// events one at a time and in the same order, but not always from the
	// goroutine that called Run.
	Threads int
}

// Result sums up a search.
type Result struct {
	States      int    // discovered states
	Transitions uint64 // examined transitions
	Explored    int    // states whose transitions were all generated
	// Levels is the number of breadth-first levels (Breadth only; 0 else),
	// counted as mCRL2's lps2lts counts them.
	Levels     int
	MaxReached bool // stopped by MaxStates
	Stopped    bool // stopped by Stop
}

// StateError is a failure of the generator while expanding a state.
type StateError struct {
	State StateID
	Err   error
}

func (e *StateError) Error() string {
	return fmt.Sprintf("while exploring state %d: %v", e.State, e.Err)
}

func (e *StateError) Unwrap() error { return e.Err }

const (
	white uint8 = iota // discovered, not yet on the stack
	gray               // on the depth-first stack
	black              // finished
)

type edge struct {
	label LabelID
	to    StateID
}

type frame struct {
	s           StateID
	lo, cur, hi int // this state's transitions are edges[lo:hi]
}

// Explorer runs one search over a Generator and delivers its events to the
// visitors. It prints nothing.
type Explorer struct {
	gen      Generator
	opt      Options
	store    Store
	visitors []Visitor
	backs    []BackEdgeVisitor
	stop     atomic.Bool

	cur          StateID // the state being expanded
	emitFn       func(LabelID, []uint32)
	successorsFn func([]uint32) error
	par          *parallelSearch   // the workers of a parallel search (parallel.go)
	st           *stochasticSearch // non-nil for a stochastic generator (stochastic.go)
	transitions  uint64
	explored     int
	level        int
	levelUp      int

	// The todo list of depth-first and highway search, and of every
	// strategy with a compact store (todo.go). Breadth-first search with
	// the default store needs none: the states still to expand are
	// exactly those numbered explored..Len()-1.
	todo    todoList
	useTodo bool
	// Cycle mode.
	colors []uint8
	frames []frame
	edges  []edge
	// Search with a compact store (compactsearch.go).
	cs compactSearch
}

// New returns an explorer for gen.
func New(gen Generator, opt Options) *Explorer {
	x := &Explorer{gen: gen, opt: opt, store: opt.Store}
	if x.store == nil {
		x.store = NewArenaStore(gen.Width())
	}
	x.emitFn = x.emit
	x.successorsFn = x.successors
	x.todo.order = newTodoOrder(opt.Strategy, opt.TodoMax, opt.Seed)
	x.useTodo = opt.Strategy != Breadth && !opt.Cycles
	x.initStochastic()
	x.initCompact()
	x.initParallel()
	x.initSweep() // sweep-line search (sweep.go)
	return x
}

// AddVisitor registers v; events are delivered in registration order.
func (x *Explorer) AddVisitor(v Visitor) {
	x.visitors = append(x.visitors, v)
	if w, ok := v.(BackgroundWriter); ok && x.par != nil {
		w.WriteInBackground()
	}
	if _, ok := v.(StoreReader); ok && x.par != nil {
		x.par.storeRead = true
	}
	if b, ok := v.(BackEdgeVisitor); ok {
		x.backs = append(x.backs, b)
	}
}

// Stop asks the search to end after the state being expanded; a generator
// that is Interruptible is interrupted, so that the state being expanded
// ends early too (interrupt.go). It is safe to call from any goroutine (a
// signal handler) and from visitors.
func (x *Explorer) Stop() {
	x.stop.Store(true)
	if g, ok := x.gen.(Interruptible); ok {
		g.Interrupt()
	}
}

// Store returns the visited-state store.
func (x *Explorer) Store() Store { return x.store }

// Generator returns the generator being explored.
func (x *Explorer) Generator() Generator { return x.gen }

// Labels returns the generator's label table.
func (x *Explorer) Labels() *Labels { return x.gen.Labels() }

// Options returns the options the explorer was built with.
func (x *Explorer) Options() Options { return x.opt }

// Transitions returns the number of transitions examined so far.
func (x *Explorer) Transitions() uint64 { return x.transitions }

// Explored returns the number of states finished so far.
func (x *Explorer) Explored() int { return x.explored }

// Level returns the current breadth-first level (1-based; 0 for other
// strategies).
func (x *Explorer) Level() int {
	if x.opt.Strategy != Breadth || x.opt.Cycles {
		return 0
	}
	return x.level
}

// DFSStack returns, in cycle mode, the states on the depth-first stack from
// the initial state to the state being searched, and the labels of the tree
// transitions between them (len(labels) == len(states)-1).
func (x *Explorer) DFSStack() (states []StateID, labels []LabelID) {
	for i, f := range x.frames {
		states = append(states, f.s)
		if i+1 < len(x.frames) {
			labels = append(labels, x.edges[f.cur-1].label)
		}
	}
	return states, labels
}

func (x *Explorer) result() Result {
	r := Result{
		States:      x.store.Len(),
		Transitions: x.transitions,
		Explored:    x.explored,
		Stopped:     x.stop.Load(),
	}
	if x.opt.Strategy == Breadth && !x.opt.Cycles {
		r.Levels = x.level - 1
	}
	return r
}

// Run performs the search. It returns when every discovered state is
// expanded, when MaxStates is reached, when Stop was called, or when the
// generator fails (a *StateError); the Result is valid in every case.
func (x *Explorer) Run() (Result, error) {
	if x.opt.Strategy == Highway && x.opt.TodoMax <= 0 && !x.opt.Cycles {
		return x.result(), errors.New("highway search needs a positive todo-max")
	}
	x.level, x.levelUp = 1, 1
	if x.st != nil {
		return x.runStochastic()
	}
	init, err := x.gen.Initial(make([]uint32, 0, x.gen.Width()))
	if err != nil {
		return x.result(), fmt.Errorf("initial state: %w", err)
	}
	if len(init) != x.gen.Width() {
		return x.result(), fmt.Errorf("initial state has %d values, want %d", len(init), x.gen.Width())
	}
	x.cur = NoState
	if x.cs.on {
		return x.runCompact(init)
	}
	id, _ := x.store.Insert(init)
	x.discover(id, TauLabel)
	switch {
	case x.opt.Cycles:
		err = x.runCycles(id, x.pushFrame)
	case x.opt.Strategy == Breadth && x.par != nil:
		err = x.expandBlocks()
	case x.opt.Strategy == Breadth:
		err = x.runBreadth()
	default:
		x.push(id)
		err = x.runTodo()
	}
	r := x.result()
	if err == nil && x.maxReached() {
		r.MaxReached = true
	}
	return r, err
}

func (x *Explorer) maxReached() bool {
	return x.opt.MaxStates > 0 && x.store.Len() >= x.opt.MaxStates
}

func (x *Explorer) mustStop() bool {
	return x.stop.Load() || x.maxReached()
}

func (x *Explorer) runBreadth() error {
	for next := 0; next < x.store.Len(); next++ {
		if x.mustStop() {
			return nil
		}
		if err := x.expand(StateID(next)); err != nil {
			return err
		}
	}
	return nil
}

// runTodo expands the states of the todo list in the strategy's order.
func (x *Explorer) runTodo() error {
	for x.todo.len() > 0 {
		if x.mustStop() {
			return nil
		}
		if err := x.expand(x.todo.pop(nil)); err != nil {
			return err
		}
	}
	return nil
}

// expand generates the transitions of s between StartState and FinishState.
func (x *Explorer) expand(s StateID) error { return x.expandBy(s, x.successorsFn) }

// expandBy is expand with the successors of the state's vector given by
// successors (the generator's, or those a worker computed ahead).
func (x *Explorer) expandBy(s StateID, successors func([]uint32) error) error {
	vec := x.store.State(s)
	for _, v := range x.visitors {
		v.StartState(s, vec)
	}
	x.cur = s
	if err := successors(vec); err != nil {
		return x.stateError(s, err)
	}
	x.explored++
	if x.explored == x.levelUp {
		// mCRL2 counts levels this way: a level ends when the states
		// that were in the todo list at its start are all explored.
		x.level++
		x.levelUp = x.store.Len() // explored + size of the todo list
	}
	for _, v := range x.visitors {
		v.FinishState(s)
	}
	return nil
}

func (x *Explorer) emit(label LabelID, next []uint32) {
	id, isNew := x.store.Insert(next)
	if isNew {
		x.discover(id, label)
		x.push(id)
	}
	x.transitions++
	for _, v := range x.visitors {
		v.ExamineTransition(x.cur, label, id)
	}
	if x.opt.Cycles {
		x.edges = append(x.edges, edge{label, id})
	}
}

func (x *Explorer) discover(id StateID, label LabelID) {
	vec := x.store.State(id)
	for _, v := range x.visitors {
		v.DiscoverState(id, vec, x.cur, label)
	}
	if x.opt.Cycles {
		x.colors = append(x.colors, white)
	}
}

func (x *Explorer) push(id StateID) {
	if x.useTodo {
		x.todo.push(id, nil)
	}
}

// runCycles is the iterative depth-first search of Wesselink, "State Space Exploration",
// Algorithm 10: each
// stack frame holds a state and its remaining transitions; a transition to
// a gray state (on the stack) is a back edge, i.e. closes a cycle. States
// are expanded (all events up to FinishState) when pushed, so the visitor
// contract is the same as for the other strategies. push expands a state
// and opens its frame: pushFrame, or pushFrameCompact for stores that
// rebuild states by replay.
func (x *Explorer) runCycles(init StateID, push func(StateID) error) error {
	if err := push(init); err != nil {
		return err
	}
	for len(x.frames) > 0 {
		if x.mustStop() {
			return nil
		}
		f := &x.frames[len(x.frames)-1]
		if f.cur == f.hi {
			x.colors[f.s] = black
			x.edges = x.edges[:f.lo]
			x.frames = x.frames[:len(x.frames)-1]
			continue
		}
		e := x.edges[f.cur]
		f.cur++
		switch x.colors[e.to] {
		case white:
			if err := push(e.to); err != nil {
				return err
			}
		case gray:
			for _, b := range x.backs {
				b.BackEdge(f.s, e.label, e.to)
			}
		}
	}
	return nil
}

func (x *Explorer) pushFrame(s StateID) error {
	x.colors[s] = gray
	lo := len(x.edges)
	x.frames = append(x.frames, frame{s: s, lo: lo, cur: lo})
	if err := x.expand(s); err != nil {
		return err
	}
	x.frames[len(x.frames)-1].hi = len(x.edges)
	return nil
}
