package main

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/spf13/cobra"
)

// fileArgs checks the positional arguments: INFILE and OUTFILE at most.
// Too many names often come from -t NUM, whose NUM is a file name there.
func fileArgs(c *cobra.Command, pos []string) error {
	if len(pos) <= 2 {
		return nil
	}
	msg := fmt.Sprintf("too many file names: '%s' (lps2lts takes [INFILE [OUTFILE]])", strings.Join(pos, "', '"))
	if t := c.Flags().Lookup("trace"); t != nil && t.Changed && t.Value.String() == "" && isCount(pos[0]) {
		msg += traceHint(pos[0])
	}
	return &usageError{Msg: msg}
}

// traceArgumentHint explains a number read as INFILE after -t: pflag
// takes an optional argument only when attached (-t3, --trace=3), so
// "-t 3 m.lps" reads 3 as INFILE and m.lps as OUTFILE, which then fails
// with a puzzling message about the format 'lps'.
func traceArgumentHint(cfg *config, pos []string) error {
	if !cfg.traceSet || cfg.trace != math.MaxInt || len(pos) == 0 || !isCount(pos[0]) {
		return nil
	}
	if _, err := os.Stat(pos[0]); err == nil {
		return nil // a model file named 3
	}
	return &usageError{Msg: fmt.Sprintf("INFILE '%s' does not exist%s", pos[0], traceHint(pos[0]))}
}

func traceHint(n string) string {
	return fmt.Sprintf("; -t takes its optional NUM attached: -t%s or --trace=%s", n, n)
}

// isCount says whether s is a whole number, as -t NUM would be.
func isCount(s string) bool {
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}

// parseStrategy accepts mCRL2's names: b, breadth, d, depth, h, highway.
func parseStrategy(s string) (explore.Strategy, error) {
	switch s {
	case "b", "breadth":
		return explore.Breadth, nil
	case "d", "depth":
		return explore.Depth, nil
	case "h", "highway":
		return explore.Highway, nil
	}
	return 0, fmt.Errorf("unknown search strategy %q (use b, d or h)", s)
}
