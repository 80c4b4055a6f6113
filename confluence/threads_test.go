package confluence

import (
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/exploretest"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/store"
)

// threadsLPS has wide breadth-first levels (three counters; a todo list
// of fewer than 64 states is expanded on one thread) and confluent ctau
// steps that meet in a diamond (two flags set in either order), with a
// sum in a regular summand: every state handed out is the representative
// of a component of several states.
const threadsLPS = `sort D = struct d1 | d2;
act ctau; a, b: Nat; c: D;
proc P(x: Nat, y: Nat, z: Nat, f: Bool, g: Bool) =
       (!f) -> ctau . P(f = true)
     + (!g) -> ctau . P(g = true)
     + (x < 14) -> a(x) . P(x = x + 1, f = false)
     + (y < 14) -> b(y) . P(y = y + 1, g = false)
     + sum d: D. (z < 10) -> c(d) . P(z = if(d == d1, z + 1, z + 2), f = false, g = false)
     + delta;
init P(0, 0, 0, false, false);
`

// reducedRun explores threadsLPS with confluence reduction on the store
// mk makes for the generator.
func reducedRun(t *testing.T, opt explore.Options, mk func(explore.Generator) explore.Store) (explore.Result, string, *Generator) {
	t.Helper()
	spec, err := load.Text("threads.lps", []byte(threadsLPS))
	if err != nil {
		t.Fatal(err)
	}
	g, err := lpsgen.New(spec, lpsgen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(g, "ctau")
	if err != nil {
		t.Fatal(err)
	}
	opt.Store = mk(c)
	if n, why := explore.New(c, opt).Threads(); n != max(1, opt.Threads) {
		t.Fatalf("%d threads of %d: %s", n, opt.Threads, why)
	}
	r, out := exploretest.Aut(t, c, opt)
	return r, out, c
}

// TestThreadsSameReducedLTS: with 2 and 4 threads, each worker finding
// representatives on its own fork, the reduced LTS and its state numbers
// are those of one thread, in breadth-first and highway search, with the
// table, the tree and the ComBack store (a small cache, so that states are
// rebuilt by replaying the transitions the workers named); the forks did
// the searches.
func TestThreadsSameReducedLTS(t *testing.T) {
	stores := []struct {
		name string
		make func(explore.Generator) explore.Store
	}{
		{"table", func(g explore.Generator) explore.Store { return store.NewTableStore(g.Width()) }},
		{"tree", func(g explore.Generator) explore.Store { return store.NewTreeStore(g.Width()) }},
		{"comback", func(g explore.Generator) explore.Store {
			return store.NewComBackStore(g, store.ComBackOptions{Cache: 8})
		}},
	}
	for _, opt := range []explore.Options{{}, {Strategy: explore.Highway, TodoMax: 200}, {MaxStates: 1500}} {
		for _, st := range stores {
			run := func(threads int) (explore.Result, string, *Generator) {
				o := opt
				o.Threads = threads
				return reducedRun(t, o, st.make)
			}
			r1, want, c1 := run(1)
			if r1.States < 1000 || c1.Stats().Moved == 0 {
				t.Fatalf("%+v: %d states, %+v: too few for the threads, or no reduction", opt, r1.States, c1.Stats())
			}
			for _, threads := range []int{2, 4} {
				r, got, c := run(threads)
				if r != r1 || got != want {
					t.Errorf("%+v, %s, %d threads: %+v, want %+v; same .aut %v", opt, st.name, threads, r, r1, got == want)
				}
				searched := 0
				for _, f := range c.forks {
					searched += f.stats.Searches
				}
				// A fork per thread, and one for the helper of narrow
				// levels (explore/speculate.go) where it ran.
				if len(c.forks) < threads || len(c.forks) > threads+1 || searched == 0 {
					t.Errorf("%+v, %s, %d threads: %d forks did %d searches", opt, st.name, threads, len(c.forks), searched)
				}
			}
		}
	}
}
