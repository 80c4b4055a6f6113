//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
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
	return checkpointHeaderIn(t, dir).snap.States
}

// checkpointHeaderIn is the header of the checkpoint in dir.
func checkpointHeaderIn(t *testing.T, dir string) *checkpointHeader {
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
	return h
}

// TestCheckpointKillResume kills a run with SIGKILL three times — after
// a checkpoint, half-way through writing one, and with two threads — and
// resumes it each time; the last run ends with the .aut of an
// uninterrupted run, byte for byte, and the same summary. The first run
// keeps its root pairs in the compact table (the default), which writes a
// checkpoint by decoding the states it holds, the second as words.
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
		{"states=2000,mid=2", []string{"--resume=" + ck, "--tree-roots=words"}}, // the first completes, the second is cut half-way
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
	_, code, stderr := runHooked(t, dir, "", "-v", "--resume="+ck, "--threads=2", model, "out.aut")
	if code != 0 {
		t.Fatalf("last resume: exit %d: %s", code, stderr)
	}
	// The checkpoint's lines are OUTFILE's, linked, not copied (a 10^8
	// state run's .aut is 20 GB).
	if !strings.Contains(stderr, "its .aut lines became OUTFILE without a copy") {
		t.Errorf("the last resume copied the checkpoint's .aut lines; stderr:\n%s", stderr)
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
	// The same parameters, another model: its fingerprint differs.
	other := filepath.Join(dir, "other.lps")
	if err := os.WriteFile(other, []byte(strings.Replace(smallCounters, "K  =  5", "K  =  4", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, code, stderr := runHooked(t, dir, "", "--resume="+ck, other); code != 2 || !strings.Contains(stderr, "is of another model") {
		t.Fatalf("resume with another model: exit %d: %s", code, stderr)
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
		{[]string{"--checkpoint=" + ck, "--cycle", in}, "cycle search"},
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

// checksModel has findings for every check, spread over its 23 levels
// (15,645 states): 20 deadlocks (fall leads to a dead state), 20 hit
// transitions, 15 nondeterministic states (flip) and 25 divergent states
// (a tau cycle on f once a..d are 4), some found from others.
const checksModel = `
act  tick: Nat;
     hit, fall: Nat;
     flip;
proc P(a,b,c,d,e,f: Nat, dead: Bool) =
       (!dead && a < 4) -> tick(1) . P(a = a + 1)
     + (!dead && b < 4) -> tick(2) . P(b = b + 1)
     + (!dead && c < 4) -> tick(3) . P(c = c + 1)
     + (!dead && d < 4) -> tick(4) . P(d = d + 1)
     + (!dead && e < 4) -> tick(5) . P(e = e + 1)
     + (!dead && a == b && b == c && d == 0 && f == 0 && e < 4) -> hit(a) . P(e = e + 1)
     + (!dead && a == b + 1 && c == 3 && d == 1 && e == f) -> fall(a) . P(dead = true)
     + sum k: Nat . (!dead && k < 2 && f + k < 4 && a == 0 && b == 0 && c == 0 && e == 0) -> flip . P(f = f + k + 1)
     + (!dead && a == 4 && b == 4 && c == 4 && d == 4) -> tau . P(f = (f + 1) mod 5);
init P(0, 0, 0, 0, 0, 0, false);
`

// findingLines are the findings a run printed, in order.
func findingLines(stderr string) []string {
	var out []string
	for _, l := range strings.Split(stderr, "\n") {
		if strings.Contains(l, " found (state index: ") {
			out = append(out, l)
		}
	}
	return out
}

// traceFiles reads the files of dir but the model, the checkpoint's
// folder and the LTS: the traces, and the planted file.
func traceFiles(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, e := range entries {
		if name := e.Name(); !e.IsDir() && strings.HasPrefix(name, "checks.lps_") {
			b, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			files[name] = string(b)
		}
	}
	return files
}

// TestCheckpointChecksKillResume: a run with the checks and traces is
// killed with SIGKILL several times (after a checkpoint, half-way through
// one, with two threads, late enough that the divergence detector has
// found states) and resumed; the last run ends with the .aut,
// the trace files (names and contents), the summary and the exit status
// of an uninterrupted run. Each run prints the findings of the
// uninterrupted run from those its checkpoint held on, and a trace file
// an earlier run left beside the model is numbered past, never replaced.
// With -t3 the third deadlock ends the search, and its checkpoint.
func TestCheckpointChecksKillResume(t *testing.T) {
	if testing.Short() {
		t.Skip("runs lps2lts many times")
	}
	type step struct {
		hooks string
		args  []string
	}
	kills := []step{
		{"states=2000,kill=2", nil},
		{"states=2000,mid=2", nil},
		{"states=3000,kill=1", []string{"--threads=2", "--store=table"}},
		{"states=1500,kill=2", []string{"--store=tree"}},
		{"states=1000,kill=2", nil}, // past the first divergent states
	}
	for _, c := range []struct {
		name  string
		args  []string
		kills []step
		code  int
	}{
		{"lts", []string{"-D", "-a", "hit", "-n", "-F", "-t"}, kills, 1},
		{"text", []string{"-D", "-m", "hit(2),hit(3)", "-n", "-t", "--trace-format=text"}, kills, 1},
		{"budget", []string{"-D", "-t3"}, []step{{"states=700,kill=2", nil}}, 1},
		{"no-traces", []string{"-D", "-a", "fall", "-F"}, kills[:2], 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			refDir, dir := t.TempDir(), t.TempDir()
			for _, d := range []string{refDir, dir} {
				for name, content := range map[string]string{"checks.lps": checksModel, "checks.lps_dlk_1.trc": "an earlier run's\n"} {
					if err := os.WriteFile(filepath.Join(d, name), []byte(content), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			_, code, refErr := runHooked(t, refDir, "", append(append([]string{}, c.args...), "checks.lps", "out.aut")...)
			ref := findingLines(refErr)
			if code != c.code || len(ref) == 0 {
				t.Fatalf("uninterrupted run: exit %d, %d findings: %s", code, len(ref), refErr)
			}
			ck := filepath.Join(dir, "ck")
			from := 0 // the findings the checkpoint resumed holds
			for i, s := range c.kills {
				where := "--resume=" + ck
				if i == 0 {
					where = "--checkpoint=" + ck
				}
				args := append(append(append([]string{where}, s.args...), c.args...), "checks.lps", "out.aut")
				killed, code, stderr := runHooked(t, dir, s.hooks, args...)
				if !killed {
					t.Fatalf("step %d (%s): not killed, exit %d: %s", i, s.hooks, code, stderr)
				}
				got := findingLines(stderr)
				if from+len(got) > len(ref) || !slices.Equal(got, ref[from:from+len(got)]) {
					t.Fatalf("step %d: findings %q, want from %d of %q", i, got, from, ref)
				}
				h := checkpointHeaderIn(t, ck)
				if h.tally.Found < from || h.tally.Found > from+len(got) {
					t.Fatalf("step %d: the checkpoint holds %d findings; the run resumed from %d and printed %d", i, h.tally.Found, from, len(got))
				}
				from = h.tally.Found
				t.Logf("step %d: the checkpoint holds %d states, %d explored, %d findings", i, h.snap.States, h.snap.Explored, from)
			}
			_, code, stderr := runHooked(t, dir, "", append(append([]string{"--resume=" + ck, "--threads=2"}, c.args...), "checks.lps", "out.aut")...)
			if got := findingLines(stderr); code != c.code || !slices.Equal(got, ref[from:]) {
				t.Fatalf("last resume: exit %d, findings %q, want %q: %s", code, got, ref[from:], stderr)
			}
			if g, w := summaryLine.FindString(stderr), summaryLine.FindString(refErr); g == "" || g != w {
				t.Fatalf("summary %q, uninterrupted %q", g, w)
			}
			for _, name := range []string{"out.aut"} {
				want, _ := os.ReadFile(filepath.Join(refDir, name))
				got, err := os.ReadFile(filepath.Join(dir, name))
				if err != nil || !bytes.Equal(got, want) {
					t.Fatalf("%s (%d bytes, %v) differs from the uninterrupted one (%d bytes)", name, len(got), err, len(want))
				}
			}
			want, got := traceFiles(t, refDir), traceFiles(t, dir)
			if traced := slices.ContainsFunc(c.args, func(a string) bool { return strings.HasPrefix(a, "-t") }); traced && len(want) < 2 {
				t.Fatalf("the uninterrupted run wrote %d trace files", len(want)-1)
			}
			for name, w := range want {
				if g, ok := got[name]; !ok || g != w {
					t.Errorf("%s: resumed %t and %d bytes, uninterrupted %d bytes", name, ok, len(g), len(w))
				}
			}
			for name := range got {
				if _, ok := want[name]; !ok {
					t.Errorf("%s: written by the resumed runs only", name)
				}
			}
			for _, name := range []string{checkpointFile, checkpointAut, checkpointJournal} {
				if _, err := os.Stat(filepath.Join(ck, name)); err == nil {
					t.Errorf("the search ended but its folder holds %s", name)
				}
			}
		})
	}
}

// TestSyncTraces: a checkpoint syncs the files of the traces journaled
// since the last one (both files of the text form), and their folders,
// then forgets them; a trace whose files were never written is passed
// over, and a folder that cannot be synced fails the checkpoint rather
// than let it count traces that may not be on the disk.
func TestSyncTraces(t *testing.T) {
	dir := t.TempDir()
	journal, err := os.Create(filepath.Join(dir, "traces"))
	if err != nil {
		t.Fatal(err)
	}
	defer journal.Close()
	k := &checkpointedChecks{journal: journal}
	for _, name := range []string{"a.trc", "b.trc", "b.aut"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("x\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, base := range []string{"a", "b", "never_written"} {
		if err := k.created(filepath.Join(dir, base)); err != nil {
			t.Fatal(err)
		}
	}
	if err := k.syncTraces(); err != nil {
		t.Fatal(err)
	}
	if len(k.unsynced) != 0 {
		t.Errorf("%d traces left to sync after a checkpoint", len(k.unsynced))
	}
	if err := k.created(filepath.Join(dir, "gone", "c")); err != nil {
		t.Fatal(err)
	}
	if err := k.syncTraces(); err == nil || !strings.Contains(err.Error(), "folder of the traces") {
		t.Errorf("a trace folder that is gone: %v, want an error", err)
	}
}
