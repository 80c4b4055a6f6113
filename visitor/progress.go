package visitor

import (
	"github.com/lps2lts/lps2lts/explore"

	"fmt"
	"io"
	"time"
)

// Progress is a visitor that prints a status line to Out at most once per
// Interval: states, transitions, the breadth-first level and the rate of
// states per second, or the line Format makes of the states and the rate.
// It looks at the clock only every 1024 finished states.
type Progress struct {
	explore.NopVisitor
	Explorer *explore.Explorer
	Out      io.Writer
	Interval time.Duration
	Format   func(states int, rate float64) string // nil: the line above
	last     time.Time
	lastN    int
	tick     int
}

func (p *Progress) FinishState(explore.StateID) {
	if p.tick == 0 {
		p.last = time.Now()
	}
	p.tick++
	if p.tick&1023 != 0 {
		return
	}
	now := time.Now()
	iv := p.Interval
	if iv == 0 {
		iv = time.Second
	}
	if now.Sub(p.last) < iv {
		return
	}
	n := p.Explorer.Store().Len()
	rate := float64(n-p.lastN) / now.Sub(p.last).Seconds()
	p.last, p.lastN = now, n
	if p.Format != nil {
		fmt.Fprintln(p.Out, p.Format(n, rate))
		return
	}
	if lvl := p.Explorer.Level(); lvl > 0 {
		fmt.Fprintf(p.Out, "%d st, %d tr, explored %d, level %d, %.0f st/s\n", n, p.Explorer.Transitions(), p.Explorer.Explored(), lvl, rate)
	} else {
		fmt.Fprintf(p.Out, "%d st, %d tr, explored %d, %.0f st/s\n", n, p.Explorer.Transitions(), p.Explorer.Explored(), rate)
	}
}

// Summary returns mCRL2's closing line, "Done with state space generation
// (L levels, S states and T transitions)"; the levels are given for
// breadth-first search only.
func Summary(r explore.Result, strategyIsBreadth bool) string {
	plural := func(n uint64, word string) string {
		if n == 1 {
			return fmt.Sprintf("%d %s", n, word)
		}
		return fmt.Sprintf("%d %ss", n, word)
	}
	s := "Done with state space generation ("
	if strategyIsBreadth {
		// -1 when the initial state itself failed: no level was done.
		s += plural(uint64(max(r.Levels, 0)), "level") + ", "
	}
	return s + plural(uint64(r.States), "state") + " and " + plural(r.Transitions, "transition") + ")"
}
