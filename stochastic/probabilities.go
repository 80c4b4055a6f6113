package stochastic

import (
	"math/big"

	"github.com/lps2lts/lps2lts/explore"
)

// Probabilities interns exact probabilities. An id is what the explorer
// passes through with a stochastic transition (explore.ProbabilityID); the
// table gives back the value and its text in mCRL2's probabilistic .aut
// format, "num/den" (also for whole numbers: "1/1").
type Probabilities struct {
	ids    map[string]explore.ProbabilityID
	values []*big.Rat
	text   []string
}

// NewProbabilities returns an empty table.
func NewProbabilities() *Probabilities {
	return &Probabilities{ids: make(map[string]explore.ProbabilityID)}
}

// Intern returns the id of the probability x, adding it if new.
func (p *Probabilities) Intern(x *big.Rat) explore.ProbabilityID {
	s := text(x)
	if id, ok := p.ids[s]; ok {
		return id
	}
	id := explore.ProbabilityID(len(p.text))
	p.ids[s] = id
	p.values = append(p.values, new(big.Rat).Set(x))
	p.text = append(p.text, s)
	return id
}

// Text is the probability as the .aut format writes it: num/den.
func (p *Probabilities) Text(id explore.ProbabilityID) string { return p.text[id] }

// Value is the probability as an exact rational; it must not be modified.
func (p *Probabilities) Value(id explore.ProbabilityID) *big.Rat { return p.values[id] }

func text(x *big.Rat) string { return x.Num().String() + "/" + x.Denom().String() }
