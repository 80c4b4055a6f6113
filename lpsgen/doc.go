// Package lpsgen is the successor generator of a linear process: it turns
// an LPS (lps.Spec) into an explore.Generator, following Wesselink's note
// "State Space Exploration", §5 (Algorithm 11).
//
// In: a checked specification and Options (enumeration caches, the
// enumeration bound). Out: a Generator whose state is the vector of the
// normal forms of the process parameters, as rewrite.Term ids, and whose
// labels are the multi-actions as mCRL2 prints them, interned in an
// explore.Labels table.
//
// What always holds:
//   - For a state, the parameters are bound to its values; then, summand by
//     summand in specification order, the condition is rewritten, the sum
//     variables are enumerated (package enumerate) for the values that make
//     it true, and each solution is one transition. Delta summands have no
//     transitions.
//   - Step is the one place that computes a transition: its label (the
//     actions sorted by name, then by printed arguments, joined by "|";
//     "tau" for the empty multi-action; cached per summand by the vector of
//     rewritten arguments, so a label is printed once) and its next state.
//     The plain generator emits Step's result; the timed and stochastic
//     forms (packages timed and stochastic) call Transitions with a visit
//     function of their own that uses Step, Label and AppendNext, and add
//     a time stamp or a distribution. Package confluence uses Restrict and
//     Targets.
//   - Errors name the file, the summand (1-based, in specification order)
//     and its position (SummandError). A panic of the rewriter or the
//     enumerator becomes such an error. An interrupted rewrite or
//     enumeration (Interrupt) is explore.ErrInterrupted.
//   - Time tags and distributions are ignored here: a timed or stochastic
//     process is explored through its form.
//
// Summand selection (control.go, controlmemo.go, controlguards.go): the
// control parameters' values rule summands out; the list of the others
// is kept per combination of those values, with the conditions that read
// control parameters alone decided in it, so that a state whose
// combination was seen costs one lookup. The guard and step caches
// (guards.go, stepcache.go) remember a condition's outcome and a step's
// label and values by the values they read.
//
// Transition keys (replay.go): each transition has a key, the summand and
// the number of its sum-variable solution in a per-summand table, from
// which ReplayTransition computes that one transition again without
// enumerating (the ComBack store's backedges).
//
// Progress measures (progress.go): ProgressMeasure reads a data expression
// over the process parameters (lps2lts --sweep=EXPR) and gives the
// sweep-line search its value on each state, rewritten by a clone of the
// rewriter and remembered by the values of the parameters it reads.
//
// Multi-actions written by the user (multiaction.go): MultiActionLabels
// checks lps2lts -m's multi-actions against the specification and prints
// each as the label of a transition with that multi-action.
//
// Forks (Fork, shared.go): a search with threads runs one fork of the
// generator per goroutine; each has a rewriter and caches of its own, and
// the guard and step caches of the forks share a second level, a table
// per summand behind a mutex, that a fork reads only when its own cache
// misses. Its entries are term ids of the shared term store and label ids
// of the shared Labels table, so an entry means the same to every fork.
//
// Not safe for concurrent use: one Generator per goroutine.
package lpsgen
