package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/lps2lts/lps2lts/internal/outfile"
)

// workDirs are the folders a run leaves files in: tmp, a private
// temporary folder that becomes the process's TMPDIR (Prism's loopback
// workers leave a file there per pipeline run, and Beam stages the worker
// binary there), and work, the folder the search makes its own inside.
// Both are removed on every exit, Ctrl-C and errors included, so that
// they can be removed even when the search has no time to remove its
// files (a second Ctrl-C); a work folder on a remote filesystem (gs://...)
// is left to the search, which removes its files itself.
type workDirs struct {
	tmp, work string
	local     bool // work is a folder of this machine that the command made
	once      sync.Once
}

func newWorkDirs(workDir string) (*workDirs, error) {
	removeStale(os.TempDir())
	if workDir != "" && !strings.Contains(workDir, "://") {
		removeStale(workDir)
	}
	tmp, err := os.MkdirTemp("", workPrefix())
	if err != nil {
		return nil, err
	}
	os.Setenv("TMPDIR", tmp)
	d := &workDirs{tmp: tmp, work: tmp, local: true}
	switch {
	case workDir == "":
	case strings.Contains(workDir, "://"):
		d.work, d.local = workDir, false
	default:
		if d.work, err = os.MkdirTemp(workDir, workPrefix()); err != nil {
			os.RemoveAll(tmp)
			return nil, fmt.Errorf("--workdir: %w", err)
		}
	}
	return d, nil
}

// remove deletes the folders, once; with keep (--keep-workdir) it keeps
// the work folder and says where it is.
func (d *workDirs) remove(keep bool, stderr io.Writer) {
	d.once.Do(func() {
		if keep {
			fmt.Fprintf(stderr, "lps2lts-beam: the search's files are in %s\n", d.work)
		}
		if !keep || d.work != d.tmp {
			os.RemoveAll(d.tmp)
		}
		if !keep && d.local {
			os.RemoveAll(d.work)
		}
	})
}

// workPrefix begins the name of a folder a run makes: the process id in
// it tells a later run whether the folder is still in use.
func workPrefix() string { return "lps2lts-beam-" + strconv.Itoa(os.Getpid()) + "-" }

// removeStale removes the folders in dir that runs killed with SIGKILL
// (which no handler sees) left behind: lps2lts-beam-PID-* whose process
// is gone.
func removeStale(dir string) {
	names, _ := filepath.Glob(filepath.Join(dir, "lps2lts-beam-*-*"))
	for _, name := range names {
		rest := strings.TrimPrefix(filepath.Base(name), "lps2lts-beam-")
		pid, err := strconv.Atoi(rest[:max(strings.IndexByte(rest, '-'), 0)])
		if err == nil && pid > 0 && pid != os.Getpid() && outfile.ProcessGone(pid) {
			os.RemoveAll(name)
		}
	}
}
