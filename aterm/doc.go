// Package aterm reads and writes the binary ATerm stream that mCRL2's tools write
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
//
// Writer writes such a stream (version 0x8308, the one current mCRL2
// tools accept), as mCRL2's binary_aterm_ostream does: each output term
// after its subterms, which are shared terms written once and referred to
// by index while the writer remembers them (Forget bounds that memory).
// It checks each term before writing any of it (arity, nil arguments),
// never recurses on the term's depth, and returns errors wrapping ErrTerm
// or the underlying writer's error, never panics. Table builds maximally
// shared terms, so that equal subterms are one pointer and written once.
package aterm
