// Package termcodec turns the terms of a rewriter into bytes and back
// without reference to its term store, so that another process, or a
// later run, that read the same specification decodes the bytes into the
// term its own rewriter would have built.
//
// In: a rewrite.Rewriter (its specification numbers the sorts and
// functions the bytes name). Out: bytes for a term (Codec.AppendTerm)
// and the term for bytes (Codec.DecodeTerm).
//
// Always: equal terms give equal bytes in every process that read the
// same file, so the distributed search (module distributed, package bfs)
// compares and hashes states by these bytes; checkpoints of lps2lts
// (cmd/lps2lts) hold them, so the encoding never changes
// (testdata/codec.golden pins it). Malformed bytes give an error, never a
// panic, and never a term the store could not have made
// (rewrite.Rewriter.Make checks each node).
//
// Why a package of its own: its users are two later stages (the
// checkpoints of cmd/lps2lts and the distributed search, a module of its
// own), and it needs nothing of the rewriter but its exported view of
// terms (rewrite.TermView, View and Make), so it sits above rewrite as
// they do rather than inside it reading the store's nodes.
//
// Words: a term is written as a tree whose symbols, sorts and variables
// are named by what they are (a declared function's position in the
// specification, a built-in's operator and sort, a variable's name and
// sort), never by a term id.
package termcodec
