// Package store holds the visited-state stores of the search engine
// (explore.Store implementations):
//
//   - TableStore: every state's full vector in a hash set (internal/vecset);
//     the fastest to give a state back, the most memory.
//   - TreeStore: tree compression (Blom, Lisser, van de Pol and Weber, "A
//     database approach to distributed state space generation"; Laarman,
//     van de Pol and Weber, "Parallel recursive state compression for
//     free"): a vector is folded pairwise into a tree of shared pairs, so a
//     state costs a few bytes; exact. With TreeOptions.CompactRoots
//     (lps2lts's default) its root pairs live in a compact hash table
//     (internal/compactset: a slot holds the state's number and the part
//     of the pair's hash that its position does not say), a third less
//     memory than word sets; a state is then decoded through a dense array
//     of root pairs that the table keeps from the first decoding on.
//   - HashCompactStore: Stern and Dill's hash compaction ("Combining State
//     Space Caching and Hash Compaction"): a few bits of a second hash per
//     state in an open-addressing table, optionally t-limited; it may omit
//     states and prints the estimated probability that it did.
//   - BitstateStore: bitstate hashing, k bits per state in a bit array; it
//     may omit states and keeps no state numbers.
//   - ComBackStore: the ComBack method (Westergaard, Kristensen, Brodal and
//     Arge, "The ComBack Method"): hash compaction that never omits a
//     state, rebuilding a state by replaying its backedge path when its
//     compressed value is met again; with delayed duplicate detection
//     (Evangelista, Westergaard and Kristensen, "The ComBack Method
//     Revisited") when asked.
//   - SweepStore: the store of the sweep-line method (Christensen,
//     Kristensen and Mailund; Kristensen and Mailund's generalisation to
//     regress edges): full vectors in layers by progress value, dropped a
//     layer at a time when the search has passed them; the destinations
//     of regress edges kept for good. A state forgotten and met again gets
//     a new number (an unfolding of the state space, bisimilar to it).
//
// All hash state vectors with internal/statehash. A ComBack store replays
// transitions through the generator (explore.TransitionReplayer when the
// generator offers it, explore.Generator.Successors else), so it must be
// built for the generator it is used with. The search engine finds what a
// store can do by the optional interfaces in explore/capabilities.go, once,
// when the search is built.
package store
