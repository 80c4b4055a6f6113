package store

import (
	"errors"
	"fmt"

	"github.com/lps2lts/lps2lts/explore"
)

// replayUninterrupted is called when a replay of transitions found before
// (as the ComBack store does to reconstruct a state: finite work) failed
// with err. If an interruption cut it short, it runs the replay f again
// with gen resumed, and then interrupts gen again so that the search still
// stops; otherwise it returns err.
func replayUninterrupted(gen explore.Generator, err error, f func() error) error {
	g, ok := gen.(explore.Interruptible)
	if !ok || !errors.Is(err, explore.ErrInterrupted) {
		return err
	}
	g.Resume()
	defer g.Interrupt()
	return f()
}

// perState prints bytes per state for the stores' Describe lines.
func perState(bytes, n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", float64(bytes)/float64(n))
}
