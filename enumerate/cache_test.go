package enumerate

import (
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/rewrite"
)

// cacheEnv is a condition n < m && (b || n != 1) over sum variables n, b
// and a parameter m, rewritten for m = 4.
type cacheEnv struct {
	r    *rewrite.Rewriter
	en   *Enumerator
	n, b *lps.Var
	cond rewrite.Term // rewritten under m = 4
	s    *rewrite.Subst
}

func newCacheEnv(t testing.TB) *cacheEnv {
	e := newEnv()
	n := &lps.Var{Name: "n", S: e.Nat}
	b := &lps.Var{Name: "b", S: e.Bool}
	m := &lps.Var{Name: "m", S: e.Nat}
	cond := e.op(lps.OpAnd, e.Bool, e.op(lps.OpLt, e.Bool, ref(n), ref(m)),
		e.op(lps.OpOr, e.Bool, ref(b), e.op(lps.OpNeq, e.Bool, ref(n), num(e.Nat, 1))))
	r, err := rewrite.New(e.spec)
	if err != nil {
		t.Fatal(err)
	}
	s := r.NewSubst()
	four, err := r.Rewrite(r.Translate(num(e.Nat, 4)), nil)
	if err != nil {
		t.Fatal(err)
	}
	s.Set(r.VarTerm(m), four)
	c, err := r.Rewrite(r.Translate(cond), s)
	if err != nil {
		t.Fatal(err)
	}
	return &cacheEnv{r: r, en: New(r), n: n, b: b, cond: c, s: s}
}

func (ce *cacheEnv) run(t testing.TB, c *Cache, vars []*lps.Var, stopAfter int) string {
	var out []string
	err := ce.en.EnumerateCached(c, vars, ce.cond, ce.s, func(vals []rewrite.Term) bool {
		var parts []string
		for _, v := range vals {
			parts = append(parts, ce.r.String(v))
		}
		out = append(out, strings.Join(parts, ","))
		return len(out) != stopAfter
	})
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(out, " ")
}

// TestCache checks that cached enumerations give the uncached solutions
// in the same order, that the key tells variable lists apart, and that an
// enumeration stopped by its callback is not stored.
func TestCache(t *testing.T) {
	ce := newCacheEnv(t)
	nb := []*lps.Var{ce.n, ce.b}
	bn := []*lps.Var{ce.b, ce.n}
	want := ce.run(t, nil, nb, -1)
	// b is bound before n in either list (mCRL2's binding order: finite
	// sorts first), so n varies fastest.
	if want != "0,true 1,true 2,true 3,true 0,false 2,false 3,false" {
		t.Fatalf("uncached: %s", want)
	}
	wantBN := ce.run(t, nil, bn, -1)
	c := NewCache()
	for i := 0; i < 3; i++ {
		if got := ce.run(t, c, nb, -1); got != want {
			t.Errorf("round %d: got %q, want %q", i, got, want)
		}
		if got := ce.run(t, c, bn, -1); got != wantBN {
			t.Errorf("round %d, other variable order: got %q, want %q", i, got, wantBN)
		}
	}
	if h, m := c.Stats(); h != 4 || m != 2 {
		t.Errorf("hits, misses = %d, %d; want 4, 2", h, m)
	}
	// Stopped early: the partial answer is not cached.
	c = NewCache()
	if got := ce.run(t, c, nb, 2); got != "0,true 1,true" {
		t.Errorf("stopped: %q", got)
	}
	if got := ce.run(t, c, nb, -1); got != want {
		t.Errorf("after a stopped enumeration: got %q, want %q", got, want)
	}
	if got := ce.run(t, c, nb, 3); got != "0,true 1,true 2,true" {
		t.Errorf("stopped hit: %q", got)
	}
	if h, m := c.Stats(); h != 1 || m != 2 {
		t.Errorf("hits, misses = %d, %d; want 1, 2", h, m)
	}
}

// TestCacheHitAllocs checks that answering from the cache allocates
// nothing.
func TestCacheHitAllocs(t *testing.T) {
	ce := newCacheEnv(t)
	vars := []*lps.Var{ce.n, ce.b}
	c := NewCache()
	count := 0
	yield := func([]rewrite.Term) bool { count++; return true }
	if err := ce.en.EnumerateCached(c, vars, ce.cond, ce.s, yield); err != nil {
		t.Fatal(err)
	}
	if a := testing.AllocsPerRun(100, func() {
		ce.en.EnumerateCached(c, vars, ce.cond, ce.s, yield)
	}); a != 0 {
		t.Errorf("cache hit: %v allocations", a)
	}
}

// BenchmarkEnumerate measures enumerations per second of one condition
// with and without a cache (every call after the first is a hit).
func BenchmarkEnumerate(b *testing.B) {
	for _, cached := range []bool{false, true} {
		name := "uncached"
		if cached {
			name = "cached"
		}
		b.Run(name, func(b *testing.B) {
			ce := newCacheEnv(b)
			vars := []*lps.Var{ce.n, ce.b}
			var c *Cache
			if cached {
				c = NewCache()
			}
			yield := func([]rewrite.Term) bool { return true }
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if err := ce.en.EnumerateCached(c, vars, ce.cond, ce.s, yield); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "enumerations/s")
		})
	}
}

// TestCacheBounded: a cache that reaches its bound is emptied and goes on
// answering correctly.
func TestCacheBounded(t *testing.T) {
	ce := newCacheEnv(t)
	nb := []*lps.Var{ce.n, ce.b}
	bn := []*lps.Var{ce.b, ce.n}
	want, wantBN := ce.run(t, nil, nb, -1), ce.run(t, nil, bn, -1)
	one := NewCache()
	ce.run(t, one, nb, -1)
	c := NewCacheBytes(one.Bytes()) // one entry fits: every second key flushes
	for i := 0; i < 3; i++ {
		if got := ce.run(t, c, nb, -1); got != want {
			t.Errorf("round %d: got %q, want %q", i, got, want)
		}
		if got := ce.run(t, c, bn, -1); got != wantBN {
			t.Errorf("round %d, other variable order: got %q, want %q", i, got, wantBN)
		}
	}
	if h, m := c.Stats(); h != 0 || m != 6 || c.Flushes() != 5 || len(c.entries) != 1 {
		t.Errorf("hits, misses, flushes, entries = %d, %d, %d, %d; want 0, 6, 5, 1", h, m, c.Flushes(), len(c.entries))
	}
	if c.Bytes() > c.MaxBytes() {
		t.Errorf("%d bytes over the bound of %d", c.Bytes(), c.MaxBytes())
	}
	c = NewCacheBytes(entryBytes + 12) // less than one enumeration's solutions: nothing is kept
	for i := 0; i < 2; i++ {
		if got := ce.run(t, c, nb, -1); got != want {
			t.Errorf("round %d: got %q, want %q", i, got, want)
		}
	}
	if h, m := c.Stats(); h != 0 || m != 2 || len(c.entries) != 0 || len(c.vals) != 0 {
		t.Errorf("hits, misses, entries, terms = %d, %d, %d, %d; want 0, 2, 0, 0", h, m, len(c.entries), len(c.vals))
	}
}
