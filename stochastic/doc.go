// Package stochastic explores stochastic linear processes, those with
// distributions (`dist x: S[p(x)]`), and writes their probabilistic
// transition systems, following Wesselink's note "State Space
// Exploration", §7 (Algorithms 13 and 14).
//
// In: an lpsgen.Generator of a specification with a distribution in its
// initial state or in a summand. Out: a Generator that implements
// explore.StochasticGenerator: its initial state and each transition lead
// to a distribution, its support states in the enumeration order of the
// distribution's variables with their probabilities as ids of a
// Probabilities table; and AutWriter, a visitor that writes mCRL2's
// probabilistic .aut format.
//
// What always holds:
//   - A summand `a . dist h: S[p(d, e, h)] . P(g(d, e, h))` leads to the
//     distribution that gives each value h' of h with a non-zero p the
//     state g(.., h') with probability p. As in mCRL2's lps2lts, equal
//     states of a support are not merged and zero probabilities are
//     dropped. A summand without `dist` leads to its next state with
//     probability 1.
//   - Probabilities are the rationals the rewriter holds
//     (rewrite.Rewriter.Rat). Unless the check is turned off
//     (Options.NoProbabilityCheck), each lies in [0, 1] and each
//     distribution adds up to 1; otherwise exploration stops with an error
//     naming the summand.
//   - The variables of a distribution range over all values of their
//     sorts, which must be finite (at most 2^16 values).
//   - With time tags, a state also carries its time stamp after the
//     parameters, and time tags are handled as package timed does
//     (timed.Clock): a tag must be later than the stamp, the label reads
//     "a @ t", every state of the distribution carries t.
//
// The .aut format: a distribution is written "s0 p0 s1 p1 ... sn": each
// state but the last is followed by its probability num/den, and the last
// state takes the rest; a distribution with one state is just that state.
// The header holds the initial distribution: "des (0 1/2 1,26,26)", a
// transition (0,"flip(true)",2 1/2 3). The header's transition and state
// counts are the explorer's Result; every state number is below the state
// count.
//
// Words: the "support" of a distribution is its list of states; the
// distribution of a plain transition is its one target state.
package stochastic
