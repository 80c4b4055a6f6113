//go:build !lpsgen

package main

import "github.com/lps2lts/lps2lts/explore"

// loadLPS reads a textual LPS and returns its generator.
func loadLPS(path string, cfg *config) (explore.Generator, error) {
	return nil, errNoFrontEnd
}
