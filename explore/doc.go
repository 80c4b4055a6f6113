// Package explore generates the state space of an implicitly given labelled
// transition system: the search of Wesselink's note "State Space
// Exploration", §§1-4, over an abstract successor function. It knows
// nothing of linear processes: the LPS successor generator and its timed,
// stochastic and confluence-reduced forms live in packages lpsgen, timed,
// stochastic and confluence; the compact stores in package store. The
// optional interfaces a generator, visitor or store may implement are
// listed together in capabilities.go.
//
// In: a Generator — the width of the state vectors, an initial state, a
// successor function emitting (label, next state) pairs, and a Labels table
// in which it interns the printed multi-actions. For an LPS (package
// lpsgen) a state is the vector of the rewritten process parameters as
// term ids.
//
// Out: events delivered to Visitors, in registration order — DiscoverState
// (a state is inserted into the store for the first time; with the state
// and label through which it was reached), StartState, ExamineTransition
// and FinishState (all transitions of the state have been examined), and in
// cycle mode BackEdge. The explorer itself prints nothing; the LTS writers
// (.aut, .fsm, .dot), the detectors (deadlock, action, multi-action,
// nondeterminism, divergence, cycle), the trace recorder and the progress
// reporter are visitors.
//
// What always holds:
//   - States get dense ids in order of discovery; the initial state is 0.
//     A Result's States equals the number of DiscoverState events and its
//     Transitions the number of ExamineTransition events, also when the
//     search stops early (Stop, Options.MaxStates, a generator error), so a
//     writer closed with the Result writes a consistent file.
//   - For each state, StartState, its ExamineTransitions and FinishState
//     come without other states' StartState or FinishState in between (also
//     in cycle mode: a state's transitions are generated when it is pushed).
//   - The explorer never calls Generator.Successors re-entrantly.
//   - The hot loop allocates nothing per transition once the store, the
//     labels and the todo list have grown to size.
//
// Words: a state's "vector" is its []uint32 of values; "discovered" states
// are in the Store; "explored" states have been through FinishState; the
// "todo" list holds discovered but unexplored states (for breadth-first
// search these are exactly the ids from Explored() to Len()-1, so no list is
// kept with the default store). Strategies, each a todo-set type in
// todo.go: Breadth (Algorithm 4), Depth (Algorithm 5), Highway (Algorithm
// 6: at most TodoMax new states kept per level, sampled uniformly; the
// others stay discovered but are never explored); Sweep (the sweep-line
// method, sweep.go: least progress first, with a SweepStore that forgets
// the states behind it); and cycle mode
// (Algorithm 10, a depth-first search whose stack frames keep the
// transitions of their state, reporting back edges).
//
// Labels: a multi-action is printed as mCRL2 prints it, "a(1, true)|b", and
// the empty multi-action as "tau" (TauLabel, always id 0). Generators must
// print the actions of a multi-action in one fixed order; the LPS generator
// sorts them by name, then by printed arguments.
package explore
