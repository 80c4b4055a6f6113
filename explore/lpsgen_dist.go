package explore

import (
	"fmt"

	"github.com/lps2lts/lps2lts/lps"
)

// lpsStochastic is the distribution bookkeeping of a stochastic
// LPSGenerator.
type lpsStochastic struct{}

// lpsDist is a summand's distribution.
type lpsDist struct{}

// checkTimedStochastic refuses what the generator cannot explore.
func checkTimedStochastic(spec *lps.Spec) error {
	stochastic := spec.InitDist != nil
	for _, s := range spec.Summands {
		if s.Dist != nil {
			stochastic = true
		}
	}
	if stochastic {
		return fmt.Errorf("%s: stochastic specifications (dist) are not supported yet", spec.File)
	}
	return nil
}

// initTimedStochastic sets up the time stamp and distributions, if any.
func (g *LPSGenerator) initTimedStochastic(opt LPSOptions) error {
	if real := isTimed(g.spec); real != nil {
		return g.initTiming(real)
	}
	return nil
}
