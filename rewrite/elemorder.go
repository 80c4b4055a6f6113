package rewrite

import (
	"slices"

	"github.com/lps2lts/lps2lts/lps"
)

// The order of the elements of finite sets and bags (and of the keys of
// function updates). mCRL2 keeps a finite set as a list built by
// @fset_insert: an element goes before the first element it is below by
// the element sort's <, is dropped beside a syntactically equal element,
// and stays where it is when < decides neither way. On Bool, numbers,
// structured values and lists of such, < is total and termCmp is that
// order, so such sets are simply sorted. On sets and bags < is
// inclusion, which is partial, and on functions it is undecided: a set
// of sets is in mCRL2's order only when its elements go in by those
// rules, and an operation on it applies only where its comparisons are
// decided. Elements are normal forms, so syntactic equality is equality
// of normal forms.

// isOrderedValue reports whether t is a value whose order under mCRL2's <
// is termCmp's: a Boolean, a number, a constructor of a structured sort
// applied to such values, or a list of such values. Finite sets and bags
// are values, but their < is inclusion, not termCmp.
func (r *Rewriter) isOrderedValue(t Term) bool { return r.isValue(t, false) }

// allOrderedValues reports whether every step-th term of ts, from the
// first, is an ordered value (step 2 reads the elements of a finite bag).
func (r *Rewriter) allOrderedValues(ts []Term, step int) bool {
	for i := 0; i < len(ts); i += step {
		if !r.isOrderedValue(ts[i]) {
			return false
		}
	}
	return true
}

// elemCmp compares two elements as mCRL2's rules for finite sets and bags
// see them: 0 when they are the same normal form, -1 or 1 when < decides
// it; ok is false when neither a < b nor b < a rewrites to true.
func (r *Rewriter) elemCmp(a, b Term) (c int, ok bool) {
	if a == b {
		return 0, true
	}
	if r.isOrderedValue(a) && r.isOrderedValue(b) {
		return r.termCmp(a, b), true
	}
	s := r.sortOf(r.node(a))
	if s == nil {
		return 0, false
	}
	lt := r.cmpSym(lps.OpLt, s)
	switch {
	case r.holds(lt, a, b):
		return -1, true
	case r.holds(lt, b, a):
		return 1, true
	}
	return 0, false
}

// elemOrder is the comparison the merges of setops.go walk two element
// lists with. When all elements are ordered values it is termCmp;
// otherwise it is elemCmp, and a comparison that is undecided sets stuck:
// mCRL2's equations for the operation do not apply, and the caller leaves
// the application as it is.
type elemOrder struct {
	r     *Rewriter
	fast  bool
	stuck bool
}

// orderOf returns the order for merging the element lists xs and ys (every
// step-th term an element), and false when one of them is not a list
// mCRL2's rules can take apart: an element that went in undecided
// (@fset_insert rather than @fset_cons) stops every rule.
func (r *Rewriter) orderOf(xs, ys []Term, step int) (elemOrder, bool) {
	if r.allOrderedValues(xs, step) && r.allOrderedValues(ys, step) {
		return elemOrder{r: r, fast: true}, true
	}
	return elemOrder{r: r}, r.consBuilt(xs, step) && r.consBuilt(ys, step)
}

// consBuilt reports whether the element list l (every step-th term an
// element) is one mCRL2's rules take apart: each element decided below
// the next, as @fset_cons (or @fbag_cons) chains them. An element that
// went in undecided stays @fset_insert, which no rule for ==, #, +, *, -
// or inclusion matches.
func (r *Rewriter) consBuilt(l []Term, step int) bool {
	if r.allOrderedValues(l, step) {
		return true
	}
	for i := step; i < len(l); i += step {
		if c, ok := r.elemCmp(l[i-step], l[i]); !ok || c >= 0 {
			return false
		}
	}
	return true
}

// equalFinite decides a == b for finite sets or bags as mCRL2's
// equations for @fset_cons and @fbag_cons do: element by element (and
// count by count); false when either is not consBuilt, so that the
// equation stays.
func (r *Rewriter) equalFinite(a, b *node) (Term, bool) {
	step := 1
	if a.kind == kFBag {
		step = 2
	}
	if !r.consBuilt(a.args(), step) || !r.consBuilt(b.args(), step) {
		return 0, false
	}
	if len(a.args()) != len(b.args()) || r.allOrderedValues(a.args(), step) && r.allOrderedValues(b.args(), step) {
		return r.falseT, true // sorted ordered values: different ids are different sets
	}
	res := r.trueT
	for i := range a.args() {
		e := r.equal(a.args()[i], b.args()[i])
		if e == r.falseT {
			return e, true
		}
		res = r.and(res, e)
	}
	return res, true
}

func (o *elemOrder) cmp(a, b Term) int {
	if o.fast {
		return o.r.termCmp(a, b)
	}
	c, ok := o.r.elemCmp(a, b)
	if !ok {
		o.stuck = true
	}
	return c
}

func (o *elemOrder) cmpEntries(x, y bagEntry) int { return o.cmp(x.e, y.e) }

// insertFBagValues builds the finite bag of entries whose counts are
// values as mCRL2's @fbag_insert builds a bag enumeration, from the
// right: an element goes before the first element it is below, adds its
// count to a syntactically equal element's, and stays where it is, before
// the rest, when < decides neither way (nothing goes past it then). Zero
// counts are dropped.
func (r *Rewriter) insertFBagValues(s *lps.Sort, nat *lps.Sort, es []bagEntry) Term {
	type link struct {
		bagEntry
		stuck bool
	}
	var chain []link
entries:
	for i := len(es) - 1; i >= 0; i-- {
		d := link{bagEntry: bagEntry{es[i].e, r.natIn(nat, es[i].n)}}
		if !r.isPositive(d.n) {
			continue
		}
		for at, c := range chain {
			cmp, ok := r.elemCmp(d.e, c.e)
			switch {
			case c.stuck || !ok:
				d.stuck = true
				chain = slices.Insert(chain, at, d)
			case cmp == 0:
				chain[at].n = r.natAdd(nat, c.n, d.n)
			case cmp < 0:
				chain = slices.Insert(chain, at, d)
			default:
				continue
			}
			continue entries
		}
		chain = append(chain, d)
	}
	args := make([]Term, 0, 2*len(chain))
	for _, c := range chain {
		args = append(args, c.e, c.n)
	}
	return r.internArgs(&key{kind: kFBag, sort: s}, args)
}

// isSetOrBagValue reports whether t is a set or bag whose function part
// is a constant (@false_, @true_, @zero_, @one_) and whose finite part is
// a value: {1, 2}, !{3}, {0: 2}. Like values, such terms are compared by
// mCRL2's equations for <.
func (r *Rewriter) isSetOrBagValue(t Term) bool {
	n := r.node(t)
	return (n.kind == kSet || n.kind == kBag) && r.node(n.args()[0]).kind == kFnConst && r.isDataValue(n.args()[1])
}

// elemLess decides a < b for the elements of a list or the arguments of
// a constructor, whatever their sort: sets and bags by inclusion (the
// comparison of builtin.go), other terms by less.
func (r *Rewriter) elemLess(a, b Term) (Term, bool) {
	if s := r.sortOf(r.node(a)); s != nil && s.Kind >= lps.SortSet && s.Kind <= lps.SortFBag {
		return r.compare(r.cmpSym(lps.OpLt, s), a, b)
	}
	return r.less(a, b, false)
}
