package explore

import (
	"errors"

	"github.com/lps2lts/lps2lts/enumerate"
	"github.com/lps2lts/lps2lts/rewrite"
)

// Interruptible is implemented by generators whose Successors can be cut
// short from another goroutine. Explorer.Stop calls Interrupt, so that a
// state whose successors take long (an infinite sum that is enumerated
// until the enumeration bound, a rewrite that does not terminate) does not
// delay the stop: the generator's running Successors returns an error
// wrapping ErrInterrupted, and the explorer ends the search as for Stop,
// keeping the transitions of that state emitted so far. Resume undoes
// Interrupt.
type Interruptible interface {
	Interrupt()
	Resume()
}

// ErrInterrupted is the error of a Successors call cut short by Interrupt.
var ErrInterrupted = rewrite.ErrInterrupted

// Interrupt makes the running and later rewrites and enumerations of g
// fail with ErrInterrupted (rewrite.Rewriter.Interrupt).
func (g *LPSGenerator) Interrupt() { g.r.Interrupt() }

// Resume undoes Interrupt.
func (g *LPSGenerator) Resume() { g.r.Resume() }

// stateError is the error of Run when the successors of s failed with err:
// none, and the search stops, when err comes from an interruption (the
// state stays unfinished: no FinishState event).
func (x *Explorer) stateError(s StateID, err error) error {
	if errors.Is(err, ErrInterrupted) {
		x.stop.Store(true)
		return nil
	}
	return &StateError{State: s, Err: err}
}

// replayUninterrupted is called when a replay of transitions found before
// (as the ComBack store does to reconstruct a state: finite work) failed
// with err. If an interruption cut it short, it runs the replay f again
// with gen resumed, and then interrupts gen again so that the search still
// stops; otherwise it returns err.
func replayUninterrupted(gen Generator, err error, f func() error) error {
	g, ok := gen.(Interruptible)
	if !ok || !errors.Is(err, ErrInterrupted) {
		return err
	}
	g.Resume()
	defer g.Interrupt()
	return f()
}

// DefaultEnumLimit is the default bound on the work of one enumeration of
// sum variables (enumerate.DefaultLimit).
const DefaultEnumLimit = enumerate.DefaultLimit

// SetEnumLimit bounds the work of each enumeration of sum variables: a
// sum whose enumeration takes more than n steps (candidate values tried)
// is an error naming the summand. 0 means DefaultEnumLimit.
func (g *LPSGenerator) SetEnumLimit(n int) { g.en.Limit = n }
