package rewrite_test

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/enumerate"
	"github.com/lps2lts/lps2lts/internal/corpus"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/rewrite"
	"github.com/lps2lts/lps2lts/termcodec"
)

// TestCorpus rewrites the initial state of every corpus model, from its
// text and from mCRL2's binary file, and of mCRL2's example models as
// mcrl22lps writes them (../shared/pipeline: mCRL2's internal data
// functions), and every summand's condition, actions and next state for
// the solutions of its sum variables in the initial state. Every value
// goes through the term codec (package termcodec) to a rewriter of its own reading of the file
// and back, as two processes of a distributed search exchange states.
func TestCorpus(t *testing.T) {
	dir, models := corpus.Models(t)
	var files []string
	for _, path := range models {
		files = append(files, path, filepath.Join(filepath.Dir(path), "mcrl2.lps"))
	}
	pipeline, _ := filepath.Glob(filepath.Join(dir, "..", "pipeline", "*", "*", "mcrl2.lps"))
	files = append(files, pipeline...)
	if len(pipeline) == 0 {
		t.Log("no ../shared/pipeline: its models left out")
	}
	for _, path := range files {
		name, _ := filepath.Rel(filepath.Join(dir, ".."), path)
		t.Run(name, func(t *testing.T) {
			spec, err := load.File(path)
			if err != nil {
				t.Fatalf("parse: %v", err) // every corpus and pipeline model parses
			}
			other, err := load.File(path)
			if err != nil {
				t.Fatal(err)
			}
			r2, err := rewrite.New(other)
			if err != nil {
				t.Fatal(err)
			}
			codec, codec2 := (*termcodec.Codec)(nil), termcodec.New(r2)
			roundTrip := func(what string, v rewrite.Term) {
				enc, err := codec.AppendTerm(nil, v)
				if err != nil {
					t.Errorf("%s: encode %s: %v", what, r2.String(v), err)
					return
				}
				w, rest, err := codec2.DecodeTerm(enc)
				if err != nil || len(rest) != 0 {
					t.Errorf("%s: decode: %v (%d bytes left)", what, err, len(rest))
					return
				}
				if again, _ := codec2.AppendTerm(nil, w); !bytes.Equal(again, enc) {
					t.Errorf("%s: decoded %s encodes differently", what, r2.String(w))
				}
			}
			r, err := rewrite.New(spec)
			if err != nil {
				t.Fatal(err)
			}
			codec = termcodec.New(r)
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
				roundTrip("init "+p.Name, v)
			}
			for k, sm := range spec.Summands {
				if sm.Delta || sm.Dist != nil && strings.HasPrefix(name, "pipeline") {
					// mcrl22lps's stochastic summands bound their sum
					// variables only together with the distribution's
					// (lpsgen's job), not as one enumeration.
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
							roundTrip(a.Decl.Name, v)
						}
					}
					for _, as := range sm.Assignments {
						v, err := r.Rewrite(r.Translate(as.Value), s)
						if err != nil || !r.IsGround(v) {
							t.Errorf("summand %d next %s: %v %s", k+1, as.Param.Name, err, r.String(v))
							return false
						}
						roundTrip("next "+as.Param.Name, v)
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
