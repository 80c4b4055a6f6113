package stochastic

import (
	"bytes"
	"math/big"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
)

// TestAutWriter: the last state of a distribution takes the rest (no
// probability printed), one-state distributions are just the state, and
// the header holds the initial distribution.
func TestAutWriter(t *testing.T) {
	labels := explore.NewLabels()
	probs := NewProbabilities()
	half, third, one := probs.Intern(big.NewRat(1, 2)), probs.Intern(big.NewRat(1, 3)), probs.Intern(big.NewRat(1, 1))
	flip := labels.InternString("flip(true)")
	var out bytes.Buffer
	w := NewAutWriter(&out, labels, probs)
	w.InitialDistribution([]explore.StateID{0, 1}, []explore.ProbabilityID{half, half})
	w.ExamineStochasticTransition(0, flip, []explore.StateID{2, 3, 3}, []explore.ProbabilityID{third, third, third})
	w.ExamineStochasticTransition(1, explore.TauLabel, []explore.StateID{0}, []explore.ProbabilityID{one})
	if err := w.Close(explore.Result{States: 4, Transitions: 2}); err != nil {
		t.Fatal(err)
	}
	want := "des (0 1/2 1,2,4)\n(0,\"flip(true)\",2 1/3 3 1/3 3)\n(1,\"tau\",0)\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}
