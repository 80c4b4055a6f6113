package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/stochastic"
)

// outputFormat decides the format of OUTFILE from -o or its extension. It
// is checked before anything is read or written, so that a run that
// cannot write its output fails without touching a file.
func outputFormat(out, outfile string) (string, error) {
	format := strings.ToLower(out)
	if format == "" && outfile == "-" {
		format = "aut"
	}
	if format == "" && outfile != "" {
		format = strings.TrimPrefix(strings.ToLower(filepath.Ext(outfile)), ".")
		if format == "" {
			return "", &usageError{Msg: fmt.Sprintf("cannot tell the output format of '%s' from its extension (use -o aut, lts, fsm or dot, or an OUTFILE ending in .aut, .lts, .fsm or .dot)", outfile)}
		}
	}
	switch format {
	case "", "aut", "lts", "fsm", "dot":
		return format, nil
	}
	return "", &usageError{Msg: fmt.Sprintf("output format '%s' is not supported (use aut, lts, fsm or dot)", format)}
}

// checkNotInput refuses an OUTFILE that is the input file: writing the
// LTS would destroy the specification.
func checkNotInput(infile, outfile string) error {
	if infile == "-" || outfile == "-" || outfile == "" {
		return nil
	}
	in, err := os.Stat(infile)
	if err != nil {
		return nil // the input's own error comes when it is read
	}
	if out, err := os.Stat(outfile); err == nil && os.SameFile(in, out) {
		return &usageError{Msg: fmt.Sprintf("OUTFILE '%s' is the input file; refusing to overwrite it", outfile)}
	}
	return nil
}

// output is the LTS writer and where it writes. A regular OUTFILE is
// written to a temporary file in the same folder and renamed over OUTFILE
// when the run ends (also after Ctrl-C, --max or the memory limit: the
// LTS is valid for the part explored). When the run fails, an OUTFILE
// that existed is left as it was and the temporary file is removed; a new
// OUTFILE keeps the part explored before the error. Standard output,
// devices and pipes are written directly (streamed).
type output struct {
	writer explore.LTSWriter
	file   *os.File // the file written, nil for standard output
	temp   string   // the temporary name of file, "" when written directly
	final  string   // OUTFILE, or the file its symbolic links lead to
	link   string   // OUTFILE when it is a symbolic link to final
	mode   os.FileMode
	// existed: OUTFILE was there before the run.
	existed bool
}

// openOutput creates OUTFILE's writer and adds it to x.
func openOutput(cfg *config, j *job, x *explore.Explorer, stdout, stderr io.Writer) (*output, error) {
	out := &output{final: j.outfile}
	if j.outfile == "" {
		return out, nil
	}
	gen := x.Generator()
	sg, isStochastic := gen.(*stochastic.Generator)
	if isStochastic && j.format != "aut" && j.format != "lts" {
		return nil, &usageError{Msg: fmt.Sprintf("output format %q is not supported for stochastic specifications (use aut or lts)", j.format)}
	}
	if j.format == "lts" {
		// Refused before OUTFILE is touched.
		if _, err := ltsSource(x, false); err != nil {
			return nil, err
		}
	}
	// Standard output is never sought in, even when it is a file: the
	// .aut header would be written over what the file held before
	// (lps2lts m.lps - >> log) instead of at the start of the output.
	var w io.Writer = struct{ io.Writer }{stdout}
	if j.outfile != "-" {
		if err := out.create(); err != nil {
			return nil, err
		}
		w = out.file
	}
	switch {
	case j.format == "lts":
		lw, err := newLTSWriter(w, cfg, x)
		if err != nil {
			out.discard()
			return nil, err
		}
		out.writer = lw
	case isStochastic:
		out.writer = stochastic.NewAutWriter(w, gen.Labels(), sg.Probabilities())
	case j.format == "aut":
		out.writer = explore.NewAutWriter(w, gen.Labels())
	case j.format == "fsm":
		fw := explore.NewFSMWriter(w, x.Store(), gen)
		fw.NoInfo = cfg.noInfo
		out.writer = fw
	case j.format == "dot":
		dw := explore.NewDotWriter(w, gen)
		dw.NoInfo = cfg.noInfo
		out.writer = dw
	}
	x.AddVisitor(out.writer)
	if cfg.verbose {
		fmt.Fprintf(stderr, "writing state space in %s format to '%s'.\n", strings.ToUpper(j.format), j.outfile)
	}
	return out, nil
}

// create opens the file to write: a temporary file beside a regular (or
// new) OUTFILE, OUTFILE itself when it is a device or a pipe. A symbolic
// link is followed, as open(2) follows it: the file it names is written
// and the link stays. An existing OUTFILE that open(2) would not open for
// writing is refused, though the rename could replace it. Errors name
// the file the user asked for, never the temporary name.
func (o *output) create() error {
	o.mode = 0o644
	target, err := followLinks(o.final)
	if err != nil {
		return o.cannotOpen(err)
	}
	if target != o.final {
		o.link, o.final = o.final, target
	}
	if st, err := os.Stat(o.final); err == nil {
		f, err := os.OpenFile(o.final, os.O_WRONLY, 0)
		if err != nil {
			return o.cannotOpen(err)
		}
		if !st.Mode().IsRegular() {
			o.file = f
			return nil
		}
		f.Close()
		o.mode, o.existed = st.Mode().Perm(), true
	}
	dir, base := filepath.Split(o.final)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		if o.existed && errors.Is(err, fs.ErrPermission) {
			return o.cannotOpen(fmt.Errorf("OUTFILE is written under a temporary name in its folder '%s', which is not writable", dir))
		}
		return o.cannotOpen(err)
	}
	o.file, o.temp = f, f.Name()
	return nil
}

// cannotOpen is the error for an OUTFILE that cannot be written, in
// mCRL2's words, with the reason without the path (which could be the
// temporary name).
func (o *output) cannotOpen(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if o.link != "" {
		return fmt.Errorf("cannot open '%s' (the target of '%s') for writing: %w", o.final, o.link, err)
	}
	return fmt.Errorf("cannot open '%s' for writing: %w", o.final, err)
}

// followLinks is the file that path names after its symbolic links are
// followed, also when the last link points at a file still to be made.
func followLinks(path string) (string, error) {
	for range 40 { // Linux's limit, beyond which open(2) fails with ELOOP
		st, err := os.Lstat(path)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return path, nil // a new file, or an error that opening reports
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if dir := filepath.Dir(path); !filepath.IsAbs(link) && dir != "." {
			// Relative to the link's folder as the system reaches it:
			// no lexical cleaning of "..".
			link = dir + string(filepath.Separator) + link
		}
		path = link
	}
	return "", syscall.ELOOP
}

// discard closes and removes a temporary file no writer was made for.
func (o *output) discard() {
	if o.file != nil {
		o.file.Close()
	}
	if o.temp != "" {
		os.Remove(o.temp)
	}
}

// close finishes the output (the .aut header) and closes its file. The
// temporary file becomes OUTFILE when the run succeeded (ok) or OUTFILE is
// new; otherwise it is removed. kept says whether OUTFILE was written.
func (o *output) close(res explore.Result, ok bool) (kept bool, err error) {
	if o.writer == nil {
		return false, nil
	}
	err = o.writer.Close(res)
	if o.file == nil {
		return err == nil, err
	}
	if cerr := o.file.Close(); err == nil {
		err = cerr
	}
	if o.temp == "" {
		return err == nil, err
	}
	if err == nil && (ok || !o.existed) {
		if err = os.Chmod(o.temp, o.mode); err == nil {
			err = os.Rename(o.temp, o.final)
		}
	}
	if err != nil || !(ok || !o.existed) {
		os.Remove(o.temp)
		return false, err
	}
	return true, nil
}

// abandon removes the unfinished temporary file, before a forced exit.
func (o *output) abandon() {
	if o.temp != "" {
		os.Remove(o.temp)
	}
}
