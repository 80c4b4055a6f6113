package rewrite

import (
	"math/big"

	"fmt"

	"github.com/lps2lts/lps2lts/lps"
)

// Default values of sorts follow mCRL2's representative generator: the
// lexicographically least constant constructor of the sort; else the first
// constructor whose arguments all have representatives (not searching a
// sort inside its own search); else a constant mapping. For a function
// sort, the least-named mapping of exactly that sort, else
// lambda x0: D0, ... . t for a representative t of the codomain. Built-in
// sorts: false, 1, 0, 0, 0, [], {}, {:}; a Set is @set(@false_, {}) = {},
// a Bag @bag(@one_, {:}) (mCRL2 picks @one_ before @zero_ by name).

var bigZero = big.NewInt(0)

// initGlobals replaces every global variable by its sort's default value.
func (r *Rewriter) initGlobals(spec *lps.Spec) error {
	for _, g := range spec.Globals {
		t, err := r.Representative(g.S)
		if err != nil {
			return fmt.Errorf("%s: global variable %s: %v", g.Pos, g.Name, err)
		}
		r.globals[g] = t
	}
	return nil
}

// Representative returns the normal form of the default value mCRL2
// chooses for sort s.
func (r *Rewriter) Representative(s *lps.Sort) (Term, error) {
	t, ok := r.representative(s, map[*lps.Sort]bool{})
	if !ok {
		return 0, fmt.Errorf("cannot find a term of sort %s", lps.AppendSort(nil, s))
	}
	return r.Rewrite(t, nil)
}

func (r *Rewriter) representative(s *lps.Sort, visiting map[*lps.Sort]bool) (Term, bool) {
	if visiting[s] {
		return 0, false
	}
	switch s.Kind {
	case lps.SortBool:
		return r.falseT, true
	case lps.SortPos:
		return r.mkInt(s, 1), true
	case lps.SortNat, lps.SortInt:
		return r.mkInt(s, 0), true
	case lps.SortReal:
		return r.numberFromBig(s, bigZero), true
	case lps.SortList, lps.SortFSet, lps.SortFBag, lps.SortSet:
		return r.emptyOf(s), true
	case lps.SortBag:
		return r.mkBag(s, r.fnConst(s, fnOne), r.intern(&key{kind: kFBag, sort: s})), true
	case lps.SortFunc:
		var best *lps.Func
		for _, f := range r.mapsOfSort(s) {
			if best == nil || f.Name < best.Name {
				best = f
			}
		}
		if best != nil {
			return r.constant(best), true
		}
		body, ok := r.representative(s.Codomain, visiting)
		if !ok {
			return 0, false
		}
		vars := make([]Term, len(s.Domain))
		for i, d := range s.Domain {
			vars[i] = r.VarTerm(&lps.Var{Name: fmt.Sprintf("x%d", i), S: d})
		}
		return r.mkLambdaSort(s, vars, body), true
	}
	// Basic and structured sorts.
	var best *lps.Func
	for _, c := range s.Constructors {
		if c.Arity() == 0 && (best == nil || c.Name < best.Name) {
			best = c
		}
	}
	if best != nil {
		return r.constant(best), true
	}
	visiting[s] = true
	defer delete(visiting, s)
	for _, c := range s.Constructors {
		if t, ok := r.representativeApp(c, visiting); ok {
			return t, true
		}
	}
	for _, f := range r.spec.Maps {
		if f.Sort == s {
			return r.constant(f), true
		}
	}
	for _, f := range r.spec.Maps {
		if f.Sort.Kind == lps.SortFunc && f.Sort.Codomain == s {
			if t, ok := r.representativeApp(f, visiting); ok {
				return t, true
			}
		}
	}
	return 0, false
}

func (r *Rewriter) representativeApp(f *lps.Func, visiting map[*lps.Sort]bool) (Term, bool) {
	args := make([]Term, len(f.Sort.Domain))
	for i, d := range f.Sort.Domain {
		a, ok := r.representative(d, visiting)
		if !ok {
			return 0, false
		}
		args[i] = a
	}
	return r.mkApp(r.sym(f), args), true
}

// mapsOfSort lists the mappings of exactly sort s: user maps and the
// projections and recognisers of structured sorts.
func (r *Rewriter) mapsOfSort(s *lps.Sort) []*lps.Func {
	var out []*lps.Func
	for _, f := range r.spec.Maps {
		if f.Sort == s {
			out = append(out, f)
		}
	}
	seen := map[*lps.Func]bool{}
	ctors := append([]*lps.Func(nil), r.spec.Cons...)
	for _, d := range r.spec.Sorts {
		if d.Sort != nil && d.Sort.Kind == lps.SortStruct {
			ctors = append(ctors, d.Sort.Constructors...)
		}
	}
	for _, c := range ctors {
		for _, p := range c.Projections {
			if p != nil && p.Sort == s && !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
		if c.Recogniser != nil && c.Recogniser.Sort == s && !seen[c.Recogniser] {
			seen[c.Recogniser] = true
			out = append(out, c.Recogniser)
		}
	}
	return out
}
