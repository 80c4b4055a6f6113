package rewrite

import "github.com/lps2lts/lps2lts/lps"

// The values of finite sorts, for quantifiers, sums and equality over
// them: Bool, structured sorts, finite sets of them and functions between
// them.

// Values lists all values of a finite sort in constructor order, or false
// if the sort is infinite or has more than limit values.
func (r *Rewriter) Values(s *lps.Sort, limit int) ([]Term, bool) {
	return r.values(s, limit, map[*lps.Sort]bool{})
}

func (r *Rewriter) values(s *lps.Sort, limit int, visiting map[*lps.Sort]bool) ([]Term, bool) {
	switch s.Kind {
	case lps.SortBool:
		return []Term{r.falseT, r.trueT}, true
	case lps.SortStruct, lps.SortBasic:
	case lps.SortFSet:
		return r.subsets(s, limit, visiting)
	case lps.SortSet:
		// The sets of a finite element sort: each finite subset, as the
		// set with function part @false_ (mCRL2's @setfset of it).
		subs, ok := r.subsets(s, limit, visiting)
		if !ok {
			return nil, false
		}
		for i, fs := range subs {
			subs[i] = r.mkSet(s, r.fnConst(s, fnFalse), fs)
		}
		return subs, true
	case lps.SortFunc:
		return r.functions(s, limit, visiting)
	default:
		return nil, false
	}
	if visiting[s] || len(s.Constructors) == 0 {
		return nil, false
	}
	visiting[s] = true
	defer delete(visiting, s)
	var out []Term
	for _, c := range s.Constructors {
		if c.Arity() == 0 {
			out = append(out, r.constant(c))
			continue
		}
		doms := make([][]Term, c.Arity())
		total := 1
		for i, d := range c.Sort.Domain {
			vs, ok := r.values(d, limit, visiting)
			if !ok {
				return nil, false
			}
			doms[i] = vs
			total *= len(vs)
			if total > limit {
				return nil, false
			}
		}
		idx := make([]int, len(doms))
		sym := r.sym(c)
		for {
			args := make([]Term, len(doms))
			for i := range doms {
				args[i] = doms[i][idx[i]]
			}
			out = append(out, r.mkApp(sym, args))
			k := len(idx) - 1
			for k >= 0 {
				idx[k]++
				if idx[k] < len(doms[k]) {
					break
				}
				idx[k] = 0
				k--
			}
			if k < 0 {
				break
			}
		}
		if len(out) > limit {
			return nil, false
		}
	}
	return out, true
}

// subsets lists the finite sets of a finite element sort, smallest first.
func (r *Rewriter) subsets(s *lps.Sort, limit int, visiting map[*lps.Sort]bool) ([]Term, bool) {
	elems, ok := r.values(s.Elem, limit, visiting)
	if !ok || len(elems) >= 31 || 1<<len(elems) > limit {
		return nil, false
	}
	out := make([]Term, 0, 1<<len(elems))
	for mask := 0; mask < 1<<len(elems); mask++ {
		var sub []Term
		for i, e := range elems {
			if mask&(1<<i) != 0 {
				sub = append(sub, e)
			}
		}
		out = append(out, r.mkFSet(s, sub))
	}
	return out, true
}

// functions lists the functions of a function sort whose domain sorts and
// codomain are finite, each as lambda x1: D1, ..., xn: Dn. if(x1 == d1 &&
// ... && xn == dn, v1, if(...)) over the points of the domain in order,
// the value at the last point innermost. Their applications rewrite to the
// values; equality of two of them is decided pointwise.
func (r *Rewriter) functions(s *lps.Sort, limit int, visiting map[*lps.Sort]bool) ([]Term, bool) {
	doms := make([][]Term, len(s.Domain))
	points := 1
	for i, d := range s.Domain {
		vals, ok := r.values(d, limit, visiting)
		if !ok || len(vals) == 0 {
			return nil, false
		}
		doms[i] = vals
		points *= len(vals)
		if points > limit {
			return nil, false
		}
	}
	cod, ok := r.values(s.Codomain, limit, visiting)
	if !ok || len(cod) == 0 {
		return nil, false
	}
	total := 1
	for range points {
		total *= len(cod)
		if total > limit {
			return nil, false
		}
	}
	xs := make([]Term, len(s.Domain))
	for i, d := range s.Domain {
		xs[i] = r.freshVar("x", d)
	}
	// tests[p] is the condition "the arguments are point p", points in
	// lexicographic order of the domains' values.
	tests := make([]Term, 0, points)
	at := make([]int, len(doms))
	for {
		var test Term
		for i := len(doms) - 1; i >= 0; i-- {
			eq := r.mkApp(r.opSymN(lps.OpEq, r.boolSort, 2), []Term{xs[i], doms[i][at[i]]})
			if test == 0 {
				test = eq
			} else {
				test = r.mkApp(r.andSym, []Term{eq, test})
			}
		}
		tests = append(tests, test)
		if !nextIndex(at, func(i int) int { return len(doms[i]) }) {
			break
		}
	}
	ite := r.opSymN(lps.OpIf, s.Codomain, 3)
	idx := make([]int, points)
	out := make([]Term, 0, total)
	for {
		body := cod[idx[points-1]]
		for p := points - 2; p >= 0; p-- {
			body = r.mkApp(ite, []Term{tests[p], cod[idx[p]], body})
		}
		out = append(out, r.mkLambdaSort(s, xs, body))
		if !nextIndex(idx, func(int) int { return len(cod) }) {
			return out, true
		}
	}
}

// nextIndex advances idx as a mixed-radix counter (the last position
// fastest, position i counting to size(i)) and reports false after the
// last combination.
func nextIndex(idx []int, size func(i int) int) bool {
	for k := len(idx) - 1; k >= 0; k-- {
		idx[k]++
		if idx[k] < size(k) {
			return true
		}
		idx[k] = 0
	}
	return false
}
