package explore

// The optional capabilities of generators, visitors and stores, all in one
// place. The explorer looks for each once, when it is built (New) or a
// visitor is added (AddVisitor), never per transition.

// Generators.

// Interruptible is implemented by generators whose Successors can be cut
// short from another goroutine. Explorer.Stop calls Interrupt, so that a
// state whose successors take long (an infinite sum that is enumerated
// until the enumeration bound, a rewrite that does not terminate) does not
// delay the stop: the generator's running Successors returns an error
// wrapping ErrInterrupted, and the explorer ends the search as for Stop,
// keeping the transitions of that state emitted so far. Resume undoes
// Interrupt.
type Interruptible interface {
	Interrupt()
	Resume()
}

// VectorAppender is implemented by generators that write each
// transition into the explorer's batch themselves: AppendSuccessors is
// Successors, except that for each transition it appends the target
// (Width values) to *to.Vecs, the label to *to.Labels and the mask of
// values it wrote to *to.Written, reading the slices anew each time, and
// then calls emit, unless emit is nil. The copy that emit's next would
// cost, and a call per transition, were 3% and 2% of merc.onebit_3-b.
//
// A mask has bit i set for each value i < 64 in which the target may
// differ from state (the parameters the summand assigns), and bit 63 for
// any value from 63 on: a value whose bit is clear equals state's.
type VectorAppender interface {
	AppendSuccessors(state []uint32, to Targets, emit func()) error
}

// Targets names the slices a VectorAppender appends a state's
// transitions to.
type Targets struct {
	Vecs    *[]uint32
	Labels  *[]LabelID
	Written *[]uint64
}

// WrittenFolder is a TwoPhaseStore that computes the keys of successors
// from what their transitions wrote: AppendRootKeysWritten is
// AppendRootKeys for n successors of one state, where written[i] is
// vector i's mask (VectorAppender). Vector i differs from vector i-1
// only in the values of written[i-1]|written[i], so the store compares
// those, not the whole vector, with the vector it folded last.
type WrittenFolder interface {
	TwoPhaseStore
	AppendRootKeysWritten(dst []uint64, vecs []uint32, written []uint64, n int) []uint64
}

// CacheSharer is implemented by forks whose caches share a second level
// with the other forks of their generator (lpsgen's guard and step
// caches). ShareCaches(false) leaves that level be: the speculating
// helper computes while no other fork does, so it would find nothing
// there and publish for nobody (speculate.go).
type CacheSharer interface {
	ShareCaches(on bool)
}

// SumCutter is implemented by generators that can end, inside the
// Successors call under way, the enumerations of sums that no conjunct of
// their condition bounds (possibly infinite ones): after
// CutUnboundedSums, such a sum reports no more solutions unless it turns
// out finite (it ends within a bound of its own: then it reports all of
// them), for the rest of the run; bounded sums are not affected. A state
// limit reached inside an expansion uses it (maxinside.go).
type SumCutter interface {
	CutUnboundedSums()
	// SumsCut says whether a sum has ended early since CutUnboundedSums.
	SumsCut() bool
}

// TransitionReplayer is a Generator that names each transition it emits
// by a key and can compute that one transition again from its key,
// without the state's other transitions. ComBack records keys in its
// backedge table, so a reconstruction step costs one summand instead of
// the full successor function (Westergaard et al., "The ComBack Method",
// §3: a backedge is a transition, executed again in its predecessor).
type TransitionReplayer interface {
	Generator
	// KeepTransitionKeys is called once, before the first Successors,
	// by a store that will ask for keys; a generator that must do work
	// per transition to have them does it only from then on.
	KeepTransitionKeys()
	// TransitionKey is the key of the transition being emitted; it may
	// only be called inside Successors' emit.
	TransitionKey() uint64
	// ReplayTransition emits the transition of state with that key, alone;
	// only its target state counts (the label need not be computed).
	ReplayTransition(state []uint32, key uint64, emit func(LabelID, []uint32)) error
}

// PortableKeyer is a TransitionReplayer whose forks name a transition in
// terms any fork and the original understand, so that a parallel search
// can use a store that records transition keys (ComBack): a worker
// appends the portable name of each transition it emits, and the
// explorer turns it into a key of the original generator, whose tables
// ReplayTransition reads.
type PortableKeyer interface {
	TransitionReplayer
	// AppendPortableKey appends the name of the transition being
	// emitted; it may only be called inside Successors' emit.
	AppendPortableKey(dst []uint32) []uint32
	// KeyOfPortable returns the TransitionKey of the transition a fork
	// (or the generator itself) named.
	KeyOfPortable(name []uint32) uint64
}

// StochasticGenerator is a Generator whose transitions lead to
// distributions. The explorer uses InitialDistribution and
// StochasticSuccessors instead of Initial and Successors.
type StochasticGenerator interface {
	Generator
	// InitialDistribution appends the support of the initial distribution
	// to dst (the state vectors one after another) and their probabilities
	// to probs.
	InitialDistribution(dst []uint32, probs []ProbabilityID) ([]uint32, []ProbabilityID, error)
	// StochasticSuccessors calls emit once per outgoing transition of state:
	// next holds len(probs) state vectors one after another, in the
	// generator's order; a state may occur more than once. The slices are
	// only read during the call.
	StochasticSuccessors(state []uint32, emit func(label LabelID, next []uint32, probs []ProbabilityID)) error
}

// Visitors.

// BackEdgeVisitor is an optional Visitor extension, used in cycle mode
// (Options.Cycles): BackEdge(u, a, v) is delivered when the depth-first
// search walks a transition u -a-> v to a state v that is on the search
// stack, that is, when it has found a cycle (Wesselink, "State Space Exploration", §4).
type BackEdgeVisitor interface {
	BackEdge(from StateID, label LabelID, to StateID)
}

// StochasticVisitor is an optional Visitor extension for stochastic
// searches. A StochasticVisitor receives ExamineStochasticTransition
// instead of ExamineTransition; other visitors receive ExamineTransition(from, label, to[0]), the first
// state of the distribution (as mCRL2's detectors use first_state).
type StochasticVisitor interface {
	// InitialDistribution comes once, after the DiscoverState events of
	// the initial states and before any StartState.
	InitialDistribution(states []StateID, probs []ProbabilityID)
	ExamineStochasticTransition(from StateID, label LabelID, to []StateID, probs []ProbabilityID)
}

// Stores (package store; plan.go reads these once).

// VectorQueueStore is a store that says what the todo list holds and
// whether State works.
type VectorQueueStore interface {
	Store
	// QueueVectors says the todo list should hold vectors (true), or ids
	// whose vectors State gives back (false; ComBack's Variant 4).
	QueueVectors() bool
	// CanState says State works at all (ComBack: by replay, slowly). When
	// false, State panics, and Insert returns NoState for states already
	// stored when the store keeps no ids (see IDStore).
	CanState() bool
}

// IDStore is a VectorQueueStore that cannot give states back but can say
// whether it numbers them (hash compaction with ids): cycle mode then
// keeps the vectors of the DFS frames' transitions itself.
type IDStore interface {
	KeepsIDs() bool
}

// TracedStore is a store that records how each new state was reached: the
// state it was reached from and the position of the transition among that
// state's transitions, in the order Generator.Successors emits them
// (ComBack's backedge table). The explorer calls InsertFrom instead of
// Insert; from is NoState for the initial state.
type TracedStore interface {
	Store
	InsertFrom(state []uint32, from StateID, tr uint64) (StateID, bool)
}

// KeyedStore is a store that can name transitions by a generator's keys
// (TransitionReplayer); UseTransitionKeys is called before the first
// insertion and says whether the store does so for gen.
type KeyedStore interface {
	UseTransitionKeys(gen Generator) bool
}

// HoldingStore is a store that reconstructs states more cheaply from the
// vectors the search holds (ComBack).
type HoldingStore interface {
	HoldStates(held func(StateID) []uint32) bool
}

// BlockStateStore is a store that rebuilds the states of many numbers at
// once more cheaply than one by one.
type BlockStateStore interface {
	// StatesOf appends the vectors of ids to dst, in order.
	StatesOf(ids []StateID, dst []uint32) []uint32
}

// DelayedStore is a store with delayed duplicate detection.
type DelayedStore interface {
	TracedStore
	// DelayCandidate records the k-th candidate of the batch (k counts
	// from 0 since the last ResolveCandidates) and returns the number of
	// candidates that need a reconstruction to be decided.
	DelayCandidate(k int, state []uint32) int
	// ResolveCandidates decides which candidates are stored states; vecs
	// holds the candidates' vectors, width each, in order.
	ResolveCandidates(vecs []uint32)
	// InsertCandidate is InsertFrom for candidate k after ResolveCandidates;
	// it is called for every candidate, in order, and the last call ends
	// the batch.
	InsertCandidate(k int, from StateID, tr uint64) (StateID, bool)
	// DelayLimit is the number of undecided candidates at which the
	// explorer resolves a batch.
	DelayLimit() int
}

// TwoPhaseStore is a Store whose insertion splits in two:
// AppendRootKeys computes a key for each of n vectors (width values each),
// and InsertRootKey(key) does what Insert(vector) does. In between, Touch
// reads the memory that inserting a run of keys will read, for the whole
// run at once, so that the waits for memory overlap instead of adding up:
// the search computes the keys of a state's successors (or of a block's,
// with threads) before inserting them one by one, in order. The tree
// store is one: its key is a vector's root pair.
type TwoPhaseStore interface {
	AppendRootKeys(dst []uint64, vecs []uint32, n int) []uint64
	Touch(keys []uint64)
	InsertRootKey(key uint64) (StateID, bool)
}

// Prefetcher is a TwoPhaseStore that can ask for the memory that
// inserting keys will read first without waiting for it, for the first
// touchAhead keys. A search that has the keys of many states at once (a
// thread's block) asks for it two runs of keys ahead as it inserts,
// instead of reading each run just before inserting it (Touch), which
// waits for the memory.
type Prefetcher interface {
	TwoPhaseStore
	Prefetch(keys []uint64)
}

// FoldingStore is a TwoPhaseStore whose AppendRootKeys may run on another
// goroutine, concurrently with Touch, InsertRootKey and Len, once
// FoldAhead returns true (it then does for the rest of the search). Nothing
// else of the store is called meanwhile. The tree store is one once it
// has chosen its order: its keys write the inner pairs, its insertions
// the roots.
type FoldingStore interface {
	TwoPhaseStore
	FoldAhead() bool
}

// StoreReader is a Visitor that reads vectors back from the store during
// the search (State, AppendState: the divergence detector). A search with
// threads then computes the keys of a FoldingStore with the insertion
// only, where they do not race with the reads.
type StoreReader interface {
	ReadsStore()
}

// BackgroundWriter is a Visitor that can do its work in a goroutine of
// its own, taking the events in order (the .aut writer). A search with
// threads asks it to (AddVisitor): there the insertion, which delivers
// the events in order, is the stage that bounds the speed.
type BackgroundWriter interface {
	WriteInBackground()
}

// StateAppender is a Store whose State decodes the vector into a fresh
// slice (the tree store); AppendState decodes it into dst instead, so that
// the searches that need a state back once per expansion (cycle search,
// divergence checks) allocate nothing for it.
type StateAppender interface {
	AppendState(dst []uint32, id StateID) []uint32
}

// AppendState appends the vector of id in st to dst.
func AppendState(st Store, dst []uint32, id StateID) []uint32 {
	if a, ok := st.(StateAppender); ok {
		return a.AppendState(dst, id)
	}
	return append(dst, st.State(id)...)
}
