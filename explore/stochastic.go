package explore

import "fmt"

// Stochastic exploration (Wesselink, "State Space Exploration", §7, Algorithm 14): a transition leads not to one state but
// to a distribution over states. The states of its support are discovered
// and explored like any other state; the distribution itself is not a
// state. The explorer knows nothing of probabilities: a generator names
// them by ProbabilityID in a table of its own (package stochastic).

// ProbabilityID names a probability in a stochastic generator's own
// table. The explorer passes it on to visitors without reading it.
type ProbabilityID uint32

// stochasticSearch is the explorer's state for a stochastic generator.
type stochasticSearch struct {
	gen    StochasticGenerator
	sv     []StochasticVisitor // aligned with Explorer.visitors; nil: plain visitor
	emitFn func(LabelID, []uint32, []ProbabilityID)
	ids    []StateID
}

// initStochastic is called by New: a stochastic generator switches the
// explorer to distributions once, so plain searches pay nothing.
func (x *Explorer) initStochastic() {
	if sg, ok := x.gen.(StochasticGenerator); ok {
		x.st = &stochasticSearch{gen: sg}
		x.st.emitFn = x.emitStochastic
	}
}

// discoverInitialDist computes, inserts and announces the initial
// distribution; it returns the number of its distinct states, which get
// the ids 0, 1, ...
func (x *Explorer) discoverInitialDist() (int, error) {
	ss := x.st
	ss.sv = ss.sv[:0]
	for _, v := range x.visitors {
		sv, _ := v.(StochasticVisitor)
		ss.sv = append(ss.sv, sv)
	}
	w := x.gen.Width()
	vecs, probs, err := ss.gen.InitialDistribution(nil, nil)
	if err != nil {
		return 0, err
	}
	if len(probs) == 0 || len(vecs) != w*len(probs) {
		return 0, fmt.Errorf("initial distribution has %d values for %d states of width %d", len(vecs), len(probs), w)
	}
	ids := make([]StateID, len(probs))
	for k := range probs {
		v := vecs[k*w : (k+1)*w]
		if x.cs.on {
			// Compact stores: each state of the initial distribution is
			// a root (no backedge), queued with its vector.
			id, isNew := x.insertFrom(v, 0)
			if isNew {
				x.discoverVec(id, TauLabel, v)
				x.pushVec(id, v)
			}
			ids[k] = id
			continue
		}
		id, isNew := x.store.Insert(v)
		if isNew {
			x.discover(id, TauLabel)
		}
		ids[k] = id
	}
	for _, sv := range ss.sv {
		if sv != nil {
			sv.InitialDistribution(ids, probs)
		}
	}
	return x.store.Len(), nil
}

func (x *Explorer) successors(vec []uint32) error {
	if x.st != nil {
		return x.st.gen.StochasticSuccessors(vec, x.st.emitFn)
	}
	return x.gen.Successors(vec, x.emitFn)
}

// emitStochastic is Algorithm 14, lines 20-26.
func (x *Explorer) emitStochastic(label LabelID, next []uint32, probs []ProbabilityID) {
	ss := x.st
	w := x.gen.Width()
	ids := ss.ids[:0]
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
	ss.ids = ids
	x.transitions++
	for i, v := range x.visitors {
		if sv := ss.sv[i]; sv != nil {
			sv.ExamineStochasticTransition(x.cur, label, ids, probs)
		} else {
			v.ExamineTransition(x.cur, label, ids[0])
		}
	}
}

// runStochastic is Run for a stochastic generator: the search starts from
// all states of the initial distribution (Algorithm 14, lines 1-7).
func (x *Explorer) runStochastic() (Result, error) {
	c := &x.cs
	if c.on && (x.opt.Cycles || c.delayed != nil || c.blocks != nil || x.par != nil) {
		return x.result(), fmt.Errorf("with a stochastic specification this store works without cycle detection, delayed duplicate detection, state numbers in the todo list and threads")
	}
	x.cur = NoState
	roots, err := x.discoverInitialDist()
	if err != nil {
		return x.result(), fmt.Errorf("initial state: %w", err)
	}
	x.levelUp = roots
	switch {
	case c.on:
		err = x.runQueue()
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
		err = x.runTodo()
	}
	r := x.result()
	if err == nil && x.maxReached() {
		r.MaxReached = true
	}
	return r, err
}

// collectStochastic is the emit function of StochasticSuccessors in the
// compact search: it only records, the states of a distribution one after
// another (their positions are the transition numbers a ComBack store
// replays; the generator's Successors emits them in the same order).
func (x *Explorer) collectStochastic(label LabelID, next []uint32, probs []ProbabilityID) {
	c := &x.cs
	c.bufLabels = append(c.bufLabels, label)
	c.bufGroups = append(c.bufGroups, len(probs))
	c.bufProbs = append(c.bufProbs, probs...)
	c.bufVecs = append(c.bufVecs, next...)
}

// insertCollectedStochastic is insertCollected for distributions.
func (x *Explorer) insertCollectedStochastic(s StateID) {
	c := &x.cs
	ss := x.st
	w := c.width
	i := 0
	for g, label := range c.bufLabels {
		n := c.bufGroups[g]
		ids := ss.ids[:0]
		for range n {
			next := c.bufVecs[i*w : (i+1)*w : (i+1)*w]
			id, isNew := x.insertFrom(next, uint64(i))
			if isNew {
				x.discoverVec(id, label, next)
				x.pushVec(id, next)
			}
			ids = append(ids, id)
			i++
		}
		ss.ids = ids
		probs := c.bufProbs[i-n : i]
		x.transitions++
		for k, v := range x.visitors {
			if sv := ss.sv[k]; sv != nil {
				sv.ExamineStochasticTransition(s, label, ids, probs)
			} else {
				v.ExamineTransition(s, label, ids[0])
			}
		}
	}
	x.finishVec(s)
}
