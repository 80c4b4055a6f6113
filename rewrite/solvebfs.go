package rewrite

import (
	"fmt"

	"github.com/lps2lts/lps2lts/lps"
)

// Breadth-first solving, for sums with a variable of a recursive sort (a
// list, a structured sort that contains itself or a list). Depth-first
// narrowing (solve.go) follows the first constructor that takes
// arguments for ever when the condition does not bound the variable
// (valid(l) in mCRL2's industrial/garage: [i, i, i, ...]) and reports no
// solution; mCRL2's enumerator (enumerator_algorithm::enumerate_front) is
// breadth-first, so every solution comes out after finitely many steps
// and a consumer that stops (lps2lts -l) sees the short ones first.
//
// Its order, followed here: a first-in first-out queue of entries, each a
// list of unbound variables and the condition under the bindings made so
// far. The front entry's first variable is replaced by each constructor of
// its sort in turn (constants first, then the others, each group in
// declaration order; the constructor's arguments become fresh variables), the condition is rewritten, a false one is dropped;
// the new entry's variables are the rest of the front entry's followed by
// the fresh ones. An entry without variables is a solution, reported when
// it is made (its condition must then be true). A Nat, Pos or Int that
// the conjuncts bound by values is bound to each value of its interval
// (solveinterval.go), others Peano-style as in solve.go (mCRL2 expands
// them bit-wise: where both kinds of variable meet, the order of the
// solutions can differ); a conjunct v == e binds v at once. One order we
// do not follow: mCRL2 takes Bool's true and false in an order that
// depends on the model (false first when a second summand mentions
// [false], true first otherwise, everything else alike), apparently its
// internal numbering of terms; we take true first, as it does most often.
//
// Bindings are kept as a tree (each entry's last binding points to the
// one before it on its branch), so an entry costs its condition, its
// variables and one binding, and a solution's values are resolved from
// its branch. Fresh variables are numbered along a branch, as in solve.go:
// siblings reuse the same pooled variables.

// bfsEntry is one entry of the queue.
type bfsEntry struct {
	pend, npend int32 // its unbound variables: bfsQueue.pend[pend:pend+npend]
	bind        int32 // its last binding in bfsQueue.binds, -1 for none
	nfresh      int32 // the fresh variables its branch has used
	cond        Term  // the condition under its bindings
}

// bfsBinding binds v to val; prev is the binding before it on its branch
// (-1 for none).
type bfsBinding struct {
	v, val Term
	prev   int32
}

// bfsQueue is the queue and the arenas its entries point into.
type bfsQueue struct {
	entries []bfsEntry
	pend    []Term
	binds   []bfsBinding
	// exps remembers, during one enumeration, the candidate values of a
	// sort for a branch that has used nfresh fresh variables: they are
	// the same terms (pooled variables) every time, and making them
	// again cost most of the allocations of a list sum.
	exps map[expansionKey]*expansion
}

type expansionKey struct {
	sort   *lps.Sort
	nfresh int32
}

// expansion is the candidate values of a variable and their fresh
// variables (Rewriter.expansions), and the fresh variables used after
// them.
type expansion struct {
	vals   []Term
	fresh  [][]Term
	nfresh int
}

// keptQueueEntries bounds the queue a solver keeps for the next
// enumeration: an infinite sum stopped after many solutions leaves
// arenas of hundreds of megabytes, not worth holding.
const keptQueueEntries = 1 << 16

// SumBreadthFirst reports whether vars include a variable of a
// recursive sort, which Solve enumerates breadth-first: the sums that can
// have infinitely many solutions and still give each in finite time.
func (r *Rewriter) SumBreadthFirst(vars []Term) bool {
	for _, v := range vars {
		s := r.sortOf(r.node(v))
		switch s.Kind {
		case lps.SortList:
			return true
		case lps.SortStruct, lps.SortBasic:
			if len(s.Constructors) > 0 && r.sortClass(s) == sortClassInfinite {
				return true
			}
		}
	}
	return false
}

// runBreadthFirst reports the solutions of cond over sv.vars in mCRL2's
// breadth-first order; it returns false when the search must stop.
func (sv *solver) runBreadthFirst(cond Term) bool {
	r := sv.r
	if cond == r.falseT {
		return true
	}
	if sv.bfs == nil {
		sv.bfs = &bfsQueue{}
	}
	q := sv.bfs
	defer func() {
		if cap(q.entries) > keptQueueEntries {
			sv.bfs = nil
			return
		}
		q.entries, q.pend, q.binds = q.entries[:0], q.pend[:0], q.binds[:0]
		clear(q.exps) // hold no terms between enumerations
	}()
	q.pend = append(q.pend[:0], sv.vars...)
	r.orderForSolving(q.pend)
	q.entries = append(q.entries[:0], bfsEntry{npend: int32(len(q.pend)), bind: -1, cond: cond})
	for head := 0; head < len(q.entries); head++ {
		sv.tick()
		if !sv.expandEntry(q.entries[head]) {
			return false
		}
	}
	return true
}

// expandEntry replaces the first variable of entry p by each of its
// candidate values, in mCRL2's order.
func (sv *solver) expandEntry(p bfsEntry) bool {
	r := sv.r
	v := sv.bfs.pend[p.pend]
	sv.nfresh = int(p.nfresh)
	if e, ok := sv.onePoint(p.cond, v); ok {
		return sv.addEntry(p, v, e, nil)
	}
	sort := sv.r.sortOf(r.node(v))
	if iv, ok := r.numberInterval(p.cond, v, sort); ok {
		return iv.each(func(x int64) bool { return sv.addEntry(p, v, r.mkInt(sort, x), nil) })
	}
	x := sv.expansion(sort, p.nfresh)
	vals, fresh := x.vals, x.fresh
	sv.nfresh = x.nfresh
	// mCRL2 takes a sort's constants first, then the constructors with
	// arguments, each group in declaration order: its
	// data_specification::constructors puts a constructor before the
	// first of greater "arity", which it reads as the size of the
	// function sort's term (2, domain and codomain, for every constructor
	// with arguments). In mCRL2's garage, rotate_lift comes first and
	// move_lift last of Instruction's seven constructors.
	for _, constants := range [2]bool{true, false} {
		for i, val := range vals {
			if (len(fresh[i]) == 0) == constants && !sv.addEntry(p, v, val, fresh[i]) {
				return false
			}
		}
	}
	return true
}

// expansion returns the candidate values of sort for a branch that has
// used nfresh fresh variables.
func (sv *solver) expansion(sort *lps.Sort, nfresh int32) *expansion {
	q := sv.bfs
	k := expansionKey{sort, nfresh}
	if x, ok := q.exps[k]; ok {
		return x
	}
	vals, fresh, ok := sv.r.expansions(sort, sv.fresh, 1<<16)
	if !ok {
		panic(&SolveError{Msg: fmt.Sprintf("cannot enumerate elements of sort %s", lps.AppendSort(nil, sort))})
	}
	if q.exps == nil {
		q.exps = map[expansionKey]*expansion{}
	}
	x := &expansion{vals: vals, fresh: fresh, nfresh: sv.nfresh}
	q.exps[k] = x
	return x
}

// addEntry binds p's first variable v to val, whose fresh variables are
// fresh, and queues the result or, when no variable is left, reports it.
func (sv *solver) addEntry(p bfsEntry, v, val Term, fresh []Term) bool {
	r, q := sv.r, sv.bfs
	c, _ := sv.narrow(v, val, p.cond)
	if c == r.falseT {
		return true
	}
	q.binds = append(q.binds, bfsBinding{v: v, val: val, prev: p.bind})
	b := int32(len(q.binds) - 1)
	n := int(p.npend) - 1 + len(fresh)
	if n == 0 {
		ok := sv.reportBranch(b, c)
		q.binds = q.binds[:b]
		return ok
	}
	off := len(q.pend)
	q.pend = append(q.pend, q.pend[p.pend+1:p.pend+p.npend]...)
	q.pend = append(q.pend, fresh...)
	q.entries = append(q.entries, bfsEntry{pend: int32(off), npend: int32(n), bind: b, nfresh: int32(sv.nfresh), cond: c})
	return true
}

// reportBranch reports the solution whose last binding is b and whose
// condition rewrote to cond: its bindings go into s for resolve, and out
// again.
func (sv *solver) reportBranch(b int32, cond Term) bool {
	r, q := sv.r, sv.bfs
	for i := b; i >= 0; i = q.binds[i].prev {
		id := r.node(q.binds[i].v).varID()
		sv.s.grow(id)
		sv.s.vals[id] = q.binds[i].val
	}
	ok := sv.report(cond)
	for i := b; i >= 0; i = q.binds[i].prev {
		sv.s.vals[r.node(q.binds[i].v).varID()] = 0
	}
	return ok
}
