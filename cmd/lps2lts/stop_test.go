//go:build unix

package main

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// counters has 10^8 states: every run below is stopped by a signal or a
// closed pipe long before its end (--max bounds it should the stop fail).
var counters = filepath.Join("..", "..", "examples", "counters.lps")

// command runs the test binary as lps2lts (TestMain) in dir.
func command(t *testing.T, dir string, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	in, err := filepath.Abs(counters)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range args {
		if a == "COUNTERS" {
			args[i] = in
		}
	}
	c := exec.Command(exe, args...)
	c.Dir = dir
	c.Env = append(os.Environ(), asCommand+"=1")
	return c
}

// exitStatus is the process's exit status; a process killed by a signal
// (which is what this file tests against) fails the test.
func exitStatus(t *testing.T, err error) int {
	t.Helper()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case !errors.As(err, &ee):
		t.Fatal(err)
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		t.Fatalf("killed by %v instead of exiting", ws.Signal())
	}
	return ee.ExitCode()
}

// TestBrokenStderrPipe: "lps2lts -v m.lps out.aut 2>&1 | head -2" stops
// cleanly once head exits: exit 141 (128+SIGPIPE), a valid out.aut, no
// temporary file (Go's default killed the process, leaving both).
func TestBrokenStderrPipe(t *testing.T) {
	dir := t.TempDir()
	c := command(t, dir, "-v", "--progress-interval=10ms", "-l500000", "COUNTERS", "out.aut")
	r, err := c.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(r)
	for range 2 {
		if _, err := br.ReadString('\n'); err != nil {
			t.Fatal(err)
		}
	}
	r.Close()
	if code := exitStatus(t, c.Wait()); code != 141 {
		t.Errorf("exit %d, want 141", code)
	}
	if n := checkAut(t, filepath.Join(dir, "out.aut")); n == 0 {
		t.Error("no transitions written")
	}
	noTemporaryFiles(t, dir)
}

// TestBrokenStdoutPipe: "lps2lts m.lps - | head -2" is a clean stop: exit
// 141, the summary on standard error, no Go error or panic.
func TestBrokenStdoutPipe(t *testing.T) {
	c := command(t, t.TempDir(), "-l20000", "COUNTERS", "-")
	r, err := c.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	c.Stderr = &stderr
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	if _, err := bufio.NewReader(r).ReadString('\n'); err != nil {
		t.Fatal(err)
	}
	r.Close()
	code := exitStatus(t, c.Wait())
	if code != 141 || !strings.Contains(stderr.String(), "Done with state space generation") || !strings.Contains(stderr.String(), "closed the pipe") {
		t.Errorf("exit %d, want 141: %s", code, stderr.String())
	}
}

// TestStopSignals: SIGHUP (a closed terminal), SIGTERM, SIGPIPE, SIGQUIT
// (Ctrl-\: a goroutine dump), SIGALRM and SIGUSR1/2 (ignored) end a
// run as Ctrl-C does: exit 128+N, a valid OUTFILE, no temporary file,
// the reason and the summary.
func TestStopSignals(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGHUP, syscall.SIGTERM, syscall.SIGPIPE, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGALRM, syscall.SIGUSR1, syscall.SIGUSR2} {
		t.Run(sig.String(), func(t *testing.T) {
			if signal.Ignored(sig) {
				// Under nohup, for one: lps2lts leaves a signal it
				// inherited as ignored ignored (stopsignal.Notify).
				t.Skipf("%v is ignored by the tests' process, and so by lps2lts", sig)
			}
			dir := t.TempDir()
			c := command(t, dir, "-v", "--progress-interval=10ms", "-l500000", "COUNTERS", "out.aut")
			r, err := c.StderrPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := c.Start(); err != nil {
				t.Fatal(err)
			}
			// The first progress line: the search runs.
			br := bufio.NewReader(r)
			var lines []string
			for len(lines) < 2 {
				l, err := br.ReadString('\n')
				if err != nil {
					t.Fatal(err)
				}
				lines = append(lines, l)
			}
			c.Process.Signal(sig)
			rest, _ := io.ReadAll(br)
			stderr := strings.Join(lines, "") + string(rest)
			code := exitStatus(t, c.Wait())
			if code != 128+int(sig) || !strings.Contains(stderr, "Interrupted") || !strings.Contains(stderr, "Done with state space generation") {
				t.Errorf("exit %d, want %d: %s", code, 128+int(sig), stderr)
			}
			if n := checkAut(t, filepath.Join(dir, "out.aut")); n == 0 {
				t.Error("no transitions written")
			}
			noTemporaryFiles(t, dir)
			progressAgrees(t, stderr)
		})
	}
}

var (
	anyProgressLine = regexp.MustCompile(`(?m)^\d+\.\ds: (\d+) states, \d+ transitions, explored \d+, (\d+) levels done, `)
	summaryLine     = regexp.MustCompile(`Done with state space generation \((\d+) levels, (\d+) states`)
)

// progressAgrees: the last progress line of a stopped run counts no
// more levels and states than the summary after it (after Ctrl-C the
// last line said level 19 and the summary 18 levels).
func progressAgrees(t *testing.T, stderr string) {
	t.Helper()
	lines := anyProgressLine.FindAllStringSubmatch(stderr, -1)
	sum := summaryLine.FindStringSubmatch(stderr)
	if len(lines) == 0 || sum == nil {
		t.Fatalf("no progress line or no summary: %s", stderr)
	}
	last := lines[len(lines)-1]
	n := func(s string) int { v, _ := strconv.Atoi(s); return v }
	if n(last[2]) > n(sum[1]) || n(last[1]) > n(sum[2]) {
		t.Errorf("last progress line %q counts more than the summary %q", last[0], sum[0])
	}
}

// TestFileSizeLimit: under "ulimit -f" the first write past the limit
// stops the search at once (the write failed with EFBIG; the search used
// to run to --max and then print "Done"), exit 2, "State space generation
// failed", and no file left, temporary or not.
func TestFileSizeLimit(t *testing.T) {
	dir := t.TempDir()
	c := command(t, dir, "-l2000000", "COUNTERS", "big.aut")
	c.Args = append([]string{"sh", "-c", `ulimit -f 512 && exec "$0" "$@"`, c.Path}, c.Args[1:]...)
	c.Path = "/bin/sh"
	var stderr bytes.Buffer
	c.Stderr = &stderr
	code := exitStatus(t, c.Run())
	out := stderr.String()
	if code != 2 || !strings.Contains(out, "State space generation failed") || !strings.Contains(out, "file too large") {
		t.Fatalf("exit %d, want 2 with the write error and the failure: %s", code, out)
	}
	m := regexp.MustCompile(`failed \((\d+) levels, (\d+) states`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no summary: %s", out)
	}
	// 512 KiB hold about 25,000 transitions of counters.lps: the search
	// stops near there, not at --max.
	if states, _ := strconv.Atoi(m[2]); states > 200000 {
		t.Errorf("the search went on to %d states after the write failed", states)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files left behind: %v", entries)
	}
}

// TestUmask: OUTFILE and the --stats file get the mode the shell, mCRL2
// and open(O_CREAT, 0666) give a new file under the user's umask (they
// came out -rw-r--r-- under umask 077: the temporary file renamed over
// them was chmod-ed to 0644).
func TestUmask(t *testing.T) {
	for _, c := range []struct {
		umask string
		want  os.FileMode
	}{{"077", 0o600}, {"027", 0o640}, {"002", 0o664}} {
		dir := t.TempDir()
		cmd := command(t, dir, "-l100", "COUNTERS", "out.aut", "--stats=s.json")
		cmd.Args = append([]string{"sh", "-c", "umask " + c.umask + ` && exec "$0" "$@"`, cmd.Path}, cmd.Args[1:]...)
		cmd.Path = "/bin/sh"
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("umask %s: %v: %s", c.umask, err, out)
		}
		for _, name := range []string{"out.aut", "s.json"} {
			st, err := os.Stat(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			if st.Mode().Perm() != c.want {
				t.Errorf("umask %s: %s has mode %v, want %v", c.umask, name, st.Mode().Perm(), c.want)
			}
		}
	}
}

// TestStdinIsOutfile: "lps2lts -o aut - m.lps < m.lps" reads the model
// from standard input and would write the LTS over it: refused, the
// model kept.
func TestStdinIsOutfile(t *testing.T) {
	dir := t.TempDir()
	model, err := os.ReadFile(counters)
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "m.lps")
	if err := os.WriteFile(in, model, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c := command(t, dir, "-l10", "-o", "aut", "-", "m.lps")
	c.Stdin = f
	out, err := c.CombinedOutput()
	if code := exitStatus(t, err); code != 2 || !strings.Contains(string(out), "is the input file") {
		t.Errorf("exit %d, want 2 with a refusal: %s", code, out)
	}
	if got, _ := os.ReadFile(in); !bytes.Equal(got, model) {
		t.Error("the model was overwritten")
	}
}

// TestAddressSpaceLimit: under "ulimit -v" the search stops before the
// address space runs out (it ended in a fatal error of the Go runtime:
// a goroutine dump, no output, a temporary file left): a valid OUTFILE,
// the limit named, exit 3 without --max-memory and 0 with it. The limit
// is this process's address space plus 300 MB, so that the run stops
// after a few hundred megabytes whatever the runtime reserves up front.
func TestAddressSpaceLimit(t *testing.T) {
	vm := virtualSize()
	if vm == 0 {
		t.Skip("no /proc/self/statm: the address space is not known")
	}
	limitKB := strconv.FormatUint((vm+300<<20)>>10, 10)
	for _, c := range []struct {
		args []string
		code int
	}{{nil, 3}, {[]string{"--max-memory=100000"}, 0}} {
		dir := t.TempDir()
		args := append([]string{"--store=table", "-l20000000"}, c.args...)
		cmd := command(t, dir, append(args, "COUNTERS", "out.aut")...)
		cmd.Args = append([]string{"sh", "-c", "ulimit -v " + limitKB + ` && exec "$0" "$@"`, cmd.Path}, cmd.Args[1:]...)
		cmd.Path = "/bin/sh"
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		code := exitStatus(t, cmd.Run())
		if code != c.code || !strings.Contains(stderr.String(), "Address-space limit") || !strings.Contains(stderr.String(), "Done with state space generation") {
			t.Fatalf("%v: exit %d, want %d with the limit named: %s", c.args, code, c.code, stderr.String())
		}
		if n := checkAut(t, filepath.Join(dir, "out.aut")); n == 0 {
			t.Error("no transitions written")
		}
		noTemporaryFiles(t, dir)
	}
}

// TestDevStdoutPipe: OUTFILE /dev/stdout into a pipe is written, as mCRL2
// writes it (it was refused: "cannot open '/proc/self/fd/pipe:[N]'", the
// link's target followed by hand).
func TestDevStdoutPipe(t *testing.T) {
	if _, err := os.Stat("/dev/stdout"); err != nil {
		t.Skip("no /dev/stdout")
	}
	c := command(t, t.TempDir(), "-l100", "-o", "aut", "COUNTERS", "/dev/stdout")
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr // pipes: Cmd copies them
	if code := exitStatus(t, c.Run()); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.HasPrefix(stdout.String(), "des (0,") || strings.Count(stdout.String(), "\n") < 100 {
		t.Errorf("no LTS on standard output: %.200q", stdout.String())
	}
}

// TestKilledRunLeftover: the temporary file a killed run left beside
// OUTFILE is removed by the next run on OUTFILE, which says so.
func TestKilledRunLeftover(t *testing.T) {
	dir := t.TempDir()
	c := command(t, dir, "-l100000000", "COUNTERS", "out.aut")
	if err := c.Start(); err != nil {
		t.Fatal(err)
	}
	var left []string
	for range 200 { // until the temporary file is there
		if left, _ = filepath.Glob(filepath.Join(dir, ".out.aut.*.tmp")); len(left) > 0 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	c.Process.Kill()
	c.Wait()
	if len(left) != 1 {
		t.Fatalf("temporary files %v", left)
	}
	out, err := command(t, dir, "-l10", "COUNTERS", "out.aut").CombinedOutput()
	if exitStatus(t, err) != 0 || !strings.Contains(string(out), "removed '"+filepath.Base(left[0])+"'") {
		t.Errorf("the leftover was not reported: %s", out)
	}
	noTemporaryFiles(t, dir)
}
