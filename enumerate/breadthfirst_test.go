package enumerate

import (
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/rewrite"
)

// listEnv is a structured sort D = struct d1 | d2 | d3, a list variable l
// over it and a rewriter.
type listEnv struct {
	e  *env
	l  *lps.Var
	r  *rewrite.Rewriter
	en *Enumerator
}

func newListEnv(t testing.TB) *listEnv {
	e := newEnv()
	D := &lps.Sort{Kind: lps.SortStruct, Name: "D"}
	for i, n := range []string{"d1", "d2", "d3"} {
		D.Constructors = append(D.Constructors, &lps.Func{Name: n, Sort: D, Kind: lps.FuncConstructor, Index: i})
	}
	r, err := rewrite.New(e.spec)
	if err != nil {
		t.Fatal(err)
	}
	return &listEnv{e: e, l: &lps.Var{Name: "l", S: &lps.Sort{Kind: lps.SortList, Elem: D}}, r: r, en: New(r)}
}

// lengthAtMost is the condition #l <= n.
func (le *listEnv) lengthAtMost(n int64) rewrite.Term {
	return le.r.Translate(le.e.op(lps.OpLe, le.e.Bool, le.e.op(lps.OpCount, le.e.Nat, ref(le.l)), num(le.e.Nat, n)))
}

// collect enumerates l under cond, stopping after stop solutions (0: all)
// or when CutUnbounded is called at solution cutAt (0: never).
func (le *listEnv) collect(cache *Cache, cond rewrite.Term, stop, cutAt int) ([]string, error) {
	var out []string
	err := le.en.EnumerateCached(cache, []*lps.Var{le.l}, cond, nil, func(vals []rewrite.Term) bool {
		out = append(out, le.r.String(vals[0]))
		if len(out) == cutAt {
			le.en.CutUnbounded()
		}
		return len(out) != stop
	})
	return out, err
}

// TestListsBreadthFirst: a list variable is enumerated breadth-first, as
// mCRL2 does: all lists of one length before the longer ones, each
// element in constructor order, the first element varying slowest. An
// infinite sum gives its solutions one at a time, so its consumer can
// stop.
func TestListsBreadthFirst(t *testing.T) {
	le := newListEnv(t)
	got, err := le.collect(nil, le.lengthAtMost(2), 0, 0)
	want := "[] [d1] [d2] [d3] [d1, d1] [d1, d2] [d1, d3] [d2, d1] [d2, d2] [d2, d3] [d3, d1] [d3, d2] [d3, d3]"
	if err != nil || strings.Join(got, " ") != want {
		t.Errorf("#l <= 2: got %q, %v; want %q", strings.Join(got, " "), err, want)
	}
	got, err = le.collect(nil, le.r.True(), 6, 0)
	if want := "[] [d1] [d2] [d3] [d1, d1] [d1, d2]"; err != nil || strings.Join(got, " ") != want {
		t.Errorf("every list, the first 6: got %q, %v; want %q", strings.Join(got, " "), err, want)
	}
}

// TestCutUnbounded: after CutUnbounded an infinite sum that no conjunct
// bounds ends (at HeldLimit) with the solutions found before the cut,
// without an error and without being cached; a bounded one is enumerated
// whole.
func TestCutUnbounded(t *testing.T) {
	le := newListEnv(t)
	c := NewCache()
	got, err := le.collect(c, le.r.True(), 0, 3)
	if err != nil || len(got) != 3 {
		t.Fatalf("cut at the third solution: got %v, %v", got, err)
	}
	if got, err := le.collect(c, le.r.True(), 0, 0); err != nil || len(got) != 0 {
		t.Errorf("an unbounded sum after the cut: got %v, %v", got, err)
	}
	if hits, _ := c.Stats(); hits != 0 {
		t.Errorf("a cut enumeration was cached: %d hits", hits)
	}
	if got, err := le.collect(c, le.lengthAtMost(1), 0, 0); err != nil || len(got) != 4 {
		t.Errorf("#l <= 1 after the cut: got %v, %v; want its 4 lists", got, err)
	}
}

// TestCutHoldsFiniteSums: a sum that no conjunct visibly bounds may still
// be finite (!(1 < #l) has four solutions); after CutUnbounded its
// solutions are held and, since it ends within HeldLimit, all delivered,
// in order: a cut never drops a finite sum's solutions (mCRL2 gives them
// all). The infinite sum cut at the same point ends there.
func TestCutHoldsFiniteSums(t *testing.T) {
	le := newListEnv(t)
	e := le.e
	cond := le.r.Translate(e.op(lps.OpNot, e.Bool, e.op(lps.OpLt, e.Bool, num(e.Nat, 1), e.op(lps.OpCount, e.Nat, ref(le.l)))))
	if rc, err := le.r.Rewrite(cond, nil); err != nil || !le.r.SumUnbounded([]rewrite.Term{le.r.VarTerm(le.l)}, rc) {
		t.Fatalf("%s should look unbounded to the cut (%v)", le.r.String(rc), err)
	}
	const all = "[] [d1] [d2] [d3]"
	got, err := le.collect(nil, cond, 0, 2)
	if err != nil || strings.Join(got, " ") != all || le.en.Cut() {
		t.Errorf("cut at the second solution: got %q, %v, Cut %v; want %q, no cut", strings.Join(got, " "), err, le.en.Cut(), all)
	}
	got, err = le.collect(nil, cond, 0, 0)
	if err != nil || strings.Join(got, " ") != all || le.en.Cut() {
		t.Errorf("after the cut: got %q, %v, Cut %v; want %q, no cut", strings.Join(got, " "), err, le.en.Cut(), all)
	}
	got, err = le.collect(nil, cond, 3, 0)
	if err != nil || strings.Join(got, " ") != "[] [d1] [d2]" {
		t.Errorf("after the cut, a consumer that stops at the third: got %q, %v", strings.Join(got, " "), err)
	}
	if got, err := le.collect(nil, le.r.True(), 0, 0); err != nil || len(got) != 0 || !le.en.Cut() {
		t.Errorf("every list after the cut: got %d lists, %v, Cut %v; want none, a cut", len(got), err, le.en.Cut())
	}
}

// BenchmarkEnumerateLists measures the breadth-first enumeration of the
// 40 lists of length at most 3 over three constants (Enumerate, a sum's
// variables) beside the depth-first one (EnumerateInOrder, which a
// distribution's variables still use).
func BenchmarkEnumerateLists(b *testing.B) {
	for _, c := range []struct {
		name      string
		enumerate func(*Enumerator) func([]*lps.Var, rewrite.Term, *rewrite.Subst, func([]rewrite.Term) bool) error
	}{
		{"breadth-first", func(e *Enumerator) func([]*lps.Var, rewrite.Term, *rewrite.Subst, func([]rewrite.Term) bool) error {
			return e.Enumerate
		}},
		{"depth-first", func(e *Enumerator) func([]*lps.Var, rewrite.Term, *rewrite.Subst, func([]rewrite.Term) bool) error {
			return e.EnumerateInOrder
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			le := newListEnv(b)
			cond := le.lengthAtMost(3)
			vars := []*lps.Var{le.l}
			enumerate := c.enumerate(le.en)
			n := 0
			yield := func([]rewrite.Term) bool { n++; return true }
			b.ReportAllocs()
			for b.Loop() {
				if err := enumerate(vars, cond, nil, yield); err != nil {
					b.Fatal(err)
				}
			}
			if n != 40*b.N {
				b.Fatalf("%d solutions in %d enumerations", n, b.N)
			}
		})
	}
}
