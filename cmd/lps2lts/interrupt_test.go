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
)

// infiniteSum has a summand whose sum over m: Nat has infinitely many
// solutions in every state.
const infiniteSum = `act a: Nat;
proc P(n: Nat) = sum m: Nat. (m > n) -> a(m) . P(n = m) + delta;
init P(0);
`

// checkAut asserts that the .aut file at path has a header whose counts
// match its lines.
func checkAut(t *testing.T, path string) (transitions int) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	m := autHeaderRE.FindStringSubmatch(lines[0])
	if m == nil || m[1] != strconv.Itoa(len(lines)-1) {
		t.Fatalf("header %q with %d transition lines", lines[0], len(lines)-1)
	}
	states, _ := strconv.Atoi(m[2])
	for _, l := range lines[1:] {
		f := strings.Split(strings.Trim(l, "()"), ",")
		from, _ := strconv.Atoi(f[0])
		to, _ := strconv.Atoi(f[len(f)-1])
		if from >= states || to >= states {
			t.Fatalf("line %q: state beyond the %d states of the header", l, states)
		}
	}
	return len(lines) - 1
}

// TestInfiniteSumError: an infinite sum stops within seconds with an error
// naming the file position, the summand and the sum variables; the .aut
// written so far is valid and the summary says that the run failed.
func TestInfiniteSumError(t *testing.T) {
	dir, in := writeModel(t, infiniteSum)
	out := filepath.Join(dir, "m.aut")
	start := time.Now()
	code, _, stderr := lps2ltsLPS("--enum-limit=100000", in, out)
	if code != 2 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	// The condition as rewritten: mCRL2 defines m > 0 as 0 < m.
	for _, want := range []string{in + ":2:18: summand 1: enumeration of m: Nat does not finish within 100000 steps", "condition 0 < m", "--enum-limit", "State space generation failed (0 levels, "} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "Done") {
		t.Errorf("a failed run says it is done:\n%s", stderr)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v", d)
	}
	if n := checkAut(t, out); n == 0 {
		t.Errorf("no transitions written before the error")
	}
	// Finite sums and one-point sums over Nat are unaffected.
	_, fin := writeModel(t, `act a: Nat;
proc P(n: Nat) = sum m: Nat. (m > n && m < n + 3) -> a(m) . P(n = m)
  + sum k: Nat. (k == n + 10) -> a(k) . P(n = k) + delta;
init P(0);
`)
	if code, _, stderr := lps2ltsLPS("-l50", fin, out); code != 0 || !strings.Contains(stderr, "50 states") {
		t.Errorf("finite sums: exit %d: %s", code, stderr)
	}
}

// TestInterruptInsideEnumeration: SIGINT while one state's enumeration runs
// for long (an infinite sum under a huge bound) stops at once: exit 130, a
// valid .aut, "Interrupted" and the summary.
func TestInterruptInsideEnumeration(t *testing.T) {
	dir, in := writeModel(t, infiniteSum)
	out := filepath.Join(dir, "m.aut")
	timer := time.AfterFunc(500*time.Millisecond, func() { syscall.Kill(os.Getpid(), syscall.SIGINT) })
	defer timer.Stop()
	start := time.Now()
	code, _, stderr := lps2ltsLPS("--enum-limit=1000000000000", in, out)
	if code != 130 || !strings.Contains(stderr, "Interrupted") || !strings.Contains(stderr, "Done with state space generation (0 levels, ") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("stopped after %v", d)
	}
	if n := checkAut(t, out); n == 0 {
		t.Errorf("no transitions written before the interrupt")
	}
}
