package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
)

// output is where the LTS goes. States get their numbers only when the
// search has ended, so nothing is written before; a regular OUTFILE is
// written to a temporary file beside it, renamed over OUTFILE by commit.
// A run that fails or is interrupted therefore leaves an existing OUTFILE
// as it was, and creates none. Standard output, devices and pipes are
// written directly.
type output struct {
	w       io.Writer
	final   string // OUTFILE; "" when the LTS is not saved
	mu      sync.Mutex
	file    *os.File // the temporary file; nil once committed or discarded
	mode    os.FileMode
	existed bool
}

// createOutput opens OUTFILE's temporary file, so that a folder that
// cannot be written fails the run before the search.
func createOutput(outfile string, stdout io.Writer) (*output, error) {
	o := &output{final: outfile, w: io.Discard, mode: 0o644}
	switch outfile {
	case "":
		return o, nil
	case "-":
		o.w = stdout
		return o, nil
	}
	if st, err := os.Stat(outfile); err == nil {
		if !st.Mode().IsRegular() {
			f, err := os.OpenFile(outfile, os.O_WRONLY, 0)
			if err != nil {
				return nil, err
			}
			o.w, o.existed = f, true
			return o, nil
		}
		o.mode, o.existed = st.Mode().Perm(), true
	}
	dir, base := filepath.Split(outfile)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return nil, fmt.Errorf("cannot write '%s': %w", outfile, err)
	}
	o.file, o.w = f, f
	return o, nil
}

// commit makes the temporary file OUTFILE.
func (o *output) commit() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.file == nil {
		if c, ok := o.w.(io.Closer); ok && o.final != "-" && o.final != "" {
			return c.Close() // a device or a pipe
		}
		return nil
	}
	f := o.file
	o.file = nil
	err := f.Close()
	if err == nil {
		err = os.Chmod(f.Name(), o.mode)
	}
	if err == nil {
		err = os.Rename(f.Name(), o.final)
	}
	if err != nil {
		os.Remove(f.Name())
	}
	return err
}

// discard removes the temporary file, if it is still there; it may be
// called from the signal handler while the search runs.
func (o *output) discard() {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.file == nil {
		return
	}
	o.file.Close()
	os.Remove(o.file.Name())
	o.file = nil
}

// untouched tells, for a message about a run that did not end, what
// became of OUTFILE.
func (o *output) untouched() string {
	switch {
	case o.final == "" || o.final == "-":
		return ""
	case o.existed:
		return fmt.Sprintf(" ('%s' was left as it was)", o.final)
	}
	return fmt.Sprintf(" ('%s' was not created)", o.final)
}
