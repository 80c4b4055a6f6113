package main

import (
	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lps"
)

// loadLPS reads and checks a textual LPS and returns its generator.
func loadLPS(path string, cfg *config) (explore.Generator, error) {
	spec, err := lps.ParseFile(path)
	if err != nil {
		return nil, err
	}
	return explore.NewLPSGenerator(spec, explore.LPSOptions{Cached: cfg.cached, GlobalCache: cfg.globalCache})
}
