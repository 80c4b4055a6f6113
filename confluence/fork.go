package confluence

import (
	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lpsgen"
)

// Fork returns a reducing generator for another goroutine
// (explore.Forker): the same split of the summands over a fork of the
// generator taken over (a rewriter of its own on the shared term store,
// caches of its own), and a Finder, a VectorGraph and printed forms of
// its own. Nothing of the representative search is shared: a
// representative is a function of the state alone (see Generator), so
// each goroutine finds the one every other would, and the reduced LTS
// and its state numbers are those of one thread.
func (c *Generator) Fork() explore.Generator {
	f := split(c.base.Fork().(*lpsgen.Generator), c.action)
	f.keys = c.keys
	c.forks = append(c.forks, f)
	return f
}

// AppendPortableKey names the regular transition being emitted
// (explore.PortableKeyer) as the regular summands' view names it: a
// summand's position among the regular summands and its sum-variable
// values, the same in every fork, whose views split the summands alike.
// It may only be called inside Successors' emit, after
// KeepTransitionKeys.
func (c *Generator) AppendPortableKey(dst []uint32) []uint32 {
	return append(dst, c.name(c.cur)...)
}

// KeyOfPortable returns the TransitionKey, in c's tables, of a transition
// that c or a fork of c named (explore.PortableKeyer).
func (c *Generator) KeyOfPortable(name []uint32) uint64 {
	return c.regular.KeyOfPortable(name)
}
