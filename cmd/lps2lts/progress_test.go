package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

var progressLine = regexp.MustCompile(`^(\d+\.\d)s: (\d+) states, (\d+) transitions, explored (\d+), (\d+) levels done, \d+ states/s, memory \d+\.\d MB resident, store \d+\.\d MB, limit 4096 MB$`)

// TestProgressLines: -v lines carry the elapsed time, the resident memory,
// the store's bytes and the memory limit, and count the levels as the
// summary does: a run stopped where a progress line was printed reports
// the levels that line gave (the line said "level 19" where the summary
// said 18 levels).
func TestProgressLines(t *testing.T) {
	var chain strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&chain, "%d step %d\n", i, i+1)
	}
	_, in := writeModel(t, chain.String())
	code, _, stderr := lps2lts("-v", "--progress-interval=1ns", "--max-memory=4096", in)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var lines [][]string
	for _, l := range strings.Split(stderr, "\n") {
		if m := progressLine.FindStringSubmatch(l); m != nil {
			lines = append(lines, m)
		} else if strings.Contains(l, " states, ") && strings.HasSuffix(l, "MB") {
			t.Errorf("progress line %q", l)
		}
	}
	if len(lines) != 2 {
		t.Fatalf("%d progress lines, want 2 (at 1024 and 2048 states explored):\n%s", len(lines), stderr)
	}
	for _, m := range lines {
		// The same point by --max, which stops once that many states
		// are discovered.
		code, _, summary := lps2lts("-l"+m[2], in)
		want := fmt.Sprintf("Done with state space generation (%s levels, %s states and %s transitions)", m[5], m[2], m[3])
		if code != 0 || !strings.Contains(summary, want) {
			t.Errorf("progress %q; run stopped there: %s, want %q", m[0], summary, want)
		}
	}
}
