package lpsgen

import (
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/corpus"
	"github.com/lps2lts/lps2lts/internal/exploretest"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/store"
)

// stepSpec reads its labels and next values from parameters, sum
// variables, a where clause and a lambda whose bound variable shadows
// nothing the key holds: a step cache whose key missed any of them would
// give one transition's label or target to another. Summand 2 keeps m
// and assigns n from a sum variable (the key is the sum variable alone);
// summand 3 has no data argument but an assignment.
const stepSpec = `sort D = struct d1 | d2 | d3;
act a: Nat # D; b: Nat; c;
proc P(n: Nat, m: Nat, e: D) =
  sum x: Nat. (x < 3 && n < 6) -> a(n + x, e) . P(n = (y whr y = n + x end) mod 7, e = if(x == 1, d2, d3))
+ sum z: Nat. (z < 2) -> b(z) . P(n = z)
+ (m < 4) -> c . P(m = (lambda w: Nat. w + 1)(m))
+ delta;
init P(0, 0, d1);
`

// TestStepCacheSameLTS: with step caches the LTS is the same, byte for
// byte, as without them, on stepSpec, the examples and a few corpus
// models, and the caches are used (they hit).
func TestStepCacheSameLTS(t *testing.T) {
	type model struct {
		name string
		spec *lps.Spec
	}
	models := []model{{"stepSpec", parseSource(t, "step.lps", stepSpec)}}
	for _, f := range modelFiles("merc.onebit", "ex.academic.dining.dining_3", "ex.project.wafer_stepper") {
		s, err := load.File(f)
		if err != nil {
			t.Fatal(err)
		}
		if !timedOrStochastic(s) {
			models = append(models, model{f, s})
		}
	}
	for _, m := range models {
		run := func(opt Options) (explore.Result, string, CacheStats) {
			g := newGenerator(t, m.spec, opt)
			r, aut := exploretest.Aut(t, g, explore.Options{MaxStates: 30000})
			return r, aut, g.StepStats()
		}
		want, wantAut, off := run(Options{NoStepCache: true})
		got, gotAut, st := run(Options{})
		if got != want || gotAut != wantAut {
			t.Errorf("%s: with step caches %+v, without %+v; same .aut: %v", m.name, got, want, gotAut == wantAut)
		}
		if off.Summands != 0 || st.Summands == 0 || st.Hits == 0 {
			t.Errorf("%s: step caches %+v (without: %+v); want caches that hit", m.name, st, off)
		}
	}
}

// TestStepCacheKeys: the key of stepSpec's first summand holds n, x
// and e (and y, the where clause's variable); its second summand's only
// z; its third's m and w.
func TestStepCacheKeys(t *testing.T) {
	g := newGenerator(t, parseSource(t, "step.lps", stepSpec), Options{})
	for k, want := range [][]string{{"n", "x", "e", "y"}, {"z"}, {"m", "w"}} {
		c := g.summands[k].steps
		var names []string
		for _, v := range c.vars {
			name, _ := g.r.IsVar(v)
			names = append(names, name.Name)
		}
		if !sameNames(names, want) {
			t.Errorf("summand %d: key %v, want %v", k+1, names, want)
		}
	}
}

// TestStepCacheKeysLeaveOutGlobals: a global variable, which the
// rewriter replaces by its default value, is no part of a key (the
// summand of parallel_counting that sets its counter reads two).
func TestStepCacheKeysLeaveOutGlobals(t *testing.T) {
	src := `act set: Nat;
glob dc, dc1: Nat;
proc P(x: Nat, y: Nat) = (x < 3) -> set(x + y) . P(x = x + 1, y = dc) + delta;
init P(0, dc1);
`
	g := newGenerator(t, parseSource(t, "glob.lps", src), Options{})
	var names []string
	for _, v := range g.summands[0].steps.vars {
		name, _ := g.r.IsVar(v)
		names = append(names, name.Name)
	}
	if !sameNames(names, []string{"x", "y"}) {
		t.Errorf("key %v, want [x y]", names)
	}
}

func sameNames(a, b []string) bool {
	seen := map[string]int{}
	for _, s := range a {
		seen[s]++
	}
	for _, s := range b {
		seen[s]--
	}
	for _, n := range seen {
		if n != 0 {
			return false
		}
	}
	return true
}

// TestStepCacheTrial: a summand whose key never repeats (a counter it
// increments and shows) drops its cache after the trial, and the LTS is
// the one without step caches.
func TestStepCacheTrial(t *testing.T) {
	src := `act a: Nat;
proc P(n: Nat) = (n < 5000) -> a(n) . P(n = n + 1) + delta;
init P(0);
`
	g := newGenerator(t, parseSource(t, "count.lps", src), Options{})
	r, err := explore.New(g, explore.Options{Store: store.NewTableStore(g.Width())}).Run()
	if err != nil {
		t.Fatal(err)
	}
	st := g.StepStats()
	if r.States != 5001 || st.Off != 1 || st.Bytes != 0 || st.Lookups > stepTrial+1 {
		t.Errorf("%d states; step caches %+v; want 5001 states and the one cache dropped after %d lookups", r.States, st, stepTrial)
	}
}

// TestStepCacheBound: step caches bounded far below what dining_3's would
// hold are emptied at the bound, stay under it, and give the same LTS.
func TestStepCacheBound(t *testing.T) {
	spec, err := load.File(corpus.Model(t, "plain", "ex.academic.dining.dining3"))
	if err != nil {
		t.Fatal(err)
	}
	run := func(opt Options) (explore.Result, string, CacheBytes) {
		g := newGenerator(t, spec, opt)
		r, aut := exploretest.Aut(t, g, explore.Options{})
		return r, aut, g.CacheBytes()
	}
	want, wantAut, _ := run(Options{NoStepCache: true})
	_, _, whole := run(Options{})
	if whole.Step < 1<<14 || whole.Flushes != 0 {
		t.Fatalf("default bound: %d bytes of step caches, %d flushes; want the whole caches, over 16 KB", whole.Step, whole.Flushes)
	}
	bound := whole.Step / 4
	got, gotAut, cb := run(Options{GuardCacheBytes: bound})
	if got != want || gotAut != wantAut {
		t.Errorf("bounded step caches: %+v, without: %+v; same .aut: %v", got, want, gotAut == wantAut)
	}
	if cb.Flushes == 0 || cb.Step > bound || cb.StepMax != bound {
		t.Errorf("step caches: %d bytes of %d, %d flushes; want at most the bound and some flushes", cb.Step, cb.StepMax, cb.Flushes)
	}
}

// parseSource parses the LPS text src, named name.
func parseSource(t *testing.T, name, src string) *lps.Spec {
	t.Helper()
	spec, err := load.Text(name, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return spec
}

// newGenerator is New, failing the test on an error.
func newGenerator(t *testing.T, spec *lps.Spec, opt Options) *Generator {
	t.Helper()
	g, err := New(spec, opt)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
