package main

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/lps2lts/lps2lts/confluence"
	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/stochastic"
	"github.com/lps2lts/lps2lts/timed"
)

// readLPS reads and checks an LPS in either of mCRL2's formats ("-"
// reads standard input). An empty input is said to be empty, not a
// specification without its sections. With fingerprint it also returns
// the SHA-256 of the bytes read, which ties a checkpoint to the model
// (checkpoint.go); a run without checkpoints does not compute it (0.7%
// of Lamport_3-bit's first 20,000 states, whose file is 222 kB).
func readLPS(path string, fingerprint bool) (*lps.Spec, [32]byte, error) {
	name, r := path, io.Reader(os.Stdin)
	if path == "-" {
		name = "stdin"
	} else {
		f, err := os.Open(path)
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return nil, [32]byte{}, fmt.Errorf("cannot open '%s' for reading: %w", path, err)
		}
		defer f.Close()
		r = f
	}
	src, err := load.Input(name, r)
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return nil, [32]byte{}, fmt.Errorf("cannot read '%s': %w", name, pe.Err)
	}
	if err != nil {
		return nil, [32]byte{}, err
	}
	if len(bytes.TrimSpace(src)) == 0 {
		return nil, [32]byte{}, fmt.Errorf("%s: the input is empty (no linear process specification)", name)
	}
	spec, err := load.Read(name, src)
	var sum [32]byte
	if fingerprint {
		sum = sha256.Sum256(src)
	}
	return spec, sum, err
}

// loadLPS reads an LPS and returns its successor generator: the plain
// one, or its stochastic or timed form when the specification has
// distributions or time tags, reduced by confluence when asked.
func loadLPS(path string, cfg *config) (explore.Generator, error) {
	spec, sum, err := readLPS(path, cfg.checkpoint.dir != "" || cfg.checkpoint.resume != "")
	if err != nil {
		return nil, err
	}
	cfg.modelSum = sum
	base, err := lpsgen.New(spec, lpsgen.Options{Cached: cfg.cached, GlobalCache: cfg.globalCache, EnumLimit: cfg.enumLimit, NoGuardCache: cfg.noGuardCache, NoStepCache: cfg.noStepCache, NoControlFlow: cfg.noControlFlow,
		QuantifierLimit: cfg.qlimit, NoQuantifierLimit: cfg.noQlimit, GuardCacheBytes: cfg.cacheKB << 10, EnumCacheBytes: cfg.cacheKB << 10})
	if err != nil {
		return nil, err
	}
	if cfg.confluence == "" {
		cfg.ctauSummands = ctauSummands(spec)
	}
	var gen explore.Generator = base
	switch {
	case cfg.confluence != "": // refuses time tags and distributions
		gen, err = confluence.New(base, cfg.confluence)
	case stochastic.IsStochastic(spec):
		gen, err = stochastic.New(base, stochastic.Options{NoProbabilityCheck: cfg.noProbCheck})
	case timed.IsTimed(spec):
		gen, err = timed.New(base)
	}
	if err == nil && cfg.sweep != "" {
		// Checked here, when the model is loaded: an unknown parameter
		// or a measure that is not a number stops the run before the
		// search.
		cfg.measure, err = sweepMeasure(cfg, gen, base)
	}
	if err == nil && cfg.multiActions != "" {
		// Type-checked as mCRL2 does, before the search: a multi-action
		// that no transition can have is an error, not a silent run.
		cfg.multiActionLabels, err = base.MultiActionLabels("-m", cfg.multiActions)
	}
	if err != nil {
		return nil, err
	}
	return gen, nil
}
