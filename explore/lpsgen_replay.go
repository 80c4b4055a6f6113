package explore

import (
	"fmt"
	"math/bits"

	"github.com/lps2lts/lps2lts/rewrite"
)

// TransitionReplayer is a Generator that names each transition it emits
// by a key and can compute that one transition again from its key,
// without the state's other transitions. ComBack records keys in its
// backedge table, so a reconstruction step costs one summand instead of
// the full successor function (seed ch. 6: a backedge is a transition,
// "executed" in the predecessor).
type TransitionReplayer interface {
	Generator
	// ReplaysTransitions says keys are available (an untimed,
	// non-stochastic process).
	ReplaysTransitions() bool
	// KeepTransitionKeys is called once, before the first Successors,
	// by a store that will ask for keys; a generator that must do work
	// per transition to have them does it only from then on.
	KeepTransitionKeys()
	// TransitionKey is the key of the transition being emitted; it may
	// only be called inside Successors' emit.
	TransitionKey() uint64
	// ReplayTransition emits the transition of state with that key, alone;
	// only its target state counts (the label need not be computed).
	ReplayTransition(state []uint32, key uint64, emit func(LabelID, []uint32)) error
}

// ReplaysTransitions: timed and stochastic summands emit through their
// own steps, not keyed here.
func (g *LPSGenerator) ReplaysTransitions() bool { return g.tm == nil && g.pr == nil }

// KeepTransitionKeys: TransitionKey computes a key when asked, nothing to do.
func (g *LPSGenerator) KeepTransitionKeys() {}

// TransitionKey packs the summand's position (low bits) and the number of
// its sum-variable values in the summand's table of solutions (high bits).
// Replay then binds those values again: no condition is rewritten and
// nothing is enumerated. A solution table holds each distinct solution
// once; a model's sum variables take few distinct values, so the tables
// stay small (SolutionBytes).
func (g *LPSGenerator) TransitionKey() uint64 {
	k := uint64(g.keyK)
	s := &g.summands[g.keyK]
	if len(s.sumVars) == 0 {
		return k
	}
	if s.sols == nil {
		s.sols = NewArenaStore(len(s.sumVars))
	}
	g.solBuf = g.solBuf[:0]
	for _, v := range g.keyVals {
		g.solBuf = append(g.solBuf, uint32(v))
	}
	id, _ := s.sols.Insert(g.solBuf)
	return uint64(id)<<g.summandBits() | k
}

// SolutionBytes is the memory of the solution tables of TransitionKey.
func (g *LPSGenerator) SolutionBytes() int {
	n := 0
	for i := range g.summands {
		if s := g.summands[i].sols; s != nil {
			n += s.Bytes()
		}
	}
	return n
}

func (g *LPSGenerator) summandBits() uint { return uint(bits.Len(uint(len(g.summands)))) }

// ReplayTransition computes the transition of state with that key again:
// the key's summand, with the sum variables bound to the key's solution.
// The condition is not rewritten again: it held for these values in this
// very state when the key was made. Only the target state is computed: the
// label emitted is meaningless.
func (g *LPSGenerator) ReplayTransition(state []uint32, key uint64, emit func(LabelID, []uint32)) (err error) {
	k := int(key & (1<<g.summandBits() - 1))
	sol := key >> g.summandBits()
	if k >= len(g.summands) {
		return fmt.Errorf("replay: no summand %d", k)
	}
	s := &g.summands[k]
	defer func() {
		if p := recover(); p != nil {
			err = g.summandError(s, fmt.Errorf("internal error: %v", p))
		}
	}()
	g.state, g.emit = state, emit
	g.replaying = true
	defer func() { g.replaying = false }()
	g.bindParams(state)
	if len(s.sumVars) == 0 {
		if sol != 0 {
			return g.summandError(s, fmt.Errorf("replay: solution %d of a summand without sum variables", sol))
		}
		return g.step(s)
	}
	if s.sols == nil || sol >= uint64(s.sols.Len()) {
		return g.summandError(s, fmt.Errorf("replay: no solution %d", sol))
	}
	for i, v := range s.sols.State(StateID(sol)) {
		g.sub.Set(s.sumVarT[i], rewrite.Term(v))
	}
	err = g.step(s)
	g.bindParams(state)
	if err != nil {
		return g.summandError(s, err)
	}
	return nil
}
