// Package explore generates the state space of an implicitly given labelled
// transition system: the search of Wesselink's note "State Space
// Exploration", §§1-4 and §7, over an abstract successor function. It
// knows nothing of linear processes: the LPS successor generator and its
// timed, stochastic and confluence-reduced forms live in packages lpsgen,
// timed, stochastic and confluence; the stores in package store; the
// clients of its events (LTS writers, detectors, traces, progress) in
// package visitor.
//
// In: a Generator — the width of the state vectors, an initial state (or
// distribution), a successor function emitting (label, next state) pairs,
// and a Labels table in which it interns the printed multi-actions — and a
// Store. For an LPS a state is the vector of the rewritten process
// parameters as term ids.
//
// Out: events delivered to Visitors, in registration order — DiscoverState
// (a state is inserted into the store for the first time; with the state
// and label through which it was reached), StartState, ExamineTransition
// and FinishState (all transitions of the state have been examined), and in
// cycle mode BackEdge. The explorer itself prints nothing.
//
// Terms: a generator whose values are terms of a store of its own
// (TermCollector) has the terms no stored state needs given back between
// two expansions, where the plan allows it (one thread, a store that
// keeps vectors; terms.go).
//
// How (one file per idea): New resolves once what the store, the generator
// and the options allow together into a plan (plan.go; the optional
// interfaces are listed in capabilities.go). Every mode then takes the same
// step (step.go): a state's successors arrive as one batch — from the
// generator, a thread's block (parallel.go), the helper that runs ahead
// on narrow levels (speculate.go) or delayed duplicate detection
// (delayed.go) — and one insertion turns the batch into state numbers,
// events and todo entries. One loop over the todo list serves breadth-first,
// depth-first and highway search, whose difference is the todo list's
// order (todo.go); one loop serves cycle search (search.go). A
// breadth-first search can be saved between two states and continued in
// another explorer, to the same events and numbers from the checkpoint
// on: the visitors of the continued search see no event of the restored
// states, so the counts below hold for the two searches together
// (checkpoint.go).
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
//   - The events and the state numbers do not depend on the store or on the
//     number of threads.
//   - Vectors passed to visitors are lent for the call (the explorer reuses
//     their memory); the store's State is valid until the store's next call.
//   - The explorer never calls Generator.Successors re-entrantly.
//   - The hot loop allocates nothing per transition once the store, the
//     labels and the todo list have grown to size.
//
// Words: a state's "vector" is its []uint32 of values; "discovered" states
// are in the Store; "explored" states have been through FinishState; the
// "todo" list holds discovered but unexplored states, with their vectors
// or only their numbers when the store gives vectors back cheaply. A
// "batch" is one state's transitions. Strategies, each a todo order:
// Breadth (Algorithm 4), Depth (Algorithm 5), Highway (Algorithm 6: at
// most TodoMax new states kept per level, sampled uniformly; the others
// stay discovered but are never explored); Sweep (the sweep-line method,
// sweep.go: least progress first, with a SweepStore that forgets the
// states behind it); and cycle mode (Algorithm 10, a depth-first search
// whose stack frames keep the transitions of their state, reporting back
// edges).
//
// Labels: a multi-action is printed as mCRL2 prints it, "a(1, true)|b", and
// the empty multi-action as "tau" (TauLabel, always id 0). Generators must
// print the actions of a multi-action in one fixed order; the LPS generator
// sorts them by name, then by printed arguments.
package explore
