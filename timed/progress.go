package timed

import (
	"fmt"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/rewrite"
)

// TimeMeasure is the progress measure of lps2lts --sweep=time: a state's
// time stamp. Time never goes back along a transition (a timed summand is
// taken only at a later time, an untimed one keeps the stamp), so the
// measure is monotone: the sweep-line search (explore/sweep.go) makes one
// sweep and forgets every state whose time is past.
func (g *Generator) TimeMeasure() explore.ProgressMeasure {
	r, stamp := g.clock.r, g.clock.stamp
	return func(state []uint32) (explore.ProgressValue, error) {
		t := rewrite.Term(state[stamp])
		q, ok := r.Rat(t)
		if !ok {
			return explore.ProgressValue{}, fmt.Errorf("time stamp %s is not a number", r.String(t))
		}
		return explore.RatProgressValue(q)
	}
}
