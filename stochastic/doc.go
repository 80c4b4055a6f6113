// Package stochastic writes the probabilistic transition systems that the
// explorer generates for stochastic linear processes (seed note §7,
// Alg. 14; explore.ProbGenerator).
//
// In: the events of an explore.Explorer over a probabilistic generator —
// the initial distribution and, per transition, its distribution
// (explore.ProbVisitor) — and the label and probability tables.
//
// Out: mCRL2's probabilistic .aut format. A distribution is written
// "s0 p0 s1 p1 ... sn": each state but the last is followed by its
// probability num/den, and the last state takes the rest; a distribution
// with one state is just that state. The header holds the initial
// distribution: "des (0 1/2 1,26,26)", a transition
// (0,"flip(true)",2 1/2 3). States and probabilities keep the generator's
// order and equal states are not merged, as in mCRL2's lps2lts.
//
// What always holds: the header's transition and state counts are the
// explorer's Result; every state number is below the state count.
//
// Words: the "support" of a distribution is its list of states; the
// distribution of a plain transition is its one target state.
package stochastic
