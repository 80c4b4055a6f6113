package lpsgen

import (
	"fmt"
	"slices"

	"github.com/lps2lts/lps2lts/enumerate"
	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/vecset"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/rewrite"
)

// Summand is a summand of the specification translated for exploration:
// its condition, actions and assignments as rewriter terms, with the label
// cache and the solution table of its transition keys.
type Summand struct {
	number  int // position among the generator's summands
	src     *lps.Summand
	index   int // position in the specification, 0-based
	sumVars []*lps.Var
	sumVarT []rewrite.Term
	cond    rewrite.Term
	// condP is cond compiled (rewrite.Program), the first time a state
	// asks for it: most conditions are answered by the guard cache.
	condP   *rewrite.Program
	actions []action
	// next[i] is the term of parameter i's next value; keep[i] says the
	// parameter keeps its value (no assignment, or x = x).
	next []rewrite.Term
	keep []bool
	// assigned lists the parameters that do not keep their value, in
	// order: a cached step copies the state and writes these.
	assigned []int
	// written has bit k set for each assigned parameter k < 64, and bit
	// 63 for any from 63 on (explore.VectorAppender).
	written uint64
	// fixed says the multi-action has no data arguments; fixedID is then
	// its label.
	fixed   bool
	fixedID explore.LabelID
	// nargs is the number of data arguments of the multi-action. Labels
	// are cached by the vector of their rewritten arguments, in a cache
	// that the summands with the same actions share (nil when fixed).
	nargs  int
	labels *labelCache
	// cache remembers the solutions of the sum variables by rewritten
	// condition (Options.Cached: one per summand; GlobalCache: one
	// shared); nil without caching.
	cache *enumerate.Cache
	// guard remembers the condition's outcome by the parameters it reads
	// (guards.go); nil when Options.NoGuardCache.
	guard *guardCache
	// byControl says the condition reads control parameters alone and
	// there are no sum variables: the candidates' memo decides it once
	// for each combination of their values (controlguards.go).
	byControl bool
	// steps remembers the label and the assigned values by the
	// variables they read (stepcache.go); nil when Options.NoStepCache
	// or when the summand has neither.
	steps *stepCache
	// sols numbers the sum-variable solutions named by transition keys
	// (replay.go); nil until the first key is asked for.
	sols *vecset.Set
}

type action struct {
	name string
	decl *lps.ActionDecl
	args []rewrite.Term
}

// Number is the summand's position among the generator's summands (dense,
// from 0), for forms that keep data per summand.
func (s *Summand) Number() int { return s.number }

// Source is the summand in the specification.
func (s *Summand) Source() *lps.Summand { return s.src }

// translateSummand translates summand i of the specification.
func (g *Generator) translateSummand(i int, src *lps.Summand, pindex map[*lps.Var]int) (Summand, error) {
	r := g.r
	s := Summand{index: i, src: src, sumVars: src.SumVars, fixed: true}
	for _, v := range src.SumVars {
		s.sumVarT = append(s.sumVarT, r.VarTerm(v))
	}
	if src.Cond != nil {
		s.cond = r.Translate(src.Cond)
	} else {
		s.cond = r.True()
	}
	for _, a := range src.Actions {
		la := action{name: a.Decl.Name, decl: a.Decl}
		for _, e := range a.Args {
			la.args = append(la.args, r.Translate(e))
			s.fixed = false
			s.nargs++
		}
		s.actions = append(s.actions, la)
	}
	s.next = slices.Clone(g.params)
	s.keep = make([]bool, len(g.params))
	for k := range s.keep {
		s.keep[k] = true
	}
	for _, as := range src.Assignments {
		k, ok := pindex[as.Param]
		if !ok {
			return s, fmt.Errorf("%s: summand %d assigns %s, which is not a process parameter", lps.At(g.spec.File, src.Pos), i+1, as.Param.Name)
		}
		if t := r.Translate(as.Value); t != g.params[k] {
			s.next[k] = t
			s.keep[k] = false
		}
	}
	for k, keep := range s.keep {
		if !keep {
			s.assigned = append(s.assigned, k)
			s.written |= 1 << min(k, 63)
		}
	}
	if s.fixed {
		s.fixedID = g.labelOf(s.actions, nil)
	} else {
		s.labels = g.labelCacheFor(s.actions, s.nargs)
	}
	return s, nil
}
