package lpsgen

import (
	"errors"
	"fmt"
	"slices"

	"github.com/lps2lts/lps2lts/enumerate"
	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/vecset"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/rewrite"
)

// Generator is the explore.Generator of a linear process (see the package
// documentation). It also implements explore.Interruptible,
// explore.TransitionReplayer and visitor.StateFormatter.
type Generator struct {
	spec   *lps.Spec
	r      *rewrite.Rewriter
	en     *enumerate.Enumerator
	labels *explore.Labels
	// multiActions holds each label's actions as terms (label.go); shared
	// with forks and views, like labels.
	multiActions *multiActions

	params []rewrite.Term
	// slots are the params' places in a substitution (bindParams).
	slots    []rewrite.VarSlot
	init     []rewrite.Term
	summands []Summand
	// guardBudget bounds the summands' guard caches together (nil
	// without them).
	guardBudget *guardBudget
	// stepBudget bounds the summands' step caches together (nil
	// without them).
	stepBudget *guardBudget
	// sharedGuards and sharedSteps bound the tables that the guard and
	// step caches of g and its forks share (shared.go); nil until the
	// first Fork.
	sharedGuards, sharedSteps *sharedBudget
	// alone: g's caches leave those tables be (ShareCaches).
	alone bool

	sub  *rewrite.Subst
	next []uint32
	// Label printing scratch (label.go).
	argBuf []uint32
	buf    []byte
	acts   []printedAction

	// The Transitions call in progress: the state, the visit function, the
	// summand whose sum variables are being enumerated, and the error a
	// visit returned from inside the enumeration.
	state []uint32
	// bound says that the parameters' bindings in sub are state's (subst).
	bound  bool
	visit  func(*Summand) error
	cur    *Summand
	errOut error
	// Stored method values, so that a call allocates no closure.
	onSolutionFn func([]rewrite.Term) bool
	emitStepFn   func(*Summand) error
	emitTargetFn func(explore.LabelID, []uint32)
	emit         func(explore.LabelID, []uint32)
	emitTarget   func([]uint32) // Targets' emit
	// AppendSuccessors' batch and emit; appending says Transitions
	// visits with appendStep, called directly.
	to           explore.Targets
	emitAppended func()
	appending    bool
	// The transition being visited, for its key (replay.go): its summand's
	// position and its sum-variable values.
	keyK    int
	keyVals []rewrite.Term
	// lazySums is the summand whose sum variables take keyVals, where
	// replayGuard has not bound them yet (flushSums binds them).
	lazySums *Summand
	// labelCaches are the summands' label caches (label.go), one for
	// each sequence of action declarations.
	labelCaches []*labelCache
	// control selects the summands by control-flow parameters
	// (control.go); nil when no summand is restricted. all lists every
	// summand, the candidates without it.
	control *controlIndex
	all     []int
	// forks are the generators Fork made, for their statistics.
	forks  []*Generator
	solBuf []uint32
	// noLabels: Targets and ReplayTransition compute target states only.
	noLabels bool
}

// Options configure a Generator.
type Options struct {
	// Cached and GlobalCache ask for enumeration caching (Wesselink's
	// note, §8): a cache per summand, or one for all summands (GlobalCache,
	// with or without Cached). The transitions are the same either way.
	Cached, GlobalCache bool
	// EnumLimit bounds the work of each enumeration of sum variables
	// (enumerate.DefaultLimit when 0): a sum that takes more is an error
	// naming the summand.
	EnumLimit int
	// NoGuardCache turns off the cache of each summand's condition by the
	// parameters it reads (guards.go), for measurements.
	NoGuardCache bool
	// NoStepCache turns off the cache of each summand's label and
	// assigned values by the variables they read (for measurements).
	NoStepCache bool
	// GuardCacheBytes bounds the bytes of the guard caches of the
	// generator, and apart those of its step caches, and of each fork's
	// likewise (0: DefaultGuardCacheBytes).
	GuardCacheBytes int
	// EnumCacheBytes bounds the bytes of each enumeration cache (0:
	// enumerate.DefaultCacheBytes).
	EnumCacheBytes int
	// NoControlFlow turns off summand selection by control-flow
	// parameters (control.go), for measurements.
	NoControlFlow bool
	// QuantifierLimit bounds the enumeration of a quantifier over an
	// infinite sort (mCRL2's --qlimit; 0: its default, 10);
	// NoQuantifierLimit lifts the bound (--qlimit=0).
	QuantifierLimit   int
	NoQuantifierLimit bool
}

// New prepares spec for exploration: it builds the rewriter and translates
// the initial state, conditions, actions and assignments once.
func New(spec *lps.Spec, opt Options) (*Generator, error) {
	spec = renameApart(spec)
	r, err := rewrite.New(spec)
	if err != nil {
		return nil, err
	}
	if len(spec.Init) != len(spec.Params) {
		return nil, fmt.Errorf("%s: %d initial values for %d parameters", spec.File, len(spec.Init), len(spec.Params))
	}
	switch {
	case opt.NoQuantifierLimit:
		r.QuantifierLimit = 0
	case opt.QuantifierLimit > 0:
		r.QuantifierLimit = opt.QuantifierLimit
	}
	g := &Generator{spec: spec, r: r, labels: explore.NewLabels(), multiActions: &multiActions{acts: map[explore.LabelID][]Action{}, keep: true}}
	g.en = enumerate.New(r)
	g.en.Limit = opt.EnumLimit
	pindex := make(map[*lps.Var]int, len(spec.Params))
	for i, p := range spec.Params {
		g.params = append(g.params, r.VarTerm(p))
		g.slots = append(g.slots, r.Slot(g.params[i]))
		g.init = append(g.init, r.Translate(spec.Init[i]))
		pindex[p] = i
	}
	globals := make(map[*lps.Var]bool, len(spec.Globals))
	for _, v := range spec.Globals {
		globals[v] = true
	}
	for i, src := range spec.Summands {
		if src.Delta {
			continue // delta summands have no transitions
		}
		s, err := g.translateSummand(i, src, pindex)
		if err != nil {
			return nil, err
		}
		s.number = len(g.summands)
		if !opt.NoGuardCache {
			if g.guardBudget == nil {
				g.guardBudget = newGuardBudget(opt.GuardCacheBytes)
			}
			s.guard = newGuardCache(src.Cond, pindex, g.guardBudget)
		}
		if !opt.NoStepCache {
			if g.stepBudget == nil {
				g.stepBudget = newGuardBudget(opt.GuardCacheBytes)
			}
			s.steps = g.newStepCache(&s, src, pindex, globals, g.stepBudget)
		}
		g.summands = append(g.summands, s)
	}
	if !opt.NoControlFlow {
		g.control = newControlIndex(g, pindex)
		g.markByControl(pindex)
	}
	if opt.Cached || opt.GlobalCache {
		global := enumerate.NewCacheBytes(opt.EnumCacheBytes)
		for k := range g.summands {
			g.summands[k].cache = global
			if !opt.GlobalCache {
				g.summands[k].cache = enumerate.NewCacheBytes(opt.EnumCacheBytes)
			}
		}
	}
	g.initScratch()
	// The fixed summands' labels, made above, keep their multi-actions;
	// the search's keep theirs only when asked (KeepMultiActions).
	g.multiActions.keep = false
	// What New made is kept for ever; what the search makes is
	// collected when no state, label or cache holds it (collect.go).
	r.SealTerms()
	return g, nil
}

// initScratch sets up what each view of the generator (New, Restrict) has
// of its own.
func (g *Generator) initScratch() {
	g.sub = g.r.NewSubst()
	g.next = make([]uint32, len(g.params))
	g.all = make([]int, len(g.summands))
	for k := range g.all {
		g.all[k] = k
	}
	g.onSolutionFn = g.onSolution
	g.emitStepFn = g.emitStep
	g.emitTargetFn = g.emitTargetOnly
}

// Restrict returns a view of g over the summands for which keep holds. The
// view shares g's rewriter, labels and enumeration caches and has buffers
// of its own; g and its views must not be used concurrently, nor one from
// inside another's emit. Summands are numbered anew within the view.
func (g *Generator) Restrict(keep func(*lps.Summand) bool) *Generator {
	v := &Generator{spec: g.spec, r: g.r, labels: g.labels, multiActions: g.multiActions, params: g.params, slots: g.slots, init: g.init}
	v.en = enumerate.New(g.r)
	v.en.Limit = g.en.Limit
	for _, s := range g.summands {
		if keep(s.src) {
			s.number = len(v.summands)
			s.sols = nil // keys are numbered per view
			v.summands = append(v.summands, s)
		}
	}
	v.initScratch()
	return v
}

// Fork returns a generator with the same transitions for another
// goroutine (explore.Forker): it has a clone of the rewriter, sharing the
// term store and the equations, and caches of its own (labels, guards,
// steps, enumeration results); the Labels table is shared. The guard and
// step caches of g and all its forks share a second level (shared.go),
// which the first Fork makes: a miss of a fork's own cache is looked up
// there before it is computed.
func (g *Generator) Fork() explore.Generator {
	g.shareCaches()
	r := g.r.Clone()
	f := &Generator{spec: g.spec, r: r, labels: g.labels, multiActions: g.multiActions, params: g.params, slots: g.slots, init: g.init, sharedGuards: g.sharedGuards, sharedSteps: g.sharedSteps}
	f.en = enumerate.New(r)
	f.en.Limit = g.en.Limit
	f.summands = slices.Clone(g.summands)
	caches := map[*enumerate.Cache]*enumerate.Cache{}
	labels := map[*labelCache]*labelCache{}
	for _, c := range g.labelCaches {
		fc := &labelCache{decls: c.decls, key: vecset.New(c.key.Width())}
		labels[c] = fc
		f.labelCaches = append(f.labelCaches, fc)
	}
	for k := range f.summands {
		s := &f.summands[k]
		s.sols = nil
		if s.labels != nil {
			s.labels = labels[s.labels]
		}
		if s.guard != nil {
			if f.guardBudget == nil {
				f.guardBudget = newGuardBudget(g.guardBudget.max)
			}
			s.guard = s.guard.fork(f.guardBudget)
		}
		if s.steps != nil {
			if f.stepBudget == nil {
				f.stepBudget = newGuardBudget(g.stepBudget.max)
			}
			s.steps = s.steps.fork(f.stepBudget)
		}
		if s.cache != nil {
			// One new cache per cache of g: a global cache stays global.
			if caches[s.cache] == nil {
				caches[s.cache] = enumerate.NewCacheBytes(s.cache.MaxBytes())
			}
			s.cache = caches[s.cache]
		}
	}
	f.control = g.control.fork()
	f.initScratch()
	g.forks = append(g.forks, f)
	return f
}

// DeclaredActions returns the names of the specification's action labels.
func (g *Generator) DeclaredActions() []string {
	names := make([]string, len(g.spec.Actions))
	for i, a := range g.spec.Actions {
		names[i] = a.Name
	}
	return names
}

// Spec is the specification being explored.
func (g *Generator) Spec() *lps.Spec { return g.spec }

// Rewriter is the generator's rewriter.
func (g *Generator) Rewriter() *rewrite.Rewriter { return g.r }

// Enumerator is the generator's enumerator of sum variables.
func (g *Generator) Enumerator() *enumerate.Enumerator { return g.en }

// Summands is the number of (non-delta) summands.
func (g *Generator) Summands() int { return len(g.summands) }

// Width is the number of process parameters.
func (g *Generator) Width() int { return len(g.params) }

// Labels is the table of the generator's labels.
func (g *Generator) Labels() *explore.Labels { return g.labels }

// Initial appends the initial state: the rewritten initial values of the
// parameters.
func (g *Generator) Initial(dst []uint32) ([]uint32, error) {
	g.sub.Clear()
	return g.AppendInitial(dst)
}

// AppendInitial appends the initial values of the parameters rewritten
// under the current bindings (those of Bind; a stochastic initial
// distribution binds its variables).
func (g *Generator) AppendInitial(dst []uint32) ([]uint32, error) {
	for i, t := range g.init {
		v, err := g.r.Rewrite(t, g.sub)
		if err != nil {
			return dst, explorerError(fmt.Errorf("initial value of parameter %s: %w", g.spec.Params[i].Name, err))
		}
		dst = append(dst, uint32(v))
	}
	return dst, nil
}

// Successors emits the transitions of state: Step for every transition
// that Transitions visits.
func (g *Generator) Successors(state []uint32, emit func(explore.LabelID, []uint32)) error {
	g.emit = emit
	return g.Transitions(state, g.emitStepFn)
}

// AppendSuccessors is Successors writing each transition at the end of
// to's slices (explore.VectorAppender): Step appends the target there,
// where emitStep has it copied by emit.
func (g *Generator) AppendSuccessors(state []uint32, to explore.Targets, emit func()) error {
	g.to, g.emitAppended = to, emit
	return g.transitions(state, nil, true)
}

func (g *Generator) appendStep(s *Summand) error {
	label, vecs, err := g.Step(*g.to.Vecs, s)
	if err != nil {
		return err
	}
	*g.to.Vecs = vecs
	*g.to.Labels = append(*g.to.Labels, label)
	*g.to.Written = append(*g.to.Written, s.written)
	if g.emitAppended != nil {
		g.emitAppended()
	}
	return nil
}

// visitSummand is Transitions' visit: appendStep without a call through
// a function value where AppendSuccessors runs.
func (g *Generator) visitSummand(s *Summand) error {
	if g.appending {
		return g.appendStep(s)
	}
	return g.visit(s)
}

func (g *Generator) emitStep(s *Summand) error {
	label, next, err := g.Step(g.next[:0], s)
	if err != nil {
		return err
	}
	g.emit(label, next)
	return nil
}

// Targets emits the target states of the transitions of state, without
// computing their labels (confluence reduction follows confluent steps
// whose labels are never shown).
func (g *Generator) Targets(state []uint32, emit func(next []uint32)) error {
	g.noLabels, g.emitTarget = true, emit
	defer func() { g.noLabels = false }()
	return g.Successors(state, g.emitTargetFn)
}

func (g *Generator) emitTargetOnly(_ explore.LabelID, next []uint32) { g.emitTarget(next) }

// Transitions calls visit once for every transition of state, in the
// order described in the package documentation, with the parameters bound
// to state's first Width values and the sum variables to the transition's
// solution. state may be longer than Width (a timed state ends with its
// stamp); it must stay unchanged during the call. visit computes what it
// needs with Step, Label, AppendNext and Rewrite; an error it returns ends
// the call, named with its summand. A panic in the rewriter or the
// enumerator becomes an error naming the summand.
func (g *Generator) Transitions(state []uint32, visit func(*Summand) error) error {
	return g.transitions(state, visit, false)
}

// transitions is Transitions, visiting with appendStep where appending.
func (g *Generator) transitions(state []uint32, visit func(*Summand) error, appending bool) (err error) {
	g.visit = visit
	// A call inside another (a store that replays transitions while a
	// batch is inserted) visits as it was asked to, and the outer goes on
	// appending.
	was := g.appending
	g.appending = appending
	var cur *Summand
	defer func() {
		g.appending = was
		if p := recover(); p != nil {
			if cur == nil {
				err = fmt.Errorf("internal error: %v", p)
				return
			}
			err = g.SummandError(cur, fmt.Errorf("internal error: %v", p))
		}
		err = explorerError(err)
	}()
	g.bindParams(state)
	// The summands that the control-flow parameters do not rule out, in
	// order.
	candidates := g.all
	if g.control != nil {
		candidates = g.candidates(state)
	}
	for _, k := range candidates {
		// ^k: the candidates' memo found the condition true.
		holds := k < 0
		if holds {
			k = ^k
		}
		s := &g.summands[k]
		cur = s
		g.keyK = k
		if g.keyVals != nil {
			g.keyVals = nil // a store, with the collector's write barrier, only when set
		}
		if holds {
			if err := g.visitSummand(s); err != nil {
				return g.SummandError(s, err)
			}
			continue
		}
		gc := s.guard
		if gc != nil && gc.off {
			gc = nil
		}
		if gc != nil {
			// Most conditions are false in most states: a false one
			// costs no call.
			if e, hit := gc.lookup(state); hit {
				switch {
				case !e.holds:
				case len(s.sumVars) == 0:
					// replayGuard's first case, without the call.
					if err := g.visitSummand(s); err != nil {
						return g.SummandError(s, err)
					}
				default:
					if err := g.replayGuard(s, e, gc.sols, state); err != nil {
						return err
					}
				}
				continue
			}
			if gc.shared != nil {
				// A fork: what another fork computed is copied.
				if e, sols, hit := gc.lookupShared(); hit {
					if e.holds {
						if err := g.replayGuard(s, e, sols, state); err != nil {
							return err
						}
					}
					continue
				}
			}
		}
		c, err := g.condition(s, gc)
		if err != nil {
			return g.SummandError(s, err)
		}
		if c == g.r.False() {
			continue
		}
		if len(s.sumVars) == 0 {
			if err := g.visitSummand(s); err != nil {
				return g.SummandError(s, err)
			}
			continue
		}
		g.cur, g.errOut = s, nil
		err = g.en.EnumerateCached(s.cache, s.sumVars, c, g.subst(), g.onSolutionFn)
		if g.errOut != nil {
			err = g.errOut
		}
		gc.finish(true, err == nil)
		// The sum variables were bound for the solutions; start the next
		// summand from the parameters alone.
		g.bindParams(state)
		if err != nil {
			return g.SummandError(s, err)
		}
	}
	return nil
}

// condition rewrites the condition of s under the current bindings,
// where its guard cache gc (nil: none or off) has no outcome, and
// records the outcome in gc: false, or true for a summand without sum
// variables (one with them records its outcome after the enumeration).
// A condition of a summand without sum variables that does not rewrite
// to true or false is an error, as is the rewriter's.
func (g *Generator) condition(s *Summand, gc *guardCache) (rewrite.Term, error) {
	if s.condP == nil {
		s.condP = g.r.Compile(s.cond)
	}
	c, err := g.r.Run(s.condP, g.subst())
	switch {
	case err != nil:
		gc.finish(false, false)
		return 0, fmt.Errorf("condition: %w", err)
	case c == g.r.False():
		gc.finish(false, true)
	case len(s.sumVars) != 0:
	case c == g.r.True():
		gc.finish(true, true)
	default:
		gc.finish(false, false)
		return 0, fmt.Errorf("condition does not rewrite to true or false: %s", g.r.String(c))
	}
	return c, nil
}

// replayGuard visits the transitions of summand s that its guard cache
// remembers for state, entry e, whose condition holds: one for each
// solution in sols[e.lo:e.hi], or one without sum variables.
func (g *Generator) replayGuard(s *Summand, e guardEntry, sols []rewrite.Term, state []uint32) error {
	if len(s.sumVars) == 0 {
		if err := g.visitSummand(s); err != nil {
			return g.SummandError(s, err)
		}
		return nil
	}
	n := len(s.sumVarT)
	bound := false // a solution's values were bound (flushSums)
	for i := int(e.lo); i < int(e.hi); i += n {
		g.keyVals, g.lazySums = sols[i:i+n:i+n], s
		err := g.visitSummand(s)
		bound = bound || g.lazySums == nil
		if err != nil {
			g.bindParams(state)
			return g.SummandError(s, err)
		}
	}
	g.lazySums = nil
	if bound {
		for _, v := range s.sumVarT {
			g.sub.Unset(v)
		}
	}
	return nil
}

// flushSums binds the sum variables of a transition that replayGuard
// replays, before the bindings are read or changed: most replayed
// transitions take their label and next state from the step cache, which
// reads the values from keyVals, and binding them for nothing (a Set per
// sum variable, and an Unset after) was 2.3% of the instructions of
// ex.academic.onebit.
func (g *Generator) flushSums() {
	if s := g.lazySums; s != nil {
		for j, v := range s.sumVarT {
			g.sub.Set(v, g.keyVals[j])
		}
		g.lazySums = nil
	}
}

func (g *Generator) onSolution(vals []rewrite.Term) bool {
	s := g.cur
	if s.guard != nil {
		s.guard.record(vals)
	}
	for i, v := range s.sumVarT {
		g.sub.Set(v, vals[i])
	}
	g.keyVals = vals
	if err := g.visitSummand(s); err != nil {
		g.errOut = err
		return false
	}
	return true
}

// bindParams makes state the state whose parameters subst binds, and
// clears the other bindings.
func (g *Generator) bindParams(state []uint32) {
	g.sub.Clear()
	g.state, g.bound, g.lazySums = state, false, nil
}

// subst returns the substitution with the parameters bound to the values
// of g.state. bindParams only notes the state: a state whose guards and
// steps all come from the caches never reads a parameter through the
// substitution (the caches read the state), and binding every parameter
// of every state was 4-7% of a plain model's run (merc.hesselink_2-b).
// Every rewrite under the current bindings goes through subst, so none
// can see the parameters of the state before.
func (g *Generator) subst() *rewrite.Subst {
	if g.lazySums != nil {
		g.flushSums()
	}
	if !g.bound && g.state != nil { // nil: no state yet (Initial)
		for i, slot := range g.slots {
			g.sub.SetFixed(slot, rewrite.Term(g.state[i]))
		}
		g.bound = true
	}
	return g.sub
}

// Step computes the transition of summand s under the current bindings:
// its label, and its next state appended to dst. It is the one computation
// of a transition for every form of exploration.
func (g *Generator) Step(dst []uint32, s *Summand) (explore.LabelID, []uint32, error) {
	c := s.steps
	if c == nil || c.off || g.noLabels {
		return g.step(dst, s)
	}
	var sums []rewrite.Term // the sum variables' values, where not bound
	if g.lazySums == s {
		sums = g.keyVals
	}
	if id, ok := c.lookup(g.sub, g.state, sums); ok {
		return c.labels[id], g.appendNext(dst, s, c.values[id*c.assigned:(id+1)*c.assigned]), nil
	}
	if label, vals, ok := c.lookupShared(); ok {
		return label, g.appendNext(dst, s, vals), nil
	}
	start := len(dst)
	label, dst, err := g.step(dst, s)
	if err == nil {
		c.add(label, dst[start:], s.assigned)
	}
	return label, dst, err
}

// appendNext appends to dst the next state of summand s from the state
// bound, whose assigned parameters take the values vals (a step cache's
// entry): the state copied whole, then the assigned values written over
// it, a move and a few stores, where a choice per parameter cost a fifth
// of merc.onebit_3-b's steps.
func (g *Generator) appendNext(dst []uint32, s *Summand, vals []uint32) []uint32 {
	start := len(dst)
	dst = append(dst, g.state[:len(s.keep)]...)
	next := dst[start:]
	for k, i := range s.assigned {
		next[i] = vals[k]
	}
	return dst
}

// step is Step without the step cache.
func (g *Generator) step(dst []uint32, s *Summand) (explore.LabelID, []uint32, error) {
	label, err := g.Label(s)
	if err != nil {
		return 0, dst, err
	}
	dst, err = g.AppendNext(dst, s)
	return label, dst, err
}

// AppendNext appends the next state of summand s under the current
// bindings: the new values of the parameters.
func (g *Generator) AppendNext(dst []uint32, s *Summand) ([]uint32, error) {
	for i, t := range s.next {
		if s.keep[i] {
			dst = append(dst, g.state[i])
			continue
		}
		v, err := g.r.Rewrite(t, g.subst())
		if err != nil {
			return dst, fmt.Errorf("next value of %s: %w", g.spec.Params[i].Name, err)
		}
		dst = append(dst, uint32(v))
	}
	return dst, nil
}

// Rewrite rewrites t under the current bindings (the parameters, the sum
// variables, and what Bind added).
func (g *Generator) Rewrite(t rewrite.Term) (rewrite.Term, error) {
	return g.r.Rewrite(t, g.subst())
}

// Bind binds the variable term v to val in the current bindings; val 0
// unbinds it. A stochastic form binds the variables of a distribution.
func (g *Generator) Bind(v, val rewrite.Term) {
	g.flushSums()
	g.sub.Set(v, val)
}

// ClearBindings unbinds every variable.
func (g *Generator) ClearBindings() {
	g.lazySums = nil
	g.sub.Clear()
}

// SummandError is a failure while computing the transitions of a summand.
type SummandError struct {
	File    string
	Summand int // 1-based, in specification order
	Pos     lps.Pos
	Err     error
}

func (e *SummandError) Error() string {
	// A binary file has no positions: the summand's number says which
	// one (lpspp prints them in this order).
	return fmt.Sprintf("%s: summand %d: %v", lps.At(e.File, e.Pos), e.Summand, e.Err)
}

func (e *SummandError) Unwrap() error { return e.Err }

// SummandError wraps err with the position of summand s.
func (g *Generator) SummandError(s *Summand, err error) error {
	var se *SummandError
	if errors.As(err, &se) {
		return err
	}
	return &SummandError{File: g.spec.File, Summand: s.index + 1, Pos: s.src.Pos, Err: err}
}

// Interrupt makes the running and later rewrites and enumerations fail, so
// that a Successors call that takes long (an infinite sum enumerated up to
// its bound, a rewrite that does not terminate) ends with
// explore.ErrInterrupted (explore.Interruptible).
func (g *Generator) Interrupt() { g.r.Interrupt() }

// CutUnboundedSums makes the enumerations of sums that no conjunct of
// their condition bounds stop, from now on, at their next solution unless
// they are finite after all (enumerate.Enumerator.CutUnbounded;
// explore.SumCutter): a state limit reached inside an expansion.
func (g *Generator) CutUnboundedSums() { g.en.CutUnbounded() }

// SumsCut says whether an enumeration ended early since CutUnboundedSums.
func (g *Generator) SumsCut() bool { return g.en.Cut() }

// Resume undoes Interrupt.
func (g *Generator) Resume() { g.r.Resume() }

// explorerError gives an interrupted rewrite or enumeration the explorer's
// word for it, explore.ErrInterrupted, keeping the rest of the message.
func explorerError(err error) error {
	if err != nil && errors.Is(err, rewrite.ErrInterrupted) && !errors.Is(err, explore.ErrInterrupted) {
		return fmt.Errorf("%w: %w", explore.ErrInterrupted, err)
	}
	return err
}

// Parameters gives the .fsm writer the process parameters and their sorts
// (visitor.StateFormatter).
func (g *Generator) Parameters() (names, sorts []string) {
	for _, p := range g.spec.Params {
		names = append(names, p.Name)
		sorts = append(sorts, p.S.String())
	}
	return names, sorts
}

// AppendValue prints a parameter value (visitor.StateFormatter).
func (g *Generator) AppendValue(dst []byte, v uint32) []byte {
	return g.r.AppendString(dst, rewrite.Term(v))
}
