//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lps2lts/lps2lts/explore"
)

// chainGen is an infinite chain 0 -step-> 1 -step-> ... that interrupts
// its own process (SIGINT) at state 1000, like a user pressing Ctrl-C.
type chainGen struct {
	labels *explore.Labels
	step   explore.LabelID
	buf    []uint32
}

func (g *chainGen) Width() int              { return 1 }
func (g *chainGen) Labels() *explore.Labels { return g.labels }
func (g *chainGen) Initial(dst []uint32) ([]uint32, error) {
	return append(dst, 0), nil
}
func (g *chainGen) Successors(s []uint32, emit func(explore.LabelID, []uint32)) error {
	if s[0] == 1000 {
		syscall.Kill(os.Getpid(), syscall.SIGINT)
	}
	if s[0] > 1000 {
		time.Sleep(time.Millisecond) // let the signal arrive
	}
	g.buf[0] = s[0] + 1
	emit(g.step, g.buf)
	return nil
}

func TestInterruptWritesValidAut(t *testing.T) {
	loadGenerator = func(string, *config) (explore.Generator, error) {
		l := explore.NewLabels()
		return &chainGen{labels: l, step: l.InternString("step"), buf: make([]uint32, 1)}, nil
	}
	defer func() { loadGenerator = loadGraph }()
	out := filepath.Join(t.TempDir(), "chain.aut")
	code, _, stderr := lps2lts("chain.lps", out)
	if code != 130 || !strings.Contains(stderr, "Interrupted") || !strings.Contains(stderr, "Done with state space generation") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	m := autHeaderRE.FindStringSubmatch(lines[0])
	if m == nil || m[1] != strconv.Itoa(len(lines)-1) || m[2] != strconv.Itoa(len(lines)) {
		t.Errorf("header %q with %d transition lines", lines[0], len(lines)-1)
	}
}
