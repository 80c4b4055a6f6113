// Package bfs explores the state space of an LPS breadth-first as a
// pipeline on Apache Beam, so that a search can outgrow one machine: it
// runs on Beam's embedded Prism runner for tests and on Flink, Spark or
// Dataflow clusters.
//
// In: the LPS file's contents (text or mCRL2's binary format; plain or
// timed, stochastic refused), a work folder on any filesystem Beam
// supports, the number of shards and of levels per pipeline run, and a
// function that runs a pipeline. Out: the LTS in the Aldebaran format,
// the same LTS as lps2lts's up to the numbering of states, with the
// initial state 0, then level by level, within a level shard by shard,
// within a shard in the order of fingerprints; and a Result with
// lps2lts's figures and the deadlocks' numbers.
//
// One level is one step of the pipeline: an expansion DoFn (which parses
// the LPS once per worker process; the file travels inside the pipeline)
// turns frontier blocks into candidate batches keyed by visited-set
// shard, a GroupByKey brings each shard its batches, and a join DoFn per
// shard looks the candidates up in the shard's sorted runs, numbers the
// new states, adds them to the runs, writes the transitions into the
// shard with both ends named, and emits the new states as the next
// level's frontier blocks. One pipeline run chains Config.LevelsPerRun
// levels; the driver loops over runs until a level is empty, then writes
// the .aut from the joins' files, adding each level's and shard's offset
// to the states' ranks.
//
// Always:
//   - nothing of the visited set is shuffled: a level moves only its
//     candidates, and reads only the runs of the shards they fall in
//     (visited.go); a shard keeps O(log n) runs;
//   - states cross processes only as the rewriter's store-independent
//     term codec (package termcodec), entry by entry, named through a
//     dictionary per block or batch; never as a term id of one process;
//   - every reader of the search's files and records takes memory as its
//     input's bytes arrive, never as a count in them claims, and gives an
//     error wrapping errWire on malformed input (fuzzed);
//   - a fingerprint collision between two states that meet in one join
//     is an error, never a silent merge;
//   - OUTFILE is written only at the end, and the work folder is removed
//     when Run returns (unless Config.KeepWorkDir).
//
// Words: a fingerprint is the first 16 bytes of the SHA-256 of a state's
// encoding; a shard is the part of the visited set (and of each level)
// whose fingerprints map to it (shardOf); a state's rank is its place
// among the new states of its level and shard, sorted by fingerprint; a
// run is a sorted file of visited entries (fingerprint, level, rank); a
// frontier block is up to 4096 states of one level and shard with their
// dictionary of terms; a candidate batch is what one bundle's expansion
// sends one shard.
//
// The design follows the MapReduce formulation of breadth-first search
// with the visited set kept as a log-structured merge tree (O'Neil et
// al.); docs/distributed.md in the repository gives its costs.
package bfs
