package main

import (
	"os"

	"github.com/lps2lts/lps2lts/confluence"
	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/stochastic"
	"github.com/lps2lts/lps2lts/timed"
)

// readLPS reads and checks a textual LPS ("-" reads standard input).
func readLPS(path string) (*lps.Spec, error) {
	if path != "-" {
		return lps.ParseFile(path)
	}
	src, err := lps.ReadInput("stdin", os.Stdin)
	if err != nil {
		return nil, err
	}
	return lps.Read("stdin", src)
}

// loadLPS reads an LPS and returns its successor generator: the plain
// one, or its stochastic or timed form when the specification has
// distributions or time tags, reduced by confluence when asked.
func loadLPS(path string, cfg *config) (explore.Generator, error) {
	spec, err := readLPS(path)
	if err != nil {
		return nil, err
	}
	base, err := lpsgen.New(spec, lpsgen.Options{Cached: cfg.cached, GlobalCache: cfg.globalCache, EnumLimit: cfg.enumLimit, NoGuardCache: cfg.noGuardCache, NoControlFlow: cfg.noControlFlow,
		QuantifierLimit: cfg.qlimit, NoQuantifierLimit: cfg.noQlimit})
	if err != nil {
		return nil, err
	}
	switch {
	case cfg.confluence != "": // refuses time tags and distributions
		return confluence.New(base, cfg.confluence)
	case stochastic.IsStochastic(spec):
		return stochastic.New(base, stochastic.Options{NoProbabilityCheck: cfg.noProbCheck})
	case timed.IsTimed(spec):
		return timed.New(base)
	}
	return base, nil
}
