package confluence

import (
	"testing"

	"github.com/lps2lts/lps2lts/explore"
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

// TestThreadsSameReducedLTS: with 2 and 4 threads, each worker finding
// representatives on its own fork, the reduced LTS and its state numbers
// are those of one thread, in breadth-first and highway search, with the
// table and the tree store; the forks did the searches.
func TestThreadsSameReducedLTS(t *testing.T) {
	for _, opt := range []explore.Options{{}, {Strategy: explore.Highway, TodoMax: 200}, {MaxStates: 1500}} {
		for _, tree := range []bool{false, true} {
			run := func(threads int) (explore.Result, string, *Generator) {
				o := opt
				o.Threads = threads
				o.Store = store.NewTableStore(5)
				if tree {
					o.Store = store.NewTreeStore(5)
				}
				return confluentRun(t, threadsLPS, "ctau", o)
			}
			r1, want, c1 := run(1)
			if r1.States < 1000 || c1.Stats().Moved == 0 {
				t.Fatalf("%+v: %d states, %+v: too few for the threads, or no reduction", opt, r1.States, c1.Stats())
			}
			for _, threads := range []int{2, 4} {
				r, got, c := run(threads)
				if r != r1 || got != want {
					t.Errorf("%+v, tree %v, %d threads: %+v, want %+v; same .aut %v", opt, tree, threads, r, r1, got == want)
				}
				searched := 0
				for _, f := range c.forks {
					searched += f.stats.Searches
				}
				if len(c.forks) != threads || searched == 0 {
					t.Errorf("%+v, %d threads: %d forks did %d searches", opt, threads, len(c.forks), searched)
				}
				if s, s1 := c.Stats(), c1.Stats(); s.Searches < s1.Searches {
					t.Errorf("%d threads: %+v searches, one thread %+v", threads, s, s1)
				}
			}
		}
	}
}
