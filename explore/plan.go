package explore

import "errors"

// plan is what the store, the generator and the options allow together,
// decided once by New: the search reads its fields and never asks a store
// or a generator for a capability again (capabilities.go lists them). It
// also says why a search cannot run (err) and why it runs on one thread
// when more were asked (whyOneThread), so that callers print the
// engine's reason instead of restating its rules.
type plan struct {
	width int
	// queueVecs: the todo list holds the states' vectors, else their
	// numbers, whose vectors the store gives back (canState).
	queueVecs bool
	canState  bool
	// keepsIDs: the store numbers states it cannot give back (hash
	// compaction with ids); cycle mode then keeps the vectors of the
	// stack's transitions itself.
	keepsIDs bool
	// levels: breadth-first levels are counted (Result.Levels).
	levels bool

	appender   StateAppender
	stochastic StochasticGenerator
	interrupt  Interruptible
	cutter     SumCutter // set only when a state limit may stop inside an expansion (maxinside.go)
	traced     TracedStore
	keys       TransitionReplayer
	twoPhase   TwoPhaseStore
	folding    FoldingStore
	blocks     BlockStateStore
	holding    HoldingStore
	delayed    DelayedStore
	// batchDelayed: a batch of delayed candidates may span expansions
	// (only breadth-first search without a state limit: elsewhere the next
	// state to expand, or the limit, depends on the expansion just done).
	batchDelayed bool

	threads      int
	sweep        SweepStore // the sweep-line search's store (sweep.go)
	forker       Forker
	portable     PortableKeyer
	whyOneThread string
	err          error
	// terms: the generator's terms are collected between expansions
	// (terms.go); nil when they cannot be.
	terms *termCollection
}

func makePlan(gen Generator, opt Options) plan {
	p := plan{width: gen.Width(), canState: true, threads: 1, levels: opt.Strategy == Breadth && !opt.Cycles}
	st := opt.Store
	if st == nil {
		p.err = errors.New("explore: Options.Store is nil")
		return p
	}
	if vq, ok := st.(VectorQueueStore); ok {
		p.canState, p.queueVecs = vq.CanState(), vq.QueueVectors()
	}
	if ids, ok := st.(IDStore); ok {
		p.keepsIDs = ids.KeepsIDs()
	}
	p.appender, _ = st.(StateAppender)
	p.stochastic, _ = gen.(StochasticGenerator)
	p.interrupt, _ = gen.(Interruptible)
	p.traced, _ = st.(TracedStore)
	if ks, ok := st.(KeyedStore); ok {
		// A stochastic generator's transitions are named by their
		// positions: its distributions have no replayable keys.
		if r, ok := gen.(TransitionReplayer); ok && p.stochastic == nil && ks.UseTransitionKeys(gen) {
			p.keys = r
		}
	}
	if tp, ok := st.(TwoPhaseStore); ok && p.traced == nil && p.width > 0 {
		p.twoPhase = tp
		p.folding, _ = st.(FoldingStore)
	}
	if bs, ok := st.(BlockStateStore); ok && !p.queueVecs && p.levels {
		p.blocks = bs
	}
	p.holding, _ = st.(HoldingStore)
	if ds, ok := st.(DelayedStore); ok && ds.DelayLimit() > 0 {
		p.delayed = ds
		p.batchDelayed = p.levels && opt.MaxStates == 0
	}
	switch {
	case opt.Strategy == Highway && opt.TodoMax <= 0 && !opt.Cycles:
		p.err = errors.New("highway search needs a positive todo-max")
	case opt.Cycles && !p.canState && !p.keepsIDs:
		p.err = errors.New("cycle detection needs a store that numbers states (table, tree, comback, or hashcompact with ids)")
	case p.stochastic != nil && (p.delayed != nil || p.blocks != nil):
		p.err = errors.New("a stochastic specification cannot be explored with delayed duplicate detection (--comback-ddd) or state numbers in the todo list (--comback-numbers)")
	case opt.Strategy == Sweep && !opt.Cycles:
		p.sweep, _ = st.(SweepStore)
		if p.sweep == nil || p.stochastic != nil {
			p.sweep, p.err = nil, ErrSweepStore
		}
	}
	if c, ok := gen.(SumCutter); ok && opt.MaxStates > 0 && !opt.Cycles && p.traced == nil && p.delayed == nil && p.stochastic == nil {
		p.cutter = c
	}
	p.planThreads(gen, opt)
	p.planTerms(gen, opt)
	return p
}

// planThreads decides the number of threads: the workers compute
// successors on forks of the generator, and the search inserts them in
// the order one thread would (parallel.go), which needs a strategy whose
// next states do not depend on the expansion under way (ahead.go) and an
// insertion that does not call the generator.
func (p *plan) planThreads(gen Generator, opt Options) {
	if opt.Threads <= 1 {
		return
	}
	p.forker, _ = gen.(Forker)
	p.portable, _ = gen.(PortableKeyer)
	switch {
	case opt.Cycles || opt.Strategy == Depth:
		p.whyOneThread = "depth-first search (and cycle detection, which is one) expands next a state that the expansion just done found, so no state can be expanded ahead on another thread"
	case p.forker == nil:
		p.whyOneThread = "the successor generator of this model cannot be copied for threads"
	case p.delayed != nil || p.blocks != nil:
		p.whyOneThread = "threads do not serve delayed duplicate detection (--comback-ddd) or state numbers in the todo list (--comback-numbers)"
	case p.keys != nil && p.portable == nil:
		p.whyOneThread = "the successor generator of this model cannot name transitions for the ComBack store across threads"
	default:
		p.threads = opt.Threads
	}
}

// appendState appends the vector of id in st to dst.
func (p *plan) appendState(st Store, dst []uint32, id StateID) []uint32 {
	if p.appender != nil {
		return p.appender.AppendState(dst, id)
	}
	return append(dst, st.State(id)...)
}

// Threads returns the number of goroutines that compute successors, and
// when it is one although Options.Threads asked for more, why.
func (x *Explorer) Threads() (n int, whyOne string) {
	return x.plan.threads, x.plan.whyOneThread
}

// Err returns why the search cannot run with these options, store and
// generator (Run returns it too), or nil.
func (x *Explorer) Err() error { return x.plan.err }
