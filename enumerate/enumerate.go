package enumerate

import (
	"errors"
	"fmt"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/rewrite"
)

// DefaultLimit bounds the work of one enumeration (rewrite.Solve's
// bound: candidate values tried for a variable plus the steps of
// resolving the solutions' values) before it gives up with an error, the
// sum being probably infinite. The largest enumeration of the plain
// corpus takes about 32,000 steps (ex.games.magic_square); 2^24 steps are
// a few seconds of enumeration of a simple condition such as m > n over
// Nat, whose k-th solution costs O(k) steps.
const DefaultLimit = 1 << 24

// HeldLimit bounds the work an unbounded sum may still take once
// CutUnbounded has been called: such a sum is finite if it ends within
// it (its solutions are then all delivered, as mCRL2 gives them), else it
// is cut. 2^20 steps are a fifth of a second and about 40 MB of terms
// on mCRL2's garage, whose infinite sum would take seconds and 600 MB to
// reach DefaultLimit; the largest enumeration of the corpus takes about
// 32,000 steps in all.
const HeldLimit = 1 << 20

// Enumerator finds solutions of conditions. It is not safe for concurrent
// use; make one per goroutine, each with its own Rewriter (Rewriter.Clone).
type Enumerator struct {
	r *rewrite.Rewriter
	// Limit bounds the work per Enumerate call (see DefaultLimit);
	// DefaultLimit when 0.
	Limit int
	vars  []rewrite.Term
	buf   []rewrite.Term // solutions replayed from a Cache
	// active counts the enumerations under way: a yield may enumerate
	// again (a stochastic summand narrows its distribution's variables
	// for each solution of its sum variables), and the inner call must
	// not reuse the slices the outer one still reads.
	active int
	// cut: CutUnbounded was called; top is the enumeration under way,
	// whose solutions go through yieldOrCut (made once, in New, so that
	// an enumeration allocates no closure).
	cut        bool
	top        frame
	yieldOrCut func(vals []rewrite.Term) bool
	anyCut     bool // an enumeration has ended early since CutUnbounded
}

// frame is one enumeration under way: its consumer, its variables and
// condition, whether the cut applies to it (known once asked), and the
// solutions held back since the cut (see deliver).
type frame struct {
	yield              func(vals []rewrite.Term) bool
	vars               []rewrite.Term
	cond               rewrite.Term
	s                  *rewrite.Subst
	checked, unbounded bool
	holding            bool
	held               []rewrite.Term
}

// New returns an enumerator that rewrites with r.
func New(r *rewrite.Rewriter) *Enumerator {
	e := &Enumerator{r: r}
	e.yieldOrCut = e.deliver
	return e
}

// CutUnbounded makes every enumeration of a sum that no conjunct of its
// condition bounds (rewrite.Rewriter.SumUnbounded) hold its solutions
// back from now on, the enumeration under way included when called from
// its yield: such a sum may still be finite (the condition is a mapping
// whose equations bound the list, as mCRL2's garage's valid(l) does for
// some states), and if it ends within HeldLimit more steps its held
// solutions are delivered then; past them it is taken as infinite and
// ends without an error, having delivered only the solutions found before
// the cut. A cut enumeration is not cached. Sums that the conjuncts bound
// are enumerated as before.
func (e *Enumerator) CutUnbounded() { e.cut = true }

// Cut says whether an enumeration has ended early since CutUnbounded.
func (e *Enumerator) Cut() bool { return e.anyCut }

// deliver passes a solution to the consumer and says whether to go on;
// after CutUnbounded an unbounded sum's solutions are held (see
// finishHeld).
func (e *Enumerator) deliver(vals []rewrite.Term) bool {
	f := &e.top
	if f.holding {
		f.held = append(f.held, vals...)
		return true
	}
	if !f.yield(vals) {
		return false
	}
	if f.holding = e.cutHere(); f.holding {
		e.r.BoundSolve(HeldLimit)
	}
	return true
}

// finishHeld ends an enumeration that held its solutions since the cut:
// one that reached its bound (HeldLimit) is infinite and is cut there
// (no error; the held solutions are dropped), one that ended delivers
// them, in the order found, as it would have without the cut.
func (e *Enumerator) finishHeld(err error) error {
	f := &e.top
	if !f.holding {
		return err
	}
	if se := (*rewrite.SolveError)(nil); errors.As(err, &se) && se.Bound != 0 {
		e.anyCut = true
		return nil
	}
	if err != nil {
		return err
	}
	held, yield, w := f.held, f.yield, len(f.vars)
	f.held = nil
	for i := 0; i+w <= len(held) && w > 0; i += w {
		if !yield(held[i : i+w]) {
			break
		}
	}
	return nil
}

// cutHere says whether CutUnbounded ends the enumeration under way.
func (e *Enumerator) cutHere() bool {
	f := &e.top
	if !e.cut {
		return false
	}
	if !f.checked {
		// The bounds are read from the condition as the solver sees it,
		// with the parameters' values and the mappings rewritten (i + 1
		// < N with N = 9 is bounded); a condition that does not rewrite
		// is taken as bounded: a cut must never drop the transitions
		// of a finite sum.
		// Only a breadth-first sum (over a recursive sort) is cut: a sum
		// of numbers that the conjuncts do not visibly bound (i + 1 < N)
		// is still finite when narrowing ends it, and one that is not
		// ends at the enumeration limit, with an error, as without -l.
		f.checked = true
		if !e.r.SumBreadthFirst(f.vars) {
			f.unbounded = false
		} else if c, err := e.r.Rewrite(f.cond, f.s); err == nil {
			f.unbounded = e.r.SumUnbounded(f.vars, c)
		}
	}
	return f.unbounded
}

// Rewriter returns the rewriter e uses.
func (e *Enumerator) Rewriter() *rewrite.Rewriter { return e.r }

// Enumerate calls yield for every assignment of vars that makes cond true
// under s. The slice passed to yield is reused; yield returns false to
// stop. Errors name the variables and their sorts.
//
// The variables are bound in mCRL2's order for the sum variables of a
// summand (finite sorts first); EnumerateInOrder binds them in the order
// of vars, as mCRL2 binds the variables of a stochastic distribution.
func (e *Enumerator) Enumerate(vars []*lps.Var, cond rewrite.Term, s *rewrite.Subst, yield func(vals []rewrite.Term) bool) error {
	return e.enumerate(vars, cond, s, false, false, yield)
}

// EnumerateInOrder is Enumerate binding the variables in the order of vars.
func (e *Enumerator) EnumerateInOrder(vars []*lps.Var, cond rewrite.Term, s *rewrite.Subst, yield func(vals []rewrite.Term) bool) error {
	return e.enumerate(vars, cond, s, true, false, yield)
}

// enumerate is Enumerate, in the order of vars where inOrder, of a cond
// already rewritten under s where rewritten (EnumerateCached's).
func (e *Enumerator) enumerate(vars []*lps.Var, cond rewrite.Term, s *rewrite.Subst, inOrder, rewritten bool, yield func(vals []rewrite.Term) bool) error {
	for _, v := range vars {
		if v.S.Kind == lps.SortReal {
			return fmt.Errorf("cannot enumerate elements of sort Real (sum variable %s)", v.Name)
		}
	}
	terms := e.vars[:0]
	if e.active > 0 {
		terms = make([]rewrite.Term, 0, len(vars))
	}
	for _, v := range vars {
		terms = append(terms, e.r.VarTerm(v))
	}
	if e.active == 0 {
		e.vars = terms
	}
	limit := e.Limit
	if limit == 0 {
		limit = DefaultLimit
	}
	e.active++
	outer := e.top
	e.top = frame{yield: yield, vars: terms, cond: cond, s: s}
	defer func() {
		e.active--
		e.top = outer
	}()
	// An unbounded sum that starts after the cut holds all its solutions.
	if e.top.holding = e.cutHere(); e.top.holding {
		limit = min(limit, HeldLimit)
	}
	var err error
	switch {
	case inOrder:
		err = e.r.SolveInOrder(terms, cond, s, limit, e.yieldOrCut)
	case rewritten:
		err = e.r.SolveRewritten(terms, cond, s, limit, e.yieldOrCut)
	default:
		err = e.r.Solve(terms, cond, s, limit, e.yieldOrCut)
	}
	return e.finishHeld(err)
}
