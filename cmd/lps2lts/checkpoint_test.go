//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// smallCounters is examples/counters.lps with six counters modulo 5:
// 15,625 states and 93,750 transitions in 31 levels, a fraction of a
// second, long enough for several checkpoints by the states hook.
const smallCounters = `
map  K: Pos;
eqn  K  =  5;
act  tick: Nat;
proc P(c1,c2,c3,c4,c5,c6: Nat) =
       tick(1) . P(c1 = (c1 + 1) mod K)
     + tick(2) . P(c2 = (c2 + 1) mod K)
     + tick(3) . P(c3 = (c3 + 1) mod K)
     + tick(4) . P(c4 = (c4 + 1) mod K)
     + tick(5) . P(c5 = (c5 + 1) mod K)
     + tick(6) . P(c6 = (c6 + 1) mod K);
init P(0, 0, 0, 0, 0, 0);
`

// writeSmallCounters writes smallCounters into a fresh folder.
func writeSmallCounters(t *testing.T) (dir, model string) {
	t.Helper()
	dir = t.TempDir()
	model = filepath.Join(dir, "counters.lps")
	if err := os.WriteFile(model, []byte(smallCounters), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, model
}

// runHooked runs the test binary as lps2lts in dir with the checkpoint
// hooks; it returns whether SIGKILL ended it, its exit status and its
// standard error.
func runHooked(t *testing.T, dir, hooks string, args ...string) (killed bool, code int, stderr string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	c := exec.Command(exe, args...)
	c.Dir = dir
	c.Env = append(os.Environ(), asCommand+"=1", checkpointHooksEnv+"="+hooks)
	var e bytes.Buffer
	c.Stderr = &e
	err = c.Run()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			if ws.Signal() != syscall.SIGKILL {
				t.Fatalf("killed by %v: %s", ws.Signal(), e.String())
			}
			return true, -1, e.String()
		}
		return false, ee.ExitCode(), e.String()
	}
	if err != nil {
		t.Fatal(err)
	}
	return false, 0, e.String()
}

var wholeSummary = regexp.MustCompile(`Done with state space generation \(.*\)`)

// checkpointStates is the number of states a checkpoint in dir holds.
func checkpointStates(t *testing.T, dir string) int {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, checkpointFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	_, h, err := readCheckpointHeader(f, st.Size(), func([]byte) (uint32, error) { return 1, nil })
	if err != nil {
		t.Fatal(err)
	}
	return h.snap.States
}

// TestCheckpointKillResume kills a run with SIGKILL three times — after
// a checkpoint, half-way through writing one, and with two threads — and
// resumes it each time; the last run ends with the .aut of an
// uninterrupted run, byte for byte, and the same summary. The second run
// keeps its root pairs in the compact table, which writes a checkpoint
// by decoding the states it holds.
func TestCheckpointKillResume(t *testing.T) {
	if testing.Short() {
		t.Skip("runs lps2lts five times")
	}
	dir, model := writeSmallCounters(t)
	_, code, refErr := runHooked(t, dir, "", model, "ref.aut")
	if code != 0 {
		t.Fatalf("uninterrupted run: exit %d: %s", code, refErr)
	}
	ck := filepath.Join(dir, "ck")
	steps := []struct {
		hooks string
		args  []string
	}{
		{"states=2000,kill=2", []string{"--checkpoint=" + ck}},
		{"states=2000,mid=2", []string{"--resume=" + ck, "--tree-roots=compact"}}, // the first completes, the second is cut half-way
		{"states=3000,kill=1", []string{"--resume=" + ck, "--threads=2", "--store=table"}},
	}
	last := 0
	for i, s := range steps {
		args := append(append([]string{}, s.args...), model, "out.aut")
		killed, code, stderr := runHooked(t, dir, s.hooks, args...)
		if !killed {
			t.Fatalf("step %d (%s): not killed, exit %d: %s", i, s.hooks, code, stderr)
		}
		n := checkpointStates(t, ck)
		if n <= last {
			t.Fatalf("step %d: the checkpoint holds %d states, no more than before (%d)", i, n, last)
		}
		last = n
		// outfile's temporary name: ".checkpoint.PID.*.tmp".
		if tmps, _ := filepath.Glob(filepath.Join(ck, "."+checkpointFile+".*.tmp")); strings.Contains(s.hooks, "mid") && len(tmps) == 0 {
			t.Errorf("step %d: the checkpoint cut half-way left no temporary file", i)
		}
		if _, err := os.Stat(filepath.Join(dir, "out.aut")); err == nil {
			t.Fatalf("step %d: a killed run left OUTFILE", i)
		}
	}
	_, code, stderr := runHooked(t, dir, "", "--resume="+ck, "--threads=2", model, "out.aut")
	if code != 0 {
		t.Fatalf("last resume: exit %d: %s", code, stderr)
	}
	want, err := os.ReadFile(filepath.Join(dir, "ref.aut"))
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(dir, "out.aut"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("resumed .aut (%d bytes) differs from the uninterrupted one (%d bytes)", len(got), len(want))
	}
	if g, w := wholeSummary.FindString(stderr), wholeSummary.FindString(refErr); g == "" || g != w {
		t.Fatalf("summary %q, uninterrupted %q", g, w)
	}
	if _, err := os.Stat(filepath.Join(ck, checkpointFile)); err == nil {
		t.Errorf("the search ended but its checkpoint is still there")
	}
}

// TestCheckpointStopResume: a run stopped by --max and by SIGTERM leaves
// a checkpoint at the stop, and the resumed run ends as an uninterrupted
// one does; no output at all works too.
func TestCheckpointStopResume(t *testing.T) {
	if testing.Short() {
		t.Skip("runs lps2lts several times")
	}
	dir, model := writeSmallCounters(t)
	_, _, refErr := runHooked(t, dir, "", model)
	ck := filepath.Join(dir, "ck")
	if _, code, stderr := runHooked(t, dir, "", "--checkpoint="+ck, "-l", "5000", model); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if n := checkpointStates(t, ck); n < 5000 {
		t.Fatalf("the checkpoint at --max=5000 holds %d states", n)
	}
	if _, code, stderr := runHooked(t, dir, "", "--resume="+ck, "-l", "4000", model, "x.aut"); code != 2 || !strings.Contains(stderr, "output=aut") {
		t.Fatalf("resume with another output: exit %d: %s", code, stderr)
	}
	// SIGTERM just after the first checkpoint of the resumed run: the
	// search stops after the state being expanded, and the checkpoint on
	// the disk is that of the stop (a new one, or the last if the stop
	// came before another state was expanded).
	_, code, stderr := runHooked(t, dir, "states=2000,term=1", "-v", "--resume="+ck, model)
	m := summaryLine.FindStringSubmatch(stderr)
	if code != 143 || m == nil || !strings.Contains(stderr, "Interrupted (terminated)") {
		t.Fatalf("SIGTERM: exit %d, want 143: %s", code, stderr)
	}
	if n := checkpointStates(t, ck); strconv.Itoa(n) != m[2] || n <= 5000 {
		t.Fatalf("the checkpoint at SIGTERM holds %d states, the run stopped at %s", n, m[2])
	}
	_, code, stderr = runHooked(t, dir, "", "--resume="+ck, model)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if g, w := wholeSummary.FindString(stderr), wholeSummary.FindString(refErr); g == "" || g != w {
		t.Fatalf("summary %q, uninterrupted %q", g, w)
	}
}

// TestCheckpointRefused: what cannot be checkpointed is refused with the
// reason, before anything is written.
func TestCheckpointRefused(t *testing.T) {
	in := filepath.Join("..", "..", "examples", "abp.lps")
	dir := t.TempDir()
	ck := filepath.Join(dir, "ck")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--checkpoint=" + ck, "-s", "d", in}, "depth search cannot be checkpointed"},
		{[]string{"--checkpoint=" + ck, "--store=hashcompact", in}, "table or tree store"},
		{[]string{"--checkpoint=" + ck, "-D", in}, "findings of the checks"},
		{[]string{"--checkpoint=" + ck, in, filepath.Join(dir, "m.fsm")}, "fsm writer"},
		{[]string{"--resume=" + ck, in}, "holds no checkpoint"},
		{[]string{"--resume=" + ck, "--checkpoint=" + dir, in}, "another folder"},
		{[]string{"--checkpoint=" + ck, "--checkpoint-every=0s", in}, "positive duration"},
		{[]string{"--checkpoint=" + ck, filepath.Join("..", "..", "examples", "timed.lps")}, "plain linear processes"},
	} {
		code, _, stderr := lps2ltsLPS(c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, want 2 and %q: %s", c.args, code, c.want, stderr)
		}
	}
}
