package lpsgen

import (
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/corpus"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/store"
)

// TestGuardCacheBound: guard caches bounded far below what they would
// hold on dining3 (the whole cache, about 500 KB, under the default bound)
// are emptied at the bound, stay near it, and give the same state space
// as no guard cache; the enumeration caches of --cached likewise.
func TestGuardCacheBound(t *testing.T) {
	spec, err := load.File(corpus.Model(t, "plain", "ex.academic.dining.dining3"))
	if err != nil {
		t.Fatal(err)
	}
	run := func(opt Options) (explore.Result, CacheBytes) {
		// Without summand selection every summand's condition is
		// looked up in every state, and the caches hold the most (with
		// it, dining3's hold 67 KB).
		opt.NoControlFlow = true
		g, err := New(spec, opt)
		if err != nil {
			t.Fatal(err)
		}
		r, err := explore.New(g, explore.Options{Store: store.NewTableStore(g.Width())}).Run()
		if err != nil {
			t.Fatal(err)
		}
		return r, g.CacheBytes()
	}
	want, _ := run(Options{NoGuardCache: true})
	_, whole := run(Options{})
	if whole.Guard < 1<<18 || whole.Flushes != 0 {
		t.Fatalf("default bound: %d bytes of guard cache, %d flushes; want the whole cache, over 256 KB", whole.Guard, whole.Flushes)
	}
	bound := whole.Guard / 4
	got, cb := run(Options{GuardCacheBytes: bound, Cached: true, EnumCacheBytes: 1 << 10})
	if got.States != want.States || got.Transitions != want.Transitions {
		t.Errorf("bounded caches: %d states, %d transitions; want %d, %d", got.States, got.Transitions, want.States, want.Transitions)
	}
	if cb.Flushes == 0 || cb.Guard > bound || cb.GuardMax != bound {
		t.Errorf("guard caches: %d bytes of %d, %d flushes; want at most the bound and some flushes", cb.Guard, cb.GuardMax, cb.Flushes)
	}
	if cb.Enumeration > 1<<10*len(spec.Summands) {
		t.Errorf("enumeration caches: %d bytes, over the bound of %d bytes each", cb.Enumeration, 1<<10)
	}
}
