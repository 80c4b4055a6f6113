package lpsgen

import (
	"fmt"
	"math/bits"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/vecset"
	"github.com/lps2lts/lps2lts/rewrite"
)

// Transition keys (explore.TransitionReplayer). ComBack records a key per
// backedge, so a reconstruction step costs one summand instead of the
// full successor function (Westergaard et al., "The ComBack Method", §3:
// a backedge is a transition, executed again from its predecessor).

// KeepTransitionKeys: TransitionKey computes a key when asked; nothing to
// prepare.
func (g *Generator) KeepTransitionKeys() {}

// TransitionKey packs the summand's position (low bits) and the number of
// its sum-variable values in the summand's table of solutions (high bits).
// Replay then binds those values again: no condition is rewritten and
// nothing is enumerated. A solution table holds each distinct solution
// once; a model's sum variables take few distinct values, so the tables
// stay small (SolutionBytes). It may only be called while a transition is
// emitted.
func (g *Generator) TransitionKey() uint64 {
	g.solBuf = g.AppendPortableKey(g.solBuf[:0])
	return g.KeyOfPortable(g.solBuf)
}

// AppendPortableKey names the transition being emitted by its summand's
// position and its sum-variable values: terms of the store the forks
// share, so the name means the same to every fork
// (explore.PortableKeyer).
func (g *Generator) AppendPortableKey(dst []uint32) []uint32 {
	dst = append(dst, uint32(g.keyK))
	for _, v := range g.keyVals {
		dst = append(dst, uint32(v))
	}
	return dst
}

// KeyOfPortable returns the key, in g's solution tables, of a transition
// named by AppendPortableKey on g or a fork of g.
func (g *Generator) KeyOfPortable(name []uint32) uint64 {
	k := int(name[0])
	s := &g.summands[k]
	if len(s.sumVars) == 0 {
		return uint64(k)
	}
	if s.sols == nil {
		s.sols = vecset.New(len(s.sumVars))
	}
	id, _ := s.sols.Insert(name[1:])
	return uint64(id)<<g.summandBits() | uint64(k)
}

// SolutionBytes is the memory of the solution tables of TransitionKey.
func (g *Generator) SolutionBytes() int {
	n := 0
	for i := range g.summands {
		if s := g.summands[i].sols; s != nil {
			n += s.Bytes()
		}
	}
	return n
}

func (g *Generator) summandBits() uint { return uint(bits.Len(uint(len(g.summands)))) }

// ReplayTransition computes the transition of state with that key again:
// the key's summand, with the sum variables bound to the key's solution.
// The condition is not rewritten again: it held for these values in this
// very state when the key was made. Only the target state is computed: the
// label emitted is meaningless.
func (g *Generator) ReplayTransition(state []uint32, key uint64, emit func(explore.LabelID, []uint32)) (err error) {
	k := int(key & (1<<g.summandBits() - 1))
	sol := key >> g.summandBits()
	if k >= len(g.summands) {
		return fmt.Errorf("replay: no summand %d", k)
	}
	s := &g.summands[k]
	defer func() {
		if p := recover(); p != nil {
			err = g.SummandError(s, fmt.Errorf("internal error: %v", p))
		}
		err = explorerError(err)
	}()
	g.emit = emit
	g.noLabels = true
	defer func() { g.noLabels = false }()
	g.bindParams(state)
	if len(s.sumVars) == 0 {
		if sol != 0 {
			return g.SummandError(s, fmt.Errorf("replay: solution %d of a summand without sum variables", sol))
		}
		return g.emitStep(s)
	}
	if s.sols == nil || sol >= uint64(s.sols.Len()) {
		return g.SummandError(s, fmt.Errorf("replay: no solution %d", sol))
	}
	for i, v := range s.sols.Vector(uint32(sol)) {
		g.sub.Set(s.sumVarT[i], rewrite.Term(v))
	}
	err = g.emitStep(s)
	g.bindParams(state)
	if err != nil {
		return g.SummandError(s, err)
	}
	return nil
}
