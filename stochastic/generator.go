package stochastic

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/rewrite"
	"github.com/lps2lts/lps2lts/timed"
)

// Generator is the explore.StochasticGenerator of a stochastic process (see
// the package documentation). It also implements explore.Interruptible and
// visitor.StateFormatter.
type Generator struct {
	lpsgen.Passthrough
	base  *lpsgen.Generator
	r     *rewrite.Rewriter
	check bool
	zero  rewrite.Term
	one   *big.Rat
	table *Probabilities
	// probs caches each probability term met: its id and value, so that
	// checking a distribution's sum reads no shared table. oneID is the
	// id of 1, the probability of a plain transition.
	probs map[rewrite.Term]probability
	oneID explore.ProbabilityID
	init  *distribution
	// dists[k] is the distribution of summand number k; nil for a summand
	// without one (the Dirac distribution of its next state).
	dists []*distribution
	// clock, for a timed stochastic process, adds the time stamp after
	// the parameters (as package timed does); nil otherwise.
	clock *timed.Clock

	state   []uint32
	emit    func(explore.LabelID, []uint32, []explore.ProbabilityID)
	visitFn func(*lpsgen.Summand) error
	// The distribution being built: the support's state vectors one after
	// another, and their probabilities.
	targets []uint32
	pids    []explore.ProbabilityID
	sum     big.Rat
}

// probability is an interned probability with its value.
type probability struct {
	id    explore.ProbabilityID
	value *big.Rat
}

// maxDistributionValues bounds the number of values of a distribution's
// variables.
const maxDistributionValues = 1 << 16

// distribution is `dist vars[prob]`: its variables, their values (every
// combination, in enumeration order, computed once) and the probability.
type distribution struct {
	vars   []*lps.Var
	varT   []rewrite.Term
	values [][]rewrite.Term
	prob   rewrite.Term
	// support is prob != 0, for variables of infinite sorts: their
	// values are enumerated in each state, narrowed by it, as mCRL2
	// does (dist n: Nat[if(n < 3, 1/3, 0)]).
	support rewrite.Term
	found   [][]rewrite.Term
}

// Options configure a Generator.
type Options struct {
	// NoProbabilityCheck turns off the checks that probabilities lie in
	// [0, 1] and that each distribution adds up to 1.
	NoProbabilityCheck bool
}

// IsStochastic says whether spec has a distribution: in its initial state
// or in a (non-delta) summand.
func IsStochastic(spec *lps.Spec) bool { return realSort(spec) != nil }

// realSort finds the sort Real of the specification, that of a
// distribution's probability; nil when it has none.
func realSort(spec *lps.Spec) *lps.Sort {
	if spec.InitDist != nil {
		return spec.InitDist.Prob.Sort()
	}
	for _, s := range spec.Summands {
		if s.Dist != nil && !s.Delta {
			return s.Dist.Prob.Sort()
		}
	}
	return nil
}

// New returns the stochastic generator over base. It takes base over:
// base must not be used on its own afterwards. With time tags, states
// carry a time stamp as in package timed.
func New(base *lpsgen.Generator, opt Options) (*Generator, error) {
	spec := base.Spec()
	real := realSort(spec)
	if real == nil {
		return nil, fmt.Errorf("%s: the specification has no distribution", spec.File)
	}
	var clock *timed.Clock
	if timed.IsTimed(spec) {
		var err error
		if clock, err = timed.NewClock(base); err != nil {
			return nil, err
		}
	}
	r := base.Rewriter()
	zero, err := r.Rewrite(r.Translate(&lps.Number{Value: big.NewInt(0), S: real}), nil)
	if err != nil {
		return nil, err
	}
	g := &Generator{
		Passthrough: lpsgen.Passthrough{Base: base},
		base:        base,
		r:           r,
		check:       !opt.NoProbabilityCheck,
		zero:        zero,
		one:         big.NewRat(1, 1),
		table:       NewProbabilities(),
		probs:       make(map[rewrite.Term]probability),
		dists:       make([]*distribution, base.Summands()),
		clock:       clock,
	}
	if d := spec.InitDist; d != nil {
		if g.init, err = g.newDistribution(d); err != nil {
			return nil, fmt.Errorf("%s: initial distribution: %w", lps.At(spec.File, d.Pos), err)
		}
	}
	k := 0
	for i, s := range spec.Summands {
		if s.Delta {
			continue
		}
		if s.Dist != nil {
			if g.dists[k], err = g.newDistribution(s.Dist); err != nil {
				return nil, &lpsgen.SummandError{File: spec.File, Summand: i + 1, Pos: s.Pos, Err: fmt.Errorf("distribution: %w", err)}
			}
		}
		k++
	}
	g.oneID = g.table.Intern(g.one)
	g.visitFn = g.visit
	return g, nil
}

// newDistribution translates a distribution and enumerates the values of
// its variables once (Wesselink's Algorithm 13 enumerates them for every
// transition, but their domain does not depend on the state).
func (g *Generator) newDistribution(d *lps.Distribution) (*distribution, error) {
	nd := &distribution{vars: d.Vars, prob: g.r.Translate(d.Prob)}
	for _, v := range d.Vars {
		nd.varT = append(nd.varT, g.r.VarTerm(v))
	}
	if len(d.Vars) == 0 {
		nd.values = [][]rewrite.Term{nil}
		return nd, nil
	}
	// Variables of finite sorts range over all their values, found once;
	// otherwise they are narrowed by prob != 0 in each state.
	for _, v := range d.Vars {
		if _, ok := g.r.Values(v.S, maxDistributionValues); !ok {
			st := g.base.Spec().SortTable
			if st == nil {
				return nil, fmt.Errorf("cannot enumerate the elements of sort %s of distribution variable %s", v.S, v.Name)
			}
			real := d.Prob.Sort()
			neq := &lps.App{
				Head: &lps.FuncRef{Func: st.Builtin(lps.OpNeq, st.Func([]*lps.Sort{real, real}, st.Bool))},
				Args: []lps.Expr{d.Prob, &lps.Number{Value: big.NewInt(0), S: real}},
				S:    st.Bool,
			}
			nd.support = g.r.Translate(neq)
			return nd, nil
		}
	}
	err := g.base.Enumerator().EnumerateInOrder(d.Vars, g.r.True(), g.r.NewSubst(), func(vals []rewrite.Term) bool {
		nd.values = append(nd.values, append([]rewrite.Term(nil), vals...))
		return true
	})
	return nd, err
}

// Probabilities is the table of the probabilities met so far.
func (g *Generator) Probabilities() *Probabilities { return g.table }

// Width is the number of parameters, plus one for the time stamp of a
// timed process.
func (g *Generator) Width() int {
	if g.clock != nil {
		return g.base.Width() + 1
	}
	return g.base.Width()
}

// Labels is the table of labels.
func (g *Generator) Labels() *explore.Labels { return g.base.Labels() }

// Initial is refused: the explorer asks a StochasticGenerator for its
// InitialDistribution.
func (g *Generator) Initial(dst []uint32) ([]uint32, error) {
	return dst, fmt.Errorf("a stochastic process starts in a distribution (InitialDistribution)")
}

// Successors emits every state of every transition's distribution, one
// after another in StochasticSuccessors' order, with the transition's
// label: the view a ComBack store needs to replay the step to one of them
// by its position.
func (g *Generator) Successors(state []uint32, emit func(explore.LabelID, []uint32)) error {
	w := g.Width()
	return g.StochasticSuccessors(state, func(label explore.LabelID, next []uint32, probs []explore.ProbabilityID) {
		for k := range probs {
			emit(label, next[k*w:(k+1)*w])
		}
	})
}

// InitialDistribution computes the initial distribution (Algorithm 13 with
// the empty substitution); without `dist` in init it is the initial state
// with probability 1.
func (g *Generator) InitialDistribution(dst []uint32, probs []explore.ProbabilityID) ([]uint32, []explore.ProbabilityID, error) {
	g.targets, g.pids = g.targets[:0], g.pids[:0]
	g.base.ClearBindings()
	err := g.distribution(g.init, func() (err error) {
		g.targets, err = g.base.AppendInitial(g.targets)
		if g.clock != nil {
			g.targets = append(g.targets, uint32(g.clock.Zero()))
		}
		return err
	})
	if err != nil {
		return dst, probs, err
	}
	return append(dst, g.targets...), append(probs, g.pids...), nil
}

// StochasticSuccessors emits the transitions of state, each leading to a
// distribution (Wesselink's Algorithm 14, lines 13-26).
func (g *Generator) StochasticSuccessors(state []uint32, emit func(explore.LabelID, []uint32, []explore.ProbabilityID)) error {
	g.state, g.emit = state, emit
	return g.base.Transitions(state, g.visitFn)
}

// visit computes the label and the distribution of one solution of the sum
// variables and emits the transition.
func (g *Generator) visit(s *lpsgen.Summand) error {
	var t rewrite.Term
	timed := false
	if g.clock != nil {
		var ok bool
		var err error
		if t, timed, ok, err = g.clock.When(g.state, s); err != nil || !ok {
			return err
		}
	}
	label, err := g.base.Label(s)
	if err != nil {
		return err
	}
	if timed {
		label = g.clock.Label(label, t)
	}
	return g.emitDistribution(s, label, t)
}

// emitDistribution computes the distribution of summand s's next states,
// each with the time stamp t appended for a timed process, and emits the
// transition.
func (g *Generator) emitDistribution(s *lpsgen.Summand, label explore.LabelID, t rewrite.Term) error {
	g.targets, g.pids = g.targets[:0], g.pids[:0]
	err := g.distribution(g.dists[s.Number()], func() (err error) {
		g.targets, err = g.base.AppendNext(g.targets, s)
		if g.clock != nil {
			g.targets = append(g.targets, uint32(t))
		}
		return err
	})
	if err != nil {
		return err
	}
	g.emit(label, g.targets, g.pids)
	return nil
}

// distribution is Algorithm 13: for each value of the distribution's
// variables with a non-zero probability it binds them, records the
// probability and calls state, which appends the state vector. d == nil is
// the Dirac distribution. As in mCRL2's lps2lts, the support comes in the
// enumeration order and equal states are not merged; zero probabilities
// are dropped. It checks the probabilities and unbinds the variables.
func (g *Generator) distribution(d *distribution, state func() error) error {
	if d == nil {
		g.pids = append(g.pids, g.oneID)
		return state()
	}
	defer func() {
		// Unbind: a later summand may have a sum variable of the same
		// name and sort.
		for _, v := range d.varT {
			g.base.Bind(v, 0)
		}
	}()
	g.sum.SetInt64(0)
	values := d.values
	if d.support != 0 {
		c, err := g.base.Rewrite(d.support)
		if err != nil {
			return fmt.Errorf("support: %w", err)
		}
		d.found = d.found[:0]
		err = g.base.Enumerator().EnumerateInOrder(d.vars, c, g.r.NewSubst(), func(vals []rewrite.Term) bool {
			d.found = append(d.found, append([]rewrite.Term(nil), vals...))
			return true
		})
		if err != nil {
			return fmt.Errorf("the values of the distribution's variables: %w", err)
		}
		values = d.found
	}
	for _, vals := range values {
		for i, v := range d.varT {
			g.base.Bind(v, vals[i])
		}
		p, err := g.base.Rewrite(d.prob)
		if err != nil {
			return fmt.Errorf("probability: %w", err)
		}
		if p == g.zero {
			continue
		}
		pr, err := g.probability(p)
		if err != nil {
			return err
		}
		g.pids = append(g.pids, pr.id)
		if g.check {
			g.sum.Add(&g.sum, pr.value)
		}
		if err := state(); err != nil {
			return err
		}
	}
	if len(g.pids) == 0 {
		return fmt.Errorf("the distribution is empty (every probability is 0)")
	}
	if !g.check {
		return nil
	}
	if g.sum.Cmp(g.one) != 0 {
		ps := make([]string, len(g.pids))
		for i, id := range g.pids {
			ps[i] = g.table.Text(id)
		}
		return fmt.Errorf("the probabilities [%s] do not add up to one, but to %s", strings.Join(ps, ", "), text(&g.sum))
	}
	return nil
}

// probability reads a rewritten probability as the rational the rewriter
// holds, checks it (when asked) and interns it.
func (g *Generator) probability(p rewrite.Term) (probability, error) {
	if pr, ok := g.probs[p]; ok {
		return pr, nil
	}
	x, ok := g.r.Rat(p)
	if !ok {
		return probability{}, fmt.Errorf("the probability %s is not a proper rational number", g.r.String(p))
	}
	if g.check && x.Sign() < 0 {
		return probability{}, fmt.Errorf("probability is smaller than zero: %s", g.r.String(p))
	}
	if g.check && x.Cmp(g.one) > 0 {
		return probability{}, fmt.Errorf("probability is greater than one: %s", g.r.String(p))
	}
	id := g.table.Intern(x)
	pr := probability{id, g.table.Value(id)}
	g.probs[p] = pr
	return pr, nil
}
