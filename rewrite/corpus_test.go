package rewrite_test

import (
	"path/filepath"
	"testing"

	"github.com/lps2lts/lps2lts/enumerate"
	"github.com/lps2lts/lps2lts/internal/corpus"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/rewrite"
)

// TestCorpus rewrites the initial state of every corpus model, and every
// summand's condition, actions and next state for the solutions of its sum
// variables in the initial state.
func TestCorpus(t *testing.T) {
	dir, models := corpus.Models(t)
	for _, path := range models {
		name, _ := filepath.Rel(dir, filepath.Dir(path))
		t.Run(name, func(t *testing.T) {
			spec, err := load.File(path)
			if err != nil {
				t.Skipf("parse: %v", err)
			}
			r, err := rewrite.New(spec)
			if err != nil {
				t.Fatal(err)
			}
			s := r.NewSubst()
			en := enumerate.New(r)
			en.Limit = 100000
			if spec.InitDist != nil {
				// Take the first value of the initial distribution's variables.
				err := en.Enumerate(spec.InitDist.Vars, r.True(), nil, func(vals []rewrite.Term) bool {
					for i, v := range spec.InitDist.Vars {
						s.Set(r.VarTerm(v), vals[i])
					}
					return false
				})
				if err != nil {
					t.Fatalf("initial distribution: %v", err)
				}
			}
			for i, p := range spec.Params {
				v, err := r.Rewrite(r.Translate(spec.Init[i]), s)
				if err != nil {
					t.Fatalf("init %s: %v", p.Name, err)
				}
				if !r.IsGround(v) {
					t.Errorf("init %s = %s is not ground", p.Name, r.String(v))
				}
				s.Set(r.VarTerm(p), v)
			}
			for k, sm := range spec.Summands {
				if sm.Delta {
					continue
				}
				c, err := r.Rewrite(r.Translate(sm.Cond), s)
				if err != nil {
					t.Errorf("summand %d condition: %v", k+1, err)
					continue
				}
				if len(sm.SumVars) == 0 && c != r.True() && c != r.False() {
					t.Errorf("summand %d condition %s is not true or false", k+1, r.String(c))
					continue
				}
				if c == r.False() {
					continue
				}
				sumVars := sm.SumVars
				if sm.Dist != nil {
					sumVars = append(append([]*lps.Var(nil), sumVars...), sm.Dist.Vars...)
				}
				vars := make([]rewrite.Term, len(sumVars))
				for i, v := range sumVars {
					vars[i] = r.VarTerm(v)
				}
				n := 0
				check := func() bool {
					n++
					for _, a := range sm.Actions {
						for _, e := range a.Args {
							v, err := r.Rewrite(r.Translate(e), s)
							if err != nil || !r.IsGround(v) {
								t.Errorf("summand %d action %s: %v %s", k+1, a.Decl.Name, err, r.String(v))
								return false
							}
						}
					}
					for _, as := range sm.Assignments {
						v, err := r.Rewrite(r.Translate(as.Value), s)
						if err != nil || !r.IsGround(v) {
							t.Errorf("summand %d next %s: %v %s", k+1, as.Param.Name, err, r.String(v))
							return false
						}
					}
					return true
				}
				if len(sumVars) == 0 {
					check()
					continue
				}
				err = en.Enumerate(sumVars, c, s, func(vals []rewrite.Term) bool {
					for i, v := range vars {
						s.Set(v, vals[i])
					}
					return check()
				})
				if err != nil {
					t.Errorf("summand %d: %v", k+1, err)
				}
			}
		})
	}
}
