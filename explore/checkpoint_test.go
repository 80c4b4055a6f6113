package explore_test

import (
	"slices"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/exploretest"
	"github.com/lps2lts/lps2lts/store"
)

// savedSearch is a checkpoint held in memory: the snapshot and the
// stored vectors, as cmd/lps2lts writes them to its file.
type savedSearch struct {
	snap explore.Snapshot
	vecs [][]uint32
	// transitions is the number of transitions the recorder had seen
	// when the checkpoint was taken.
	transitions int
}

func save(x *explore.Explorer, rec *exploretest.Record) savedSearch {
	s := savedSearch{snap: x.Snapshot(), transitions: len(rec.Transitions)}
	for i := range s.snap.States {
		s.vecs = append(s.vecs, x.AppendStoredState(nil, explore.StateID(i)))
	}
	return s
}

// TestCheckpointRestore takes checkpoints while a search runs, and
// continues each in a fresh explorer (other threads, another store): the
// events after the checkpoint, with the events before it, are those of
// the uninterrupted search, and so is the Result.
func TestCheckpointRestore(t *testing.T) {
	gen := exploretest.NewGrid(120, 90)
	newStores := map[string]func() explore.Store{
		"tree":  func() explore.Store { return store.NewTreeStore(2) },
		"table": func() explore.Store { return store.NewTableStore(2) },
	}
	for _, threads := range []int{1, 2} {
		for name, newStore := range newStores {
			want := &exploretest.Record{}
			wantRes, _ := exploretest.Run(t, gen, explore.Options{Store: newStore(), Threads: threads}, want)

			x := explore.New(gen, explore.Options{Store: newStore(), Threads: threads})
			rec := &exploretest.Record{}
			x.AddVisitor(rec)
			var saved []savedSearch
			x.OnCheckpoint(func() error {
				saved = append(saved, save(x, rec))
				return nil
			})
			x.AddVisitor(&every{x: x, n: 1500})
			if _, err := x.Run(); err != nil {
				t.Fatal(err)
			}
			if len(saved) < 3 {
				t.Fatalf("%s/%d threads: %d checkpoints taken", name, threads, len(saved))
			}
			for k, s := range saved {
				other := 3 - threads // resume with the other number of threads
				y := explore.New(gen, explore.Options{Store: newStores["table"](), Threads: other})
				got := &exploretest.Record{Transitions: slices.Clone(want.Transitions[:s.transitions])}
				y.AddVisitor(got)
				if err := y.Restore(s.snap, func(i int, dst []uint32) ([]uint32, error) { return append(dst, s.vecs[i]...), nil }); err != nil {
					t.Fatal(err)
				}
				res, err := y.Run()
				if err != nil {
					t.Fatal(err)
				}
				if res != wantRes {
					t.Fatalf("%s/%d threads, checkpoint %d: %+v, want %+v", name, threads, k, res, wantRes)
				}
				if !slices.Equal(got.Transitions, want.Transitions) {
					t.Fatalf("%s/%d threads, checkpoint %d: the transitions differ", name, threads, k)
				}
			}
		}
	}
}

// every requests a checkpoint every n finished states.
type every struct {
	explore.NopVisitor
	x    *explore.Explorer
	n, k int
}

func (e *every) FinishState(explore.StateID) {
	if e.k++; e.k%e.n == 0 {
		e.x.RequestCheckpoint()
	}
}

// TestCheckpointRefusesOtherSearches: only breadth-first search over a
// store that gives vectors back can be checkpointed.
func TestCheckpointRefusesOtherSearches(t *testing.T) {
	gen := exploretest.NewGrid(5, 5)
	for _, opt := range []explore.Options{
		{Strategy: explore.Depth, Store: store.NewTableStore(2)},
		{Cycles: true, Store: store.NewTableStore(2)},
		{Strategy: explore.Highway, TodoMax: 3, Store: store.NewTableStore(2)},
	} {
		x := explore.New(gen, opt)
		if x.CanCheckpoint() == nil {
			t.Errorf("%+v: checkpointable", opt)
		}
		if err := x.Restore(explore.Snapshot{States: 1, Level: 1, LevelUp: 1}, nil); err == nil {
			t.Errorf("%+v: restored", opt)
		}
	}
	x := explore.New(gen, explore.Options{Store: store.NewTableStore(2)})
	bad := func(i int, dst []uint32) ([]uint32, error) { return append(dst, 0, 0), nil } // every state the same
	if err := x.Restore(explore.Snapshot{States: 2, Level: 1, LevelUp: 1}, bad); err == nil {
		t.Error("a checkpoint with a state twice was restored")
	}
}
