package rewrite

import "math/big"

// Rat returns the value of a number in normal form (of sort Pos, Nat, Int
// or Real) as a fresh rational, and false for any other term. Time stamps
// and probabilities are read this way: as the values the rewriter holds,
// never by parsing their printed form.
func (r *Rewriter) Rat(t Term) (*big.Rat, bool) {
	if !r.isNumValue(t) {
		return nil, false
	}
	return r.ratOf(t), true
}
