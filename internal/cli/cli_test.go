package cli

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestExecute: positional arguments that name cobra's built-in commands
// reach RunE; flag errors are worded as mCRL2 words them.
func TestExecute(t *testing.T) {
	var got []string
	var n uint
	cmd := &cobra.Command{Use: "tool", Version: "1", RunE: func(_ *cobra.Command, pos []string) error {
		got = pos
		return nil
	}}
	cmd.Flags().UintVarP(&n, "count", "c", 0, "")
	for _, name := range []string{"completion", "help", "__complete"} {
		if err := Execute(cmd, []string{name}); err != nil || len(got) != 1 || got[0] != name {
			t.Errorf("%s: %v, RunE got %q", name, err, got)
		}
	}
	for args, want := range map[string]string{
		"-c x":     "argument 'x' to option --count or -c is invalid (it takes a non-negative whole number)",
		"--count":  "option --count or -c needs an argument",
		"--colour": "unknown flag: --colour (--help lists the options)",
	} {
		err := Execute(cmd, strings.Fields(args))
		if _, ok := err.(*UsageError); !ok || err.Error() != want {
			t.Errorf("%s: %v, want %q", args, err, want)
		}
	}
}
