package explore

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/rewrite"
)

// Stochastic exploration (seed note §7, Alg. 13 and 14). A summand
// `a . dist h: S[p(d, e, h)] . P(g(d, e, h))` leads to the distribution
// that gives each value h' of h with a non-zero p the state g(.., h') with
// probability p; the initial state may be a distribution too. As in
// mCRL2's lps2lts, the support states come in the enumeration order of h
// and equal states are not merged; zero probabilities are dropped. Unless
// the check is turned off (LPSOptions.NoProbabilityCheck), each probability
// must be a rational number in [0, 1] and the probabilities of a
// distribution must add up to 1.

// lpsStochastic is the distribution bookkeeping of a stochastic
// LPSGenerator.
type lpsStochastic struct {
	check bool
	zero  rewrite.Term
	table *Probabilities
	// probs caches each probability term met: its value and its id.
	probs map[rewrite.Term]probValue
	init  *lpsDist
	emit  func(LabelID, []uint32, []ProbID)
	// The distribution being built: state vectors one after another, and
	// their probabilities.
	targets []uint32
	pids    []ProbID
	vals    []*big.Rat
	sum     big.Rat
}

type probValue struct {
	rat *big.Rat
	id  ProbID
}

// maxDistValues bounds the number of values of a distribution variable.
const maxDistValues = 1 << 16

// lpsDist is a distribution `dist vars[prob]`: its variables, their
// values (every combination, in enumeration order, computed once) and the
// probability term.
type lpsDist struct {
	vars   []*lps.Var
	varT   []rewrite.Term
	values [][]rewrite.Term
	prob   rewrite.Term
}

// checkTimedStochastic refuses what the generator cannot explore.
func checkTimedStochastic(spec *lps.Spec) error {
	if spec.InitDist == nil && !hasDistSummand(spec) {
		return nil
	}
	for i, s := range spec.Summands {
		if s.Time != nil && !s.Delta {
			return fmt.Errorf("%s:%s: summand %d has a time tag (@): timed stochastic specifications are not supported", spec.File, s.Pos, i+1)
		}
	}
	return nil
}

func hasDistSummand(spec *lps.Spec) bool {
	for _, s := range spec.Summands {
		if s.Dist != nil && !s.Delta {
			return true
		}
	}
	return false
}

// initTimedStochastic sets up the time stamp or the distributions, if any.
func (g *LPSGenerator) initTimedStochastic(opt LPSOptions) error {
	if real := isTimed(g.spec); real != nil {
		return g.initTiming(real)
	}
	if g.spec.InitDist == nil && !hasDistSummand(g.spec) {
		return nil
	}
	real := realSort(g.spec)
	zero, err := g.r.Rewrite(g.r.Translate(&lps.Number{Value: big.NewInt(0), S: real}), nil)
	if err != nil {
		return err
	}
	pr := &lpsStochastic{
		check: !opt.NoProbabilityCheck,
		zero:  zero,
		table: NewProbabilities(),
		probs: make(map[rewrite.Term]probValue),
	}
	g.pr = pr
	if d := g.spec.InitDist; d != nil {
		if pr.init, err = g.newDist(d); err != nil {
			return fmt.Errorf("%s:%s: initial distribution: %w", g.spec.File, d.Pos, err)
		}
	}
	for k := range g.summands {
		s := &g.summands[k]
		if s.src.Dist != nil {
			if s.dist, err = g.newDist(s.src.Dist); err != nil {
				return g.summandError(s, fmt.Errorf("distribution: %w", err))
			}
		}
	}
	g.step = g.distTransition
	return nil
}

// realSort finds the sort Real of the specification: that of a
// distribution's probability.
func realSort(spec *lps.Spec) *lps.Sort {
	if spec.InitDist != nil {
		return spec.InitDist.Prob.Sort()
	}
	for _, s := range spec.Summands {
		if s.Dist != nil {
			return s.Dist.Prob.Sort()
		}
	}
	return nil
}

// newDist translates a distribution and enumerates the values of its
// variables once (Alg. 13 enumerates them for every transition; their
// domain does not depend on the state).
func (g *LPSGenerator) newDist(d *lps.Distribution) (*lpsDist, error) {
	ld := &lpsDist{vars: d.Vars, prob: g.r.Translate(d.Prob)}
	for _, v := range d.Vars {
		ld.varT = append(ld.varT, g.r.VarTerm(v))
	}
	if len(d.Vars) == 0 {
		ld.values = [][]rewrite.Term{nil}
		return ld, nil
	}
	// mCRL2 narrows the variables of a distribution by its probability;
	// here they range over all values, so their sorts must be finite.
	for _, v := range d.Vars {
		if _, ok := g.r.Values(v.S, maxDistValues); !ok {
			return nil, fmt.Errorf("cannot enumerate the elements of sort %s of distribution variable %s (only finite sorts of at most %d values)", SortString(v.S), v.Name, maxDistValues)
		}
	}
	err := g.en.Enumerate(d.Vars, g.r.True(), g.r.NewSubst(), func(vals []rewrite.Term) bool {
		ld.values = append(ld.values, append([]rewrite.Term(nil), vals...))
		return true
	})
	return ld, err
}

// Probabilistic reports whether the process has distributions.
func (g *LPSGenerator) Probabilistic() bool { return g.pr != nil }

// Probabilities is the table of the probabilities met so far.
func (g *LPSGenerator) Probabilities() *Probabilities {
	if g.pr == nil {
		return nil
	}
	return g.pr.table
}

// InitialDistribution computes the initial distribution (Alg. 13 with the
// empty substitution); without `dist` in init it is the initial state with
// probability 1.
func (g *LPSGenerator) InitialDistribution(dst []uint32, probs []ProbID) ([]uint32, []ProbID, error) {
	pr := g.pr
	pr.targets, pr.pids, pr.vals = pr.targets[:0], pr.pids[:0], pr.vals[:0]
	g.sub.Clear()
	err := g.distribution(pr.init, func() error {
		for i, t := range g.init {
			v, err := g.r.Rewrite(t, g.sub)
			if err != nil {
				return fmt.Errorf("initial value of parameter %s: %w", g.spec.Params[i].Name, err)
			}
			pr.targets = append(pr.targets, uint32(v))
		}
		return nil
	})
	if err != nil {
		return dst, probs, err
	}
	return append(dst, pr.targets...), append(probs, pr.pids...), nil
}

// ProbSuccessors is Successors with the transitions leading to
// distributions (Alg. 14, lines 13-26).
func (g *LPSGenerator) ProbSuccessors(state []uint32, emit func(LabelID, []uint32, []ProbID)) error {
	g.pr.emit = emit
	return g.Successors(state, nil)
}

// distTransition computes the label and the distribution of one solution
// of the sum variables bound in g.sub and emits the transition.
func (g *LPSGenerator) distTransition(s *lpsSummand) error {
	label := s.fixedID
	if !s.fixed {
		var err error
		if label, err = g.label(s); err != nil {
			return err
		}
	}
	pr := g.pr
	pr.targets, pr.pids, pr.vals = pr.targets[:0], pr.pids[:0], pr.vals[:0]
	err := g.distribution(s.dist, func() error {
		for i, t := range s.next {
			if s.keep[i] {
				pr.targets = append(pr.targets, g.state[i])
				continue
			}
			v, err := g.r.Rewrite(t, g.sub)
			if err != nil {
				return fmt.Errorf("next value of %s: %w", g.spec.Params[i].Name, err)
			}
			pr.targets = append(pr.targets, uint32(v))
		}
		return nil
	})
	if err != nil {
		return err
	}
	pr.emit(label, pr.targets, pr.pids)
	return nil
}

// distribution is Alg. 13: for each value of the distribution's variables
// with a non-zero probability it binds them in g.sub, records the
// probability and calls state, which appends the state vector. d == nil is
// the Dirac distribution. It checks the probabilities and unbinds the
// variables.
func (g *LPSGenerator) distribution(d *lpsDist, state func() error) error {
	pr := g.pr
	if d == nil {
		pr.pids = append(pr.pids, pr.table.Intern([]byte("1/1")))
		return state()
	}
	defer func() {
		// Unbind (0): a later summand may have a sum variable of the
		// same name and sort.
		for _, v := range d.varT {
			g.sub.Set(v, 0)
		}
	}()
	for _, vals := range d.values {
		for i, v := range d.varT {
			g.sub.Set(v, vals[i])
		}
		p, err := g.r.Rewrite(d.prob, g.sub)
		if err != nil {
			return fmt.Errorf("probability: %w", err)
		}
		if p == pr.zero {
			continue
		}
		pv, err := g.probValue(p)
		if err != nil {
			return err
		}
		pr.pids = append(pr.pids, pv.id)
		pr.vals = append(pr.vals, pv.rat)
		if err := state(); err != nil {
			return err
		}
	}
	if len(pr.pids) == 0 {
		return fmt.Errorf("the distribution is empty (every probability is 0)")
	}
	if !pr.check {
		return nil
	}
	pr.sum.SetInt64(0)
	for _, x := range pr.vals {
		pr.sum.Add(&pr.sum, x)
	}
	if pr.sum.Cmp(big.NewRat(1, 1)) != 0 {
		ps := make([]string, len(pr.pids))
		for i, id := range pr.pids {
			ps[i] = pr.table.Text(id)
		}
		return fmt.Errorf("the probabilities [%s] do not add up to one, but to %s", strings.Join(ps, ", "), ratText(&pr.sum))
	}
	return nil
}

// probValue reads a rewritten probability, checks it (when asked) and
// interns its printed form.
func (g *LPSGenerator) probValue(p rewrite.Term) (probValue, error) {
	pr := g.pr
	if pv, ok := pr.probs[p]; ok {
		return pv, nil
	}
	x, ok := ratOfPrinted(g.termString(p))
	if !ok {
		return probValue{}, fmt.Errorf("the probability %s is not a proper rational number", g.termString(p))
	}
	if pr.check && x.Sign() < 0 {
		return probValue{}, fmt.Errorf("probability is smaller than zero: %s", g.termString(p))
	}
	if pr.check && x.Cmp(big.NewRat(1, 1)) > 0 {
		return probValue{}, fmt.Errorf("probability is greater than one: %s", g.termString(p))
	}
	pv := probValue{rat: x, id: pr.table.Intern([]byte(ratText(x)))}
	pr.probs[p] = pv
	return pv, nil
}

// ratText prints a probability as mCRL2's .aut format does: num/den, also
// for whole numbers (1/1).
func ratText(x *big.Rat) string {
	return x.Num().String() + "/" + x.Denom().String()
}
