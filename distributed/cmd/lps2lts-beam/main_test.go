package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/exploretest"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/visitor"
)

// The tests run the command as a process, as users do: the test binary
// runs main when this variable is set. Beam reads its flags from the
// process's command line and the runner works in the process, so a
// process per run is also what keeps the runs apart.
const runMainEnv = "LPS2LTS_BEAM_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(runMainEnv) == "1" {
		main()
	}
	os.Exit(m.Run())
}

// command is one run of lps2lts-beam in a process of its own, with a
// private TMPDIR (to check that the run leaves nothing there).
func command(t *testing.T, stdin io.Reader, args ...string) (*exec.Cmd, *bytes.Buffer, *bytes.Buffer, string) {
	t.Helper()
	tmp := t.TempDir()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), runMainEnv+"=1", "TMPDIR="+tmp)
	cmd.Stdin = stdin
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	return cmd, &stdout, &stderr, tmp
}

// runCommand runs lps2lts-beam to its end and returns its exit status,
// standard output and standard error; the run must leave nothing in its
// TMPDIR.
func runCommand(t *testing.T, stdin io.Reader, args ...string) (int, string, string) {
	t.Helper()
	cmd, stdout, stderr, tmp := command(t, stdin, args...)
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	assertEmpty(t, tmp, "TMPDIR")
	return code, stdout.String(), stderr.String()
}

func assertEmpty(t *testing.T, dir, what string) {
	t.Helper()
	left, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(left) > 0 {
		t.Errorf("%s %s holds %d entries after the run, the first %s", what, dir, len(left), left[0].Name())
	}
}

func example(name string) string {
	return filepath.Join("..", "..", "..", "examples", name)
}

// local explores an example with lps2lts's own explorer (breadth-first,
// as lps2lts by default).
func local(t *testing.T, path string, opt explore.Options) (explore.Result, string) {
	t.Helper()
	spec, err := load.File(path)
	if err != nil {
		t.Fatal(err)
	}
	gen, err := lpsgen.New(spec, lpsgen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return exploretest.Aut(t, gen, opt)
}

var (
	autHeader = regexp.MustCompile(`^des \(0,(\d+),(\d+)\)$`)
	autLine   = regexp.MustCompile(`^\((\d+),"(.*)",(\d+)\)$`)
)

// lts is what the tests read from an .aut file: its figures, the sorted
// labels of its transitions, and the states without successors.
type lts struct {
	states, transitions int
	labels              []string
	deadlocks           []int
}

func parseAut(t *testing.T, aut string) lts {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(aut, "\n"), "\n")
	h := autHeader.FindStringSubmatch(lines[0])
	if h == nil {
		t.Fatalf("bad .aut header %q", lines[0])
	}
	var l lts
	l.transitions, _ = strconv.Atoi(h[1])
	l.states, _ = strconv.Atoi(h[2])
	if len(lines)-1 != l.transitions {
		t.Fatalf("the header says %d transitions, the file lists %d", l.transitions, len(lines)-1)
	}
	hasOut := make([]bool, l.states)
	for _, line := range lines[1:] {
		m := autLine.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("bad .aut line %q", line)
		}
		from, _ := strconv.Atoi(m[1])
		to, _ := strconv.Atoi(m[3])
		if from >= l.states || to >= l.states {
			t.Fatalf("line %q: the LTS has %d states", line, l.states)
		}
		hasOut[from] = true
		l.labels = append(l.labels, m[2])
	}
	slices.Sort(l.labels)
	for s, ok := range hasOut {
		if !ok {
			l.deadlocks = append(l.deadlocks, s)
		}
	}
	return l
}

// TestSameLTSAsLps2lts: from a file to a file, the command writes an LTS
// with lps2lts's states, transitions and labels, prints lps2lts's summary
// line (levels included) and nothing else, and leaves its work folder
// empty.
func TestSameLTSAsLps2lts(t *testing.T) {
	want, wantAut := local(t, example("abp.lps"), explore.Options{})
	out := filepath.Join(t.TempDir(), "abp.aut")
	work := t.TempDir()
	code, _, stderr := runCommand(t, nil, "--workdir="+work, example("abp.lps"), out)
	if code != 0 {
		t.Fatalf("exit status %d: %s", code, stderr)
	}
	if summary := visitor.Summary(want, true) + "\n"; stderr != summary {
		t.Errorf("stderr %q, want lps2lts's summary %q", stderr, summary)
	}
	aut, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	got, wantLTS := parseAut(t, string(aut)), parseAut(t, wantAut)
	if got.states != wantLTS.states || got.transitions != wantLTS.transitions || !slices.Equal(got.labels, wantLTS.labels) {
		t.Errorf("%d states, %d transitions; lps2lts: %d, %d (or the labels differ)", got.states, got.transitions, wantLTS.states, wantLTS.transitions)
	}
	assertEmpty(t, work, "--workdir")
}

// TestDeadlocksFromStdinToStdout: "-" reads the model from standard input
// and writes the LTS to standard output; -D reports each state without
// successors in lps2lts's words, by its number in the output, and makes
// the exit status 1. -q leaves out the summary, not the reports.
func TestDeadlocksFromStdinToStdout(t *testing.T) {
	want, _ := local(t, example("dining3.lps"), explore.Options{})
	src, err := os.Open(example("dining3.lps"))
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	code, stdout, stderr := runCommand(t, src, "-D", "-q", "-", "-")
	if code != 1 {
		t.Fatalf("exit status %d, want 1 (a deadlock found): %s", code, stderr)
	}
	got := parseAut(t, stdout)
	if got.states != want.States || uint64(got.transitions) != want.Transitions {
		t.Errorf("%d states, %d transitions; lps2lts: %d, %d", got.states, got.transitions, want.States, want.Transitions)
	}
	var wantErr strings.Builder
	for _, s := range got.deadlocks {
		wantErr.WriteString("Deadlock found (state index: " + strconv.Itoa(s) + ").\n")
	}
	if len(got.deadlocks) == 0 || stderr != wantErr.String() {
		t.Errorf("stderr %q, want %q", stderr, wantErr.String())
	}
}

// TestMaxStates: --max (here after the positional arguments, which
// lps2lts allows too) gives an LTS of exactly that many states and
// lps2lts's message.
func TestMaxStates(t *testing.T) {
	out := filepath.Join(t.TempDir(), "dining3.aut")
	code, _, stderr := runCommand(t, nil, example("dining3.lps"), out, "-l", "7")
	if code != 0 {
		t.Fatalf("exit status %d: %s", code, stderr)
	}
	if !strings.HasPrefix(stderr, "Explored the maximum number (7) of states, terminating.\n") {
		t.Errorf("stderr %q", stderr)
	}
	aut, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if got := parseAut(t, string(aut)); got.states != 7 {
		t.Errorf("%d states, want 7", got.states)
	}
}

// startUntilLevel starts lps2lts-beam with args (-v among them) and
// reads its standard error until the first pipeline run's progress line
// ("level ..."); it returns the running command, the rest of its
// standard error, what was read of it, and its TMPDIR.
func startUntilLevel(t *testing.T, args ...string) (*exec.Cmd, io.Reader, *strings.Builder, string) {
	t.Helper()
	cmd, _, _, tmp := command(t, nil, args...)
	cmd.Stderr = nil
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	br := bufio.NewReader(pipe)
	for {
		line, err := br.ReadString('\n')
		stderr.WriteString(line)
		if strings.HasPrefix(line, "level ") {
			break
		}
		if err != nil {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("no progress line: %v; stderr:\n%s", err, stderr.String())
		}
	}
	return cmd, br, &stderr, tmp
}

// TestInterruptLeavesOutfile: Ctrl-C during the search exits with status
// 130, leaves an existing OUTFILE as it was with no temporary file beside
// it, and removes the work folder.
func TestInterruptLeavesOutfile(t *testing.T) {
	// A thousand levels of one state: minutes of pipeline runs.
	dir := t.TempDir()
	model := filepath.Join(dir, "count.lps")
	if err := os.WriteFile(model, []byte("act a;\nproc P(n: Nat) = (n < 1000) -> a . P(n + 1);\ninit P(0);\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "count.aut")
	if err := os.WriteFile(out, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	// Interrupt once the first pipeline run has ended (its progress line).
	cmd, pipe, stderr, tmp := startUntilLevel(t, "-v", "--levels-per-run=2", "--workdir="+work, model, out)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, pipe)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(2 * time.Minute):
		cmd.Process.Kill()
		t.Fatalf("still running two minutes after Ctrl-C; stderr so far:\n%s", stderr.String())
	}
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 130 {
		t.Errorf("exit %v, want status 130; stderr so far:\n%s", err, stderr.String())
	}
	if b, _ := os.ReadFile(out); string(b) != "old\n" {
		t.Errorf("OUTFILE holds %.40q, want it untouched", b)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".count.aut.*")); len(left) > 0 {
		t.Errorf("temporary output left: %v", left)
	}
	assertEmpty(t, work, "--workdir")
	assertEmpty(t, tmp, "TMPDIR")
}

// TestErrors: mistakes on the command line and in the model fail with
// status 2 and a message, before or without writing OUTFILE.
func TestErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.lps")
	if err := os.WriteFile(bad, []byte("proc P = a . P;\ninit P;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.aut")
	same := filepath.Join(dir, "model.aut")
	abp, err := os.ReadFile(example("abp.lps"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(same, abp, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{example("abp.lps"), filepath.Join(dir, "out.fsm")}, "writes the .aut format only"},
		{[]string{example("abp.lps"), out, "extra"}, "too many arguments"},
		{[]string{"--max=-1", example("abp.lps"), out}, "--max takes a non-negative number"},
		{[]string{"--shards=0", example("abp.lps"), out}, "--shards takes a positive number"},
		{[]string{"--no-such-flag", example("abp.lps"), out}, "flag provided but not defined"},
		{[]string{filepath.Join(dir, "absent.lps"), out}, "absent.lps"},
		{[]string{bad, out}, "bad.lps:1:"},
		{[]string{same, same}, "is the input file"},
		// Beam exited 1 from inside the search, leaving the work folder.
		{[]string{"--runner=bogus", example("abp.lps"), out}, "unknown runner"},
	} {
		code, _, stderr := runCommand(t, nil, c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("%q: exit status %d, stderr %q; want 2 and %q", c.args, code, stderr, c.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%q: OUTFILE written", c.args)
		}
	}
	code, stdout, _ := runCommand(t, nil, "-h")
	if code != 0 || !strings.Contains(stdout, "-D, --deadlock") || !strings.Contains(stdout, "--runner") {
		t.Errorf("-h: exit status %d, usage %q", code, stdout)
	}
}

// TestStaleWorkFoldersRemoved: the folders a run killed with SIGKILL
// left (lps2lts-beam-PID-* of a process that is gone) are removed by the
// next run; a live process's folder and other names are left.
func TestStaleWorkFoldersRemoved(t *testing.T) {
	dir := t.TempDir()
	dead := filepath.Join(dir, "lps2lts-beam-999999999-123")
	live := filepath.Join(dir, "lps2lts-beam-"+strconv.Itoa(os.Getppid())+"-456")
	other := filepath.Join(dir, "lps2lts-beam-notapid")
	for _, d := range []string{dead, live, other} {
		if err := os.MkdirAll(filepath.Join(d, "sub"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	removeStale(dir)
	for d, want := range map[string]bool{dead: false, live: true, other: true} {
		if _, err := os.Stat(d); (err == nil) != want {
			t.Errorf("%s exists: %v, want %v", d, err == nil, want)
		}
	}
}
