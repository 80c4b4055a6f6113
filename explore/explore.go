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

// Store is the set of visited states (package store has them all). Insert
// returns the dense number of a state (0, 1, 2, ... in order of first
// insertion) and whether it was new; the store copies what it keeps. State
// returns the vector of a stored state, which the caller must not modify
// and which stays valid only until the next call of a method of the store
// (the tree and ComBack stores decode into a buffer of their own); a store
// that cannot give states back says so (VectorQueueStore.CanState) and is
// never asked. What else a store can do, it says through the optional
// interfaces of capabilities.go.
type Store interface {
	Insert(state []uint32) (id StateID, isNew bool)
	State(id StateID) []uint32
	Len() int
}

// Visitor receives the events of a search (Wesselink, "State Space Exploration", §1.1; mCRL2's explorer
// after the Boost Graph Library). For every state s: DiscoverState(s) comes
// once, when s is first inserted; later StartState(s), then
// ExamineTransition(s, a, t) for each outgoing transition (DiscoverState(t)
// comes just before it when t is new), then FinishState(s). Searches stopped
// early may leave discovered states unstarted. The vector passed to
// DiscoverState and StartState is lent for the call: the explorer reuses
// its memory afterwards, so a visitor that needs it later copies it.
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

var strategyNames = [...]string{"breadth", "depth", "highway", "sweep"}

func (s Strategy) String() string {
	if int(s) < len(strategyNames) {
		return strategyNames[s]
	}
	return fmt.Sprintf("Strategy(%d)", int(s))
}

// Options are fixed when an Explorer is built.
type Options struct {
	Strategy Strategy
	// TodoMax is highway search's N: the number of states kept per level.
	TodoMax int
	// MaxStates stops the search (after the state being expanded) once this
	// many states have been discovered; 0 means no limit. Reached inside
	// an expansion, it also cuts the generator's unbounded sums there
	// (maxinside.go).
	MaxStates int
	// Cycles runs a depth-first search that keeps each state's transitions
	// on its stack frame and reports back edges (Wesselink, "State Space Exploration", Algorithm 10); the
	// Strategy is then ignored.
	Cycles bool
	// Seed seeds highway search's sampling; 0 is a fixed seed of the
	// explorer's, so that every run keeps the same sample.
	Seed uint64
	// Store is the visited-state store (package store has them all; the
	// table store keeps full vectors). It is required.
	Store Store
	// Threads is the number of goroutines that compute successors in a
	// breadth-first search with a generator that can be forked
	// (parallel.go); other searches use one, and Explorer.Threads says
	// why. The result is the same as
	// with one thread, state numbers included. The visitors get their
	// events one at a time and in the same order, but not always from the
	// goroutine that called Run.
	Threads int
	// TermCollectMin is the number of terms below which a generator's
	// term store is not collected (terms.go): 0 for
	// DefaultTermCollectMin, negative for never.
	TermCollectMin int
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

// ErrInterrupted is the error of a Successors call cut short by Interrupt:
// an Interruptible generator returns an error for which errors.Is(err,
// ErrInterrupted) holds.
var ErrInterrupted = errors.New("interrupted")

// stateError is the error of Run when the successors of s failed with err:
// none, and the search stops, when err comes from an interruption (the
// state stays unfinished: no FinishState event).
func (x *Explorer) stateError(s StateID, err error) error {
	if errors.Is(err, ErrInterrupted) {
		x.stop.Store(true)
		x.ckpt.cut = true
		return nil
	}
	return &StateError{State: s, Err: err}
}

// Explorer runs one search over a Generator and delivers its events to the
// visitors. It prints nothing.
type Explorer struct {
	gen      Generator
	opt      Options
	store    Store
	plan     plan
	visitors []Visitor
	stochs   []StochasticVisitor // aligned with visitors; nil for a plain one
	backs    []BackEdgeVisitor
	stop     atomic.Bool

	transitions uint64
	explored    int
	level       int
	levelUp     int

	todo           todoList
	step           step  // the insertion of a state's successors (step.go)
	own            batch // the successors of the state being expanded
	cur            []uint32
	cyc            cycleSearch     // cycle mode (search.go)
	ddd            delayedSearch   // delayed duplicate detection (delayed.go)
	held           heldStates      // states a ComBack store rebuilds others from (held.go)
	par            *parallelSearch // threads (parallel.go)
	spec           *speculation    // the helper of narrow levels (speculate.go)
	specOff        bool            // the speculation ended, or never can start
	speculated     int             // the states whose successors the helper computed
	ckpt           checkpointHook  // checkpoints (checkpoint.go)
	inside         insideStop      // the state limit inside an expansion (maxinside.go)
	emit           func(LabelID, []uint32)
	emitStochastic func(LabelID, []uint32, []ProbabilityID)
	// appender is gen, when it writes the transitions into the batch
	// itself (VectorAppender); emitAppended is then emit's part, nil
	// where there is none.
	appender     VectorAppender
	emitAppended func()
}

// New returns an explorer for gen. What the store, the generator and the
// options allow together is decided here, once (plan.go); Run reports a
// search that cannot run, and Threads why one runs on fewer threads than
// asked.
func New(gen Generator, opt Options) *Explorer {
	x := &Explorer{gen: gen, opt: opt, store: opt.Store}
	x.plan = makePlan(gen, opt)
	x.cur = make([]uint32, gen.Width())
	x.todo.order = newTodoOrder(opt.Strategy, opt.TodoMax, opt.Seed)
	if st := x.plan.sweep; st != nil {
		x.todo.order = &sweepOrder{st: st, buckets: map[ProgressValue]*sweepBucket{}}
	}
	if x.plan.queueVecs {
		x.todo.width = gen.Width()
	}
	x.emit = x.collect
	if x.plan.keys != nil {
		x.emitAppended = x.collectKey
	}
	if x.plan.cutter != nil {
		x.emit = x.collectInside // the check per transition only where a limit may cut (maxinside.go)
		x.emitAppended = x.collectAppendedInside
	}
	x.appender, _ = gen.(VectorAppender)
	x.emitStochastic = x.collectStochastic
	x.step.init(x)
	if x.plan.holding != nil && x.plan.holding.HoldStates(x.heldState) {
		x.held.init(x)
	}
	if x.plan.threads > 1 {
		x.par = newParallelSearch(x)
	}
	return x
}

// AddVisitor registers v; events are delivered in registration order.
func (x *Explorer) AddVisitor(v Visitor) {
	x.visitors = append(x.visitors, v)
	sv, _ := v.(StochasticVisitor)
	x.stochs = append(x.stochs, sv)
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
// ends early too (ErrInterrupted). It is safe to call from any goroutine (a
// signal handler) and from visitors.
func (x *Explorer) Stop() {
	x.stop.Store(true)
	if g := x.plan.interrupt; g != nil {
		g.Interrupt()
	}
}

// Store returns the visited-state store.
func (x *Explorer) Store() Store { return x.store }

// Generator returns the generator being explored.
func (x *Explorer) Generator() Generator { return x.gen }

// Transitions returns the number of transitions examined so far.
func (x *Explorer) Transitions() uint64 { return x.transitions }

// Explored returns the number of states finished so far.
func (x *Explorer) Explored() int { return x.explored }

// Level returns the current breadth-first level (1-based; 0 for other
// strategies).
func (x *Explorer) Level() int {
	if !x.plan.levels {
		return 0
	}
	return x.level
}

func (x *Explorer) result() Result {
	r := Result{
		States:      x.store.Len(),
		Transitions: x.transitions,
		Explored:    x.explored,
		Stopped:     x.stop.Load(),
	}
	if x.plan.levels {
		r.Levels = x.level - 1
	}
	return r
}

// Run performs the search. It returns when every discovered state is
// expanded, when MaxStates is reached, when Stop was called, or when the
// generator fails (a *StateError); the Result is valid in every case.
func (x *Explorer) Run() (Result, error) {
	if x.plan.err != nil {
		return Result{}, x.plan.err
	}
	var roots []StateID
	if !x.ckpt.resumed { // a restored search has its states (checkpoint.go)
		var err error
		if roots, err = x.insertRoots(); err != nil {
			return x.result(), fmt.Errorf("initial state: %w", err)
		}
		x.level, x.levelUp = 1, x.store.Len()
	}
	var err error
	if x.opt.Cycles {
		err = x.searchCycles(roots)
	} else {
		err = x.search()
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

// Speculated returns the number of states whose successors the helper
// of narrow levels computed (speculate.go).
func (x *Explorer) Speculated() int { return x.speculated }

// QueueBytes returns the memory held by the todo list and the search's
// other buffers.
func (x *Explorer) QueueBytes() int {
	return x.todo.bytes() + x.own.bytes() + x.ddd.bytes() + x.held.bytes() + x.cyc.bytes()
}
