package explore

// The state limit inside an expansion. MaxStates is checked between
// states, as mCRL2's lps2lts checks it (its explorer aborts after the
// state being expanded): a state whose transitions reach the limit still
// gets all of them, and so do the states they discover. A sum that no
// conjunct of its condition bounds (mCRL2's industrial/garage: sum l:
// List(Instruction). valid(l)) has infinitely many solutions: mCRL2
// enumerates it for ever, writing transitions, and we would until the
// enumeration bound, and then fail. So, with a limit and a generator that
// can cut such sums (SumCutter), the batch of the state being expanded is
// inserted while it grows, whenever it could hold the states left to the
// limit; once the limit is reached inside the expansion, the generator
// cuts its unbounded sums (over recursive sorts, which it enumerates
// breadth-first; a sum of numbers is never cut), and the state ends with
// the transitions found so far (its bounded sums, and the other summands,
// still give all of theirs, as in mCRL2). A sum that no conjunct bounds
// but that is finite for this state (garage-r3's valid(l) at state 3441
// of -l5000) is not cut: the enumerator holds its solutions after the
// cut and gives them all once it ends within enumerate.HeldLimit steps,
// so the state gets every transition mCRL2 gives it. It then counts as
// explored. The insertion of a
// batch in parts delivers the same events in the same order as one
// insertion; it is used with plain and two-phase insertion only (a
// ComBack store names a state's transitions by their position in the
// batch, delayed duplicate detection and threads batch differently). With
// threads, a state whose successors a worker (or the speculating helper)
// computes is not cut: a finite sum gives all its transitions, as with
// one thread; an infinite one runs to the enumeration bound, an error,
// and the search computes the state again itself, cutting it as one
// thread does.

// insideStop is the state of the limit inside an expansion.
type insideStop struct {
	s StateID // the state being expanded
	// at: insert the batch when it holds this many transitions; 0 when
	// not expanding, or once the limit is reached.
	at int
}

// startInside prepares the expansion of s.
func (x *Explorer) startInside(s StateID) {
	if x.plan.cutter != nil {
		x.inside.s = s
		x.inside.at = max(x.opt.MaxStates-x.store.Len(), 1)
	}
}

// flushInside inserts the transitions collected so far and, when they
// reach the limit, has the generator cut its unbounded sums.
func (x *Explorer) flushInside() {
	b := &x.own
	x.insert(x.inside.s, b, 0)
	b.reset() // no error during Successors
	if x.maxReached() {
		x.inside.at = 0
		x.plan.cutter.CutUnboundedSums()
		return
	}
	x.inside.at = max(x.opt.MaxStates-x.store.Len(), 1)
}

// collectInside is collect for a search whose state limit may cut an
// expansion: it inserts the batch once it could reach the limit.
func (x *Explorer) collectInside(label LabelID, next []uint32) {
	x.collect(label, next)
	if x.inside.at > 0 && len(x.own.labels) >= x.inside.at {
		x.flushInside()
	}
}

// collectAppendedInside is collectInside for a VectorAppender.
func (x *Explorer) collectAppendedInside() {
	if x.plan.keys != nil {
		x.collectKey()
	}
	if x.inside.at > 0 && len(x.own.labels) >= x.inside.at {
		x.flushInside()
	}
}
