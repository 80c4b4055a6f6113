//go:build unix

package main

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestPipeWatch: a write whose reader went away fails with EPIPE and
// sends SIGPIPE on the channel; a write that works sends nothing.
func TestPipeWatch(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	broken := make(chan os.Signal, 1)
	pw := watchPipe(w, broken)
	go io.Copy(io.Discard, r)
	if _, err := pw.Write([]byte("fine\n")); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-broken:
		t.Fatalf("%v after a write that worked", s)
	default:
	}
	r.Close()
	time.Sleep(10 * time.Millisecond) // the copy returns on the closed reader
	if _, err := pw.Write([]byte("gone\n")); !errors.Is(err, syscall.EPIPE) {
		t.Fatalf("write to a pipe without reader: %v, want EPIPE", err)
	}
	select {
	case s := <-broken:
		if s != syscall.SIGPIPE {
			t.Errorf("sent %v, want SIGPIPE", s)
		}
	default:
		t.Error("nothing sent after EPIPE")
	}
}

// TestStraySIGPIPEDoesNotStop: a SIGPIPE that is not about standard output
// or error (a runner's socket; here sent by hand) leaves the run going to
// its end with the whole LTS. Before, it stopped a healthy run with status
// 141 and "Interrupted: no state space written".
func TestStraySIGPIPEDoesNotStop(t *testing.T) {
	dir := t.TempDir()
	model := filepath.Join(dir, "count.lps")
	if err := os.WriteFile(model, []byte("act a;\nproc P(n: Nat) = (n < 12) -> a . P(n + 1);\ninit P(0);\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "count.aut")
	cmd, pipe, stderr, tmp := startUntilLevel(t, "-v", "--levels-per-run=1", model, out)
	if err := cmd.Process.Signal(syscall.SIGPIPE); errors.Is(err, os.ErrProcessDone) {
		t.Skip("the run ended before the signal could be sent") // eleven pipeline runs in a moment
	} else if err != nil {
		t.Fatal(err)
	}
	rest, _ := io.ReadAll(pipe)
	stderr.Write(rest)
	if err := cmd.Wait(); err != nil {
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 0 {
			t.Fatalf("exit %v after a stray SIGPIPE, want 0; stderr:\n%s", err, stderr.String())
		}
	}
	aut, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("%v; stderr:\n%s", err, stderr.String())
	}
	if got := parseAut(t, string(aut)); got.states != 13 {
		t.Errorf("%d states, want 13", got.states)
	}
	assertEmpty(t, tmp, "TMPDIR")
}
