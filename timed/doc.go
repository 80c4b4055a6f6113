// Package timed explores timed linear processes: those with time tags
// (`a @ t`), following Wesselink's note "State Space Exploration", §6
// (Algorithm 12).
//
// In: an lpsgen.Generator of a specification with time tags. Out: an
// explore.Generator whose state is the vector of the parameters followed
// by one more value, the time stamp: the Real normal form of the time of
// the action that reached the state (0 for the initial state). The stamp is
// part of the state's identity, so each (state, stamp) pair is explored
// once.
//
// What always holds:
//   - A summand with a time tag @ t is taken only when t rewrites to a time
//     strictly later than the stamp; the new state carries t and the label
//     reads "a @ t" (a time that is not a single numeral is parenthesised,
//     as mCRL2 prints it: "a @ (3 / 2)").
//   - An untimed summand may happen at any later time: it keeps the stamp
//     and its label has no time. Delta summands have no transitions.
//   - Times are compared as the rationals the rewriter holds
//     (rewrite.Rewriter.Rat), never by their printed form; a time tag that
//     does not rewrite to a number is an error naming the summand.
//
// TimeMeasure is the time stamp as a progress measure, for the sweep-line
// search (lps2lts --sweep=time): monotone, since time never goes back.
//
// mCRL2's own lps2lts differs on some models (it re-explores timed states);
// the reference corpus follows the algorithm above.
package timed
