// Package bfs explores the state space of an LPS breadth-first as a
// pipeline on Apache Beam, so that a search can outgrow one machine: it
// runs on Beam's embedded Prism runner for tests and on Flink, Spark or
// Dataflow clusters.
//
// A level is one step of the pipeline. The frontier is a collection of
// states, each a line "fingerprint TAB base64(encoding)" where the
// encoding is the rewriter's store-independent term codec (rewrite.Codec)
// and the fingerprint the first 128 bits of its SHA-256. A DoFn, which
// parses the LPS once per worker (the file travels inside the pipeline),
// expands each state; successors are keyed by fingerprint and joined
// (CoGroupByKey) with the visited set, so only states not seen before
// form the next frontier. Transitions are written, named by fingerprints,
// to sharded files per level, as are the frontier and the visited
// fingerprints; one pipeline run explores Config.LevelsPerRun levels, the
// visited set growing inside it, and the driver loops over runs until a
// level is empty.
//
// At the end a last run numbers the states densely (the initial state 0,
// then level by level, by fingerprint within a file; each file's offset
// comes from the driver, which reads only the small ".count" file written
// beside each data file) and turns the transitions into .aut lines by two
// joins with the numbering. The driver writes the header and concatenates
// the parts.
//
// The design follows the MapReduce formulation of breadth-first search;
// docs/distributed.md in the repository gives its costs.
package bfs
