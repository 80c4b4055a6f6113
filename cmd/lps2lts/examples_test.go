package main

import (
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// The examples with the figures of their state spaces (computed
// independently by a direct simulation of each model's semantics).
var exampleFigures = []struct {
	file                          string
	states, transitions, deadlock int
	labels                        int
}{
	{"buffer.lps", 9, 14, 0, 6},
	{"dining3.lps", 20, 36, 1, 12},
	{"abp.lps", 74, 92, 0, 19},
	{"abp.bin.lps", 74, 92, 0, 19},
}

// shipped fails t when the example the repository ships under examples/
// is missing: a test of it must not pass by skipping.
func shipped(t *testing.T, name string) {
	t.Helper()
	if _, err := os.Stat(filepath.Join("../../examples", name)); err != nil {
		t.Fatalf("examples/%s, which the repository ships: %v", name, err)
	}
}

var autHeaderRE = regexp.MustCompile(`^des \(0,(\d+),(\d+)\)`)

func TestExamples(t *testing.T) {
	t.Parallel() // the loader is passed in: nothing global changes
	for _, ex := range exampleFigures {
		shipped(t, ex.file)
	}
	matrix := [][]string{nil, {"-sd"}, {"--cycle"}, {"--cycle", "--store=hashcompact", "--hc-table=4096"}, {"--cycle", "--store=comback"}, {"--cached"}, {"-sh", "--todo-max=1000000"}}
	for _, ex := range exampleFigures {
		for _, extra := range matrix {
			name := ex.file + "/" + strings.Join(extra, " ")
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				out := filepath.Join(t.TempDir(), "out.aut")
				args := append(append([]string{}, extra...), "-D", filepath.Join("../../examples", ex.file), out)
				code, _, stderr := lps2ltsLPS(args...)
				wantCode := 0
				if ex.deadlock > 0 || (len(extra) > 0 && extra[0] == "--cycle") {
					wantCode = 1 // all three examples have cycles
				}
				if code != wantCode {
					t.Fatalf("exit %d, want %d: %s", code, wantCode, stderr)
				}
				if n := strings.Count(stderr, "Deadlock found"); n != ex.deadlock {
					t.Errorf("%d deadlocks reported, want %d", n, ex.deadlock)
				}
				data, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				m := autHeaderRE.FindStringSubmatch(string(data))
				if m == nil {
					t.Fatalf("bad aut header: %.60q", data)
				}
				tr, _ := strconv.Atoi(m[1])
				st, _ := strconv.Atoi(m[2])
				if st != ex.states || tr != ex.transitions {
					t.Errorf("%d states, %d transitions; want %d, %d", st, tr, ex.states, ex.transitions)
				}
				labels := map[string]bool{}
				for _, l := range strings.Split(string(data), "\n")[1:] {
					if i := strings.IndexByte(l, '"'); i >= 0 {
						labels[l[i:strings.LastIndexByte(l, '"')]] = true
					}
				}
				if len(labels) != ex.labels {
					t.Errorf("%d labels, want %d", len(labels), ex.labels)
				}
			})
		}
	}
}

// TestBinaryExample: abp.bin.lps, abp.lps in mCRL2's binary format
// (txt2lps wrote it), gives the same LTS as abp.lps, byte for byte.
func TestBinaryExample(t *testing.T) {
	t.Parallel() // the loader is passed in: nothing global changes
	shipped(t, "abp.bin.lps")
	_, text, _ := lps2ltsLPS("../../examples/abp.lps", "-")
	code, bin, stderr := lps2ltsLPS("../../examples/abp.bin.lps", "-")
	if code != 0 || bin != text || !strings.HasPrefix(bin, "des (0,92,74)") {
		t.Errorf("exit %d; from the binary file\n%s\nfrom the text\n%s\nstderr %s", code, bin, text, stderr)
	}
}

// TestStochasticExample: coin.lps in the probabilistic .aut format, and
// the formats that have no probabilistic form refused.
func TestStochasticExample(t *testing.T) {
	t.Parallel() // the loader is passed in: nothing global changes
	shipped(t, "coin.lps")
	code, stdout, stderr := lps2ltsLPS("../../examples/coin.lps", "-")
	want := "des (0,4,4)\n(0,\"toss\",1 1/2 2)\n(1,\"heads\",3)\n(2,\"tails\",0)\n(3,\"toss\",1 1/2 2)\n"
	if code != 0 || stdout != want {
		t.Errorf("exit %d, stdout\n%s\nwant\n%s\nstderr %s", code, stdout, want, stderr)
	}
	code, _, stderr = lps2ltsLPS("-odot", "../../examples/coin.lps", "-")
	if code != 2 || !strings.Contains(stderr, "stochastic") {
		t.Errorf("dot: exit %d, %s", code, stderr)
	}
}

// TestTimedExample: timed.lps has an infinite state space (time grows
// without bound); the first states carry increasing time stamps.
func TestTimedExample(t *testing.T) {
	t.Parallel() // the loader is passed in: nothing global changes
	shipped(t, "timed.lps")
	code, stdout, stderr := lps2ltsLPS("-l6", "../../examples/timed.lps", "-")
	want := "des (0,5,6)\n(0,\"tick @ 1\",1)\n(1,\"tick @ 2\",2)\n(2,\"tick @ 3\",3)\n(3,\"reset @ (7 / 2)\",4)\n(4,\"tick @ (9 / 2)\",5)\n"
	if code != 0 || stdout != want {
		t.Errorf("exit %d, stdout\n%s\nwant\n%s\nstderr %s", code, stdout, want, stderr)
	}
}

// TestEngineReasons: the command prints the search engine's reasons for
// a search that cannot run or that runs on one thread, with the flags
// the user wrote, and a search that cannot run changes no file.
func TestEngineReasons(t *testing.T) {
	shipped(t, "coin.lps")
	out := filepath.Join(t.TempDir(), "out.aut")
	code, _, stderr := lps2ltsLPS("--store=comback", "--comback-ddd=8", "../../examples/coin.lps", out)
	if code != 2 || !strings.Contains(stderr, "stochastic specification cannot be explored with delayed duplicate detection (--comback-ddd)") {
		t.Errorf("stochastic with --comback-ddd: exit %d, %q", code, stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a search that cannot run wrote OUTFILE")
	}
	if runtime.NumCPU() < 2 {
		t.Skip("one core: --threads=2 is cut to one thread before the engine is asked")
	}
	for _, c := range []struct{ args, why string }{
		{"--threads=2 -sd ../../examples/abp.lps", "runs on one thread: depth-first search (and cycle detection, which is one) expands next a state that the expansion just done found"},
		{"--threads=2 --store=comback --comback-numbers ../../examples/abp.lps", "runs on one thread: threads do not serve delayed duplicate detection (--comback-ddd) or state numbers in the todo list (--comback-numbers)"},
	} {
		code, _, stderr := lps2ltsLPS(strings.Fields(c.args)...)
		if code != 0 || !strings.Contains(stderr, "lps2lts: warning: --threads=2: this search "+c.why) {
			t.Errorf("%s: exit %d, %q", c.args, code, stderr)
		}
	}
	// A stochastic model's generator forks (docs/threads.md): no warning.
	if code, _, stderr := lps2ltsLPS("--threads=2", "../../examples/coin.lps", out); code != 0 || strings.Contains(stderr, "thread") {
		t.Errorf("--threads=2 coin.lps: exit %d, %q", code, stderr)
	}
}
