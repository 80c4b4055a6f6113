package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/outfile"
	"github.com/lps2lts/lps2lts/stochastic"
	"github.com/lps2lts/lps2lts/visitor"
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

// writtenFile is a file a run writes, and the option that names it.
type writtenFile struct{ what, path string }

// checkWrittenFiles refuses a run that would write over its input
// (INFILE, or the file standard input reads) or write two of its files
// into one: OUTFILE, --stats, --timings, --cpuprofile and --memprofile.
// Writing the LTS or the statistics over the specification would destroy
// it, and two writers of one file leave neither output whole.
func checkWrittenFiles(cfg *config, j *job) error {
	var files []writtenFile
	add := func(what, path string) {
		if path != "" && path != "-" {
			files = append(files, writtenFile{what, path})
		}
	}
	add("OUTFILE", j.outfile)
	add("--stats", cfg.stats)
	add("--timings", cfg.timings)
	add("--cpuprofile", cfg.cpuProfile)
	add("--memprofile", cfg.memProfile)
	for i, f := range files {
		if outfile.IsInput(j.infile, f.path) {
			return &usageError{Msg: fmt.Sprintf("%s '%s' is the input file; refusing to overwrite it", f.what, f.path)}
		}
		for _, g := range files[:i] {
			if outfile.Same(f.path, g.path) {
				return &usageError{Msg: fmt.Sprintf("%s '%s' is also %s; refusing to write both into one file", f.what, f.path, g.what)}
			}
		}
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
	writer visitor.LTSWriter
	file   *outfile.File // nil for standard output
	final  string        // OUTFILE, or the file its symbolic links lead to
	guard  *writeGuard
	spill  *os.File // the .aut lines on their way to standard output
	// checkpointed is the checkpointer whose folder holds the .aut lines
	// of a regular OUTFILE: a finished run makes them OUTFILE.
	checkpointed *checkpointer
}

// openOutput creates OUTFILE's writer and adds it to x.
func openOutput(cfg *config, j *job, x *explore.Explorer, ck *checkpointer, stdout, stderr io.Writer) (*output, error) {
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
		f, err := outfile.Create(j.outfile)
		if err != nil {
			return nil, err
		}
		out.file, out.final, w = f, f.Final, f.Writer()
		for _, name := range f.Removed {
			if !cfg.quiet {
				fmt.Fprintf(stderr, "lps2lts: removed '%s', the unfinished output of an earlier run that was killed\n", name)
			}
		}
	}
	out.guard = &writeGuard{stop: x.Stop}
	w = out.guard.wrap(w)
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
	case ck != nil: // .aut, its lines in the checkpoint's folder (checkpoint.go)
		aw, err := ck.autWriter(w, out.guard, gen.Labels())
		if err != nil {
			out.discard()
			return nil, err
		}
		out.writer = aw
		if out.temporary() {
			out.checkpointed = ck
		}
	case j.format == "aut" && j.outfile == "-":
		out.writer = out.autToStream(w, gen)
	case j.format == "aut":
		out.writer = visitor.NewAutWriter(w, gen.Labels())
	case j.format == "fsm":
		fw := visitor.NewFSMWriter(w, x.Store(), gen)
		fw.NoInfo = cfg.noInfo
		out.writer = fw
	case j.format == "dot":
		dw := visitor.NewDotWriter(w, gen)
		dw.NoInfo = cfg.noInfo
		out.writer = dw
	}
	x.AddVisitor(out.writer)
	if cfg.verbose {
		fmt.Fprintf(stderr, "writing state space in %s format to '%s'.\n", strings.ToUpper(j.format), j.outfile)
	}
	return out, nil
}

// autToStream is the .aut writer for standard output, which is never
// sought in: its lines go to an unlinked temporary file while exploring,
// so that memory stays flat (12 bytes a transition otherwise), and reach w
// after the header at the end. Without a temporary folder they are kept
// in memory.
func (o *output) autToStream(w io.Writer, gen explore.Generator) visitor.LTSWriter {
	spill, err := os.CreateTemp("", "lps2lts-*.aut")
	if err != nil {
		return visitor.NewAutWriter(w, gen.Labels())
	}
	os.Remove(spill.Name()) // the open file lives on, and goes with the process
	o.spill = spill
	return visitor.NewAutWriterSpill(w, o.guard.wrap(spill).(io.ReadWriteSeeker), gen.Labels())
}

// writeErr is the first write to the output that failed, or nil.
func (o *output) writeErr() error {
	if o.guard == nil {
		return nil
	}
	return o.guard.failed()
}

// discard closes and removes a temporary file no writer was made for.
func (o *output) discard() {
	if o.file != nil {
		o.file.Discard()
	}
}

// temporary reports whether OUTFILE is written under a temporary name
// (a regular file, not standard output, a device or a pipe).
func (o *output) temporary() bool { return o.file != nil && o.file.Temporary() }

// close finishes the output (the .aut header) and closes its file. The
// temporary file becomes OUTFILE when the run succeeded (ok) or OUTFILE is
// new; otherwise it is removed. kept says whether OUTFILE was written.
func (o *output) close(res explore.Result, ok bool) (kept bool, err error) {
	if o.writer == nil {
		return false, nil
	}
	if aw, isAut := o.writer.(*visitor.AutWriter); isAut && o.checkpointed != nil && ok && o.checkpointed.finished(res) {
		// The checkpoint's lines become OUTFILE: the checkpoint is
		// removed once it is written (checkpointer.done).
		err = aw.CloseAdopting(res, func() error {
			err := o.file.Adopt(o.checkpointed.spill.Name())
			o.checkpointed.adopted = err == nil
			return err
		})
	} else {
		err = o.writer.Close(res)
	}
	if o.spill != nil {
		o.spill.Close()
	}
	if err == nil {
		// A write error the writer swallowed (one in the background).
		err = o.writeErr()
	}
	if o.file == nil {
		return err == nil, err
	}
	keep := err == nil && (ok || !o.file.Existed || !o.file.Temporary())
	if cerr := o.file.Close(keep); err == nil {
		err = cerr
	}
	return keep && err == nil, err
}

// abandon removes the unfinished temporary file, before a forced exit.
func (o *output) abandon() { o.discard() }
