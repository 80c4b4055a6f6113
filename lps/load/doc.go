// Package load is the front end's one entry point: it reads a linear
// process specification from a file, a reader or bytes, tells mCRL2's two
// formats apart and hands each to its stage.
//
// # Contract
//
// In: a path (File), bytes with a name for messages (Read: either format;
// Text: the textual one only), or a reader (Input: the bytes, at most
// MaxInputSize of them).
//
// Out: a checked *lps.Spec (package lps states what always holds for
// one), or an error. A text that fails gives an lps.ErrorList of
// file:line:col messages; a binary file that fails gives one error that
// starts with its name and names the summand (a binary file has no
// positions).
//
// Always: the format is told by the first bytes of the input
// (aterm.IsBinary), never by the file's name; nothing here panics.
//
// # Words
//
// Text: mCRL2's textual LPS, as lpspp prints and txt2lps reads it.
// Binary: mCRL2's binary term format, as mcrl22lps and txt2lps write it
// (package mcrl2).
package load
