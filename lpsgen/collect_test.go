package lpsgen

import (
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/store"
	"github.com/lps2lts/lps2lts/visitor"
)

// collectRun explores the first maxStates states of file breadth-first
// with the store mk makes and the term store collected as min says
// (explore.Options.TermCollectMin), and returns the .aut text, the
// printed values of every stored state (read from the store after the
// search, so that a state whose terms were given back prints wrongly;
// none for a store that cannot give states back),
// and the collections made, with the given number of threads.
func collectRun(t *testing.T, file string, maxStates, min, threads int, mk func(width int) explore.Store, opt Options) (aut, values string, runs, freed int) {
	t.Helper()
	g := fileGenerator(t, file, opt)
	st := mk(g.Width())
	x := explore.New(g, explore.Options{MaxStates: maxStates, Store: st, TermCollectMin: min, Threads: threads})
	if n, why := x.Threads(); n != threads {
		t.Fatalf("the search runs on %d threads (%s); the test needs %d", n, why, threads)
	}
	var out strings.Builder
	aw := visitor.NewAutWriter(&out, g.Labels())
	x.AddVisitor(aw)
	res, err := x.Run()
	if err != nil {
		t.Fatal(err)
	}
	if err := aw.Close(res); err != nil {
		t.Fatal(err)
	}
	var b []byte
	if vq, ok := st.(explore.VectorQueueStore); ok && !vq.CanState() {
		runs, freed = x.TermCollections()
		return out.String(), "", runs, freed
	}
	for id := range st.Len() {
		for _, v := range st.State(explore.StateID(id)) {
			b = g.AppendValue(b, v)
			b = append(b, ' ')
		}
		b = append(b, '\n')
	}
	runs, freed = x.TermCollections()
	return out.String(), string(b), runs, freed
}

// TestCollectTermsKeepsTheLTS: collecting the term store after every
// expansion (the permutation puzzle of issue 41, whose swaps make lists
// that no state keeps) gives back terms and changes neither the LTS nor
// the values of the stored states, with either store that keeps vectors,
// with the caches on, and with two threads (whose forks have caches of
// their own and share the term store).
func TestCollectTermsKeepsTheLTS(t *testing.T) {
	file := "testdata/permutations.lps"
	stores := map[string]func(int) explore.Store{
		"tree":  func(w int) explore.Store { return store.NewTreeStore(w) },
		"table": func(w int) explore.Store { return store.NewTableStore(w) },
	}
	for name, mk := range stores {
		for _, opt := range []Options{{}, {Cached: true}} {
			aut, vals, runs, _ := collectRun(t, file, 3000, -1, 1, mk, opt)
			if runs != 0 {
				t.Fatalf("%s: %d collections with collection off", name, runs)
			}
			for threads := 1; threads <= 2; threads++ {
				aut1, vals1, runs1, freed1 := collectRun(t, file, 3000, 1, threads, mk, opt)
				if runs1 == 0 || freed1 == 0 {
					t.Errorf("%s cached=%v threads=%d: %d collections freed %d terms; want some", name, opt.Cached, threads, runs1, freed1)
				}
				if aut1 != aut {
					t.Errorf("%s cached=%v threads=%d: the LTS differs with collection", name, opt.Cached, threads)
				}
				if vals1 != vals {
					t.Errorf("%s cached=%v threads=%d: the stored states' values differ with collection", name, opt.Cached, threads)
				}
			}
		}
	}
}

// TestCollectTermsOnlyWhereSafe: a store of hashes (hash compaction)
// would take a new term for a freed one, so the explorer does not collect
// with one.
func TestCollectTermsOnlyWhereSafe(t *testing.T) {
	file := "testdata/permutations.lps"
	hc := func(int) explore.Store {
		st, err := store.NewHashCompactStore(64, 1<<16, 0, true)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	if _, _, runs, _ := collectRun(t, file, 500, 1, 1, hc, Options{}); runs != 0 {
		t.Errorf("hash compaction: %d collections; want none", runs)
	}
}
