package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzOptions: any command line gets an exit status of 0, 1, 2, 3 or a
// stopped run's, never a panic. The run works in a temporary folder that
// holds one small model, m.lps, so that output files land there.
func FuzzOptions(f *testing.F) {
	for _, seed := range []string{
		"m.lps out.aut", "-D -t m.lps", "-sd --cycle m.lps", "-sh --todo-max=2 m.lps x.fsm",
		"-o dot m.lps -", "-l 3 -a a,b -m a(1)|b m.lps", "--store=comback --comback-ddd=3 m.lps y.aut",
		"-cctau m.lps", "--timings m.lps", "-r jittyc --log-level=debug m.lps",
		"m.lps noext", "-o lts m.lps m.lps", "--tau=a -F m.lps", "--max-memory=-1 m.lps",
	} {
		f.Add(seed)
	}
	dir := f.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "m.lps"), []byte(smallModel), 0o644); err != nil {
		f.Fatal(err)
	}
	f.Chdir(dir)
	f.Fuzz(func(t *testing.T, line string) {
		args := strings.Fields(line)
		if len(args) > 12 {
			return
		}
		for _, a := range args {
			// Keep the run inside dir and away from profiles and
			// other processes' files.
			if strings.ContainsAny(a, "/\\") || strings.Contains(a, "profile") || strings.Contains(a, "..") {
				return
			}
		}
		code, _, stderr := lps2ltsLPS(args...)
		if strings.Contains(stderr, "panic") || code < 0 || code > 3 && code < 128 {
			t.Fatalf("%q: exit %d: %s", line, code, stderr)
		}
	})
}
