package explore

// Stochastic exploration (Wesselink, "State Space Exploration", §7,
// Algorithm 14): a transition leads not to one state but to a distribution
// over states. The states of its support are discovered and explored like
// any other state; the distribution itself is not a state. The search
// treats a plain transition as a distribution of one point (step.go), so
// both take the same step. The explorer knows nothing of probabilities: a
// generator names them by ProbabilityID in a table of its own (package
// stochastic).

// ProbabilityID names a probability in a stochastic generator's own
// table. The explorer passes it on to visitors without reading it.
type ProbabilityID uint32
