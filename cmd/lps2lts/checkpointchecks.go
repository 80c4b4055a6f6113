package main

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/rewrite"
	"github.com/lps2lts/lps2lts/visitor"
)

// The checks across checkpoints. A resumed search sees no event of the
// states it restores, so a checkpoint holds what the checks learnt from
// them (visitor/checkpoint.go): the reporter's counts, the trace parents
// and the divergence detector's memory. The parents name labels by id,
// and so do the labels' caches: the checkpoint holds the labels too, with
// their multi-actions (the .lts traces write them as terms), and a
// resumed run interns them first, in the order of their ids, so that
// every id means what it meant (lpsgen.Generator.RestoreLabel).
//
// Trace files are written by name, and a name already taken is numbered
// on (visitor.TraceWriter.Save): a run killed after its checkpoint may
// have written traces that the resumed run finds again. The journal
// (DIR/traces) says which: every trace's name is appended before its
// files are created, the journal is synced with each checkpoint, which
// records its length, and the names after that length are the traces a
// killed run wrote since; the resumed run replaces those files, and only
// those, when it writes the same traces again, so its names and contents
// are an uninterrupted run's. A trace written before the checkpoint stays
// as it is and is not written again (the counts say it was).

// checkpointedChecks is the checkpointer's side of the checks.
type checkpointedChecks struct {
	base   *lpsgen.Generator
	traced bool // -t: the parents are kept, and the journal
	rep    *visitor.Reporter
	div    *visitor.DivergenceDetector

	journal     *os.File
	journalSize int64 // bytes written to the journal so far
	// unsynced are the traces journaled since the last checkpoint, whose
	// files the next one syncs (syncTraces).
	unsynced []string
	decls    map[*lps.ActionDecl]int

	// What restore read, for attach to give the checks.
	restored *checkpointChecks
	tally    visitor.Tally
	replace  map[string]bool
}

// create starts the journal of a new run.
func (k *checkpointedChecks) create(dir string) error {
	if !k.traced {
		return nil
	}
	f, err := os.OpenFile(filepath.Join(dir, checkpointJournal), os.O_WRONLY|os.O_CREATE|os.O_TRUNC|os.O_APPEND, 0o666)
	k.journal = f
	return err
}

// restore takes the checks' part of checkpoint h: its labels go into the
// generator now, before anything interns another; the rest waits for
// attach. The journal is cut back to the checkpoint's length, and the
// names a killed run wrote after it are written again in one piece, so
// that a run killed again still finds them there.
func (k *checkpointedChecks) restore(dir string, h *checkpointHeader, cc *checkpointChecks) error {
	if err := k.restoreLabels(cc.labels); err != nil {
		return err
	}
	if h.parents != k.traced {
		return fmt.Errorf("the checkpoint holds trace parents: %t, this run records traces: %t", h.parents, k.traced)
	}
	k.restored, k.tally = cc, h.tally
	if !k.traced {
		return nil
	}
	name := filepath.Join(dir, checkpointJournal)
	data, err := os.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) && h.journalLength == 0 {
		data, err = nil, nil
	}
	if err != nil {
		return err
	}
	if int64(len(data)) < h.journalLength {
		return fmt.Errorf("the trace journal '%s' has %d bytes, the checkpoint says %d", name, len(data), h.journalLength)
	}
	k.replace = map[string]bool{}
	var again []byte
	for _, line := range bytes.Split(data[h.journalLength:], []byte("\n")) {
		// A line the kill cut short names no file that was created.
		if base, err := strconv.Unquote(string(line)); err == nil && !k.replace[base] {
			k.replace[base] = true
			again = append(strconv.AppendQuote(again, base), '\n')
		}
	}
	if k.journal, err = os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o666); err != nil {
		return err
	}
	if err := k.journal.Truncate(h.journalLength); err != nil {
		return err
	}
	k.journalSize = h.journalLength
	return k.append(again)
}

// restoreLabels interns the checkpoint's labels, from id 1 on, with their
// multi-actions, and checks that each gets its old id.
func (k *checkpointedChecks) restoreLabels(labels []checkpointLabel) error {
	decls := k.base.Spec().Actions
	for i, l := range labels {
		acts := make([]lpsgen.Action, len(l.acts))
		for j, a := range l.acts {
			if a.decl >= len(decls) || len(a.args) != len(decls[a.decl].Sorts) {
				return fmt.Errorf("the checkpoint's label %q has an action this specification does not declare", l.text)
			}
			acts[j].Decl = decls[a.decl]
			for _, v := range a.args {
				acts[j].Args = append(acts[j].Args, rewrite.Term(v))
			}
		}
		if id := k.base.RestoreLabel(l.text, acts); int(id) != i+1 {
			return fmt.Errorf("the checkpoint's label %d (%q) is label %d of this run", i+1, l.text, id)
		}
	}
	return nil
}

// attach gives the checks of the run, made after restore, what the
// checkpoint held of them, and journals the traces they write.
func (k *checkpointedChecks) attach(rep *visitor.Reporter, div *visitor.DivergenceDetector) error {
	k.rep, k.div = rep, div
	if rep.Traces != nil {
		rep.Traces.Created = k.created
		rep.Traces.Replace = k.replace
	}
	cc := k.restored
	if cc == nil {
		return nil
	}
	k.restored = nil
	rep.RestoreTally(k.tally)
	if rep.Traces != nil {
		if err := rep.Traces.Recorder.RestoreParents(cc.parent, cc.label); err != nil {
			return err
		}
	}
	if div != nil {
		div.RestorePending(cc.pending)
		w := k.base.Width()
		for i, from := range cc.knownFrom {
			if err := div.RestoreKnown(cc.knownVecs[i*w:(i+1)*w], from); err != nil {
				return err
			}
		}
	}
	return nil
}

// created journals a trace about to be written.
func (k *checkpointedChecks) created(base string) error {
	k.unsynced = append(k.unsynced, base)
	return k.append(append(strconv.AppendQuote(nil, base), '\n'))
}

// syncTraces syncs the files of the traces written since the last
// checkpoint, and their folders, to the disk: a checkpoint counts them
// as written, and a resumed run does not write them again, so a crash of
// the machine after the checkpoint must find them whole. (A killed
// process loses nothing it wrote; a machine that goes down loses what
// the system had not written out.) A trace whose write failed has no
// file to sync.
func (k *checkpointedChecks) syncTraces() error {
	dirs := map[string]bool{}
	for _, base := range k.unsynced {
		for _, name := range visitor.TraceFiles(base) {
			if err := syncPath(name); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return fmt.Errorf("syncing the trace '%s': %w", name, err)
			}
		}
		dirs[filepath.Dir(base)] = true
	}
	for dir := range dirs {
		if err := syncPath(dir); err != nil {
			return fmt.Errorf("syncing the folder of the traces '%s': %w", dir, err)
		}
	}
	k.unsynced = k.unsynced[:0]
	return nil
}

// syncPath syncs the file or folder name to the disk.
func syncPath(name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

// append writes b at the journal's end in one write: a kill leaves a
// line whole or cut, never another's bytes inside it.
func (k *checkpointedChecks) append(b []byte) error {
	if len(b) == 0 {
		return nil
	}
	n, err := k.journal.Write(b)
	k.journalSize += int64(n)
	if err != nil {
		return fmt.Errorf("the trace journal: %w", err)
	}
	return nil
}

// snapshot fills h's checks fields and returns the sections that follow
// the states, between two states: the journal is synced first, so that
// the length recorded is on the disk.
func (k *checkpointedChecks) snapshot(h *checkpointHeader) (*checkpointChecks, error) {
	cc := &checkpointChecks{}
	if err := k.snapshotLabels(cc); err != nil {
		return nil, err
	}
	if k.rep == nil {
		return cc, nil
	}
	h.tally = k.rep.Tally()
	if k.journal != nil {
		if err := k.syncTraces(); err != nil {
			return nil, err
		}
		if err := k.journal.Sync(); err != nil {
			return nil, err
		}
		h.journalLength = k.journalSize
	}
	if k.rep.Traces != nil {
		h.parents = true
		cc.parent, cc.label = k.rep.Traces.Recorder.Parents()
		if len(cc.parent) != h.snap.States {
			return nil, fmt.Errorf("the trace recorder holds %d states, the search %d", len(cc.parent), h.snap.States)
		}
	}
	if k.div != nil {
		h.divergence = true
		cc.pending = k.div.Pending()
		for i := range k.div.Known() {
			vec, from := k.div.KnownState(i)
			cc.knownVecs = append(cc.knownVecs, vec...)
			cc.knownFrom = append(cc.knownFrom, from)
		}
	}
	return cc, nil
}

// snapshotLabels lists the labels from id 1 on with their multi-actions.
func (k *checkpointedChecks) snapshotLabels(cc *checkpointChecks) error {
	if k.decls == nil {
		k.decls = map[*lps.ActionDecl]int{}
		for i, d := range k.base.Spec().Actions {
			k.decls[d] = i
		}
	}
	labels := k.base.Labels()
	for id := explore.LabelID(1); int(id) < labels.Len(); id++ {
		acts, ok := k.base.MultiAction(id)
		if !ok {
			return fmt.Errorf("label %q has no multi-action", labels.Text(id))
		}
		l := checkpointLabel{text: labels.Text(id), acts: make([]checkpointAction, len(acts))}
		for i, a := range acts {
			decl, ok := k.decls[a.Decl]
			if !ok {
				return fmt.Errorf("label %q: action %s is not declared", l.text, a.Decl.Name)
			}
			l.acts[i].decl = decl
			for _, v := range a.Args {
				l.acts[i].args = append(l.acts[i].args, uint32(v))
			}
		}
		cc.labels = append(cc.labels, l)
	}
	return nil
}

// budgetSpent says whether a check ended the search at its -tNUM.
func (k *checkpointedChecks) budgetSpent() bool { return k.rep != nil && k.rep.BudgetSpent() }

func (k *checkpointedChecks) close() {
	if k.journal != nil {
		k.journal.Close()
	}
}
