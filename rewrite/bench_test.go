package rewrite_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/enumerate"
	"github.com/lps2lts/lps2lts/internal/corpus"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/rewrite"
)

// loadModel parses a corpus model and binds its initial state.
func loadModel(tb testing.TB, name string) (*lps.Spec, *rewrite.Rewriter, *rewrite.Subst) {
	kind, model, _ := strings.Cut(name, "/")
	spec, err := load.File(corpus.Model(tb, kind, model))
	if err != nil {
		tb.Skipf("no corpus model %s: %v", name, err)
	}
	r, err := rewrite.New(spec)
	if err != nil {
		tb.Fatal(err)
	}
	s := r.NewSubst()
	for i, p := range spec.Params {
		v, err := r.Rewrite(r.Translate(spec.Init[i]), nil)
		if err != nil {
			tb.Fatal(err)
		}
		s.Set(r.VarTerm(p), v)
	}
	return spec, r, s
}

// TestNormalFormAllocs checks that rewriting a normal form, and a
// condition over bound parameters that was rewritten before, allocates
// nothing.
func TestNormalFormAllocs(t *testing.T) {
	spec, r, s := loadModel(t, "plain/ex.academic.abp")
	conds := make([]rewrite.Term, 0, len(spec.Summands))
	for _, sm := range spec.Summands {
		conds = append(conds, r.Translate(sm.Cond))
	}
	for _, c := range conds {
		if _, err := r.Rewrite(c, s); err != nil {
			t.Fatal(err)
		}
	}
	nfs := make([]rewrite.Term, 0, len(spec.Params))
	for _, p := range spec.Params {
		nfs = append(nfs, s.Get(r.VarTerm(p)))
	}
	if a := testing.AllocsPerRun(100, func() {
		for _, v := range nfs {
			r.Rewrite(v, nil)
		}
	}); a != 0 {
		t.Errorf("rewriting normal forms: %v allocations", a)
	}
	if a := testing.AllocsPerRun(100, func() {
		for _, c := range conds {
			r.Rewrite(c, s)
		}
	}); a != 0 {
		t.Errorf("rewriting conditions again: %v allocations per run", a)
	}
}

func BenchmarkRewriteNormalForm(b *testing.B) {
	spec, r, s := loadModel(b, "plain/ex.academic.abp")
	v := s.Get(r.VarTerm(spec.Params[1]))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r.Rewrite(v, nil)
	}
}

// BenchmarkConditions rewrites every summand condition of a model in its
// initial state.
func BenchmarkConditions(b *testing.B) {
	for _, name := range []string{"plain/ex.academic.abp", "plain/ex.industrial.brp", "plain/ex.games.magic_square"} {
		b.Run(filepath.Base(name), func(b *testing.B) {
			spec, r, s := loadModel(b, name)
			var conds []rewrite.Term
			for _, sm := range spec.Summands {
				conds = append(conds, r.Translate(sm.Cond))
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				for _, c := range conds {
					if _, err := r.Rewrite(c, s); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.N*len(conds))/b.Elapsed().Seconds(), "rewrites/s")
		})
	}
}

// BenchmarkEnumerate enumerates the sum variables of every summand of a
// model in its initial state.
func BenchmarkEnumerate(b *testing.B) {
	for _, name := range []string{"plain/ex.academic.abp", "plain/ex.industrial.brp"} {
		b.Run(filepath.Base(name), func(b *testing.B) {
			spec, r, s := loadModel(b, name)
			en := enumerate.New(r)
			type sum struct {
				vars []*lps.Var
				cond rewrite.Term
			}
			var sums []sum
			for _, sm := range spec.Summands {
				if len(sm.SumVars) > 0 {
					sums = append(sums, sum{sm.SumVars, r.Translate(sm.Cond)})
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			n := 0
			for i := 0; i < b.N; i++ {
				for _, sm := range sums {
					if err := en.Enumerate(sm.vars, sm.cond, s, func([]rewrite.Term) bool { n++; return true }); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.N*len(sums))/b.Elapsed().Seconds(), "enumerations/s")
		})
	}
}

// TestConcurrentRewriters rewrites the conditions and enumerations of a
// model from several goroutines, each with its own clone (run with -race).
func TestConcurrentRewriters(t *testing.T) {
	spec, r, s0 := loadModel(t, "plain/ex.industrial.brp")
	done := make(chan error, 4)
	for g := 0; g < 4; g++ {
		c := r.Clone()
		s := c.NewSubst()
		for _, p := range spec.Params {
			s.Set(c.VarTerm(p), s0.Get(r.VarTerm(p)))
		}
		go func() {
			en := enumerate.New(c)
			for i := 0; i < 20; i++ {
				for _, sm := range spec.Summands {
					cond := c.Translate(sm.Cond)
					v, err := c.Rewrite(cond, s)
					if err != nil {
						done <- err
						return
					}
					if len(sm.SumVars) > 0 && v != c.False() {
						if err := en.Enumerate(sm.SumVars, v, s, func([]rewrite.Term) bool { return true }); err != nil {
							done <- err
							return
						}
					}
				}
			}
			done <- nil
		}()
	}
	for g := 0; g < 4; g++ {
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
}

// TestIntegerConversionAllocs: the next values of examples/counters.lps,
// (c + 1) mod K with K a Pos, convert between the integer sorts on every
// transition; the conversions of small numbers allocate nothing (they
// allocated three big.Ints each, 40 million for the 1.68M states of K = 6)
// and give the right values.
func TestIntegerConversionAllocs(t *testing.T) {
	spec, r, s := atInitialState(t, filepath.Join("..", "examples", "counters.lps"))
	next := make([]rewrite.Term, 0, len(spec.Summands))
	for _, sm := range spec.Summands {
		next = append(next, r.Translate(sm.Assignments[0].Value))
	}
	for _, v := range next {
		got, err := r.Rewrite(v, s)
		if err != nil {
			t.Fatal(err)
		}
		if r.String(got) != "1" {
			t.Errorf("%s = %s, want 1", r.String(v), r.String(got))
		}
	}
	// Ten steps of the first counter bring it back to 0 (K = 10).
	c1 := r.VarTerm(spec.Params[0])
	for range 10 {
		got, err := r.Rewrite(next[0], s)
		if err != nil {
			t.Fatal(err)
		}
		s.Set(c1, got)
	}
	if got := r.String(s.Get(c1)); got != "0" {
		t.Errorf("after ten steps the first counter is %s, want 0", got)
	}
	if a := testing.AllocsPerRun(100, func() {
		for _, v := range next {
			r.Rewrite(v, s)
		}
	}); a != 0 {
		t.Errorf("the counters' next values: %v allocations per run", a)
	}
}
