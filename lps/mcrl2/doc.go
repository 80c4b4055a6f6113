// Package mcrl2 reads and writes mCRL2's binary term format: Read turns
// the binary LPS that mcrl22lps and txt2lps write into the IR (package
// lps), and Encoder builds the terms that the writers of mCRL2's binary
// .lts and .trc files need (the data specification, sorts, values).
// Reader and writer stand side by side so that what one reads the other
// writes.
//
// # Contract
//
// Read(name, src) returns a *lps.Spec with what package lps promises of
// any Spec, built from the file's typed terms directly: every function
// symbol, variable and number keeps the sort mCRL2's type checker gave
// it, and nothing is typed a second time. Or it returns one error that
// starts with name and names the summand or declaration (a binary file
// has no positions).
//
// What Read checks, as the text checker checks the text: the sorts of
// assignments, actions and built-in functions, declarations made once,
// names that are identifiers (no quote, newline or reserved word, so that
// no name can forge a line of an output file); the size of the term
// graph. It never panics on any input (FuzzReadBinary).
//
// The Encoder's terms come from one aterm.Table, so equal terms are one
// pointer; an Encoder is not safe for concurrent use.
//
// # Structure
//
// term.go walks the ATerm stream (aterm) and reads names and numbers;
// read.go the specification (sorts, functions, equations, the process);
// readexpr.go data expressions. mCRL2's internal data functions that a
// user cannot write but its rewriter leaves in the files (@monus,
// @redfracwhr, @set(@not_(f), s), ...) are read through one table
// (funcs.go, with words.go for numbers in machine words and sigs.go for
// the sorts each accepts; libs.go for functions of a library the
// specification does not use); docs/mcrl2-functions.md lists them all.
// write.go is the Encoder.
//
// # Words
//
// Internal function: a function symbol of mCRL2's data library whose name
// starts with @. Term: an aterm.Term, mCRL2's internal representation.
package mcrl2
