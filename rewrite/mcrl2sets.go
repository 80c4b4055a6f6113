package rewrite

import "github.com/lps2lts/lps2lts/lps"

// mCRL2's internal functions of its set and bag libraries (set64.spec,
// bag64.spec), as the binary reader reads them (lps/mcrl2funcs.go): the
// function parts of sets and bags, their combinators, @set(f, s) and
// @bag(f, b) themselves, and the finite parts of unions, intersections
// and differences. They build the representation containers.go describes
// (kFnConst, kFnOp, kSet, kBag) with setops.go's rules, so that a set read
// from a file is the term the rewriter makes of the same set written in
// the text.

func init() {
	for op, eval := range map[lps.Op]builtinFunc{
		lps.OpFalseFn:    constFnApplied(fnFalse),
		lps.OpTrueFn:     constFnApplied(fnTrue),
		lps.OpZeroFn:     constFnApplied(fnZero),
		lps.OpOneFn:      constFnApplied(fnOne),
		lps.OpNotFn:      unaryFn(lps.SortSet, fnNot),
		lps.OpNat2BoolFn: unaryFn(lps.SortSet, fnNat2Bool),
		lps.OpBool2NatFn: unaryFn(lps.SortBag, fnBool2Nat),
		lps.OpAndFn:      binaryFn(lps.SortSet, fnAnd),
		lps.OpOrFn:       binaryFn(lps.SortSet, fnOr),
		lps.OpAddFn:      binaryFn(lps.SortBag, fnAdd),
		lps.OpMinFn:      binaryFn(lps.SortBag, fnMin),
		lps.OpMonusFn:    binaryFn(lps.SortBag, fnMonus),
		lps.OpSetFn:      withFinitePart(kFSet, (*Rewriter).mkSet),
		lps.OpBagFn:      withFinitePart(kFBag, (*Rewriter).mkBag),
		lps.OpFSetUnion:  fsetMerged(true),
		lps.OpFSetInter:  fsetMerged(false),
		lps.OpFBagJoin:   fbagMerged(lps.OpAdd),
		lps.OpFBagInter:  fbagMerged(lps.OpMul),
		lps.OpFBagDiff:   fbagMerged(lps.OpSub),
		lps.OpFSet2FBag:  (*Rewriter).fset2fbag,
		lps.OpFSetInsert: (*Rewriter).fsetInsert,
		lps.OpFBagInsert: (*Rewriter).fbagInsert,
		// @fbag2fset(f, b) has equations, but mCRL2's lps2lts leaves it as it
		// is in the files mcrl22lps writes (Bag2Set({k: 2, 3: 1}) with k = 0
		// prints as @fbag2fset(@zero_, {0: 2, 3: 1})): so it stays here.
		lps.OpFBag2FSet: func(*Rewriter, *symbol, []Term) (Term, bool) { return 0, false },
	} {
		define(op, eval)
	}
}

// fnConstOps are the function constants by operator.
var fnConstOps = map[lps.Op]int{lps.OpFalseFn: fnFalse, lps.OpTrueFn: fnTrue, lps.OpZeroFn: fnZero, lps.OpOneFn: fnOne}

// servedSort is the Set or Bag sort over elem: the sort a function part
// serves, which the rewriter's function constants and combinators carry.
// The sort table is asked once per rewriter and sort, under the shared
// lock (it is not safe for concurrent use, and it builds a key).
func (r *Rewriter) servedSort(kind lps.SortKind, elem *lps.Sort) *lps.Sort {
	k := servedKey{kind, elem}
	if s, ok := r.served[k]; ok {
		return s
	}
	sh := r.shared
	sh.mu.Lock()
	s := sh.spec.SortTable.Container(kind, elem)
	sh.mu.Unlock()
	if r.served == nil {
		r.served = map[servedKey]*lps.Sort{}
	}
	r.served[k] = s
	return s
}

type servedKey struct {
	kind lps.SortKind
	elem *lps.Sort
}

// fnElem is the element sort S of a function part's sort S -> Bool or
// S -> Nat.
func fnElem(s *lps.Sort) *lps.Sort { return s.Domain[0] }

// fnConstant is the term of a function constant symbol f (@false_: S ->
// Bool, ...), used as a value.
func (r *Rewriter) fnConstant(f *lps.Func) (Term, bool) {
	which, ok := fnConstOps[f.Op]
	if !ok || f.Sort.Kind != lps.SortFunc || len(f.Sort.Domain) != 1 {
		return 0, false
	}
	kind := lps.SortSet
	if which == fnZero || which == fnOne {
		kind = lps.SortBag
	}
	return r.fnConst(r.servedSort(kind, fnElem(f.Sort)), which), true
}

// constFnApplied is a function constant applied to an element.
func constFnApplied(which int) builtinFunc {
	return func(r *Rewriter, fn *symbol, args []Term) (Term, bool) {
		return r.applyFunction(&node{kind: kFnConst, word: int64(which)}, args[0]) // a constant has only kind and val
	}
}

func unaryFn(kind lps.SortKind, which int) builtinFunc {
	return func(r *Rewriter, fn *symbol, args []Term) (Term, bool) {
		return r.fnUnary(r.servedSort(kind, fnElem(fn.res)), which, args[0]), true
	}
}

func binaryFn(kind lps.SortKind, which int) builtinFunc {
	return func(r *Rewriter, fn *symbol, args []Term) (Term, bool) {
		return r.fnBin(r.servedSort(kind, fnElem(fn.res)), which, args[0], args[1]), true
	}
}

// withFinitePart is @set(f, s) or @bag(f, b) once the finite part is a
// value.
func withFinitePart(finite kind, mk func(r *Rewriter, s *lps.Sort, f, fin Term) Term) builtinFunc {
	return func(r *Rewriter, fn *symbol, args []Term) (Term, bool) {
		if r.node(args[1]).kind != finite {
			return 0, false
		}
		return mk(r, fn.res, args[0], args[1]), true
	}
}

// fsetMerged is @fset_union(f, g, s, t) or @fset_inter(f, g, s, t).
func fsetMerged(union bool) builtinFunc {
	return func(r *Rewriter, fn *symbol, args []Term) (Term, bool) {
		s, t := r.node(args[2]), r.node(args[3])
		if s.kind != kFSet || t.kind != kFSet {
			return 0, false
		}
		return r.fsetMerge(fn.res, args[0], args[1], s.args(), t.args(), union)
	}
}

// fbagMerged is @fbag_join, @fbag_inter or @fbag_diff(f, g, b, c): the
// finite part of @bag(f, b) + @bag(g, c) (or *, -).
func fbagMerged(op lps.Op) builtinFunc {
	return func(r *Rewriter, fn *symbol, args []Term) (Term, bool) {
		if r.node(args[2]).kind != kFBag || r.node(args[3]).kind != kFBag {
			return 0, false
		}
		bag := r.servedSort(lps.SortBag, fn.res.Elem)
		res, ok := r.setBagArith(r.opSymN(op, bag, 2), r.mkBag(bag, args[0], args[2]), r.mkBag(bag, args[1], args[3]))
		if !ok {
			return 0, false
		}
		return r.mkFBag(fn.res, r.natSortOf(), r.bagEntries(r.node(res).args()[1])), true
	}
}

// fset2fbag is @fset2fbag(s): each element of s once.
func (r *Rewriter) fset2fbag(fn *symbol, args []Term) (Term, bool) {
	s := r.node(args[0])
	if s.kind != kFSet {
		return 0, false
	}
	nat := r.natSortOf()
	es := make([]bagEntry, len(s.args()))
	for i, e := range s.args() {
		es[i] = bagEntry{e, r.mkInt(nat, 1)}
	}
	return r.mkFBag(fn.res, nat, es), true
}

// fsetInsert is @fset_insert(d, s) into a finite set s that was no value
// when read (an if): once s and d are values, d joins s; until then it
// stays, as mCRL2 leaves it.
func (r *Rewriter) fsetInsert(fn *symbol, args []Term) (Term, bool) {
	s := r.node(args[1])
	if s.kind != kFSet || !r.isDataValue(args[0]) {
		return 0, false
	}
	return r.mkFSet(fn.res, append(append([]Term(nil), s.args()...), args[0])), true
}

// fbagInsert is @fbag_insert(d, p, b) likewise: p more of d in b once b,
// d and p are values. The rewriter makes it too, over a b that is no
// value (containers.go), and there it stays.
func (r *Rewriter) fbagInsert(fn *symbol, args []Term) (Term, bool) {
	return r.fbagInsertValues(fn.res, args[0], args[1], args[2])
}
