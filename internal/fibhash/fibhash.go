// Package fibhash holds the multiplier of Fibonacci hashing, which the
// project's hash tables share: a key times Mul, shifted right by 64 - k,
// is a slot of a table of 2^k slots, and the product's top bits depend
// on every bit of the key (Knuth, The Art of Computer Programming vol.
// 3, 6.4). The rewriter's term store and memo, the tree store's memo and
// sets, the ComBack store's index, the generator's key table and the
// vector set all use it.
package fibhash

// Mul is 2^64 divided by the golden ratio, rounded to an odd number (so
// that the product is a bijection of 64-bit words).
const Mul = 0x9E3779B97F4A7C15
