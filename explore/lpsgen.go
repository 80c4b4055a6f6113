package explore

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/lps2lts/lps2lts/enumerate"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/rewrite"
)

// LPSGenerator is the Generator of an untimed, non-stochastic linear process
// (seed note §5, Alg. 11): a state is the vector of the normal forms of the
// process parameters (as rewrite.Term ids). For a state it binds the
// parameters, and for every summand rewrites the condition, enumerates the
// sum variables that make it true, and rewrites the action arguments and the
// next-state assignments.
//
// Labels: the actions of a multi-action are printed as mCRL2 prints them,
// a(1, true), and ordered by action name and then by printed arguments,
// joined by "|"; the empty multi-action is "tau".
type LPSGenerator struct {
	spec   *lps.Spec
	r      *rewrite.Rewriter
	en     *enumerate.Enumerator
	print  termPrinter
	labels *Labels

	params   []rewrite.Term
	init     []rewrite.Term
	summands []lpsSummand

	sub    *rewrite.Subst
	next   []uint32
	argBuf []uint32
	buf    []byte
	acts   []printedAction
	yield  func([]rewrite.Term) bool
	cur    *lpsSummand
	state  []uint32
	emit   func(LabelID, []uint32)
	errOut error
	// The transition being emitted, for its key (lpsgen_replay.go): its
	// summand's position in summands and its sum-variable values.
	keyK    int
	keyVals []rewrite.Term
	solBuf  []uint32
	// replaying: ReplayTransition is computing a transition again, for
	// its target only; labels are not computed.
	replaying bool

	// step computes and emits one transition of a summand under sub; it is
	// chosen once, at construction: transition (untimed), timedTransition
	// (lpsgen_timed.go) or distTransition (lpsgen_dist.go).
	step func(*lpsSummand) error
	// tm is the time bookkeeping of a timed process, nil for an untimed one.
	tm *lpsTiming
	// pr is the distribution bookkeeping of a stochastic process, else nil.
	pr *lpsStochastic
}

type lpsSummand struct {
	index   int // position in the specification, 0-based
	src     *lps.Summand
	sumVars []*lps.Var
	sumVarT []rewrite.Term
	cond    rewrite.Term
	actions []lpsAction
	// next[i] is the term for parameter i's next value; keep[i] says the
	// parameter keeps its value (no assignment, or x = x).
	next []rewrite.Term
	keep []bool
	// fixed says the multi-action has no data arguments; fixedID is then
	// its label.
	fixed   bool
	fixedID LabelID
	// nargs is the number of data arguments of the multi-action. Labels
	// are cached by the vector of their rewritten arguments, so a label is
	// printed once, not once per transition.
	nargs    int
	labelKey *ArenaStore
	labelIDs []LabelID
	// cache remembers the solutions of the sum variables by rewritten
	// condition (--cached: one per summand; --global-cache: one shared);
	// nil without caching.
	cache *enumerate.Cache
	// timed says the summand has a time tag; time is its term.
	timed bool
	time  rewrite.Term
	// dist is the summand's distribution, nil if it has none.
	dist *lpsDist
	// sols numbers the sum-variable solutions named by transition keys
	// (lpsgen_replay.go); nil until the first key is asked for.
	sols *ArenaStore
}

type lpsAction struct {
	name string
	args []rewrite.Term
}

type printedAction struct {
	name       string
	start, end int // the printed action in buf
}

// termPrinter is the printing part of the rewriter's API.
type termPrinter interface {
	AppendString(dst []byte, t rewrite.Term) []byte
}

// LPSOptions configure an LPSGenerator.
type LPSOptions struct {
	// Cached and GlobalCache ask for enumeration caching (seed note §8):
	// a cache per summand, or one for all summands (GlobalCache, with or
	// without Cached). The transitions are the same either way.
	Cached, GlobalCache bool
	// NoProbabilityCheck turns off the checks that probabilities lie in
	// [0, 1] and that each distribution adds up to 1.
	NoProbabilityCheck bool
}

// NewLPSGenerator prepares spec for exploration: it builds the rewriter,
// translates the initial state, conditions, actions and assignments once.
// A process with time tags gets a time stamp (lpsgen_timed.go); one with
// distributions is stochastic (lpsgen_dist.go).
func NewLPSGenerator(spec *lps.Spec, opt LPSOptions) (*LPSGenerator, error) {
	if err := checkTimedStochastic(spec); err != nil {
		return nil, err
	}
	r, err := rewrite.New(spec)
	if err != nil {
		return nil, err
	}
	g := &LPSGenerator{spec: spec, r: r, en: enumerate.New(r), labels: NewLabels(), sub: r.NewSubst()}
	if p, ok := any(r).(termPrinter); ok {
		g.print = p
	}
	if len(spec.Init) != len(spec.Params) {
		return nil, fmt.Errorf("%s: %d initial values for %d parameters", spec.File, len(spec.Init), len(spec.Params))
	}
	for i, p := range spec.Params {
		g.params = append(g.params, r.VarTerm(p))
		g.init = append(g.init, r.Translate(spec.Init[i]))
	}
	pindex := make(map[*lps.Var]int, len(spec.Params))
	for i, p := range spec.Params {
		pindex[p] = i
	}
	for i, s := range spec.Summands {
		if s.Delta {
			continue // delta summands have no transitions
		}
		ls := lpsSummand{index: i, src: s, sumVars: s.SumVars}
		if s.Time != nil {
			ls.timed, ls.time = true, r.Translate(s.Time)
		}
		for _, v := range s.SumVars {
			ls.sumVarT = append(ls.sumVarT, r.VarTerm(v))
		}
		if s.Cond != nil {
			ls.cond = r.Translate(s.Cond)
		} else {
			ls.cond = r.True()
		}
		ls.fixed = true
		for _, a := range s.Actions {
			la := lpsAction{name: a.Decl.Name}
			for _, e := range a.Args {
				la.args = append(la.args, r.Translate(e))
				ls.fixed = false
				ls.nargs++
			}
			ls.actions = append(ls.actions, la)
		}
		ls.next = slices.Clone(g.params)
		ls.keep = make([]bool, len(g.params))
		for k := range ls.keep {
			ls.keep[k] = true
		}
		for _, as := range s.Assignments {
			k, ok := pindex[as.Param]
			if !ok {
				return nil, fmt.Errorf("%s:%s: summand %d assigns %s, which is not a process parameter", spec.File, s.Pos, i+1, as.Param.Name)
			}
			t := r.Translate(as.Value)
			if t != g.params[k] {
				ls.next[k] = t
				ls.keep[k] = false
			}
		}
		g.summands = append(g.summands, ls)
	}
	for k := range g.summands {
		s := &g.summands[k]
		if s.fixed {
			g.acts = g.acts[:0]
			g.buf = g.buf[:0]
			for _, a := range s.actions {
				start := len(g.buf)
				g.buf = append(g.buf, a.name...)
				g.acts = append(g.acts, printedAction{a.name, start, len(g.buf)})
			}
			s.fixedID = g.internActions()
		} else {
			s.labelKey = NewArenaStore(s.nargs)
		}
	}
	g.next = make([]uint32, len(g.params))
	if opt.Cached || opt.GlobalCache {
		global := enumerate.NewCache()
		for k := range g.summands {
			g.summands[k].cache = global
			if !opt.GlobalCache {
				g.summands[k].cache = enumerate.NewCache()
			}
		}
	}
	g.yield = g.onSolution
	g.step = g.transition
	if err := g.initTimedStochastic(opt); err != nil {
		return nil, err
	}
	return g, nil
}

// Rewriter returns the generator's rewriter.
func (g *LPSGenerator) Rewriter() *rewrite.Rewriter { return g.r }

func (g *LPSGenerator) Width() int      { return len(g.next) }
func (g *LPSGenerator) Labels() *Labels { return g.labels }

// Initial rewrites the initial values of the parameters.
func (g *LPSGenerator) Initial(dst []uint32) ([]uint32, error) {
	for i, t := range g.init {
		v, err := g.r.Rewrite(t, nil)
		if err != nil {
			return dst, fmt.Errorf("initial value of parameter %s: %w", g.spec.Params[i].Name, err)
		}
		dst = append(dst, uint32(v))
	}
	if g.tm != nil {
		dst = append(dst, uint32(g.tm.zero))
	}
	return dst, nil
}

// SummandError is a failure while computing the transitions of a summand.
type SummandError struct {
	File    string
	Summand int // 1-based, in specification order
	Pos     lps.Pos
	Err     error
}

func (e *SummandError) Error() string {
	return fmt.Sprintf("%s:%s: summand %d: %v", e.File, e.Pos, e.Summand, e.Err)
}

func (e *SummandError) Unwrap() error { return e.Err }

func (g *LPSGenerator) summandError(s *lpsSummand, err error) error {
	return &SummandError{File: g.spec.File, Summand: s.index + 1, Pos: s.src.Pos, Err: err}
}

func (g *LPSGenerator) bindParams(state []uint32) {
	g.sub.Clear()
	for i, p := range g.params {
		g.sub.Set(p, rewrite.Term(state[i]))
	}
}

// Successors computes the transitions of state, summand by summand. A panic
// in a later stage (rewriter, enumerator) becomes an error naming the
// summand, so the explorer can end the search cleanly.
func (g *LPSGenerator) Successors(state []uint32, emit func(LabelID, []uint32)) error {
	return g.successors(g.summands, state, emit)
}

// successors computes the transitions of state for the given summands (all
// regular ones, or the confluent ones of a ConfluentGenerator).
func (g *LPSGenerator) successors(summands []lpsSummand, state []uint32, emit func(LabelID, []uint32)) (err error) {
	g.state, g.emit = state, emit
	var cur *lpsSummand
	defer func() {
		if p := recover(); p != nil {
			if cur == nil {
				err = fmt.Errorf("internal error: %v", p)
				return
			}
			err = g.summandError(cur, fmt.Errorf("internal error: %v", p))
		}
	}()
	g.bindParams(state)
	for k := range summands {
		s := &summands[k]
		cur = s
		g.keyK, g.keyVals = k, nil
		c, err := g.r.Rewrite(s.cond, g.sub)
		if err != nil {
			return g.summandError(s, fmt.Errorf("condition: %w", err))
		}
		if c == g.r.False() {
			continue
		}
		if len(s.sumVars) == 0 {
			if c != g.r.True() {
				return g.summandError(s, fmt.Errorf("condition does not rewrite to true or false: %s", g.termString(c)))
			}
			if err := g.step(s); err != nil {
				return g.summandError(s, err)
			}
			continue
		}
		g.cur, g.errOut = s, nil
		err = g.en.EnumerateCached(s.cache, s.sumVars, c, g.sub, g.yield)
		if g.errOut != nil {
			err = g.errOut
		}
		// The sum variables were bound for the solutions; start the next
		// summand from the parameters alone.
		g.bindParams(state)
		if err != nil {
			return g.summandError(s, err)
		}
	}
	return nil
}

func (g *LPSGenerator) onSolution(vals []rewrite.Term) bool {
	s := g.cur
	for i, v := range s.sumVarT {
		g.sub.Set(v, vals[i])
	}
	g.keyVals = vals
	if err := g.step(s); err != nil {
		g.errOut = err
		return false
	}
	return true
}

// transition rewrites the multi-action and next state of s under g.sub and
// emits the transition.
func (g *LPSGenerator) transition(s *lpsSummand) error {
	label := s.fixedID
	if !s.fixed && !g.replaying {
		var err error
		if label, err = g.label(s); err != nil {
			return err
		}
	}
	for i, t := range s.next {
		if s.keep[i] {
			g.next[i] = g.state[i]
			continue
		}
		v, err := g.r.Rewrite(t, g.sub)
		if err != nil {
			return fmt.Errorf("next value of %s: %w", g.spec.Params[i].Name, err)
		}
		g.next[i] = uint32(v)
	}
	g.emit(label, g.next)
	return nil
}

func (g *LPSGenerator) label(s *lpsSummand) (LabelID, error) {
	if g.print == nil {
		return 0, errors.New("the rewriter cannot print terms yet (rewrite.Rewriter.AppendString)")
	}
	g.argBuf = g.argBuf[:0]
	for _, a := range s.actions {
		for j, t := range a.args {
			v, err := g.r.Rewrite(t, g.sub)
			if err != nil {
				return 0, fmt.Errorf("argument %d of action %s: %w", j+1, a.name, err)
			}
			g.argBuf = append(g.argBuf, uint32(v))
		}
	}
	if id, ok := s.labelKey.Find(g.argBuf); ok {
		return s.labelIDs[id], nil
	}
	g.buf = g.buf[:0]
	g.acts = g.acts[:0]
	k := 0
	for _, a := range s.actions {
		start := len(g.buf)
		g.buf = append(g.buf, a.name...)
		for j := range a.args {
			v := rewrite.Term(g.argBuf[k])
			k++
			if j == 0 {
				g.buf = append(g.buf, '(')
			} else {
				g.buf = append(g.buf, ", "...)
			}
			g.buf = g.print.AppendString(g.buf, v)
		}
		if len(a.args) > 0 {
			g.buf = append(g.buf, ')')
		}
		g.acts = append(g.acts, printedAction{a.name, start, len(g.buf)})
	}
	id := g.internActions()
	s.labelKey.Insert(g.argBuf)
	s.labelIDs = append(s.labelIDs, id)
	return id, nil
}

// internActions sorts the printed actions in g.acts (by name, then by the
// printed action) and interns their "|"-joined text.
func (g *LPSGenerator) internActions() LabelID {
	if len(g.acts) == 0 {
		return TauLabel
	}
	if len(g.acts) == 1 {
		a := g.acts[0]
		return g.labels.Intern(g.buf[a.start:a.end])
	}
	slices.SortFunc(g.acts, func(x, y printedAction) int {
		if c := strings.Compare(x.name, y.name); c != 0 {
			return c
		}
		return bytes.Compare(g.buf[x.start:x.end], g.buf[y.start:y.end])
	})
	end := len(g.buf)
	for i, a := range g.acts {
		if i > 0 {
			g.buf = append(g.buf, '|')
		}
		g.buf = append(g.buf, g.buf[a.start:a.end]...)
	}
	return g.labels.Intern(g.buf[end:])
}

func (g *LPSGenerator) termString(t rewrite.Term) string {
	if g.print == nil {
		return fmt.Sprintf("term %d", t)
	}
	return string(g.print.AppendString(nil, t))
}

// Parameters gives the .fsm writer the process parameters and their sorts.
func (g *LPSGenerator) Parameters() (names, sorts []string) {
	for _, p := range g.spec.Params {
		names = append(names, p.Name)
		sorts = append(sorts, SortString(p.S))
	}
	return names, sorts
}

// AppendValue prints a parameter value.
func (g *LPSGenerator) AppendValue(dst []byte, v uint32) []byte {
	if g.print == nil {
		return fmt.Appendf(dst, "%d", v)
	}
	return g.print.AppendString(dst, rewrite.Term(v))
}

// SortString prints a sort as mCRL2 does.
func SortString(s *lps.Sort) string {
	switch s.Kind {
	case lps.SortBool:
		return "Bool"
	case lps.SortPos:
		return "Pos"
	case lps.SortNat:
		return "Nat"
	case lps.SortInt:
		return "Int"
	case lps.SortReal:
		return "Real"
	case lps.SortList:
		return "List(" + SortString(s.Elem) + ")"
	case lps.SortSet:
		return "Set(" + SortString(s.Elem) + ")"
	case lps.SortBag:
		return "Bag(" + SortString(s.Elem) + ")"
	case lps.SortFSet:
		return "FSet(" + SortString(s.Elem) + ")"
	case lps.SortFBag:
		return "FBag(" + SortString(s.Elem) + ")"
	case lps.SortFunc:
		var parts []string
		for _, d := range s.Domain {
			parts = append(parts, SortString(d))
		}
		return strings.Join(parts, " # ") + " -> " + SortString(s.Codomain)
	}
	if s.Name != "" {
		return s.Name
	}
	var cs []string
	for _, c := range s.Constructors {
		cs = append(cs, c.Name)
	}
	return "struct " + strings.Join(cs, " | ")
}
