package explore

import (
	"errors"
	"fmt"
	"sync/atomic"
)

// Checkpoints: a long search can be saved at a point where it is
// consistent and continued later, in another process, to the same LTS
// and state numbers (cmd/lps2lts's --checkpoint and --resume).
//
// A breadth-first search is consistent between two states: the states
// are numbered in order of discovery and expanded in that order, so the
// finished states are exactly the numbers below Explored and the todo
// list is exactly the numbers from Explored to the store's Len. A
// snapshot is therefore the stored vectors and a few counters; the todo
// list, the store's tables and the generator's caches are rebuilt from
// the vectors (Restore). With threads the search drains its blocks
// first: the inserter takes no new block while a checkpoint is due
// (fillBlock), so the checkpoint is taken at a barrier, with no block
// under way.
//
// Depth-first and highway search are not checkpointed: their todo lists
// are not a range of numbers (and highway's sampling has a random
// generator's state); nor are cycle search (its stack), the sweep-line
// method (it forgets states), stores that cannot give vectors back
// (hash compaction, bitstate) or rebuild them from transitions (ComBack),
// and stochastic generators (their distributions).

// Snapshot is what a checkpoint keeps of a search besides the vectors of
// its States states.
type Snapshot struct {
	States      int
	Explored    int
	Transitions uint64
	// Level and LevelUp are the breadth-first level being expanded and
	// the number of explored states at which it ends.
	Level, LevelUp int
}

// checkpointHook is the search's side of checkpoints: due is set (by a
// timer, from any goroutine) when one should be taken, take takes it,
// and cut records that a stop interrupted a state half-way, after which
// the search is not consistent.
type checkpointHook struct {
	due     atomic.Bool
	take    func() error
	cut     bool
	resumed bool
}

// OnCheckpoint sets the function that takes a checkpoint; the search
// calls it, between two states, after RequestCheckpoint.
func (x *Explorer) OnCheckpoint(take func() error) { x.ckpt.take = take }

// RequestCheckpoint asks the search to take a checkpoint at its next
// consistent point. It is safe to call from any goroutine.
func (x *Explorer) RequestCheckpoint() {
	if x.ckpt.take != nil {
		x.ckpt.due.Store(true)
	}
}

// StopBetweenStates asks the search to end after the state being
// expanded, as Stop does, but without interrupting the generator: the
// search stays consistent for a checkpoint at the stop. It is safe to
// call from any goroutine.
func (x *Explorer) StopBetweenStates() { x.stop.Store(true) }

// checkpointDue is read once per state by the search loop and once per
// block by the inserter of a threaded search.
func (x *Explorer) checkpointDue() bool { return x.ckpt.due.Load() }

// takeCheckpoint calls the hook; the search is between two states.
func (x *Explorer) takeCheckpoint() error {
	x.endSpeculation() // the helper's generator and vectors in flight stay out of a checkpoint
	x.ckpt.due.Store(false)
	return x.ckpt.take()
}

// CanCheckpoint returns why this search cannot be checkpointed, or nil.
func (x *Explorer) CanCheckpoint() error {
	p := &x.plan
	switch {
	case x.opt.Cycles:
		return errors.New("cycle search keeps its depth-first stack, which checkpoints do not hold")
	case x.opt.Strategy != Breadth:
		return fmt.Errorf("%s search cannot be checkpointed: only breadth-first search has a todo list that is a range of state numbers", x.opt.Strategy)
	case p.stochastic != nil:
		return errors.New("stochastic specifications cannot be checkpointed (their distributions are not held)")
	case !p.canState || p.traced != nil || p.delayed != nil || p.blocks != nil:
		return errors.New("this store cannot be checkpointed: it must give every state's vector back (table or tree store)")
	}
	return nil
}

// Snapshot returns the counters of the search; valid between two states
// (in the checkpoint hook) or after Run, when Consistent says so.
func (x *Explorer) Snapshot() Snapshot {
	return Snapshot{States: x.store.Len(), Explored: x.explored, Transitions: x.transitions, Level: x.level, LevelUp: x.levelUp}
}

// Consistent says whether a stopped search can be checkpointed: no state
// was cut short by an interruption (Stop during its expansion) or by the
// state limit inside an expansion (maxinside.go): a longer run would not
// leave that state short, so a checkpoint of the stop would resume wrong.
func (x *Explorer) Consistent() bool {
	return !x.ckpt.cut && (x.plan.cutter == nil || !x.plan.cutter.SumsCut())
}

// AppendStoredState appends the vector of stored state id to dst.
func (x *Explorer) AppendStoredState(dst []uint32, id StateID) []uint32 {
	return x.plan.appendState(x.store, dst, id)
}

// Restore makes a new explorer continue the search of snap: next
// appends the vector of state i (0, 1, ... in order) to dst. The states
// are inserted into the store in order, so they get their old numbers;
// those from snap.Explored on go into the todo list. Run then continues
// without the initial state's events; the visitors see no event of the
// restored states.
func (x *Explorer) Restore(snap Snapshot, next func(i int, dst []uint32) ([]uint32, error)) error {
	if err := x.CanCheckpoint(); err != nil {
		return err
	}
	if x.store.Len() != 0 || x.ckpt.resumed {
		return errors.New("explore: Restore needs a fresh explorer")
	}
	if snap.States < 1 || snap.Explored < 0 || snap.Explored > snap.States || snap.LevelUp < snap.Explored || snap.LevelUp > snap.States || snap.Level < 1 {
		return fmt.Errorf("inconsistent checkpoint counters: %d states, %d explored, level %d ending at %d", snap.States, snap.Explored, snap.Level, snap.LevelUp)
	}
	w := x.plan.width
	vec := make([]uint32, 0, w)
	for i := range snap.States {
		var err error
		if vec, err = next(i, vec[:0]); err != nil {
			return err
		}
		if len(vec) != w {
			return fmt.Errorf("state %d has %d values, want %d", i, len(vec), w)
		}
		id, isNew := x.store.Insert(vec)
		if !isNew || int(id) != i {
			return fmt.Errorf("state %d of the checkpoint is stored twice", i)
		}
		if i >= snap.Explored {
			x.todo.push(id, vec)
		}
	}
	x.explored, x.transitions, x.level, x.levelUp = snap.Explored, snap.Transitions, snap.Level, snap.LevelUp
	x.ckpt.resumed = true
	return nil
}
