// Package statehash is the one hash of state vectors ([]uint32 of term
// ids) used by every visited-state store and by the confluence search.
//
// Sum is xxhash over the vector's bytes, computed once per insertion; a
// store keeps the bits it needs so that growing a table never hashes a
// vector again. Second is a hash independent of Sum, for the stores that
// need two (Stern and Dill's hash compaction takes the probe sequence from
// one and the compressed value from the other; bitstate hashing combines
// both in double hashing).
//
// Sum gives the same value with and without the purego build tag on
// little-endian machines.
package statehash
