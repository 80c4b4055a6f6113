package enumerate

import (
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
// condition, and whether the cut applies to it (known once asked).
type frame struct {
	yield              func(vals []rewrite.Term) bool
	vars               []rewrite.Term
	cond               rewrite.Term
	s                  *rewrite.Subst
	checked, unbounded bool
}

// New returns an enumerator that rewrites with r.
func New(r *rewrite.Rewriter) *Enumerator {
	e := &Enumerator{r: r}
	e.yieldOrCut = e.deliver
	return e
}

// CutUnbounded makes every enumeration of a sum that no conjunct of its
// condition bounds (rewrite.Rewriter.SumUnbounded) end after its next
// solution, from now on: the enumeration under way included, when called
// from its yield. A cut enumeration ends without an error, and is not
// cached. Sums that the conjuncts bound are enumerated whole.
func (e *Enumerator) CutUnbounded() { e.cut = true }

// Cut says whether an enumeration has ended early since CutUnbounded.
func (e *Enumerator) Cut() bool { return e.anyCut }

// deliver passes a solution to the consumer and says whether to go on:
// an unbounded sum stops at once after CutUnbounded. (One that starts
// afterwards delivers nothing: enumerate does not start it.)
func (e *Enumerator) deliver(vals []rewrite.Term) bool {
	return e.top.yield(vals) && !e.cutHere()
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
	e.anyCut = e.anyCut || f.unbounded
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
	if e.cutHere() {
		return nil // an unbounded sum that starts after the cut
	}
	switch {
	case inOrder:
		return e.r.SolveInOrder(terms, cond, s, limit, e.yieldOrCut)
	case rewritten:
		return e.r.SolveRewritten(terms, cond, s, limit, e.yieldOrCut)
	}
	return e.r.Solve(terms, cond, s, limit, e.yieldOrCut)
}
