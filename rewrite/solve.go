package rewrite

import (
	"fmt"

	"github.com/lps2lts/lps2lts/lps"
)

// Solving: the narrowing enumerator shared by the rewriter (quantifiers)
// and package enumerate (sum variables).
//
// Following mCRL2's enumerator, a variable is replaced by each of its
// sort's constructors applied to fresh variables and the condition is
// rewritten; a branch whose condition rewrites to false is pruned. Numbers
// are expanded Peano-style (a Nat is 0 or y + 1 for a fresh Nat y; a Pos is
// 1 or y + 1 for a fresh Pos y) and the rewriter decides comparisons
// between such terms and numbers from their lower bounds, so a condition
// like n < 3 or #l <= 3 prunes the infinite branch as mCRL2's bit-wise
// expansion does. A conjunct x == e with e free of x binds x at once
// (one-point rule).

// SolveError is the reason an enumeration could not be completed.
type SolveError struct {
	Msg string
	// Bound is the work bound that was exceeded (Solve's limit), 0 when
	// the enumeration failed for another reason.
	Bound int
}

func (e *SolveError) Error() string { return e.Msg }

type solver struct {
	r     *Rewriter
	s     *Subst // bindings of enumerated variables to (partial) values
	es    *Subst // one-variable substitution for rewriting the condition
	rs    *Subst // the values of the bound variables of a solution (resolve)
	vars  []Term // the variables asked for
	vals  []Term // scratch for reporting values
	limit int
	work  int  // candidate bindings tried and resolution steps, see tick
	found int  // solutions reported
	depth int  // bindings on the current branch
	cond  Term // the condition as rewritten before the search, for errors
	yield func(vals []Term, cond Term) bool
	// stuckOK: a branch whose variables are all bound but whose condition is
	// neither true nor false is reported to yield with that condition
	// (quantifiers use this to give up); otherwise it is an error.
	stuckOK bool
	nfresh  int // fresh variables in use on the current branch
	level   int // nesting of guarded calls, to keep pools of nested solvers apart
	// trueStops: a branch whose condition is true is reported at once,
	// without enumerating its remaining variables (quantifiers).
	trueStops bool
	// inOrder: bind the variables in the order of vars, not mCRL2's
	// order for sum variables.
	inOrder bool
	bfs     *bfsQueue // the breadth-first search's queue (solvebfs.go), kept for reuse
}

// Solve calls yield for every assignment of normal forms to vars (variable
// terms) under which cond rewrites to true, given s for the other free
// variables of cond (s may be nil). The slice passed to yield is reused.
// At most limit partial assignments are visited; more is an error, as is a
// variable of a sort that cannot be enumerated.
//
// The bound counts work, not solutions: every candidate value tried for a
// variable (one rewrite of the condition) and every step spent resolving a
// solution's values is one unit. Numbers are enumerated Peano-style, so the
// k-th solution of an infinite sum such as m > n costs O(k) units; a bound
// on solutions alone would only be reached after O(limit^2) work. Solve
// also polls Interrupt every few hundred units and then returns
// ErrInterrupted.
//
// The variables are bound in the order mCRL2's explorer gives a summand's
// sum variables (solveorder.go); SolveInOrder binds them in the order of
// vars, as mCRL2 binds the variables of a stochastic distribution.
func (r *Rewriter) Solve(vars []Term, cond Term, s *Subst, limit int, yield func(vals []Term) bool) error {
	return r.solve(vars, cond, s, limit, false, false, yield)
}

// SolveInOrder is Solve binding the variables in the order of vars.
func (r *Rewriter) SolveInOrder(vars []Term, cond Term, s *Subst, limit int, yield func(vals []Term) bool) error {
	return r.solve(vars, cond, s, limit, true, false, yield)
}

// SolveRewritten is Solve of a cond that is already a normal form under
// s (rewritten under s by the caller), which Solve would rewrite again: a
// summand's condition, rewritten to decide it before its sum variables
// are enumerated, is a large term on the bench models, and its second
// rewrite was a fifth of their enumerations.
func (r *Rewriter) SolveRewritten(vars []Term, cond Term, s *Subst, limit int, yield func(vals []Term) bool) error {
	return r.solve(vars, cond, s, limit, false, true, yield)
}

// solve enumerates the solutions of cond, rewritten under s first unless
// normal says it is a normal form under s.
func (r *Rewriter) solve(vars []Term, cond Term, s *Subst, limit int, inOrder, normal bool, yield func(vals []Term) bool) error {
	if s == nil {
		s = &r.sub
	}
	outer := r.solving
	err := r.guard(func() {
		c := cond
		if !normal {
			c = r.rewrite(cond, s)
		}
		sv := r.newSolver(vars, limit)
		sv.cond = c
		sv.inOrder = inOrder
		sv.yield = func(vals []Term, cond Term) bool { return yield(vals) }
		r.solving = sv
		sv.run(c)
		r.keepSolver(sv)
	})
	r.solving = outer // also after a panic, which guard recovers
	return err
}

// BoundSolve lowers the bound of the innermost Solve under way, called
// from its yield, to the work done so far plus more (it never raises
// it): past that the enumeration ends with the bound's error, as if
// Solve had been given that limit.
func (r *Rewriter) BoundSolve(more int) {
	if sv := r.solving; sv != nil && sv.work+more < sv.limit {
		sv.limit = sv.work + more
	}
}

// newSolver returns a solver for vars. Its substitutions are those of the
// last solver at this nesting level that finished, if any: each is an
// array over all variable numbers, and a model with thousands of
// variables allocated them again for every enumeration (FlexRay
// 3_Regular: 150 MB over a run, and with two threads a seventh of a
// second of allocation).
func (r *Rewriter) newSolver(vars []Term, limit int) *solver {
	level := r.active
	if level < len(r.solvers) {
		if old := r.solvers[level]; old != nil {
			r.solvers[level] = nil
			*old = solver{r: r, s: old.s, es: old.es, rs: old.rs, bfs: old.bfs, vars: vars, vals: append(old.vals[:0], make([]Term, len(vars))...), limit: limit, level: level}
			return old
		}
	}
	return &solver{r: r, s: r.NewSubst(), es: r.NewSubst(), rs: r.NewSubst(), vars: vars, vals: make([]Term, len(vars)), limit: limit, level: level}
}

// keepSolver keeps sv's substitutions for the next solver at its level.
// Only a solver that finished is kept: bindAndRec unbinds every variable
// of s and es it bound on its way back, and rs is cleared here. One that
// panicked (an error) may have left bindings, and is dropped.
// It keeps nothing of the caller's (vars, yield).
func (r *Rewriter) keepSolver(sv *solver) {
	sv.rs.Clear()
	*sv = solver{s: sv.s, es: sv.es, rs: sv.rs, bfs: sv.bfs, vals: sv.vals[:0], level: sv.level}
	for len(r.solvers) <= sv.level {
		r.solvers = append(r.solvers, nil)
	}
	r.solvers[sv.level] = sv
}

// fresh returns the next fresh variable of sort s on the current branch.
func (sv *solver) fresh(s *lps.Sort) Term {
	sv.nfresh++
	return sv.r.poolVar('s', sv.level, sv.nfresh, s)
}

// poolVar returns the idx-th pooled fresh variable of sort s for a user
// (kind) at a nesting level. Reusing these, instead of making new
// variables per enumeration, keeps the variable and term tables from
// growing during a long exploration.
func (r *Rewriter) poolVar(kind byte, level, idx int, s *lps.Sort) Term {
	return r.pooled(poolKey{kind, level, idx, s}, func() string { return fmt.Sprintf("@%c%d_%d", kind, level, idx) })
}

// pooled returns the pooled variable of key k, made with the name name()
// the first time.
func (r *Rewriter) pooled(k poolKey, name func() string) Term {
	r.mu.Lock()
	t, ok := r.pool[k]
	r.mu.Unlock()
	if ok {
		return t
	}
	t = r.VarTerm(&lps.Var{Name: name(), S: k.s})
	r.mu.Lock()
	r.pool[k] = t
	r.mu.Unlock()
	return t
}

type poolKey struct {
	kind       byte
	level, idx int
	s          *lps.Sort
}

func (sv *solver) run(cond Term) bool {
	if !sv.inOrder && sv.r.SumBreadthFirst(sv.vars) {
		return sv.runBreadthFirst(cond)
	}
	pending := append([]Term(nil), sv.vars...)
	// Bound in mCRL2's order (solveorder.go); values are reported in the
	// order of vars.
	if !sv.inOrder {
		sv.r.orderForSolving(pending)
	}
	return sv.rec(pending, cond)
}

// rec explores the branch where pending are the unbound variables and
// cond is the condition rewritten under the bindings made so far. It
// returns false when the search must stop.
func (sv *solver) rec(pending []Term, cond Term) bool {
	r := sv.r
	if cond == r.falseT {
		return true
	}
	sv.tick()
	if len(pending) == 0 || cond == r.trueT && sv.trueStops {
		return sv.report(cond)
	}
	v := pending[0]
	rest := pending[1:]
	// Fresh variables made below are free only within one branch, so
	// sibling branches reuse the same ones (and the same terms).
	base := sv.nfresh
	defer func() { sv.nfresh = base }()
	vn := r.node(v)
	// One-point rule.
	if e, ok := sv.onePoint(cond, v); ok {
		return sv.bindAndRec(v, e, nil, rest, cond)
	}
	sort := sv.r.sortOf(vn)
	if iv, ok := r.numberInterval(cond, v, sort); ok {
		return sv.bindInterval(v, sort, iv, rest, cond)
	}
	switch sort.Kind {
	case lps.SortBool:
		if !sv.bindAndRec(v, r.trueT, nil, rest, cond) {
			return false
		}
		return sv.bindAndRec(v, r.falseT, nil, rest, cond)
	case lps.SortNat, lps.SortPos:
		first := int64(0)
		if sort.Kind == lps.SortPos {
			first = 1
		}
		if !sv.bindAndRec(v, r.mkInt(sort, first), nil, rest, cond) {
			return false
		}
		y := sv.fresh(sort)
		succ := r.mkApp(r.opSym(lps.OpAdd, sort), []Term{y, r.mkInt(sort, 1)})
		return sv.bindAndRec(v, succ, []Term{y}, rest, cond)
	case lps.SortInt:
		// mCRL2's constructors of Int, @cInt(n: Nat) and @cNeg(p: Pos):
		// i = n or i = -p, each expanded further as a Nat or Pos.
		y := sv.fresh(r.natSortOf())
		if !sv.bindAndRec(v, r.mkApp(r.opSymN(lps.OpNat2Int, sort, 1), []Term{y}), []Term{y}, rest, cond) {
			return false
		}
		sv.nfresh = base
		p := sv.fresh(r.posSortOf())
		return sv.bindAndRec(v, r.mkApp(r.opSymN(lps.OpNeg, sort, 1), []Term{p}), []Term{p}, rest, cond)
	case lps.SortList:
		if !sv.bindAndRec(v, r.intern(&key{kind: kNil, sort: sort}), nil, rest, cond) {
			return false
		}
		e := sv.fresh(sort.Elem)
		l := sv.fresh(sort)
		cons := r.internArgs(&key{kind: kCons, sort: sort}, []Term{e, l})
		return sv.bindAndRec(v, cons, []Term{e, l}, rest, cond)
	case lps.SortStruct, lps.SortBasic:
		if len(sort.Constructors) == 0 {
			break
		}
		excluded := r.caseExcluded(cond, v, sort)
		for i, c := range sort.Constructors {
			if c.Arity() == 0 {
				if excluded&(1<<i) != 0 {
					continue
				}
				if !sv.bindAndRec(v, r.constant(c), nil, rest, cond) {
					return false
				}
				continue
			}
			sv.nfresh = base
			ys := make([]Term, c.Arity())
			for i, d := range c.Sort.Domain {
				ys[i] = sv.fresh(d)
			}
			if !sv.bindAndRec(v, r.mkApp(r.sym(c), ys), ys, rest, cond) {
				return false
			}
		}
		return true
	default:
		// Finite sets, sets and function sorts over finite sorts: all values.
		if vals, ok := r.Values(sort, 1<<16); ok {
			for _, val := range vals {
				if !sv.bindAndRec(v, val, nil, rest, cond) {
					return false
				}
			}
			return true
		}
	}
	panic(&SolveError{Msg: fmt.Sprintf("cannot enumerate elements of sort %s", lps.AppendSort(nil, sort))})
}

// report delivers the solution whose bindings are in s and whose
// condition rewrote to cond; it returns false when the search must stop.
func (sv *solver) report(cond Term) bool {
	r := sv.r
	if cond != r.trueT && !sv.stuckOK {
		panic(&SolveError{Msg: fmt.Sprintf("condition %s of the enumeration of %s does not rewrite to true or false", r.clip(cond), sv.varNames())})
	}
	sv.rs.Clear()
	for i, v := range sv.vars {
		sv.vals[i] = sv.resolve(v)
	}
	sv.found++
	return sv.yield(sv.vals, cond)
}

// bindAndRec binds v to val (whose fresh variables are fresh), rewrites
// cond and continues with fresh ++ rest.
// narrow is one step of the search, depth- or breadth-first: cond
// rewritten with v bound to val (counted against the limit), and v's
// number.
func (sv *solver) narrow(v, val, cond Term) (Term, uint32) {
	r := sv.r
	sv.tick()
	id := r.node(v).varID()
	sv.es.grow(id)
	sv.es.vals[id] = val
	c := sv.rewriteBound(cond, id)
	sv.es.vals[id] = 0
	return c, id
}

func (sv *solver) bindAndRec(v, val Term, fresh, rest []Term, cond Term) bool {
	r := sv.r
	c, id := sv.narrow(v, val, cond)
	if c == r.falseT {
		return true
	}
	sv.s.grow(id)
	sv.s.vals[id] = val
	var pending []Term
	if len(fresh) == 0 {
		pending = rest
	} else {
		pending = make([]Term, 0, len(fresh)+len(rest))
		pending = append(pending, fresh...)
		pending = append(pending, rest...)
	}
	sv.depth++
	if sv.depth > maxSolveDepth {
		panic(&SolveError{
			Msg: fmt.Sprintf("enumeration of %s goes more than %d values deep without deciding the condition (%s); %s",
				sv.varNames(), maxSolveDepth, r.clip(sv.cond), sv.unboundedReason()),
		})
	}
	ok := sv.rec(pending, c)
	sv.depth--
	sv.s.vals[id] = 0
	return ok
}

// resolve returns the value of variable v on the current branch: its
// binding, rewritten under the values of the variables the binding
// mentions. Those are resolved first (the deepest binding first) and each
// only once per solution (rs, cleared by rec before each solution), so a
// solution k constructor steps deep, such as the number k or a list of
// length k, costs O(k) steps, each a tick.
func (sv *solver) resolve(v Term) Term {
	r := sv.r
	id := r.node(v).varID()
	if val := sv.rs.getID(id); val != 0 {
		return val
	}
	b := sv.s.getID(id)
	if b == 0 {
		return v // not bound: stays free
	}
	sv.tick()
	if !r.IsGround(b) {
		sv.resolveVarsOf(b)
		b = r.rewrite(b, sv.rs)
	}
	sv.rs.setID(id, b)
	return b
}

// resolveVarsOf resolves the variables of t into rs.
func (sv *solver) resolveVarsOf(t Term) {
	n := sv.r.node(t)
	if n.flags&nodeGround != 0 {
		return
	}
	if n.kind == kVar {
		sv.resolve(t)
		return
	}
	for _, a := range n.args() {
		sv.resolveVarsOf(a)
	}
}

// maxSolveDepth bounds the bindings on one branch of Solve's depth-first
// search, which recurses once per binding: deeper branches would overflow
// the goroutine stack before the work bound is reached when the condition
// is undecided all the way down (m mod 3 == 5). A branch whose values are
// solutions is far shallower (at depth k the solutions cost O(k^2) work in
// total, about 6,000 deep under the default bound).
const maxSolveDepth = 1 << 16

// tick counts one unit of work: past the bound the enumeration is given up
// as (probably) infinite, and every 256 units the interrupt flag is polled.
func (sv *solver) tick() {
	sv.work++
	if sv.work&255 == 0 && sv.r.interrupt.Load() {
		panic(ErrInterrupted)
	}
	if sv.work > sv.limit {
		panic(&SolveError{
			Msg: fmt.Sprintf("enumeration of %s does not finish within %d steps (%d solutions so far; condition %s); %s",
				sv.varNames(), sv.limit, sv.found, sv.r.clip(sv.cond), sv.unboundedReason()),
			Bound: sv.limit,
		})
	}
}

// onePoint looks for a conjunct v == e or e == v of cond with v not in e.
func (sv *solver) onePoint(cond, v Term) (Term, bool) {
	r := sv.r
	n := r.node(cond)
	if n.kind != kApp || sv.r.fnOf(n).kind != lps.FuncBuiltin {
		return 0, false
	}
	switch sv.r.fnOf(n).op {
	case lps.OpAnd:
		if e, ok := sv.onePoint(n.args()[0], v); ok {
			return e, true
		}
		return sv.onePoint(n.args()[1], v)
	case lps.OpEq:
		a, b := n.args()[0], n.args()[1]
		if a == v && !r.occurs(v, b) {
			return b, true
		}
		if b == v && !r.occurs(v, a) {
			return a, true
		}
	}
	return 0, false
}

// occurs reports whether variable v occurs in t.
func (r *Rewriter) occurs(v, t Term) bool {
	if t == v {
		return true
	}
	n := r.node(t)
	if n.flags&nodeGround != 0 {
		return false
	}
	for _, a := range n.args() {
		if r.occurs(v, a) {
			return true
		}
	}
	return false
}

func (sv *solver) varNames() string {
	b := []byte{}
	for i, v := range sv.vars {
		if i > 0 {
			b = append(b, ", "...)
		}
		n := sv.r.node(v)
		b = append(b, sv.r.varOf(n).v.Name...)
		b = append(b, ": "...)
		b = lps.AppendSort(b, sv.r.sortOf(n))
	}
	return string(b)
}

// quantifier evaluates forall/exists over vars with the given body (a
// normal form with vars free) as mCRL2's rewriter does: a breadth-first
// enumeration of the variables (by constructors, numbers Peano-style as
// mCRL2's @c1/@succ_pos, @c0/@succ_nat), discarding branches whose body is
// the identity (true for forall, false for exists) and stopping at the
// absorbing value. When a variable's sort is not finite at most
// QuantifierLimit branches are processed (mCRL2's --qlimit, default 10);
// if that does not decide the quantifier, or a sort cannot be enumerated,
// the quantifier stays with its rewritten body.
func (r *Rewriter) quantifier(kind lps.BinderKind, sort *lps.Sort, vars []Term, body Term) Term {
	keep := func() Term {
		args := append(append([]Term{}, vars...), body)
		return r.internArgs(&key{kind: kBinder, sort: sort, val: int64(kind)}, args)
	}
	identity, absorbing := r.trueT, r.falseT
	op := r.and
	if kind == lps.Exists {
		identity, absorbing = r.falseT, r.trueT
		op = r.or
	}
	// Only variables that occur in the body are enumerated.
	var enumVars []Term
	finite := true
	for _, v := range vars {
		if r.occurs(v, body) {
			enumVars = append(enumVars, v)
			if _, ok := r.Values(r.sortOf(r.node(v)), 1<<16); !ok {
				finite = false
			}
		}
	}
	if len(enumVars) == 0 {
		return body
	}
	// The one-point rule: exists x. (x == t && B) is B[x := t], and
	// forall x. (x != t || B) is B[x := t], for t without x (mCRL2's
	// rewriter applies it before enumerating).
	for i, v := range enumVars {
		if t, ok := r.onePoint(kind, v, body); ok {
			es := r.NewSubst()
			es.setID(r.node(v).varID(), t)
			rest := append(append([]Term(nil), enumVars[:i]...), enumVars[i+1:]...)
			return r.quantifier(kind, sort, rest, r.rewrite(body, es))
		}
	}
	limit := int(^uint(0) >> 1)
	if !finite && r.QuantifierLimit > 0 {
		limit = r.QuantifierLimit
	}
	type elem struct {
		vars []Term
		expr Term
	}
	queue := []elem{{enumVars, body}}
	nfresh := 0
	r.qdepth++
	defer func() { r.qdepth-- }()
	partial := identity
	es := r.NewSubst()
	count := 0
	for len(queue) > 0 {
		if count >= limit {
			return keep()
		}
		count++
		p := queue[0]
		queue = queue[1:]
		if p.expr == identity {
			continue
		}
		v, tail := p.vars[0], p.vars[1:]
		cands, fresh, ok := r.expansions(r.sortOf(r.node(v)), func(s *lps.Sort) Term {
			nfresh++
			return r.poolVar('q', r.qdepth, nfresh, s)
		}, 1<<12)
		if !ok {
			return keep()
		}
		id := r.node(v).varID()
		for i, c := range cands {
			es.setID(id, c)
			e := r.rewrite(p.expr, es)
			es.vals[id] = 0
			if e == identity {
				continue
			}
			nv := tail
			if len(fresh[i]) > 0 {
				nv = append(append([]Term(nil), fresh[i]...), tail...)
			}
			if len(nv) == 0 {
				partial = op(partial, e)
				if partial == absorbing {
					return absorbing
				}
				continue
			}
			queue = append(queue, elem{nv, e})
		}
	}
	return partial
}

// onePoint finds, for exists, a conjunct v == t (or t == v) of body and,
// for forall, a disjunct v != t, with t free of v.
func (r *Rewriter) onePoint(kind lps.BinderKind, v, body Term) (Term, bool) {
	join, test := lps.OpAnd, lps.OpEq
	if kind == lps.Forall {
		join, test = lps.OpOr, lps.OpNeq
	}
	var find func(t Term) (Term, bool)
	find = func(t Term) (Term, bool) {
		n := r.node(t)
		if n.kind != kApp || r.fnOf(n) == nil || r.fnOf(n).kind != lps.FuncBuiltin || len(n.args()) != 2 {
			return 0, false
		}
		switch r.fnOf(n).op {
		case join:
			if x, ok := find(n.args()[0]); ok {
				return x, true
			}
			return find(n.args()[1])
		case test:
			a, b := n.args()[0], n.args()[1]
			if b == v {
				a, b = b, a
			}
			if a == v && !r.occurs(v, b) {
				return b, true
			}
		}
		return 0, false
	}
	return find(body)
}

// expansions returns the constructor instances a variable of sort s is
// replaced by in one enumeration step, with the fresh variables of each
// (made by freshVar); the values of a finite set, bag or function sort
// come all at once, at most valueLimit of them.
func (r *Rewriter) expansions(s *lps.Sort, freshVar func(*lps.Sort) Term, valueLimit int) ([]Term, [][]Term, bool) {
	switch s.Kind {
	case lps.SortBool:
		return []Term{r.trueT, r.falseT}, [][]Term{nil, nil}, true
	case lps.SortNat, lps.SortPos:
		first := int64(0)
		if s.Kind == lps.SortPos {
			first = 1
		}
		y := freshVar(s)
		succ := r.mkApp(r.opSym(lps.OpAdd, s), []Term{y, r.mkInt(s, 1)})
		return []Term{r.mkInt(s, first), succ}, [][]Term{nil, {y}}, true
	case lps.SortInt:
		// mCRL2's constructors of Int: @cInt(n) for n: Nat and @cNeg(p)
		// for p: Pos, i.e. Nat2Int(n) and -p.
		n, p := freshVar(r.natSortOf()), freshVar(r.posSortOf())
		nonneg := r.mkApp(r.opSymN(lps.OpNat2Int, s, 1), []Term{n})
		neg := r.mkApp(r.opSymN(lps.OpNeg, s, 1), []Term{p})
		return []Term{nonneg, neg}, [][]Term{{n}, {p}}, true
	case lps.SortFSet, lps.SortFunc, lps.SortSet, lps.SortFBag, lps.SortBag:
		// The finite subsets of a finite element sort, the functions
		// between finite sorts (and sets and bags over them), all at once.
		cands, ok := r.Values(s, valueLimit)
		if !ok {
			return nil, nil, false
		}
		return cands, make([][]Term, len(cands)), true
	case lps.SortList:
		e := freshVar(s.Elem)
		l := freshVar(s)
		return []Term{r.intern(&key{kind: kNil, sort: s}), r.internArgs(&key{kind: kCons, sort: s}, []Term{e, l})},
			[][]Term{nil, {e, l}}, true
	case lps.SortStruct, lps.SortBasic:
		if len(s.Constructors) == 0 {
			return nil, nil, false
		}
		var cands []Term
		var fresh [][]Term
		for _, c := range s.Constructors {
			if c.Arity() == 0 {
				cands = append(cands, r.constant(c))
				fresh = append(fresh, nil)
				continue
			}
			ys := make([]Term, c.Arity())
			for i, d := range c.Sort.Domain {
				ys[i] = freshVar(d)
			}
			cands = append(cands, r.mkApp(r.sym(c), ys))
			fresh = append(fresh, ys)
		}
		return cands, fresh, true
	}
	return nil, nil, false
}

// opSym returns an internal binary built-in symbol op with result sort
// res.
func (sh *shared) opSym(op lps.Op, res *lps.Sort) *symbol { return sh.opSymN(op, res, 2) }

// opKey names an internal built-in symbol.
type opKey struct {
	op    lps.Op
	res   *lps.Sort
	arity int
}

// opSymN returns an internal built-in symbol op of the given arity with
// result sort res.
func (sh *shared) opSymN(op lps.Op, res *lps.Sort, arity int) *symbol {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	k := opKey{op, res, arity}
	if f, ok := sh.opSyms[k]; ok {
		return f
	}
	f := &symbol{name: op.String(), op: op, kind: lps.FuncBuiltin, id: uint32(1<<23 + len(sh.opSyms)), arity: arity, res: res}
	sh.opSyms[k] = f
	return f
}
