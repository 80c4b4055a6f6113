package main

import (
	"fmt"
	"io"

	"github.com/lps2lts/lps2lts/internal/outfile"
)

// output is where the LTS goes. States get their numbers only when the
// search has ended, so nothing is written before; a regular OUTFILE is
// written to a temporary file beside it, renamed over OUTFILE by commit
// (internal/outfile, as lps2lts writes it: symbolic links followed, an
// OUTFILE that cannot be written refused). A run that fails or is
// interrupted therefore leaves an existing OUTFILE as it was, and creates
// none. Standard output, devices and pipes are written directly.
type output struct {
	w     io.Writer
	final string        // OUTFILE; "" when the LTS is not saved
	file  *outfile.File // nil for standard output or no OUTFILE
}

// createOutput opens OUTFILE's temporary file, so that a folder that
// cannot be written fails the run before the search.
func createOutput(path string, stdout io.Writer) (*output, error) {
	o := &output{final: path, w: io.Discard}
	switch path {
	case "":
		return o, nil
	case "-":
		o.w = stdout
		return o, nil
	}
	f, err := outfile.Create(path)
	if err != nil {
		return nil, err
	}
	o.file, o.final, o.w = f, f.Final, f.Writer()
	return o, nil
}

// commit makes the temporary file OUTFILE (or closes a device or pipe).
func (o *output) commit() error {
	if o.file == nil {
		return nil
	}
	return o.file.Close(true)
}

// discard removes the temporary file, if it is still there; it may be
// called from the signal handler while the search runs.
func (o *output) discard() {
	if o.file != nil {
		o.file.Discard()
	}
}

// untouched tells, for a message about a run that did not end, what
// became of OUTFILE.
func (o *output) untouched() string {
	switch {
	case o.file == nil:
		return ""
	case o.file.Existed:
		return fmt.Sprintf(" ('%s' was left as it was)", o.final)
	}
	return fmt.Sprintf(" ('%s' was not created)", o.final)
}
