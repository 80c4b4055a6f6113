// Package confluence finds the unique representative of a state under
// confluent τ-steps, for on-the-fly confluence reduction (Wesselink,
// "State Space Exploration", §9; Blom and van de Pol, CAV 2002).
//
// Contract: given a start node and a function giving each node's confluent
// successors in a deterministic order, Finder.Representative runs an
// iterative version of Tarjan's SCC algorithm (Wesselink's Algorithm 20),
// stops at the first strongly connected component it completes — which,
// for confluent τ-summands, is the unique terminal one — and returns the
// least node of that component under a caller-supplied total order. The
// search keeps its own explicit work stack, so a confluent chain of any
// length costs heap, not goroutine stack.
//
// The package does not know what a state is. Graph works on small dense
// node numbers; VectorGraph adapts fixed-width state vectors (slices of
// term ids) to it. It does not import the explorer: the explorer imports it.
package confluence
