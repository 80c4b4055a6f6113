package stochastic

import (
	"math/big"
	"sync"

	"github.com/lps2lts/lps2lts/explore"
)

// Probabilities interns exact probabilities. An id is what the explorer
// passes through with a stochastic transition (explore.ProbabilityID); the
// table gives back the value and its text in mCRL2's probabilistic .aut
// format, "num/den" (also for whole numbers: "1/1"). It is safe for
// concurrent use: the forks of a Generator share it, and the writer reads
// it while they intern. Ids are given in the order probabilities are first
// met, which with threads is not one thread's: an id means the same value
// throughout a run, but what is written is the value, never the id.
type Probabilities struct {
	mu     sync.RWMutex
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
	p.mu.Lock()
	defer p.mu.Unlock()
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
func (p *Probabilities) Text(id explore.ProbabilityID) string {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.text[id]
}

// Value is the probability as an exact rational; it must not be modified.
func (p *Probabilities) Value(id explore.ProbabilityID) *big.Rat {
	p.mu.RLock()
	defer p.mu.RUnlock()
	return p.values[id]
}

func text(x *big.Rat) string { return x.Num().String() + "/" + x.Denom().String() }
