//go:build unix

package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestReadOnlyOutfile: an OUTFILE that open(2) would not open for writing
// is refused and left as it was (the temporary file renamed over it
// replaced it). As root, whom open(2) lets write anything, the run is a
// process of the user nobody.
func TestReadOnlyOutfile(t *testing.T) {
	dir, err := os.MkdirTemp("", "lps2lts-readonly")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o777)
	in := filepath.Join(dir, "m.lps")
	out := filepath.Join(dir, "ro.aut")
	if err := os.WriteFile(in, []byte(smallModel), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, []byte("old\n"), 0o444); err != nil {
		t.Fatal(err)
	}
	var code int
	var stderr string
	if os.Geteuid() != 0 {
		code, _, stderr = lps2ltsLPS(in, out)
	} else {
		code, stderr = runAsNobody(t, dir, in, out)
	}
	want := "lps2lts: cannot open '" + out + "' for writing: permission denied\n"
	if code != 2 || stderr != want {
		t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr, want)
	}
	if data, _ := os.ReadFile(out); string(data) != "old\n" {
		t.Errorf("ro.aut is now %q", data)
	}
	noTemporaryFiles(t, dir)
}

// runAsNobody runs the test binary as lps2lts with the user id of nobody,
// from a copy in dir (the build folder is root's alone).
func runAsNobody(t *testing.T, dir string, args ...string) (int, string) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	copyExe := filepath.Join(dir, "lps2lts.test")
	if err := os.WriteFile(copyExe, bin, 0o755); err != nil {
		t.Fatal(err)
	}
	defer os.Remove(copyExe)
	c := exec.Command(copyExe, args...)
	c.Dir = dir
	c.Env = append(os.Environ(), asCommand+"=1")
	c.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	var stderr bytes.Buffer
	c.Stderr = &stderr
	err = c.Run()
	if err != nil && strings.Contains(err.Error(), "operation not permitted") {
		t.Skipf("cannot run as nobody: %v", err)
	}
	return exitStatus(t, err), stderr.String()
}
