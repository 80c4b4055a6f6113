// Package ltsfile writes labelled transition systems and traces in
// mCRL2's binary .lts format, the one ltsgraph, ltsview, ltsconvert,
// ltsinfo and ltspbisim read, and traces in mCRL2's .trc format (an .lts
// that is one path), which tracepp and lpsxsim read.
//
// # Format
//
// An .lts file is a binary ATerm stream (package aterm) of, in order (as
// mCRL2's libraries/lts/source/liblts_lts.cpp writes and reads it):
//
//   - the mark labelled_transition_system;
//   - the data specification: five counted sequences (basic sorts,
//     aliases, constructors, mappings, equations) in mCRL2's internal
//     term form (mcrl2.Encoder);
//   - the process parameters (a list of DataVarId) and the action labels
//     (a list of ActId);
//   - per transition the mark transition, the source state, the
//     multi-action TimedMultAct(actions, time) and the target state; or
//     probabilistic_transition, the source, the multi-action and a
//     probabilistic state: the count n of its states, then n pairs of a
//     state and its probability (a Real term), a single state standing
//     alone;
//   - per state, in state order, its label: a list holding one balanced
//     tree (@node@) of the parameter values (terms.go, through rewrite.TermView);
//   - the mark initial_state and the initial (probabilistic) state.
//
// # Contract
//
// Writer is an visitor.LTSWriter (and explore.StochasticVisitor) that
// streams: the header when made, each transition when the search
// examines it, the state labels at Close from the store. Its memory is the
// encoded labels and the distinct values met (remembered once, written
// once) and a bounded cache of the nodes of the states' trees: subtrees
// that recur in recent states are written once, as mCRL2 shares them, and
// the writer forgets the nodes dropped from the cache (a subtree met again
// after that is written again: file size, not correctness). With
// NoInfo (mCRL2's --no-info) no state labels are written. Labels must be
// those of an lpsgen generator (lpsgen.Generator.MultiAction), or of a
// timed search that Source.Timed splits into one of those and its time
// (the time of the TimedMultAct; mCRL2's undefined time otherwise); any
// other label is an error at the transition that carries it.
//
// WriteTrace writes one path, with the states' values when given.
package ltsfile
