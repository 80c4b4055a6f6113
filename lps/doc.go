// Package lps reads the textual form of an mCRL2 linear process
// specification (the text lpspp prints and txt2lps reads), checks its sorts
// and produces a typed intermediate representation (Spec) for the later
// stages.
//
// Contract: Parse(file, src) returns either a *Spec in which every
// expression carries its resolved sort and every name is resolved to a
// declaration (*Var, *Func, *ActionDecl), or a list of errors of the form
// file:line:col: message. The participle grammar structs never leave this
// package. Sorts are interned: equal sorts are the same *Sort. Built-in
// functions are typed *Func symbols with an Op; overloads are distinct
// symbols.
package lps
