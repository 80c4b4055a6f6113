//go:build unix

package main

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
)

// wideChain is a chain 0 -step-> 1 -step-> ... of 4 KB states, ending at
// state n: it fills memory fast.
type wideChain struct {
	labels *explore.Labels
	step   explore.LabelID
	n      uint32
	buf    []uint32
}

func (g *wideChain) Width() int              { return len(g.buf) }
func (g *wideChain) Labels() *explore.Labels { return g.labels }
func (g *wideChain) Initial(dst []uint32) ([]uint32, error) {
	return append(dst, make([]uint32, len(g.buf))...), nil
}
func (g *wideChain) Successors(s []uint32, emit func(explore.LabelID, []uint32)) error {
	if s[0] == g.n {
		return nil
	}
	copy(g.buf, s)
	g.buf[0]++
	emit(g.step, g.buf)
	return nil
}

// TestMaxMemoryStopsCleanly: a run that would use 400 MB stops once it uses
// 32 MB more than the process did at the start, with a valid .aut and the
// summary, and says why.
func TestMaxMemoryStopsCleanly(t *testing.T) {
	const states = 100000
	load := func(string, *config) (explore.Generator, error) {
		l := explore.NewLabels()
		return &wideChain{labels: l, step: l.InternString("step"), n: states, buf: make([]uint32, 1024)}, nil
	}
	limit := int(memoryInUse()>>20) + 32
	out := filepath.Join(t.TempDir(), "chain.aut")
	// The table store: the tree store would keep these vectors, alike
	// but for one value, in a few bytes each.
	code, _, stderr := lps2ltsWith(load, "--store=table", fmt.Sprintf("--max-memory=%d", limit), "chain.lps", out)
	if code != 0 || !strings.Contains(stderr, fmt.Sprintf("Memory limit of %d MB reached", limit)) || !strings.Contains(stderr, "Done with state space generation") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if n := checkAut(t, out); n == 0 || n >= states {
		t.Errorf("%d transitions written; want some, fewer than %d", n, states)
	}
}

// TestDefaultMemoryLimitIsNotSilent: a run cut short by the memory limit
// the user did not set (the default, 90% of the memory) exits 3 and says
// so even with -q: a script must not take the part for the whole. The
// same limit given with --max-memory exits 0, as --max does.
func TestDefaultMemoryLimitIsNotSilent(t *testing.T) {
	const states = 100000
	load := func(string, *config) (explore.Generator, error) {
		l := explore.NewLabels()
		return &wideChain{labels: l, step: l.InternString("step"), n: states, buf: make([]uint32, 1024)}, nil
	}
	limit := int(memoryInUse()>>20) + 32
	old := defaultMaxMemoryMB
	defaultMaxMemoryMB = func() int { return limit }
	defer func() { defaultMaxMemoryMB = old }()
	out := filepath.Join(t.TempDir(), "chain.aut")
	want := fmt.Sprintf("Memory limit of %d MB reached (the default of --max-memory: 90%% of the memory): the state space is incomplete.\n", limit)
	code, _, stderr := lps2ltsWith(load, "-q", "--store=table", "chain.lps", out)
	if code != 3 || stderr != want {
		t.Fatalf("exit %d, stderr %q; want 3 and %q", code, stderr, want)
	}
	if n := checkAut(t, out); n == 0 || n >= states {
		t.Errorf("%d transitions written; want some, fewer than %d", n, states)
	}
	code, _, stderr = lps2ltsWith(load, "--store=table", "chain.lps", out)
	if code != 3 || !strings.HasPrefix(stderr, want) || !strings.Contains(stderr, "Done with state space generation") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	code, _, stderr = lps2ltsWith(load, "-q", "--store=table", fmt.Sprintf("--max-memory=%d", limit), "chain.lps", out)
	if code != 0 || stderr != "" {
		t.Fatalf("explicit limit: exit %d: %s", code, stderr)
	}
}
