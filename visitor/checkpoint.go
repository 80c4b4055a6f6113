package visitor

import (
	"fmt"

	"github.com/lps2lts/lps2lts/explore"
)

// Checkpoints of the checks (cmd/lps2lts's --checkpoint with -D, -a, -m,
// -n, -F and -t): a search continued from a checkpoint sees no event of
// the states it restores (explore.Restore), so what the detectors and the
// trace recorder learnt from those events is saved with the states and
// given back before the search goes on. It is, between two states:
//
//   - the reporter's Tally: the findings so far and the traces each
//     check wrote, which number the next trace's file and spend -tNUM;
//   - the trace recorder's parents: each state's parent and label;
//   - the divergence detector's memory: the states on the divergent
//     paths found so far (each with the state it was found from) and the
//     discovered states it has not checked yet.
//
// The other detectors forget everything between two states (the
// nondeterminism detector's labels of one state) or keep only caches
// (the action detector's matches per label).

// Tally is what the reporter counts: all a checkpoint needs of it.
type Tally struct {
	Found  int
	Traces [NumChecks]int
}

// Tally returns the reporter's counts.
func (r *Reporter) Tally() Tally { return Tally{Found: r.Found, Traces: r.traces} }

// RestoreTally sets the counts of a search continued from a checkpoint.
func (r *Reporter) RestoreTally(t Tally) { r.Found, r.traces = t.Found, t.Traces }

// Parents returns the recorded parent and label of every discovered
// state, indexed by state; valid until the next event (the recorder's
// own slices: a checkpoint writes them out between two states).
func (t *TraceRecorder) Parents() ([]explore.StateID, []explore.LabelID) {
	return t.parent, t.label
}

// RestoreParents gives a fresh recorder the parents and labels of the
// states of a checkpoint (Parents' slices of the interrupted search); the
// recorder keeps the slices.
func (t *TraceRecorder) RestoreParents(parent []explore.StateID, label []explore.LabelID) error {
	if len(t.parent) != 0 {
		return fmt.Errorf("trace recorder: restore into a recorder of %d states", len(t.parent))
	}
	if len(parent) != len(label) {
		return fmt.Errorf("trace recorder: %d parents, %d labels", len(parent), len(label))
	}
	t.parent, t.label = parent, label
	return nil
}

// Pending returns the discovered states the divergence detector has not
// checked yet (between two states normally none); valid until the next
// event.
func (d *DivergenceDetector) Pending() []explore.StateID { return d.pending }

// Known returns the number of states on the divergent paths found so far.
func (d *DivergenceDetector) Known() int { return d.known.Len() }

// KnownState returns the vector of the i-th state on a divergent path
// (valid until the next event) and the divergent state it was found
// from, NoState once it was reported as reachable from it.
func (d *DivergenceDetector) KnownState(i int) ([]uint32, explore.StateID) {
	return d.known.Vector(uint32(i)), d.knownIdx[i]
}

// RestoreKnown adds a state of a divergent path of a checkpoint, in the
// order of KnownState.
func (d *DivergenceDetector) RestoreKnown(vec []uint32, from explore.StateID) error {
	if len(vec) != d.known.Width() {
		return fmt.Errorf("divergence: a state of %d values, want %d", len(vec), d.known.Width())
	}
	if _, isNew := d.known.Insert(vec); !isNew {
		return fmt.Errorf("divergence: a state of a divergent path is given twice")
	}
	d.knownIdx = append(d.knownIdx, from)
	return nil
}

// RestorePending sets the states a checkpoint's divergence detector had
// not checked yet.
func (d *DivergenceDetector) RestorePending(states []explore.StateID) {
	d.pending = append(d.pending[:0], states...)
}

// BudgetSpent says whether a check wrote its last trace under -tNUM and
// stopped the search: the search ended as the user asked, and a
// checkpoint of it has nothing to continue.
func (r *Reporter) BudgetSpent() bool { return r.spent }
