package rewrite

// The Boolean library (mCRL2's bool.spec), and the functions mCRL2 gives
// every sort: ==, !=, if, and <, <=, >, >= (constructor order on
// structured sorts, lexicographic order on lists; inclusion on sets and
// bags, whose libraries decide it).

import "github.com/lps2lts/lps2lts/lps"

// boolOpSym returns the internal symbol for !, && or || (used when the
// rewriter builds such an application itself).
func (sh *shared) boolOpSym(op lps.Op) *symbol {
	switch op {
	case lps.OpAnd:
		return sh.andSym
	case lps.OpOr:
		return sh.orSym
	}
	return sh.notSym
}

// cmpSym returns an internal symbol for a comparison on sort s.
func (sh *shared) cmpSym(op lps.Op, s *lps.Sort) *symbol {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	k := cmpKey{op, s}
	if f, ok := sh.cmpSyms[k]; ok {
		return f
	}
	f := &symbol{name: op.String(), op: op, kind: lps.FuncBuiltin, id: uint32(len(sh.syms) + 1<<21 + len(sh.cmpSyms)), arity: 2, res: sh.boolSort}
	sh.cmpSyms[k] = f
	return f
}

type cmpKey struct {
	op lps.Op
	s  *lps.Sort
}

// isConstructorTerm reports whether t is headed by a constructor, so that
// two such terms with different heads are different values.
func (r *Rewriter) isConstructorTerm(t Term) bool {
	n := r.node(t)
	switch n.kind {
	case kNum, kBig, kReal, kNil, kCons:
		return true
	case kApp:
		return r.fnOf(n).kind == lps.FuncConstructor
	case kFSet, kFBag:
		return n.flags&nodeGround != 0
	}
	return false
}

func init() {
	define(lps.OpTrue, func(r *Rewriter, _ *symbol, _ []Term) (Term, bool) { return r.trueT, true })
	define(lps.OpFalse, func(r *Rewriter, _ *symbol, _ []Term) (Term, bool) { return r.falseT, true })
	define(lps.OpNot, (*Rewriter).evalNot)
	define(lps.OpAnd, func(r *Rewriter, _ *symbol, args []Term) (Term, bool) { return r.and(args[0], args[1]), true })
	define(lps.OpOr, func(r *Rewriter, _ *symbol, args []Term) (Term, bool) { return r.or(args[0], args[1]), true })
	define(lps.OpImplies, func(r *Rewriter, _ *symbol, args []Term) (Term, bool) {
		return r.or(r.not(args[0]), args[1]), true
	})
	// The functions every sort has.
	define(lps.OpEq, func(r *Rewriter, _ *symbol, args []Term) (Term, bool) { return r.equal(args[0], args[1]), true })
	define(lps.OpNeq, func(r *Rewriter, _ *symbol, args []Term) (Term, bool) {
		return r.not(r.equal(args[0], args[1])), true
	})
	define(lps.OpIf, (*Rewriter).evalIf)
	for _, op := range []lps.Op{lps.OpLt, lps.OpLe, lps.OpGt, lps.OpGe} {
		define(op, func(r *Rewriter, fn *symbol, args []Term) (Term, bool) { return r.compare(fn, args[0], args[1]) })
	}
}

// and is a && b on normal forms, or is a || b: decided when an argument
// is a value, the application otherwise.
func (r *Rewriter) and(a, b Term) Term { return r.andOr(lps.OpAnd, r.falseT, r.trueT, a, b) }

func (r *Rewriter) or(a, b Term) Term { return r.andOr(lps.OpOr, r.trueT, r.falseT, a, b) }

// andOr is op (&& or ||) on a and b, with zero its absorbing value and
// unit its unit (false and true for &&, true and false for ||).
func (r *Rewriter) andOr(op lps.Op, zero, unit, a, b Term) Term {
	switch {
	case a == zero || b == zero:
		return zero
	case a == unit:
		return b
	case b == unit:
		return a
	}
	return r.mkApp(r.boolOpSym(op), []Term{a, b})
}

// implies is a => b on normal forms (fn the symbol =>): true when a is
// false or b true, b when a is true, !a when b is false, the application
// otherwise.
func (r *Rewriter) implies(fn *symbol, a, b Term) Term {
	switch {
	case a == r.falseT || b == r.trueT:
		return r.trueT
	case a == r.trueT:
		return b
	case b == r.falseT:
		return r.not(a)
	}
	return r.mkApp(fn, []Term{a, b})
}

// not is !a on a normal form: !!a is a.
func (r *Rewriter) not(a Term) Term {
	switch a {
	case r.trueT:
		return r.falseT
	case r.falseT:
		return r.trueT
	}
	n := r.node(a)
	if n.kind == kApp && r.fnOf(n).op == lps.OpNot && r.fnOf(n).kind == lps.FuncBuiltin {
		return n.args()[0]
	}
	return r.mkApp(r.boolOpSym(lps.OpNot), []Term{a})
}

// evalNot is !b, and !s on a set the rewriter made (the set library's
// complement).
func (r *Rewriter) evalNot(fn *symbol, args []Term) (Term, bool) {
	if s := r.sortOf(r.node(args[0])); s != nil && s.Kind == lps.SortSet {
		return r.setComplement(fn, args[0])
	}
	return r.not(args[0]), true
}

// evalIf is if(c, a, b): a branch for a decided condition, or a when
// both branches are a.
func (r *Rewriter) evalIf(_ *symbol, args []Term) (Term, bool) {
	switch args[0] {
	case r.trueT:
		return args[1], true
	case r.falseT:
		return args[2], true
	}
	if args[1] == args[2] {
		return args[1], true
	}
	return 0, false
}

// equal returns the normal form of a == b for normal forms a and b.
func (r *Rewriter) equal(a, b Term) Term {
	if a == b {
		return r.trueT
	}
	na, nb := r.node(a), r.node(b)
	// Bool: ==(true, b) = b and friends.
	switch {
	case a == r.trueT:
		return b
	case b == r.trueT:
		return a
	case a == r.falseT:
		return r.not(b)
	case b == r.falseT:
		return r.not(a)
	}
	if r.isConstructorTerm(a) && r.isConstructorTerm(b) {
		if na.kind != nb.kind || r.fnOf(na) != r.fnOf(nb) || na.kind == kNum || na.kind == kBig || na.kind == kReal {
			return r.falseT
		}
		if na.kind == kFSet || na.kind == kFBag {
			if res, ok := r.equalFinite(na, nb); ok {
				return res
			}
		} else {
			// Same constructor: compare the arguments pairwise.
			res := r.trueT
			for i := range na.args() {
				e := r.equal(na.args()[i], nb.args()[i])
				if e == r.falseT {
					return e
				}
				res = r.and(res, e)
			}
			return res
		}
	}
	if r.isUpcast(na) && r.isUpcast(nb) && r.fnOf(na).op == r.fnOf(nb).op {
		// Pos2Nat, Nat2Int, ... are constructors in mCRL2 (@cNat,
		// @cInt): one applied twice, from the checker and from a
		// rewrite, compares its arguments.
		return r.equal(na.args()[0], nb.args()[0])
	}
	if na.kind == kSet && nb.kind == kSet || na.kind == kBag && nb.kind == kBag {
		if res, ok := r.equalSetBag(na, nb); ok {
			return res
		}
	}
	if r.sortOf(na) != nil && r.sortOf(na).Kind == lps.SortFunc {
		if res, ok := r.equalFunctions(r.sortOf(na), a, b); ok {
			return res
		}
		if r.IsGround(a) && r.IsGround(b) {
			return r.equalFunctionsByQuantifier(r.sortOf(na), a, b)
		}
	}
	if res, ok := r.symbolicEqual(a, b); ok {
		return res
	}
	s := r.sortOf(na)
	if s == nil {
		s = r.sortOf(nb)
	}
	return r.mkApp(r.cmpSym(lps.OpEq, s), []Term{a, b})
}

// compare evaluates <, <=, >, >= on normal forms.
func (r *Rewriter) compare(fn *symbol, a, b Term) (Term, bool) {
	op := fn.op
	if op == lps.OpGt || op == lps.OpGe {
		a, b = b, a
		if op == lps.OpGt {
			op = lps.OpLt
		} else {
			op = lps.OpLe
		}
	}
	if a == b {
		return r.Bool(op == lps.OpLe), true
	}
	if r.isNumValue(a) && r.isNumValue(b) {
		c := r.cmpNum(a, b)
		return r.Bool(c < 0 || c == 0 && op == lps.OpLe), true
	}
	res, ok := r.less(a, b, op == lps.OpLe)
	if ok {
		return res, true
	}
	if k := r.cmpArgKind(fn, a); k >= lps.SortSet && k <= lps.SortFBag {
		if r.foreignSet(a) || r.foreignSet(b) {
			return 0, false
		}
		if res, ok := r.subsetOp(op, a, b); ok || op == fn.op {
			return res, ok
		}
	}
	if op != fn.op && fn.fn != nil && fn.fn.Sort.Kind == lps.SortFunc {
		// mCRL2 defines x > y as y < x and x >= y as y <= x for every
		// sort, so an undecided comparison keeps that form.
		return r.mkApp(r.cmpSym(op, fn.fn.Sort.Domain[0]), []Term{a, b}), true
	}
	return 0, false
}

// cmpArgKind is the sort kind of a comparison's arguments: its
// function's domain, or a's sort for the comparisons the rewriter makes
// itself (cmpSym), which name only the result sort.
func (r *Rewriter) cmpArgKind(fn *symbol, a Term) lps.SortKind {
	if fn.fn == nil {
		if s := r.sortOf(r.node(a)); s != nil {
			return s.Kind
		}
	}
	return r.argSortKind(fn, 0)
}

// less decides a < b (or a <= b when orEqual) for values of Bool,
// numbers, structured sorts (constructor order, then arguments
// lexicographically, as mCRL2's generated equations) and lists.
func (r *Rewriter) less(a, b Term, orEqual bool) (Term, bool) {
	if a == b {
		return r.Bool(orEqual), true
	}
	if a == r.falseT && b == r.trueT {
		return r.trueT, true
	}
	if a == r.trueT && b == r.falseT {
		return r.falseT, true
	}
	if r.isNumValue(a) && r.isNumValue(b) {
		c := r.cmpNum(a, b)
		return r.Bool(c < 0 || c == 0 && orEqual), true
	}
	na, nb := r.node(a), r.node(b)
	switch {
	case na.kind == kApp && nb.kind == kApp && r.fnOf(na).kind == lps.FuncConstructor && r.fnOf(nb).kind == lps.FuncConstructor &&
		r.fnOf(na).fn != nil && r.fnOf(nb).fn != nil:
		if r.fnOf(na) != r.fnOf(nb) {
			return r.Bool(ctorIndex(r.fnOf(na).fn) < ctorIndex(r.fnOf(nb).fn)), true
		}
		// Lexicographic on the arguments.
		for i := range na.args() {
			if na.args()[i] == nb.args()[i] {
				continue
			}
			lt, ok := r.elemLess(na.args()[i], nb.args()[i])
			if !ok {
				return 0, false
			}
			if lt == r.trueT {
				return lt, true
			}
			eq := r.equal(na.args()[i], nb.args()[i])
			if eq != r.trueT {
				if eq == r.falseT {
					return r.falseT, true
				}
				return 0, false
			}
		}
		return r.Bool(orEqual), true
	case na.kind == kNil && nb.kind == kCons:
		return r.trueT, true
	case na.kind == kCons && nb.kind == kNil:
		return r.falseT, true
	case na.kind == kCons && nb.kind == kCons:
		if na.args()[0] == nb.args()[0] {
			return r.less(na.args()[1], nb.args()[1], orEqual)
		}
		return r.elemLess(na.args()[0], nb.args()[0])
	}
	if isIntegral(r.sortOf(na)) || isIntegral(r.sortOf(nb)) {
		return r.symbolicLess(a, b, orEqual)
	}
	return 0, false
}

// isIntegral says s is Pos, Nat or Int.
func isIntegral(s *lps.Sort) bool {
	return s != nil && (s.Kind == lps.SortNat || s.Kind == lps.SortPos || s.Kind == lps.SortInt)
}

func ctorIndex(f *lps.Func) int {
	s := f.Result()
	for i, c := range s.Constructors {
		if c == f {
			return i
		}
	}
	return f.Index
}

// isUpcast reports whether n is a conversion to a larger number sort.
func (r *Rewriter) isUpcast(n *node) bool {
	if n.kind != kApp || r.fnOf(n).kind != lps.FuncBuiltin || len(n.args()) != 1 {
		return false
	}
	switch r.fnOf(n).op {
	case lps.OpPos2Nat, lps.OpPos2Int, lps.OpNat2Int:
		return true
	}
	return false
}
