package rewrite

import (
	"math/big"

	"github.com/lps2lts/lps2lts/lps"
)

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
	n := r.st.node(t)
	switch n.kind {
	case kNum, kBig, kReal, kNil, kCons:
		return true
	case kApp:
		return n.fn.kind == lps.FuncConstructor
	case kFSet, kFBag:
		return n.flags&nodeGround != 0
	}
	return false
}

// builtin evaluates a built-in function on normal-form arguments. It
// returns false when no rule applies (the application is a normal form).
func (r *Rewriter) builtin(fn *symbol, args []Term) (Term, bool) {
	switch fn.op {
	case lps.OpTrue:
		return r.trueT, true
	case lps.OpFalse:
		return r.falseT, true
	case lps.OpNot:
		if r.st.node(args[0]).sort != nil && r.st.node(args[0]).sort.Kind == lps.SortSet {
			return r.setComplement(fn, args[0])
		}
		res := r.not(args[0])
		return res, true
	case lps.OpEq:
		return r.equal(args[0], args[1]), true
	case lps.OpNeq:
		return r.not(r.equal(args[0], args[1])), true
	case lps.OpLt, lps.OpLe, lps.OpGt, lps.OpGe:
		return r.compare(fn, args[0], args[1])
	case lps.OpIf:
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
	case lps.OpAnd:
		return r.and(args[0], args[1]), true
	case lps.OpOr:
		return r.or(args[0], args[1]), true
	case lps.OpImplies:
		return r.or(r.not(args[0]), args[1]), true
	case lps.OpAdd, lps.OpSub, lps.OpMul:
		if k := r.argSortKind(fn, 0); k >= lps.SortSet && k <= lps.SortFBag {
			if k == lps.SortFSet || k == lps.SortFBag {
				if res, ok := r.withEmptyFinite(fn, args[0], args[1]); ok {
					return res, true
				}
			}
			return r.containerOp(fn, args)
		}
		fallthrough
	case lps.OpDivide, lps.OpDiv, lps.OpMod, lps.OpNeg, lps.OpExp, lps.OpAbs, lps.OpSucc, lps.OpPred,
		lps.OpMax, lps.OpMin, lps.OpFloor, lps.OpCeil, lps.OpRound, lps.OpSqrt, lps.OpPos2Nat, lps.OpPos2Int,
		lps.OpPos2Real, lps.OpNat2Pos, lps.OpNat2Int, lps.OpNat2Real, lps.OpInt2Pos, lps.OpInt2Nat,
		lps.OpInt2Real, lps.OpReal2Pos, lps.OpReal2Nat, lps.OpReal2Int:
		for _, a := range args {
			if !r.isNumValue(a) {
				switch fn.op {
				case lps.OpAdd:
					return r.symbolicAdd(fn, args[0], args[1])
				case lps.OpMul:
					return r.mulByZero(fn, args[0], args[1])
				case lps.OpMax, lps.OpMin:
					return r.unfoldMaxMin(fn, args[0], args[1])
				case lps.OpExp:
					return r.expOfNonValue(fn, args[0], args[1])
				case lps.OpAbs:
					return r.absOfNonValue(fn, args[0])
				case lps.OpDiv, lps.OpMod:
					return r.intDivModOfNonValue(fn, args[0], args[1])
				case lps.OpInt2Pos, lps.OpInt2Nat:
					return r.narrowWidened(fn, args[0])
				}
				return 0, false
			}
		}
		return r.arith(fn, args)
	case lps.OpEmptyList:
		return r.st.intern(&node{kind: kNil, sort: fn.res}), true
	case lps.OpEmptySet:
		return r.emptyOf(fn.res), true
	case lps.OpCons:
		return r.st.internArgs(&node{kind: kCons, sort: fn.res}, []Term{args[0], args[1]}), true
	case lps.OpSnoc, lps.OpConcat, lps.OpElementAt, lps.OpHead, lps.OpTail, lps.OpRHead, lps.OpRTail:
		return r.listOp(fn, args)
	case lps.OpCount, lps.OpIn:
		switch r.argSortKind(fn, len(args)-1) {
		case lps.SortList:
			return r.listOp(fn, args)
		default:
			return r.containerOp(fn, args)
		}
	case lps.OpComplement, lps.OpBagCount, lps.OpSet2Bag, lps.OpBag2Set, lps.OpFSet2Set, lps.OpFBag2Bag, lps.OpPick, lps.OpSetRetag:
		return r.containerOp(fn, args)
	case lps.OpUpdate:
		return r.update(fn, args)
	case lps.OpFBagInsert:
		return r.fbagInsertValues(fn.res, args[0], args[1], args[2])
	}
	if eval, ok := internalOps[fn.op]; ok {
		return eval(r, fn, args)
	}
	return 0, false
}

// argSortKind returns the sort kind of argument i of fn.
func (r *Rewriter) argSortKind(fn *symbol, i int) lps.SortKind {
	if fn.fn != nil && fn.fn.Sort.Kind == lps.SortFunc && i < len(fn.fn.Sort.Domain) {
		return fn.fn.Sort.Domain[i].Kind
	}
	return fn.res.Kind
}

// equal returns the normal form of a == b for normal forms a and b.
func (r *Rewriter) equal(a, b Term) Term {
	if a == b {
		return r.trueT
	}
	na, nb := r.st.node(a), r.st.node(b)
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
		if na.kind != nb.kind || na.fn != nb.fn || na.kind == kNum || na.kind == kBig || na.kind == kReal {
			return r.falseT
		}
		if na.kind == kFSet || na.kind == kFBag {
			if res, ok := r.equalFinite(na, nb); ok {
				return res
			}
		} else {
			// Same constructor: compare the arguments pairwise.
			res := r.trueT
			for i := range na.args {
				e := r.equal(na.args[i], nb.args[i])
				if e == r.falseT {
					return e
				}
				res = r.and(res, e)
			}
			return res
		}
	}
	if isUpcast(na) && isUpcast(nb) && na.fn.op == nb.fn.op {
		// Pos2Nat, Nat2Int, ... are constructors in mCRL2 (@cNat,
		// @cInt): one applied twice, from the checker and from a
		// rewrite, compares its arguments.
		return r.equal(na.args[0], nb.args[0])
	}
	if na.kind == kSet && nb.kind == kSet || na.kind == kBag && nb.kind == kBag {
		if res, ok := r.equalSetBag(na, nb); ok {
			return res
		}
	}
	if na.sort != nil && na.sort.Kind == lps.SortFunc {
		if res, ok := r.equalFunctions(na.sort, a, b); ok {
			return res
		}
		if r.IsGround(a) && r.IsGround(b) {
			return r.equalFunctionsByQuantifier(na.sort, a, b)
		}
	}
	if res, ok := r.symbolicEqual(a, b); ok {
		return res
	}
	s := na.sort
	if s == nil {
		s = nb.sort
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
		if s := r.st.node(a).sort; s != nil {
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
	na, nb := r.st.node(a), r.st.node(b)
	switch {
	case na.kind == kApp && nb.kind == kApp && na.fn.kind == lps.FuncConstructor && nb.fn.kind == lps.FuncConstructor &&
		na.fn.fn != nil && nb.fn.fn != nil:
		if na.fn != nb.fn {
			return r.Bool(ctorIndex(na.fn.fn) < ctorIndex(nb.fn.fn)), true
		}
		// Lexicographic on the arguments.
		for i := range na.args {
			if na.args[i] == nb.args[i] {
				continue
			}
			lt, ok := r.elemLess(na.args[i], nb.args[i])
			if !ok {
				return 0, false
			}
			if lt == r.trueT {
				return lt, true
			}
			eq := r.equal(na.args[i], nb.args[i])
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
		if na.args[0] == nb.args[0] {
			return r.less(na.args[1], nb.args[1], orEqual)
		}
		return r.elemLess(na.args[0], nb.args[0])
	}
	if isIntegral(na.sort) || isIntegral(nb.sort) {
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

// listOp evaluates list functions.
func (r *Rewriter) listOp(fn *symbol, args []Term) (Term, bool) {
	st := r.st
	switch fn.op {
	case lps.OpIn:
		return r.memberOfList(fn, args[0], args[1])
	case lps.OpCount:
		c := int64(0)
		for l := args[0]; ; c++ {
			n := st.node(l)
			switch n.kind {
			case kNil:
				return r.mkInt(fn.res, c), true
			case kCons:
				l = n.args[1]
			default:
				if c == 0 {
					return 0, false
				}
				// #(e1 |> ... |> ek |> l) = #(l) + k, for the enumerator.
				return r.mkApp(r.opSym(lps.OpAdd, fn.res), []Term{r.mkApp(fn, []Term{l}), r.mkInt(fn.res, c)}), true
			}
		}
	case lps.OpHead, lps.OpTail:
		n := st.node(args[0])
		if n.kind != kCons {
			return 0, false
		}
		if fn.op == lps.OpHead {
			return n.args[0], true
		}
		return n.args[1], true
	case lps.OpElementAt:
		return r.elementAt(fn, args[0], args[1])
	}
	// The remaining functions need the whole list spine.
	elems, ok := r.listElems(args[0], nil)
	if !ok {
		if fn.op == lps.OpRHead {
			// rhead(d |> e |> s) = rhead(e |> s), as mCRL2 peels it.
			l := args[0]
			for n := st.node(l); n.kind == kCons && st.node(n.args[1]).kind == kCons; n = st.node(l) {
				l = n.args[1]
			}
			if l != args[0] {
				return r.mkApp(fn, []Term{l}), true
			}
		}
		return 0, false
	}
	switch fn.op {
	case lps.OpRHead:
		if len(elems) == 0 {
			return 0, false
		}
		return elems[len(elems)-1], true
	case lps.OpRTail:
		if len(elems) == 0 {
			return 0, false
		}
		return r.mkList(fn.res, elems[:len(elems)-1], r.st.intern(&node{kind: kNil, sort: fn.res})), true
	case lps.OpSnoc:
		return r.mkList(fn.res, append(elems, args[1]), r.st.intern(&node{kind: kNil, sort: fn.res})), true
	case lps.OpConcat:
		if st.node(args[1]).kind == kNil {
			return args[0], true
		}
		return r.mkList(fn.res, elems, args[1]), true
	}
	return 0, false
}

// elementAt is l . i for an index value i: the element, or, past the
// elements l shows, the rest of l at the index less the elements passed,
// as mCRL2's list library peels it ([3] . 5 is [] . 4).
func (r *Rewriter) elementAt(fn *symbol, l, i Term) (Term, bool) {
	if !r.isIntValue(i) {
		return r.elementAtNonValue(fn, l, i)
	}
	// An index beyond a machine word is past every list's elements.
	in := r.st.node(i)
	small := in.kind == kNum
	passed := int64(0)
	for {
		n := r.st.node(l)
		if n.kind != kCons {
			if passed == 0 {
				return 0, false
			}
			if small {
				return r.mkApp(fn, []Term{l, r.mkInt(in.sort, in.val-passed)}), true
			}
			idx := r.bigOf(i)
			return r.mkApp(fn, []Term{l, r.mkBigInt(in.sort, idx.Sub(idx, big.NewInt(passed)))}), true
		}
		if small && in.val == passed {
			return n.args[0], true
		}
		passed++
		l = n.args[1]
	}
}

// memberOfList is d in l by mCRL2's equations: d in [] = false, d in e |> s =
// d == e || d in s, the equalities rewritten and || simplified with true
// and false. So an equality no equation decides (count(7, {:}) == 8)
// stays in a disjunction, as does the membership in a rest that is no
// list enumeration; under a binder x in [1, 2] is x == 1 || x == 2.
func (r *Rewriter) memberOfList(fn *symbol, d, l Term) (Term, bool) {
	n := r.st.node(l)
	switch n.kind {
	case kNil:
		return r.falseT, true
	case kCons:
		e := r.equal(d, n.args[0])
		if e == r.trueT {
			return e, true
		}
		rest, ok := r.memberOfList(fn, d, n.args[1])
		if !ok {
			rest = r.mkApp(fn, []Term{d, n.args[1]})
		}
		return r.or(e, rest), true
	}
	return 0, false
}

// isUpcast reports whether n is a conversion to a larger number sort.
func isUpcast(n *node) bool {
	if n.kind != kApp || n.fn.kind != lps.FuncBuiltin || len(n.args) != 1 {
		return false
	}
	switch n.fn.op {
	case lps.OpPos2Nat, lps.OpPos2Int, lps.OpNat2Int:
		return true
	}
	return false
}

// elementAtNonValue is l . i for a ground index i that is no value
// (pn(d1), [] . 0): mCRL2's equation (d |> s) . n = if(n == 0, d, s .
// @natpred(n)) unfolds it along the elements l shows, and the comparisons
// stay undecided. @natpred(n) is pred on a Nat giving a Nat here, printed
// as mCRL2 prints it, max(0,n - 1). An index with a free variable stays
// as it is, for the enumerator.
func (r *Rewriter) elementAtNonValue(fn *symbol, l, i Term) (Term, bool) {
	n := r.st.node(l)
	if n.kind != kCons || !r.IsGround(i) || !r.isSortKind(i, lps.SortNat) {
		return 0, false
	}
	nat := r.st.node(i).sort
	rest := n.args[1]
	prev := r.apply(r.opSymN(lps.OpPred, nat, 1), []Term{i})
	tail, ok := r.elementAtNonValue(fn, rest, prev)
	if !ok {
		tail = r.mkApp(fn, []Term{rest, prev})
	}
	c := r.apply(r.cmpSym(lps.OpEq, nat), []Term{i, r.mkInt(nat, 0)})
	return r.apply(r.opSymN(lps.OpIf, fn.res, 3), []Term{c, n.args[0], tail}), true
}

// listElems appends the elements of list l to dst; false if l is not a
// complete list (it ends in something other than []).
func (r *Rewriter) listElems(l Term, dst []Term) ([]Term, bool) {
	for {
		n := r.st.node(l)
		switch n.kind {
		case kNil:
			return dst, true
		case kCons:
			dst = append(dst, n.args[0])
			l = n.args[1]
		default:
			return dst, false
		}
	}
}

// mkList builds elems |> tail.
func (r *Rewriter) mkList(s *lps.Sort, elems []Term, tail Term) Term {
	for i := len(elems) - 1; i >= 0; i-- {
		tail = r.st.internArgs(&node{kind: kCons, sort: s}, []Term{elems[i], tail})
	}
	return tail
}
