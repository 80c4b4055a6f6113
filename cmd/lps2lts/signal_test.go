//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
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
	load := func(string, *config) (explore.Generator, error) {
		l := explore.NewLabels()
		return &chainGen{labels: l, step: l.InternString("step"), buf: make([]uint32, 1)}, nil
	}
	out := filepath.Join(t.TempDir(), "chain.aut")
	code, _, stderr := lps2ltsWith(load, "chain.lps", out)
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

// TestThreadsStopCleanly: with two threads, Ctrl-C, --max and the memory
// limit stop the search as with one: the right exit status, a valid .aut,
// the reason and the summary; --max gives exactly its number of states.
// The model, examples/counters.lps, has 10^8 states.
func TestThreadsStopCleanly(t *testing.T) {
	in := filepath.Join("..", "..", "examples", "counters.lps")
	for _, threads := range []string{"--threads=1", "--threads=2"} {
		t.Run(threads+"/interrupt", func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "c.aut")
			timer := time.AfterFunc(300*time.Millisecond, func() { syscall.Kill(os.Getpid(), syscall.SIGINT) })
			defer timer.Stop()
			code, _, stderr := lps2ltsLPS(threads, in, out)
			if code != 130 || !strings.Contains(stderr, "Interrupted") || !strings.Contains(stderr, "Done with state space generation") {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if n := checkAut(t, out); n == 0 {
				t.Errorf("no transitions written before the interrupt")
			}
		})
		t.Run(threads+"/max", func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "c.aut")
			code, _, stderr := lps2ltsLPS(threads, "--max=5000", in, out)
			if code != 0 || !strings.Contains(stderr, " 5000 states") {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			checkAut(t, out)
		})
		t.Run(threads+"/memory", func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "c.aut")
			// What the runs before left is given back first: the limit
			// counts the whole process.
			debug.FreeOSMemory()
			limit := int(memoryInUse()>>20) + 32
			code, _, stderr := lps2ltsLPS(threads, "--store=table", fmt.Sprintf("--max-memory=%d", limit), in, out)
			if code != 0 || !strings.Contains(stderr, fmt.Sprintf("Memory limit of %d MB reached", limit)) || !strings.Contains(stderr, "Done with state space generation") {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			checkAut(t, out)
		})
	}
}

// TestThreadsAtMostCores: more threads than cores are cut to the cores,
// with a warning, rather than costing a fork of the generator each (the
// fuzzer's --threads=99999 took seconds and gigabytes).
func TestThreadsAtMostCores(t *testing.T) {
	in := filepath.Join("..", "..", "examples", "abp.lps")
	out := filepath.Join(t.TempDir(), "abp.aut")
	code, _, stderr := lps2ltsLPS("--threads=100000", in, out)
	want := fmt.Sprintf("--threads=100000: this machine has %d cores; using %d threads", runtime.NumCPU(), runtime.NumCPU())
	if code != 0 || !strings.Contains(stderr, want) || !strings.Contains(stderr, "74 states") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}
