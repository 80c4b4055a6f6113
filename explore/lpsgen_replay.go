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
	// TransitionKey is the key of the transition being emitted; it may
	// only be called inside Successors' emit.
	TransitionKey() uint64
	// ReplayTransition emits the transition of state with that key, alone.
	ReplayTransition(state []uint32, key uint64, emit func(LabelID, []uint32)) error
}

// ReplaysTransitions: timed and stochastic summands emit through their
// own steps, not keyed here.
func (g *LPSGenerator) ReplaysTransitions() bool { return g.tm == nil && g.pr == nil }

// TransitionKey packs the summand's position (low bits) and the rank of
// the sum-variable solution in the enumeration order (high bits).
func (g *LPSGenerator) TransitionKey() uint64 {
	return g.keySol<<g.summandBits() | uint64(g.keyK)
}

func (g *LPSGenerator) summandBits() uint { return uint(bits.Len(uint(len(g.summands)))) }

// ReplayTransition rewrites only the condition of the key's summand and
// enumerates its solutions up to the key's rank. The enumeration order is
// Successors' (the same enumerator, the same cache), so the transition is
// the one recorded.
func (g *LPSGenerator) ReplayTransition(state []uint32, key uint64, emit func(LabelID, []uint32)) (err error) {
	k := int(key & (1<<g.summandBits() - 1))
	want := key >> g.summandBits()
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
	g.bindParams(state)
	c, err := g.r.Rewrite(s.cond, g.sub)
	if err != nil {
		return g.summandError(s, fmt.Errorf("condition: %w", err))
	}
	if c == g.r.False() {
		return g.summandError(s, fmt.Errorf("replay: condition false"))
	}
	if len(s.sumVars) == 0 {
		if want != 0 {
			return g.summandError(s, fmt.Errorf("replay: solution %d of a summand without sum variables", want))
		}
		return g.step(s)
	}
	var rank uint64
	var stepErr error
	found := false
	err = g.en.EnumerateCached(s.cache, s.sumVars, c, g.sub, func(vals []rewrite.Term) bool {
		if rank < want {
			rank++
			return true
		}
		for i, v := range s.sumVarT {
			g.sub.Set(v, vals[i])
		}
		stepErr, found = g.step(s), true
		return false
	})
	g.bindParams(state)
	if stepErr != nil {
		err = stepErr
	}
	if err != nil {
		return g.summandError(s, err)
	}
	if !found {
		return g.summandError(s, fmt.Errorf("replay: no solution %d", want))
	}
	return nil
}
