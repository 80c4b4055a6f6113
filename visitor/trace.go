package visitor

import (
	"errors"
	"github.com/lps2lts/lps2lts/explore"
	"io/fs"

	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
)

// TraceRecorder is a visitor that remembers, for every state, the state and
// label through which it was discovered (8 bytes per state). Following these
// parent pointers from a state back to the initial state gives a trace; in a
// breadth-first search it is a shortest one.
type TraceRecorder struct {
	explore.NopVisitor
	parent []explore.StateID
	label  []explore.LabelID
}

func (t *TraceRecorder) DiscoverState(s explore.StateID, _ []uint32, from explore.StateID, label explore.LabelID) {
	if int(s) != len(t.parent) {
		panic("explore: TraceRecorder must see every DiscoverState")
	}
	t.parent = append(t.parent, from)
	t.label = append(t.label, label)
}

// Trace returns the states and labels of the recorded path from the initial
// state to s: states[0] is the initial state, states[len-1] is s, and
// labels[i] leads from states[i] to states[i+1].
func (t *TraceRecorder) Trace(s explore.StateID) (states []explore.StateID, labels []explore.LabelID) {
	for s != explore.NoState {
		states = append(states, s)
		if t.parent[s] != explore.NoState {
			labels = append(labels, t.label[s])
		}
		s = t.parent[s]
	}
	slices.Reverse(states)
	slices.Reverse(labels)
	return states, labels
}

// TraceWriter saves traces for the detectors. mCRL2 names trace files
// INFILE_dlk_N.trc, INFILE_act_N_NAME.trc, INFILE_nondeterministic_N.trc,
// INFILE_divergence_N.trc (with INFILE_divergence_loopN.trc) after the
// input file name; we use the same names. Write, when set, writes the
// .trc file (mCRL2's format: package ltsfile); otherwise the .trc file is
// plain text, one multi-action per line, and beside it a file with the
// same name ending in .aut instead of .trc holds the trace as a linear
// LTS.
type TraceWriter struct {
	Prefix string // usually the input file name
	// Max is the number of traces each detector may write; after that the
	// detector stops the search (mCRL2's -tNUM).
	Max      int
	Recorder *TraceRecorder
	Labels   *explore.Labels
	// Write writes a trace file's content to w: states (nil when
	// unknown, else one more than labels) and labels from the initial
	// state on. Save creates, buffers and closes the file.
	Write func(w io.Writer, states []explore.StateID, labels []explore.LabelID) error
	// Created, when set, is told the name of each trace (its files' name
	// without .trc or .aut) after Save has found the name free and before
	// it creates the files: a checkpointed run journals the traces it
	// writes (cmd/lps2lts).
	Created func(base string) error
	// Replace names the traces a run interrupted after its last
	// checkpoint wrote, which the continued run writes again, with the
	// same content: Save replaces their files, once, instead of numbering
	// on, so the continued run names its traces as an uninterrupted one.
	Replace map[string]bool
}

// Save writes the trace given by states (nil when unknown) and labels to
// base+".trc" (and, in the text form, base+".aut") and returns the name
// of the .trc file. A trace never replaces a file, nor follows a symbolic
// link: when a file of that name exists (an earlier run's trace, a link),
// the name is numbered on, base+"_1.trc", base+"_2.trc", ...
func (tw *TraceWriter) Save(base string, states []explore.StateID, labels []explore.LabelID) (string, error) {
	name := base
	for k := 1; ; k++ {
		trc, err := tw.save(name, states, labels)
		if !errors.Is(err, fs.ErrExist) || k > maxTraceNames {
			return trc, err
		}
		name = base + "_" + strconv.Itoa(k)
	}
}

// TraceFiles are the files a trace named base may have: its .trc and,
// in the text form, its .aut.
func TraceFiles(base string) []string { return []string{base + ".trc", base + ".aut"} }

// maxTraceNames bounds the names Save tries for one trace.
const maxTraceNames = 1000

// save writes the trace under base; an existing file of either name makes
// it fail with fs.ErrExist, having written nothing (unless Replace names
// base).
func (tw *TraceWriter) save(base string, states []explore.StateID, labels []explore.LabelID) (string, error) {
	files := TraceFiles(base)
	trc, aut := files[0], files[1]
	if tw.Write != nil {
		files = files[:1]
	}
	if tw.Replace[base] {
		delete(tw.Replace, base)
		for _, f := range files {
			if err := os.Remove(f); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return trc, err
			}
		}
	}
	for _, f := range files {
		if _, err := os.Lstat(f); err == nil {
			return trc, &fs.PathError{Op: "create", Path: f, Err: fs.ErrExist}
		}
	}
	if tw.Created != nil {
		if err := tw.Created(base); err != nil {
			return trc, err
		}
	}
	if tw.Write != nil {
		return trc, writeFile(trc, func(w *bufio.Writer) error { return tw.Write(w, states, labels) })
	}
	if err := writeFile(trc, func(w *bufio.Writer) error {
		for _, l := range labels {
			w.WriteString(tw.Labels.Text(l))
			w.WriteByte('\n')
		}
		return nil
	}); err != nil {
		return trc, err
	}
	err := writeFile(aut, func(w *bufio.Writer) error {
		fmt.Fprintf(w, "des (0,%d,%d)\n", len(labels), len(labels)+1)
		var b []byte
		for i, l := range labels {
			b = append(b[:0], '(')
			b = strconv.AppendInt(b, int64(i), 10)
			b = append(b, ",\""...)
			b = append(b, tw.Labels.Text(l)...)
			b = append(b, "\","...)
			b = strconv.AppendInt(b, int64(i+1), 10)
			b = append(b, ")\n"...)
			w.Write(b)
		}
		return nil
	})
	return trc, err
}

// writeFile creates name, which must not exist, and writes it through
// body, buffered. O_EXCL also refuses a symbolic link at name, even one
// to nowhere: a link planted beside INFILE cannot redirect a trace.
func writeFile(name string, body func(*bufio.Writer) error) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	if err := body(w); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
