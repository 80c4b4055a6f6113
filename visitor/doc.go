// Package visitor holds the clients of the search engine's events
// (explore.Visitor): the LTS writers (.aut, .fsm, .dot; mCRL2's .lts is in
// package ltsfile), the detectors of lps2lts's checks (deadlock, action,
// multi-action, nondeterminism, divergence, cycle), the trace recorder and
// writer, and the progress reporter.
//
// In: the events of one explore.Explorer, in order, from one goroutine at a
// time. Out: files and messages, in mCRL2 lps2lts's formats and words.
//
// Always: a visitor copies what it needs of a vector it is lent (the
// explorer reuses its memory after the call); writers are closed with the
// search's Result, also when the search stopped early, and then write a
// consistent file; a detector that has written its maximum number of
// traces stops the search through its Reporter.
package visitor
