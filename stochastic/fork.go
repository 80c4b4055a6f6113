package stochastic

import (
	"math/big"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/rewrite"
)

// Fork returns a stochastic generator for another goroutine
// (explore.Forker): over a fork of the base generator (a rewriter of its
// own on the shared term store, caches of its own), with a clock of its
// own for a timed process, its own cache of probability terms and scratch
// space for the distributions' values, and the table of probabilities of
// g, which the forks share: an id means the same probability whichever
// goroutine met it first, so the explorer's events and the .aut writer
// need not know which computed a distribution.
func (g *Generator) Fork() explore.Generator {
	base := g.base.Fork().(*lpsgen.Generator)
	f := *g
	f.Passthrough = lpsgen.Passthrough{Base: base}
	f.base, f.r = base, base.Rewriter()
	f.probs = make(map[rewrite.Term]probability)
	if g.clock != nil {
		f.clock = g.clock.Fork(base)
	}
	// The values of finite distributions are read only; found, the
	// values of an infinite one in the state at hand, is scratch.
	f.dists = make([]*distribution, len(g.dists))
	for k, d := range g.dists {
		if d != nil {
			c := *d
			c.found = nil
			f.dists[k] = &c
		}
	}
	f.state, f.emit, f.targets, f.pids = nil, nil, nil, nil
	f.sum = big.Rat{} // a copy would share g's digits
	f.visitFn = f.visit
	return &f
}
