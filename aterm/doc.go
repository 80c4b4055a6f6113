// Package aterm reads the binary ATerm stream that mCRL2's tools write
// (the format of atermpp's binary_aterm_ostream, BAF version 0x8306 and
// later): a header, then packets in a bit stream, most significant bit
// first, each a function symbol (name and arity), a shared term (a symbol
// and the indices of earlier terms as its arguments), an output term, or
// an output integer. Integers are variable-length (7 bits a byte, low
// groups first), indices have the width of the table they point into.
//
// The reader checks every index and length against what has been read
// and what is left of the input, so that a malformed file gives an error,
// never a panic, and no allocation is sized by a count the file claims
// beyond what the rest of the file can hold.
package aterm
