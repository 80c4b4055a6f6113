package main

import (
	"io"
	"os"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lps"
)

// loadLPS reads and checks a textual LPS ("-" reads standard input) and
// returns its generator.
func loadLPS(path string, cfg *config) (explore.Generator, error) {
	var spec *lps.Spec
	var err error
	if path == "-" {
		var src []byte
		if src, err = io.ReadAll(os.Stdin); err != nil {
			return nil, err
		}
		spec, err = lps.Parse("stdin", src)
	} else {
		spec, err = lps.ParseFile(path)
	}
	if err != nil {
		return nil, err
	}
	g, err := explore.NewLPSGenerator(spec, explore.LPSOptions{Cached: cfg.cached, GlobalCache: cfg.globalCache, NoProbabilityCheck: cfg.noProbCheck})
	if err != nil {
		return nil, err
	}
	g.SetEnumLimit(cfg.enumLimit)
	if cfg.confluence != "" {
		return explore.NewConfluentGenerator(g, cfg.confluence)
	}
	return g, nil
}
