package explore

import "fmt"

// Probabilistic exploration (seed note §7, Alg. 14): a transition leads
// not to one state but to a distribution over states. The support states
// are discovered and explored like any other state; the distribution
// itself is not a state.

// ProbID names an exact probability in a Probabilities table.
type ProbID uint32

// Probabilities interns probabilities by their printed form, "num/den" as
// mCRL2 prints them in a probabilistic .aut file.
type Probabilities struct {
	ids  map[string]ProbID
	text []string
}

// NewProbabilities returns an empty table.
func NewProbabilities() *Probabilities {
	return &Probabilities{ids: make(map[string]ProbID)}
}

// Intern returns the id of the probability printed as text.
func (p *Probabilities) Intern(text []byte) ProbID {
	if id, ok := p.ids[string(text)]; ok {
		return id
	}
	id := ProbID(len(p.text))
	s := string(text)
	p.ids[s] = id
	p.text = append(p.text, s)
	return id
}

// Text returns the printed form of a probability.
func (p *Probabilities) Text(id ProbID) string { return p.text[id] }

// ProbGenerator is a Generator whose transitions may lead to distributions.
// When Probabilistic reports true, the explorer uses InitialDistribution
// and ProbSuccessors instead of Initial and Successors.
type ProbGenerator interface {
	Generator
	Probabilistic() bool
	Probabilities() *Probabilities
	// InitialDistribution appends the support of the initial distribution
	// to dst (the state vectors one after another) and their probabilities
	// to probs.
	InitialDistribution(dst []uint32, probs []ProbID) ([]uint32, []ProbID, error)
	// ProbSuccessors calls emit once per outgoing transition of state:
	// next holds len(probs) state vectors one after another, in the
	// generator's order; a state may occur more than once. The slices are
	// only read during the call.
	ProbSuccessors(state []uint32, emit func(label LabelID, next []uint32, probs []ProbID)) error
}

// ProbVisitor is an optional Visitor extension for probabilistic searches.
// A ProbVisitor receives ExamineDistTransition instead of ExamineTransition;
// other visitors receive ExamineTransition(from, label, to[0]), the first
// state of the distribution (as mCRL2's detectors use first_state).
type ProbVisitor interface {
	// InitialDistribution comes once, after the DiscoverState events of
	// the initial states and before any StartState.
	InitialDistribution(states []StateID, probs []ProbID)
	ExamineDistTransition(from StateID, label LabelID, to []StateID, probs []ProbID)
}

// probSearch is the explorer's state for a probabilistic generator.
type probSearch struct {
	gen    ProbGenerator
	pv     []ProbVisitor // aligned with Explorer.visitors; nil: plain visitor
	emitFn func(LabelID, []uint32, []ProbID)
	ids    []StateID
}

// initProb is called by New: a probabilistic generator switches the
// explorer to distributions once, so untimed plain searches pay nothing.
func (x *Explorer) initProb() {
	if pg, ok := x.gen.(ProbGenerator); ok && pg.Probabilistic() {
		x.pr = &probSearch{gen: pg}
		x.pr.emitFn = x.emitDist
	}
}

// discoverInitialDist computes, inserts and announces the initial
// distribution; it returns the number of its distinct states, which get
// the ids 0, 1, ...
func (x *Explorer) discoverInitialDist() (int, error) {
	pr := x.pr
	pr.pv = pr.pv[:0]
	for _, v := range x.visitors {
		pv, _ := v.(ProbVisitor)
		pr.pv = append(pr.pv, pv)
	}
	w := x.gen.Width()
	vecs, probs, err := pr.gen.InitialDistribution(nil, nil)
	if err != nil {
		return 0, err
	}
	if len(probs) == 0 || len(vecs) != w*len(probs) {
		return 0, fmt.Errorf("initial distribution has %d values for %d states of width %d", len(vecs), len(probs), w)
	}
	ids := make([]StateID, len(probs))
	for k := range probs {
		id, isNew := x.store.Insert(vecs[k*w : (k+1)*w])
		if isNew {
			x.discover(id, TauLabel)
		}
		ids[k] = id
	}
	for _, pv := range pr.pv {
		if pv != nil {
			pv.InitialDistribution(ids, probs)
		}
	}
	return x.store.Len(), nil
}

func (x *Explorer) successors(vec []uint32) error {
	if x.pr != nil {
		return x.pr.gen.ProbSuccessors(vec, x.pr.emitFn)
	}
	return x.gen.Successors(vec, x.emitFn)
}

// emitDist is Alg. 14, lines 20-26.
func (x *Explorer) emitDist(label LabelID, next []uint32, probs []ProbID) {
	pr := x.pr
	w := x.gen.Width()
	ids := pr.ids[:0]
	for k := range probs {
		id, isNew := x.store.Insert(next[k*w : (k+1)*w])
		if isNew {
			x.discover(id, label)
			x.push(id)
		}
		ids = append(ids, id)
		if x.opt.Cycles {
			x.edges = append(x.edges, edge{label, id})
		}
	}
	pr.ids = ids
	x.transitions++
	for i, v := range x.visitors {
		if pv := pr.pv[i]; pv != nil {
			pv.ExamineDistTransition(x.cur, label, ids, probs)
		} else {
			v.ExamineTransition(x.cur, label, ids[0])
		}
	}
}

// runProb is Run for a probabilistic generator: the search starts from all
// states of the initial distribution (Alg. 14, lines 1-7).
func (x *Explorer) runProb() (Result, error) {
	if x.cs.on {
		return x.result(), fmt.Errorf("this state store cannot be used for probabilistic specifications")
	}
	x.cur = NoState
	roots, err := x.discoverInitialDist()
	if err != nil {
		return x.result(), fmt.Errorf("initial state: %w", err)
	}
	x.levelUp = roots
	switch {
	case x.opt.Cycles:
		for s := 0; s < roots && err == nil && !x.mustStop(); s++ {
			if x.colors[s] == white {
				err = x.runCycles(StateID(s), x.pushFrame)
			}
		}
	case x.opt.Strategy == Breadth:
		err = x.runBreadth()
	default:
		for s := 0; s < roots; s++ {
			x.push(StateID(s))
		}
		x.hwL, x.hwC = len(x.todo), 0
		err = x.runTodo()
	}
	r := x.result()
	if err == nil && x.maxReached() {
		r.MaxReached = true
	}
	return r, err
}
