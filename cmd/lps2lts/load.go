//go:build !lpsparse

package main

import "github.com/lps2lts/lps2lts/explore"

// loadLPS is a stand-in until lps.ParseFile is in the tree; build with
// -tags lpsparse to use the front end (load_lps.go).
func loadLPS(path string, cfg *config) (explore.Generator, error) {
	return nil, errNoFrontEnd
}
