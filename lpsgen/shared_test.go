package lpsgen

import (
	"fmt"
	"sync"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lps"
)

// sharedModels are specifications with guards over parameters, sums,
// labels with data and assignments: stepSpec and two examples.
func sharedModels(t *testing.T) map[string]*lps.Spec {
	models := map[string]*lps.Spec{"stepSpec": parseSource(t, "step.lps", stepSpec)}
	for _, f := range []string{"../examples/dining3.lps", "../examples/abp.lps"} {
		models[f] = fileGenerator(t, f, Options{}).Spec()
	}
	return models
}

// reachable returns the first max states of g's state space, breadth
// first.
func reachable(t *testing.T, g *Generator, max int) [][]uint32 {
	t.Helper()
	init, err := g.Initial(nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{fmt.Sprint(init): true}
	states := [][]uint32{init}
	for i := 0; i < len(states) && len(states) < max; i++ {
		err := g.Successors(states[i], func(_ explore.LabelID, next []uint32) {
			if k := fmt.Sprint(next); !seen[k] && len(states) < max {
				seen[k] = true
				states = append(states, append([]uint32(nil), next...))
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return states
}

// transitions prints the transitions of state as g computes them, in
// order, with the values of the next states (term ids differ between
// generators made by New).
func transitions(g *Generator, state []uint32) (string, error) {
	var b []byte
	err := g.Successors(state, func(l explore.LabelID, next []uint32) {
		b = append(b, g.Labels().Text(l)...)
		for _, v := range next {
			b = g.AppendValue(append(b, ' '), v)
		}
		b = append(b, '\n')
	})
	return string(b), err
}

// allTransitions returns the transitions of each of states as g
// computes them (transitions).
func allTransitions(t *testing.T, g *Generator, states [][]uint32) []string {
	t.Helper()
	all := make([]string, len(states))
	for i, s := range states {
		tr, err := transitions(g, s)
		if err != nil {
			t.Fatal(err)
		}
		all[i] = tr
	}
	return all
}

// TestForkFindsWhatAnotherComputed: after one fork computed the
// transitions of some states, a second fork computing those states finds
// every outcome its own caches miss in the shared tables (a hit for each
// guard and step lookup, so it rewrites no condition and no step), and
// the transitions are the same. A generator that is never forked has no
// shared table.
func TestForkFindsWhatAnotherComputed(t *testing.T) {
	for name, spec := range sharedModels(t) {
		g := newGenerator(t, spec, Options{})
		states := reachable(t, g, 200)
		if gs := g.GuardStats(); gs.SharedLookups != 0 || g.sharedGuards != nil || g.sharedSteps != nil {
			t.Fatalf("%s: a generator never forked has shared tables (%+v)", name, gs)
		}
		a, b := g.Fork().(*Generator), g.Fork().(*Generator)
		var want []string
		for _, s := range states {
			tr, err := transitions(a, s)
			if err != nil {
				t.Fatal(err)
			}
			want = append(want, tr)
		}
		if st := a.GuardStats(); st.SharedHits != 0 || st.SharedLookups == 0 {
			t.Errorf("%s: the first fork: %+v; want lookups in the shared tables and no hit", name, st)
		}
		for i, s := range states {
			got, err := transitions(b, s)
			if err != nil {
				t.Fatal(err)
			}
			if got != want[i] {
				t.Fatalf("%s: state %v: the second fork gives\n%s, the first\n%s", name, s, got, want[i])
			}
		}
		for kind, st := range map[string]CacheStats{"guard": b.GuardStats(), "step": b.StepStats()} {
			misses := st.Lookups - st.Hits
			if st.SharedLookups == 0 || st.SharedLookups != misses || st.SharedHits != misses {
				t.Errorf("%s: the second fork's %s caches: %+v; want every miss found in the shared tables", name, kind, st)
			}
		}
	}
}

// TestForksShareConcurrently: four forks computing the same states at
// once, each in another order, give the transitions of the unforked
// generator; the shared tables are found and published concurrently
// (run under -race), and stay within their bound, set low enough that
// they are emptied where they would hold more.
func TestForksShareConcurrently(t *testing.T) {
	for name, spec := range sharedModels(t) {
		var unbounded int64 // the bytes of the shared guard tables without a bound
		for _, bound := range []int{0, 256} {
			// The states and the transitions as g computes them before
			// it is forked (the forks share its term store).
			g := newGenerator(t, spec, Options{GuardCacheBytes: bound})
			states := reachable(t, g, 400)
			want := allTransitions(t, g, states)
			const forks = 4
			var wg sync.WaitGroup
			errs := make([]error, forks)
			for k := range forks {
				f := g.Fork().(*Generator)
				wg.Add(1)
				go func() {
					defer wg.Done()
					for j := range states {
						i := (j + k*len(states)/forks) % len(states)
						got, err := transitions(f, states[i])
						if err == nil && got != want[i] {
							err = fmt.Errorf("state %v: fork %d gives\n%s, want\n%s", states[i], k, got, want[i])
						}
						if err != nil {
							errs[k] = err
							return
						}
					}
				}()
			}
			wg.Wait()
			for _, err := range errs {
				if err != nil {
					t.Fatalf("%s, bound %d: %v", name, bound, err)
				}
			}
			gs, ss := g.GuardStats(), g.StepStats()
			if gs.SharedHits == 0 || ss.SharedHits == 0 {
				t.Errorf("%s, bound %d: no fork found anything in the shared tables: guards %+v, steps %+v", name, bound, gs, ss)
			}
			for kind, b := range map[string]*sharedBudget{"guard": g.sharedGuards, "step": g.sharedSteps} {
				max := int64(g.guardBudget.max)
				if used := b.used.Load(); used > max || b.max != max {
					t.Errorf("%s: shared %s tables: %d bytes, bound %d; want at most %d", name, kind, used, b.max, max)
				}
			}
			if bound == 0 {
				unbounded = g.sharedGuards.used.Load()
			} else if unbounded > int64(bound) && g.sharedGuards.flushes.Load() == 0 {
				t.Errorf("%s: shared guard tables: %d bytes without a bound, and no flush at a bound of %d bytes", name, unbounded, bound)
			}
		}
	}
}

// TestCollectTermsEmptiesSharedTables: a collection of terms empties the
// shared tables, whose entries are terms it does not keep.
func TestCollectTermsEmptiesSharedTables(t *testing.T) {
	g := newGenerator(t, parseSource(t, "step.lps", stepSpec), Options{})
	f := g.Fork().(*Generator)
	for _, s := range reachable(t, f, 50) {
		if _, err := transitions(f, s); err != nil {
			t.Fatal(err)
		}
	}
	if g.sharedGuards.used.Load() == 0 || g.sharedSteps.used.Load() == 0 {
		t.Fatal("the shared tables are empty before the collection")
	}
	g.CollectTerms(func(func(uint32)) {})
	if u, v := g.sharedGuards.used.Load(), g.sharedSteps.used.Load(); u != 0 || v != 0 {
		t.Errorf("after a collection the shared tables hold %d and %d bytes", u, v)
	}
	for k := range g.summands {
		if c := g.summands[k].guard.shared; len(c.entries) != 0 {
			t.Errorf("summand %d: %d shared guard entries after a collection", k+1, len(c.entries))
		}
	}
}

// TestForkAloneLeavesSharedTables: a fork whose caches do not share
// (ShareCaches(false), the speculating helper's) neither looks in nor
// publishes to the shared tables, and gives the same transitions; once
// it shares again, what it computes from then on is published, and a
// second fork finds it there.
func TestForkAloneLeavesSharedTables(t *testing.T) {
	for name, spec := range sharedModels(t) {
		g := newGenerator(t, spec, Options{})
		states := reachable(t, g, 200)
		want := allTransitions(t, g, states)
		a := g.Fork().(*Generator)
		a.ShareCaches(false)
		half := len(states) / 2
		for i, s := range states[:half] {
			if got, err := transitions(a, s); err != nil || got != want[i] {
				t.Fatalf("%s: state %v alone: %q, %v; want %q", name, s, got, err, want[i])
			}
		}
		if gs, ss := a.GuardStats(), a.StepStats(); gs.SharedLookups != 0 || ss.SharedLookups != 0 {
			t.Errorf("%s: a fork alone looked in the shared tables: guards %+v, steps %+v", name, gs, ss)
		}
		if u, v := g.sharedGuards.used.Load(), g.sharedSteps.used.Load(); u != 0 || v != 0 {
			t.Errorf("%s: a fork alone published %d and %d bytes", name, u, v)
		}
		a.ShareCaches(true)
		before := a.GuardStats()
		for i, s := range states[half:] {
			if got, err := transitions(a, s); err != nil || got != want[half+i] {
				t.Fatalf("%s: state %v shared: %q, %v; want %q", name, s, got, err, want[half+i])
			}
		}
		after := a.GuardStats()
		misses := (after.Lookups - after.Hits) - (before.Lookups - before.Hits)
		if misses == 0 {
			t.Fatalf("%s: the second half of the states missed no guard cache: the test shows nothing", name)
		}
		if after.SharedLookups != misses || g.sharedGuards.used.Load() == 0 {
			t.Errorf("%s: a fork sharing again: %d misses, %d shared lookups, %d bytes published", name, misses, after.SharedLookups, g.sharedGuards.used.Load())
		}
		b := g.Fork().(*Generator)
		for i, s := range states[half:] {
			if got, err := transitions(b, s); err != nil || got != want[half+i] {
				t.Fatalf("%s: state %v, second fork: %q, %v; want %q", name, s, got, err, want[half+i])
			}
		}
		if gs := b.GuardStats(); gs.SharedHits == 0 {
			t.Errorf("%s: the second fork found nothing the first published: %+v", name, gs)
		}
	}
}
