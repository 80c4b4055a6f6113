package rewrite

import "github.com/lps2lts/lps2lts/lps"

// The order in which Solve binds the variables of a sum. mCRL2's explorer
// reorders every summand's sum variables before it enumerates them
// (lps::order_summand_variables, data::order_variables_to_optimise_enumeration):
// first the variables of enumerated sorts (every constructor a constant,
// Bool included), by ascending number of constructors; then those of the
// other finite sorts; then the rest. Within each group the order of the
// summand is reversed. Binding the finite variables first decides a
// condition such as if(b, false, ...) && n == 0 before an infinite variable
// n is expanded (mCRL2's academic/swp/swp_with_tanenbaums_bug), and gives
// the solutions of finite sums in mCRL2's order.
//
// The variables of infinite sorts keep the summand's order: mCRL2's
// breadth-first search expands them in turn, so that a condition it can
// only decide once two of them are bound ends; our depth-first search
// needs the first of them to be the one the condition decides first, and
// the summand's order is what the corpus was checked with (reversed,
// merc.franklin_2_2-b's elt(triple(i, h, true), ...) expands h for ever).

// Classes of sorts for the binding order.
const (
	sortClassInfinite   int8 = iota + 1 // Nat, Pos, Int, Real, lists, bags, recursive sorts
	sortClassFinite                     // finite, with constructors that take arguments
	sortClassEnumerated                 // finite, with constant constructors only
)

// orderForSolving reorders vars in place into mCRL2's binding order.
func (r *Rewriter) orderForSolving(vars []Term) {
	if len(vars) < 2 {
		return
	}
	// A stable insertion sort on (class, constructor count) with each
	// group reversed: the lists are short (a few variables per summand)
	// and this allocates nothing.
	for i := 1; i < len(vars); i++ {
		for j := i; j > 0 && !r.bindsAfter(vars[j], vars[j-1]); j-- {
			vars[j], vars[j-1] = vars[j-1], vars[j]
		}
	}
}

// bindsAfter reports whether a, which comes after b in the summand, is
// bound after b: a's group comes later, or both are of infinite sorts
// (finite groups are reversed, as mCRL2 does).
func (r *Rewriter) bindsAfter(a, b Term) bool {
	ka, na := r.bindingGroup(r.sortOf(r.node(a)))
	kb, nb := r.bindingGroup(r.sortOf(r.node(b)))
	if ka != kb {
		return ka < kb
	}
	if ka == sortClassInfinite {
		return true
	}
	if ka == sortClassEnumerated && na != nb {
		return na > nb
	}
	return false
}

// bindingGroup returns the class of sort s and, for an enumerated sort,
// its number of constructors.
func (r *Rewriter) bindingGroup(s *lps.Sort) (int8, int) {
	switch r.sortClass(s) {
	case sortClassEnumerated:
		if s.Kind == lps.SortBool {
			return sortClassEnumerated, 2
		}
		return sortClassEnumerated, len(s.Constructors)
	case sortClassFinite:
		return sortClassFinite, 0
	}
	return sortClassInfinite, 0
}

// sortClass classifies s (cached per rewriter).
func (r *Rewriter) sortClass(s *lps.Sort) int8 {
	if c, ok := r.sortClasses[s]; ok {
		return c
	}
	if r.sortClasses == nil {
		r.sortClasses = map[*lps.Sort]int8{}
	}
	c := sortClassInfinite
	if isCertainlyFinite(s, map[*lps.Sort]bool{}) {
		c = sortClassEnumerated
		for _, k := range s.Constructors {
			if k.Arity() > 0 {
				c = sortClassFinite
			}
		}
		if s.Kind == lps.SortFSet || s.Kind == lps.SortSet {
			// Their constructors ({} and insertion) take arguments.
			c = sortClassFinite
		}
	}
	r.sortClasses[s] = c
	return c
}

// isCertainlyFinite reports whether s has finitely many values as mCRL2's
// data_specification::is_certainly_finite decides it: Bool, structured
// sorts whose constructors take finite arguments (not recursive), finite
// sets and sets of a finite sort, and functions between finite sorts.
func isCertainlyFinite(s *lps.Sort, visiting map[*lps.Sort]bool) bool {
	switch s.Kind {
	case lps.SortBool:
		return true
	case lps.SortFSet, lps.SortSet:
		return s.Elem != nil && isCertainlyFinite(s.Elem, visiting)
	case lps.SortFunc:
		for _, d := range s.Domain {
			if !isCertainlyFinite(d, visiting) {
				return false
			}
		}
		return s.Codomain != nil && isCertainlyFinite(s.Codomain, visiting)
	case lps.SortStruct, lps.SortBasic:
		if len(s.Constructors) == 0 || visiting[s] {
			return false
		}
		visiting[s] = true
		defer delete(visiting, s)
		for _, c := range s.Constructors {
			if c.Sort.Kind != lps.SortFunc {
				continue
			}
			for _, d := range c.Sort.Domain {
				if !isCertainlyFinite(d, visiting) {
					return false
				}
			}
		}
		return true
	}
	return false
}
