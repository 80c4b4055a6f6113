package stochastic

import (
	"slices"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/store"
)

// Models whose breadth-first levels are wide enough for the threads to
// take part (a todo list of fewer than 64 states is expanded on one
// thread): distributions over a finite sort, over Nat narrowed by the
// probability in each state (the forks' scratch), and with time tags
// (the forks' clocks).
var threadModels = map[string]string{
	"finite-and-narrowed": `act a, b: Nat; c;
proc P(x: Nat, y: Nat, z: Nat) =
    (x < 14) -> a(x) . dist k: Bool[if(k, 1/3, 2/3)] . P(x = x + 1, y = if(k, y, (y + 1) mod 14))
  + (y < 12) -> b(y) . dist n: Nat[if(n < 3, 1/3, 0)] . P(y = y + n)
  + (z < 10) -> c . P(z = z + 1)
  + delta;
init dist h: Bool[1/2] . P(if(h, 0, 1), 0, 0);
`,
	"timed": `act a: Nat; b, c;
proc P(x: Nat, y: Nat, z: Nat) =
    (x < 14) -> a(x) @ (x + y + 1) . dist k: Bool[if(k, 1/4, 3/4)] . P(x = x + 1, z = if(k, z, (z + 1) mod 10))
  + (y < 14) -> b @ (x + y + 1) . P(y = y + 1)
  + (z < 9) -> c . P(z = z + 1)
  + delta;
init P(0, 0, 0);
`,
}

// threadsRun explores src with the given threads and store and returns
// the distributions as text, the probabilistic .aut, and how many
// generators the explorer made (the forks).
func threadsRun(t *testing.T, src string, threads int, mkStore func(int) explore.Store) ([]string, string, explore.Result, int) {
	t.Helper()
	spec, err := load.Text("threads.lps", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	base, err := lpsgen.New(spec, lpsgen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(base, Options{})
	if err != nil {
		t.Fatal(err)
	}
	forks := 0
	fg := &forkCounter{Generator: g, forks: &forks}
	x := explore.New(fg, explore.Options{Threads: threads, Store: mkStore(g.Width())})
	if n, why := x.Threads(); n != threads {
		t.Fatalf("%d threads of %d: %s", n, threads, why)
	}
	rec := &distRecorder{labels: g.Labels(), probs: g.Probabilities()}
	var out strings.Builder
	aw := NewAutWriter(&out, g.Labels(), g.Probabilities())
	x.AddVisitor(rec)
	x.AddVisitor(aw)
	r, err := x.Run()
	if err != nil {
		t.Fatal(err)
	}
	if err := aw.Close(r); err != nil {
		t.Fatal(err)
	}
	return rec.lines, out.String(), r, forks
}

// forkCounter counts the forks the explorer makes of a Generator.
type forkCounter struct {
	*Generator
	forks *int
}

func (f *forkCounter) Fork() explore.Generator {
	*f.forks++ // the explorer forks from its own goroutine
	return f.Generator.Fork()
}

// TestThreadsSameDistributions: with 2 and 4 threads a stochastic model
// gives the distributions and the .aut of one thread, byte for byte,
// with the table and the tree store (whose keys of a distribution's
// states are folded per state, not per transition).
func TestThreadsSameDistributions(t *testing.T) {
	stores := map[string]func(int) explore.Store{
		"table": func(w int) explore.Store { return store.NewTableStore(w) },
		"tree":  func(w int) explore.Store { return store.NewTreeStore(w) },
	}
	for name, src := range threadModels {
		for sname, mk := range stores {
			want, wantAut, r1, _ := threadsRun(t, src, 1, mk)
			if r1.States < 1000 {
				t.Fatalf("%s: %d states: too few for the threads", name, r1.States)
			}
			for _, threads := range []int{2, 4} {
				got, aut, r, forks := threadsRun(t, src, threads, mk)
				if r != r1 || !slices.Equal(got, want) || aut != wantAut {
					t.Errorf("%s/%s, %d threads: %+v, want %+v; same distributions %v, same .aut %v", name, sname, threads, r, r1, slices.Equal(got, want), aut == wantAut)
				}
				if forks != threads {
					t.Errorf("%s/%s: %d forks for %d threads", name, sname, forks, threads)
				}
			}
		}
	}
}
