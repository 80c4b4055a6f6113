package rewrite

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/lps2lts/lps2lts/internal/fibhash"
	"github.com/lps2lts/lps2lts/lps"
)

// shared is the part of a rewriter that every goroutine shares: the term
// store, the symbol and variable tables and the compiled equations.
type shared struct {
	st   *store
	spec *lps.Spec

	mu sync.Mutex // guards syms and vars maps, and rewriters
	// rewriters are r and its clones, whose own tables Collect keeps.
	rewriters []*Rewriter
	syms      map[*lps.Func]*symbol
	vars      map[*lps.Var]*varInfo
	pool      map[poolKey]Term // pooled fresh variables of the enumerators
	// varsByName identifies variables by name and sort.
	varsByName map[varKey]*varInfo
	nvars      atomic.Uint32

	natSort               *lps.Sort // the Nat sort of the specification, if it has one
	posSort               *lps.Sort // likewise Pos
	boolSort              *lps.Sort
	trueSym, falseSym     *symbol
	andSym, orSym, notSym *symbol
	cmpSyms               map[cmpKey]*symbol
	opSyms                map[opKey]*symbol
	trueT, falseT         Term
	globals               map[*lps.Var]Term
	// cases are the case functions the solver reads (solvecase.go).
	cases map[*lps.Func]*lps.CaseFunction
	fresh atomic.Uint64 // counter for fresh variable names

	// Limits. MaxDepth bounds the nesting of rewriting (recursion), MaxSteps
	// the number of rule applications of one Rewrite call.
	maxDepth int
	maxSteps int

	// QuantifierLimit bounds the enumeration steps of a quantifier over an
	// infinite sort (mCRL2's --qlimit; default 10, 0 for no bound).
	QuantifierLimit int

	// interrupt, once set by Interrupt, makes Rewrite and Solve calls of
	// every clone return ErrInterrupted at their next poll. It is polled
	// every few thousand rule applications and every few hundred
	// enumeration steps, so a long rewrite or an infinite enumeration
	// notices it within milliseconds.
	interrupt atomic.Bool
}

// ErrInterrupted is returned by Rewrite and Solve after Interrupt.
var ErrInterrupted = errors.New("interrupted")

// Interrupt makes the rewriters sharing r's term store (r and its clones)
// give up: a running Rewrite or Solve, and one started later, returns
// ErrInterrupted at its next poll (a call too short to poll finishes
// normally). It is safe to call from any goroutine (a signal
// handler). Resume undoes it.
func (r *Rewriter) Interrupt() { r.interrupt.Store(true) }

// Resume clears an earlier Interrupt.
func (r *Rewriter) Resume() { r.interrupt.Store(false) }

// Rewriter rewrites terms to normal form. A Rewriter is not safe for
// concurrent use; Clone gives another one that shares the term store and
// the compiled equations and can run in another goroutine.
type Rewriter struct {
	// The fields below are written on every rewrite step, and the
	// rewriters of a search with threads are allocated one after the
	// other: without the padding two of them shared a cache line, which
	// bounced between the cores (ex.industrial.chatbox with 2 threads:
	// 40% more CPU time).
	_ [cacheLine]byte
	*shared
	depth int
	steps int
	// interpreted: Run and the equations rewrite their terms by rewrite,
	// not by their Programs (SetInterpreted).
	interpreted bool
	// scratch stacks, reused between calls
	argStack []Term
	saved    []savedBinding
	sub      Subst // the substitution rules bind their variables in
	lastRule *rule // most recently applied rule, for error messages
	active   int   // nesting of guarded calls (Rewrite, Solve)
	// solvers holds, per nesting level, a solver whose substitutions
	// Solve reuses (newSolver).
	solvers []*solver
	solving *solver // the innermost Solve under way (BoundSolve)
	qdepth  int     // nesting of quantifier evaluations
	// sortClasses caches the binding order's class of each sort of a sum
	// variable (solveorder.go).
	sortClasses map[*lps.Sort]int8
	// Caches of sym and constant, of this rewriter alone; and of the
	// internal symbols of comparisons and operations, which the shared
	// tables give out under a lock that two threads of
	// ex.games.knights, comparing all the time, spent a seventh of
	// their time in.
	syms     map[*lps.Func]*symbol
	consts   map[*lps.Func]Term
	small    smallInts
	internal map[symKey]*symbol
	// symSlots holds the internal symbols last asked for, by a hash of
	// their key, in front of internal (internalSym).
	symSlots [1 << symSlotBits]symSlot
	served   map[servedKey]*lps.Sort // of servedSort (mcrl2sets.go)
	memo     memo                    // interning memo (memo.go)
	// chunks is a copy of the store's directory of chunks (node).
	chunks []*[chunkSize]node
	_      [cacheLine]byte
}

// cmpSym is shared.cmpSym through this rewriter's caches.
func (r *Rewriter) cmpSym(op lps.Op, s *lps.Sort) *symbol {
	return r.internalSym(symKey{op, cmpArity, s})
}

// opSymN is shared.opSymN through this rewriter's caches.
func (r *Rewriter) opSymN(op lps.Op, res *lps.Sort, arity int) *symbol {
	return r.internalSym(symKey{op, int32(arity), res})
}

// symKey names an internal symbol of this rewriter's caches: a
// comparison on sort (arity cmpArity, shared.cmpSym) or an operation of
// result sort and arity (shared.opSymN).
type symKey struct {
	op    lps.Op
	arity int32
	sort  *lps.Sort
}

// cmpArity is the arity of cmpSym's keys, where opSymN's are 1 or more.
const cmpArity = -1

// internalSym is the symbol of k: from its slot, else from the
// rewriter's map, else from the shared tables (under their lock). The
// slots are a direct-mapped cache in front of the map, whose lookups
// hashed the key's bytes (aeshash) for each comparison a rewrite builds
// or evaluates: 8% of the instructions of ex.games.magic_square, whose
// conditions compare sums of nine numbers. A slot takes a multiply and
// three compares; the map stays behind it for keys whose slots collide.
func (r *Rewriter) internalSym(k symKey) *symbol {
	h := (uint64(uintptr(unsafe.Pointer(k.sort))) ^ uint64(k.op)<<48 ^ uint64(uint32(k.arity))<<32) * fibhash.Mul
	slot := &r.symSlots[h>>(64-symSlotBits)]
	if slot.f != nil && slot.key == k {
		return slot.f
	}
	f, ok := r.internal[k]
	if !ok {
		if k.arity == cmpArity {
			f = r.shared.cmpSym(k.op, k.sort)
		} else {
			f = r.shared.opSymN(k.op, k.sort, int(k.arity))
		}
		if r.internal == nil {
			r.internal = map[symKey]*symbol{}
		}
		r.internal[k] = f
	}
	*slot = symSlot{k, f}
	return f
}

// symSlot is a slot of internalSym's cache: a key and its symbol.
type symSlot struct {
	key symKey
	f   *symbol
}

// symSlotBits is the log2 of the slots: a specification's comparisons
// and operations come in a few dozen sorts.
const symSlotBits = 6

// cacheLine is the padding that keeps the fields written by two
// goroutines on cache lines of their own (two lines: processors fetch
// lines in pairs).
const cacheLine = 128

type savedBinding struct {
	s   *Subst
	id  uint32
	val Term
}

// Limits on rewriting; a Rewrite that exceeds them returns an error.
const (
	DefaultMaxDepth = 100000
	DefaultMaxSteps = 1 << 30
	// DefaultQuantifierLimit is mCRL2's default --qlimit.
	DefaultQuantifierLimit = 10
)

// New compiles the equations of spec and returns a rewriter for its terms.
// Global variables are replaced by the default value of their sort (mCRL2's
// representative generator).
func New(spec *lps.Spec) (r *Rewriter, err error) {
	defer func() {
		if p := recover(); p != nil {
			if e, ok := p.(*Error); ok {
				r, err = nil, e
				return
			}
			panic(p)
		}
	}()
	sh := &shared{
		st:   newStore(),
		spec: spec,
		syms: map[*lps.Func]*symbol{},
		vars: map[*lps.Var]*varInfo{},

		varsByName: map[varKey]*varInfo{},
		pool:       map[poolKey]Term{},
		globals:    map[*lps.Var]Term{},
		cmpSyms:    map[cmpKey]*symbol{},
		opSyms:     map[opKey]*symbol{},
		maxDepth:   DefaultMaxDepth,
		maxSteps:   DefaultMaxSteps,

		QuantifierLimit: DefaultQuantifierLimit,
	}
	r = &Rewriter{shared: sh}
	r.memo.init()
	r.sub.sh = sh
	sh.rewriters = []*Rewriter{r}
	sh.initBool(spec)
	sh.cases = lps.CaseFunctions(spec)
	if err := r.compile(spec); err != nil {
		return nil, err
	}
	if err := r.initGlobals(spec); err != nil {
		return nil, err
	}
	return r, nil
}

// Clone returns a rewriter sharing r's term store and equations, with its
// own scratch space, for use in another goroutine.
func (r *Rewriter) Clone() *Rewriter {
	c := &Rewriter{shared: r.shared}
	c.memo.init()
	c.sub.sh = r.shared
	r.mu.Lock()
	r.rewriters = append(r.rewriters, c)
	r.mu.Unlock()
	return c
}

// SetLimits changes the bounds on rewriting depth and rule applications
// per Rewrite call.
func (r *Rewriter) SetLimits(maxDepth, maxSteps int) {
	r.maxDepth, r.maxSteps = maxDepth, maxSteps
}

// True returns the term true.
func (r *Rewriter) True() Term { return r.trueT }

// False returns the term false.
func (r *Rewriter) False() Term { return r.falseT }

// Bool returns true or false.
func (r *Rewriter) Bool(b bool) Term {
	if b {
		return r.trueT
	}
	return r.falseT
}

// TermBytes returns the memory the term store holds, normal forms
// included (each term's node keeps its own), for reports. Terms are never
// dropped, so this grows with the distinct terms a run makes; call it
// when the rewriter and its clones are idle.
func (r *Rewriter) TermBytes() int { return r.st.bytes() }

// NumTerms returns how many terms the store holds.
func (r *Rewriter) NumTerms() int { return r.st.size() }

// Spec returns the specification r was made from.
func (r *Rewriter) Spec() *lps.Spec { return r.spec }

// Sort returns the sort of t.
func (r *Rewriter) Sort(t Term) *lps.Sort { return r.sortOf(r.node(t)) }

// IsGround reports whether t has no free variables.
func (r *Rewriter) IsGround(t Term) bool { return r.node(t).flags&nodeGround != 0 }

// IsVar reports whether t is a variable and returns it.
func (r *Rewriter) IsVar(t Term) (*lps.Var, bool) {
	n := r.node(t)
	if n.kind == kVar {
		return r.varOf(n).v, true
	}
	return nil, false
}

// Global returns the value a global variable was replaced by.
func (r *Rewriter) Global(v *lps.Var) (Term, bool) {
	t, ok := r.globals[v]
	return t, ok
}

// Error is a rewriting error: non-termination or an undefined operation.
type Error struct {
	Msg string
}

func (e *Error) Error() string { return e.Msg }

func (r *Rewriter) fail(format string, args ...any) {
	panic(&Error{Msg: fmt.Sprintf(format, args...)})
}

// Rewrite returns the normal form of t under the substitution s (which may
// be nil). Values bound in s must be normal forms. Rewrite may be called
// again from inside a callback of Solve (it is re-entrant).
func (r *Rewriter) Rewrite(t Term, s *Subst) (res Term, err error) {
	n := r.node(t)
	if n.flags&nodeGround != 0 {
		if nf := n.nf.Load(); nf != 0 {
			return Term(nf), nil
		}
	}
	if s == nil {
		s = &r.sub
	}
	err = r.guard(func() { res = r.rewrite(t, s) })
	return res, err
}

// guard runs f, turning a rewriting failure into an error and undoing the
// scratch state f left behind. Nested guards (a Rewrite from a callback of
// Solve) keep the outer call's state.
func (r *Rewriter) guard(f func()) (err error) {
	depth, steps := r.depth, r.steps
	argBase, savedMark := len(r.argStack), len(r.saved)
	r.chunks = *r.st.chunks.Load()
	outer := r.active == 0
	if outer {
		r.depth, r.steps = 0, 0
	}
	r.active++
	defer func() {
		r.active--
		if p := recover(); p != nil {
			switch e := p.(type) {
			case *Error:
				err = e
			case *SolveError:
				err = e
			default:
				if p != ErrInterrupted {
					panic(p)
				}
				err = ErrInterrupted
			}
			r.argStack = r.argStack[:argBase]
			r.restore(nil, savedMark)
		}
		r.depth, r.steps = depth, steps
	}()
	f()
	return nil
}

// Subst is a substitution of normal forms for variables, indexed by
// variable id so that binding, lookup and clearing never allocate once it
// has grown to the number of variables in use.
type Subst struct {
	sh   *shared
	vals []Term
	set  []uint32
}

// NewSubst returns an empty substitution for terms of r.
func (r *Rewriter) NewSubst() *Subst { return &Subst{sh: r.shared} }

// VarSlot is a variable's place in the substitutions of a rewriter and its
// clones (Slot).
type VarSlot uint32

// Slot returns the place of variable v (a term made by VarTerm) in the
// substitutions, for SetFixed: binding a variable by its place skips
// finding its node, which was half the cost of binding a state's
// parameters (about a tenth of merc.hesselink_2-b's run).
func (r *Rewriter) Slot(v Term) VarSlot {
	n := r.node(v)
	if n.kind != kVar {
		panic("rewrite: Slot of a term that is not a variable")
	}
	return VarSlot(n.varID())
}

// SetFixed binds the variable whose place is slot to val, a normal form,
// and leaves it out of Clear: it stays bound until it is bound again. The
// generator binds a state's parameters so: every state binds them all,
// and recording each for Clear and clearing it cost more than the
// binding.
func (s *Subst) SetFixed(slot VarSlot, val Term) {
	s.grow(uint32(slot))
	s.vals[slot] = val
}

// Set binds the variable v (a term made by VarTerm) to val, a normal form.
func (s *Subst) Set(v, val Term) {
	n := s.sh.st.node(v)
	if n.kind != kVar {
		panic("rewrite: Subst.Set on a term that is not a variable")
	}
	s.setID(n.varID(), val)
}

func (s *Subst) grow(id uint32) {
	if int(id) >= len(s.vals) {
		nv := make([]Term, int(id)*2+16)
		copy(nv, s.vals)
		s.vals = nv
	}
}

func (s *Subst) setID(id uint32, val Term) {
	s.grow(id)
	if s.vals[id] == 0 {
		s.set = append(s.set, id)
	}
	s.vals[id] = val
}

// Unset removes the binding of variable v (cheaper than Clear and binding
// the others again).
func (s *Subst) Unset(v Term) {
	if id := s.sh.st.node(v).varID(); int(id) < len(s.vals) {
		s.vals[id] = 0
	}
}

// Get returns the value bound to variable v, or 0.
func (s *Subst) Get(v Term) Term {
	n := s.sh.st.node(v)
	if n.kind != kVar {
		return 0
	}
	return s.getID(n.varID())
}

// GetSlot returns the value bound to the variable whose place is slot,
// or 0: Get without finding the variable.
func (s *Subst) GetSlot(slot VarSlot) Term { return s.getID(uint32(slot)) }

func (s *Subst) getID(id uint32) Term {
	if int(id) < len(s.vals) {
		return s.vals[id]
	}
	return 0
}

// Clear removes all bindings.
func (s *Subst) Clear() {
	for _, id := range s.set {
		s.vals[id] = 0
	}
	s.set = s.set[:0]
}
