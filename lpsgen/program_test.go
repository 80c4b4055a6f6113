package lpsgen

import (
	"encoding/binary"
	"errors"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/corpus"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/rewrite"
)

// compareCompiled explores the first max states of the model in file
// breadth-first and, in each, rewrites every summand's condition, next
// values and action arguments both ways: compiled (rewrite.Program, which
// the generator runs for its conditions, with the equations' compiled
// right-hand sides) and by the interpreter alone (SetInterpreted). The
// normal forms and the errors must be the same. (Both read the normal
// forms that ground terms keep in their nodes, whichever way computed
// them.) It returns the number of terms compared.
func compareCompiled(t *testing.T, file string, max int) int {
	t.Helper()
	spec, err := load.File(file)
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(spec, Options{})
	if err != nil {
		t.Fatal(err)
	}
	type job struct {
		term rewrite.Term
		prog *rewrite.Program
	}
	var jobs []job
	add := func(t rewrite.Term) { jobs = append(jobs, job{t, g.r.Compile(t)}) }
	for k := range g.summands {
		s := &g.summands[k]
		add(s.cond)
		for i, v := range s.next {
			if !s.keep[i] {
				add(v)
			}
		}
		for _, a := range s.actions {
			for _, v := range a.args {
				add(v)
			}
		}
	}
	init, err := g.Initial(nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{vecKey(init): true}
	todo := [][]uint32{init}
	compared := 0
	for len(todo) > 0 && len(seen) <= max {
		state := todo[0]
		todo = todo[1:]
		g.bindParams(state)
		for _, j := range jobs {
			g.r.SetInterpreted(true)
			want, werr := g.r.Rewrite(j.term, g.subst())
			g.r.SetInterpreted(false)
			got, gerr := g.r.Run(j.prog, g.subst())
			if got != want || (werr == nil) != (gerr == nil) || werr != nil && werr.Error() != gerr.Error() {
				t.Fatalf("%s: %s compiled: %s (%v); rewritten: %s (%v)", file, g.r.String(j.term), g.r.String(got), gerr, g.r.String(want), werr)
			}
			compared++
		}
		err := g.Successors(state, func(_ explore.LabelID, next []uint32) {
			if k := vecKey(next); !seen[k] {
				seen[k] = true
				todo = append(todo, append([]uint32(nil), next...))
			}
		})
		var se *SummandError
		if err != nil && !errors.As(err, &se) {
			t.Fatal(err)
		}
	}
	return compared
}

// The examples the repository ships: conditions, next values and action
// arguments compiled give what Rewrite gives, in their first 300 states.
func TestCompiledTermsAgreeOnTheExamples(t *testing.T) {
	n := 0
	for _, f := range shippedExamples(t) {
		n += compareCompiled(t, f, 300)
	}
	if n < 20000 {
		t.Fatalf("%d terms compared; the examples give more than 20,000", n)
	}
}

// The same on the first 100 states of every model of the corpus, where
// ../shared is beside the repository.
func TestCompiledTermsAgreeOnTheCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the corpus takes a while")
	}
	_, files := corpus.Models(t)
	n := 0
	for _, f := range files {
		n += compareCompiled(t, f, 100)
	}
	if n < 1000000 {
		t.Fatalf("%d terms compared; the corpus gives more than a million", n)
	}
}

// vecKey is a state vector as a map key.
func vecKey(v []uint32) string {
	b := make([]byte, 4*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return string(b)
}
