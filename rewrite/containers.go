package rewrite

import (
	"cmp"
	"math"
	"math/big"
	"strconv"

	"github.com/lps2lts/lps2lts/lps"
)

// Function constants and combinators of mCRL2's set and bag library.
const (
	fnFalse = iota // @false_: S -> Bool
	fnTrue         // @true_
	fnZero         // @zero_: S -> Nat
	fnOne          // @one_
)

var fnConstNames = [...]string{"@false_", "@true_", "@zero_", "@one_"}

const (
	fnNot = iota
	fnAnd
	fnOr
	fnAdd
	fnMin
	fnMonus
	fnNat2Bool
	fnBool2Nat
)

var fnOpNames = [...]string{"@not_", "@and_", "@or_", "@add_", "@min_", "@monus_", "@Nat2Bool_", "@Bool2Nat_"}

// fnConst returns a function constant; s is the Set or Bag sort it serves.
func (r *Rewriter) fnConst(s *lps.Sort, which int) Term {
	return r.st.intern(&node{kind: kFnConst, sort: s, val: int64(which)})
}

func (r *Rewriter) mkSet(s *lps.Sort, f, fs Term) Term {
	return r.st.internArgs(&node{kind: kSet, sort: s}, []Term{f, fs})
}

func (r *Rewriter) mkBag(s *lps.Sort, f, fb Term) Term {
	return r.st.internArgs(&node{kind: kBag, sort: s}, []Term{f, fb})
}

// termCmp is the fixed total order on values used for the elements of
// finite sets and bags. On Bool, numbers, structured sorts and lists it is
// mCRL2's < (false < true; constructor order, then arguments
// lexicographically; lists lexicographically), so sets print in mCRL2's
// order; other terms are ordered by id, which is fixed within a run.
func (r *Rewriter) termCmp(a, b Term) int {
	if a == b {
		return 0
	}
	if a == r.falseT && b == r.trueT {
		return -1
	}
	if a == r.trueT && b == r.falseT {
		return 1
	}
	if r.isNumValue(a) && r.isNumValue(b) {
		return r.cmpNum(a, b)
	}
	na, nb := r.st.node(a), r.st.node(b)
	switch {
	case na.kind == kApp && nb.kind == kApp && na.fn.fn != nil && nb.fn.fn != nil &&
		na.fn.kind == lps.FuncConstructor && nb.fn.kind == lps.FuncConstructor:
		if na.fn != nb.fn {
			if ctorIndex(na.fn.fn) < ctorIndex(nb.fn.fn) {
				return -1
			}
			return 1
		}
		for i := range na.args {
			if c := r.termCmp(na.args[i], nb.args[i]); c != 0 {
				return c
			}
		}
		return 0
	case na.kind == kNil && nb.kind == kCons:
		return -1
	case na.kind == kCons && nb.kind == kNil:
		return 1
	case na.kind == kCons && nb.kind == kCons:
		if c := r.termCmp(na.args[0], nb.args[0]); c != 0 {
			return c
		}
		return r.termCmp(na.args[1], nb.args[1])
	}
	if a < b {
		return -1
	}
	return 1
}

// sortTerms sorts ts by termCmp (insertion sort: sets are small and this
// allocates nothing).
func (r *Rewriter) sortTerms(ts []Term) {
	for i := 1; i < len(ts); i++ {
		for j := i; j > 0 && r.termCmp(ts[j-1], ts[j]) > 0; j-- {
			ts[j-1], ts[j] = ts[j], ts[j-1]
		}
	}
}

// mkFSet builds the canonical finite set of elems (sorted, without
// duplicates). elems may be reordered.
func (r *Rewriter) mkFSet(s *lps.Sort, elems []Term) Term {
	r.sortTerms(elems)
	out := elems[:0]
	for i, e := range elems {
		if i == 0 || e != elems[i-1] {
			out = append(out, e)
		}
	}
	return r.st.internArgs(&node{kind: kFSet, sort: s}, out)
}

// bagEntry is an element of a finite bag with its multiplicity, a number
// term (multiplicities of 2^63 and more are big numbers).
type bagEntry struct {
	e Term
	n Term
}

// natAdd, natMin and natMonus are +, min and monus on the multiplicities
// of bags: on int64 when the values allow, else on big integers.
func (r *Rewriter) natAdd(nat *lps.Sort, a, b Term) Term {
	x, y := r.st.node(a), r.st.node(b)
	if x.kind == kNum && y.kind == kNum && x.val <= math.MaxInt64-y.val {
		return r.mkInt(nat, x.val+y.val)
	}
	return r.mkBigInt(nat, new(big.Int).Add(r.bigOf(a), r.bigOf(b)))
}

func (r *Rewriter) natCmp(a, b Term) int {
	x, y := r.st.node(a), r.st.node(b)
	if x.kind == kNum && y.kind == kNum {
		return cmp.Compare(x.val, y.val)
	}
	return r.bigOf(a).Cmp(r.bigOf(b))
}

func (r *Rewriter) natMonus(nat *lps.Sort, a, b Term) Term {
	if r.natCmp(a, b) <= 0 {
		return r.mkInt(nat, 0)
	}
	x, y := r.st.node(a), r.st.node(b)
	if x.kind == kNum && y.kind == kNum {
		return r.mkInt(nat, x.val-y.val)
	}
	return r.mkBigInt(nat, new(big.Int).Sub(r.bigOf(a), r.bigOf(b)))
}

// natIn returns the number n as a term of sort nat, so that equal
// multiplicities are one term.
func (r *Rewriter) natIn(nat *lps.Sort, n Term) Term {
	if r.st.node(n).sort == nat {
		return n
	}
	return r.mkBigInt(nat, r.bigOf(n))
}

func (r *Rewriter) isPositive(n Term) bool {
	x := r.st.node(n)
	if x.kind == kNum {
		return x.val > 0
	}
	return x.big.Sign() > 0
}

// mkFBag builds the canonical finite bag of entries: sorted by element,
// multiplicities of equal elements added, zero multiplicities dropped.
func (r *Rewriter) mkFBag(s *lps.Sort, nat *lps.Sort, es []bagEntry) Term {
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && r.termCmp(es[j-1].e, es[j].e) > 0; j-- {
			es[j-1], es[j] = es[j], es[j-1]
		}
	}
	args := make([]Term, 0, 2*len(es))
	for i := 0; i < len(es); {
		e, n := es[i].e, r.natIn(nat, es[i].n)
		for i++; i < len(es) && es[i].e == e; i++ {
			n = r.natAdd(nat, n, es[i].n)
		}
		if r.isPositive(n) {
			args = append(args, e, n)
		}
	}
	return r.st.internArgs(&node{kind: kFBag, sort: s}, args)
}

// bagEntries reads a finite bag.
func (r *Rewriter) bagEntries(b Term) []bagEntry {
	n := r.st.node(b)
	es := make([]bagEntry, 0, len(n.args)/2)
	for i := 0; i < len(n.args); i += 2 {
		es = append(es, bagEntry{n.args[i], n.args[i+1]})
	}
	return es
}

func (r *Rewriter) allGround(ts []Term) bool {
	for _, t := range ts {
		if !r.IsGround(t) {
			return false
		}
	}
	return true
}

// renormalise rebuilds an internal constructor term from rewritten
// arguments, restoring its canonical form.
func (r *Rewriter) renormalise(t Term, n *node, args []Term) Term {
	switch n.kind {
	case kFSet:
		if r.allGround(args) {
			return r.mkFSet(n.sort, append([]Term(nil), args...))
		}
	case kUpdate:
		if res, ok := r.updateFn(n.sort, args[0], args[1], args[2]); ok {
			return res
		}
	}
	if t != 0 {
		return t
	}
	return r.st.internArgs(&node{kind: n.kind, sort: n.sort, val: n.val}, args)
}

func (r *Rewriter) rewriteSetEnum(n *node, s *Subst) Term {
	elems := make([]Term, len(n.args))
	for i, a := range n.args {
		elems[i] = r.rewrite(a, s)
	}
	if !r.allGround(elems) {
		return r.st.internArgs(&node{kind: kSetEnum, sort: n.sort}, elems)
	}
	fs := r.mkFSet(n.sort, elems)
	if n.sort.Kind == lps.SortSet {
		return r.mkSet(n.sort, r.fnConst(n.sort, fnFalse), fs)
	}
	return fs
}

func (r *Rewriter) rewriteBagEnum(n *node, s *Subst) Term {
	args := make([]Term, len(n.args))
	ground := true
	var natSort *lps.Sort
	for i, a := range n.args {
		args[i] = r.rewrite(a, s)
		if i%2 == 1 {
			natSort = r.st.node(args[i]).sort
			if !r.isIntValue(args[i]) {
				ground = false
			}
		} else if !r.IsGround(args[i]) {
			ground = false
		}
	}
	if !ground {
		return r.st.internArgs(&node{kind: kBagEnum, sort: n.sort}, args)
	}
	es := make([]bagEntry, 0, len(args)/2)
	for i := 0; i < len(args); i += 2 {
		es = append(es, bagEntry{args[i], args[i+1]})
	}
	fb := r.mkFBag(n.sort, natSort, es)
	if n.sort.Kind == lps.SortBag {
		return r.mkBag(n.sort, r.fnConst(n.sort, fnZero), fb)
	}
	return fb
}

// fsetOf returns the finite set underlying a Set that is a plain finite
// set (@set(@false_, s)), or an FSet itself.
func (r *Rewriter) fsetElems(t Term) ([]Term, bool) {
	n := r.st.node(t)
	switch n.kind {
	case kFSet:
		return n.args, true
	case kSet:
		f := r.st.node(n.args[0])
		if f.kind == kFnConst && f.val == fnFalse {
			return r.st.node(n.args[1]).args, true
		}
	}
	return nil, false
}

// containerOp evaluates functions on finite sets, finite bags, sets and
// bags.
func (r *Rewriter) containerOp(fn *symbol, args []Term) (Term, bool) {
	for _, a := range args {
		k := r.st.node(a).kind
		if k == kSetEnum || k == kBagEnum || !r.IsGround(a) && (k == kFSet || k == kFBag) {
			return 0, false
		}
		if fn.op != lps.OpComplement && r.foreignSet(a) {
			return 0, false
		}
	}
	res := fn.res
	switch fn.op {
	case lps.OpSetRetag:
		n := r.st.node(args[0])
		if n.kind != kSet {
			return 0, false
		}
		return r.mkSet(res, n.args[0], n.args[1]), true
	case lps.OpIn:
		return r.member(args[0], args[1])
	case lps.OpBagCount:
		if !elemSortFits(fn) {
			return 0, false
		}
		return r.bagCount(res, args[0], args[1])
	case lps.OpCount:
		n := r.st.node(args[0])
		switch n.kind {
		case kFSet:
			return r.mkInt(res, int64(len(n.args))), true
		case kFBag:
			// The size is the sum of the multiplicities, which may
			// exceed a machine word (natAdd falls back on big numbers).
			total := r.mkInt(res, 0)
			for i := 1; i < len(n.args); i += 2 {
				total = r.natAdd(res, total, r.natIn(res, n.args[i]))
			}
			return total, true
		}
		return 0, false
	case lps.OpPick:
		// pick of a non-empty finite set or bag is its least element
		// (both keep their elements in order); pick({}) and pick({:})
		// stay as they are.
		n := r.st.node(args[0])
		if (n.kind != kFBag && n.kind != kFSet) || len(n.args) == 0 {
			return 0, false
		}
		return n.args[0], true
	case lps.OpFSet2Set:
		n := r.st.node(args[0])
		if n.kind != kFSet {
			return 0, false
		}
		return r.mkSet(res, r.fnConst(res, fnFalse), r.st.internArgs(&node{kind: kFSet, sort: res}, n.args)), true
	case lps.OpFBag2Bag:
		n := r.st.node(args[0])
		if n.kind != kFBag {
			return 0, false
		}
		return r.mkBag(res, r.fnConst(res, fnZero), r.st.internArgs(&node{kind: kFBag, sort: res}, n.args)), true
	case lps.OpSet2Bag:
		// Set2Bag(@set(h, s)) = @bag(@Bool2Nat_(h), s with each
		// element once).
		n := r.st.node(args[0])
		if n.kind != kSet {
			return 0, false
		}
		elems := r.st.node(n.args[1]).args
		es := make([]bagEntry, len(elems))
		one := r.mkInt(r.natSortOf(), 1)
		for i, e := range elems {
			es[i] = bagEntry{e, one}
		}
		return r.mkBag(res, r.fnUnary(res, fnBool2Nat, n.args[0]), r.mkFBag(res, r.natSortOf(), es)), true
	case lps.OpBag2Set:
		// Bag2Set(@bag(f, b)) = @set(@Nat2Bool_(f), u), where u holds
		// the elements of b whose membership differs from f's verdict.
		n := r.st.node(args[0])
		if n.kind != kBag {
			return 0, false
		}
		f, fb := n.args[0], r.st.node(n.args[1])
		fz := r.isFnConst(f, fnZero)
		nat := r.natSortOf()
		elems := make([]Term, 0, len(fb.args)/2)
		for i := 0; i < len(fb.args); i += 2 {
			if fz {
				elems = append(elems, fb.args[i])
				continue
			}
			fe := r.applyTerm(nat, f, []Term{fb.args[i]})
			if !r.isIntValue(fe) {
				return 0, false
			}
			if r.isPositive(fe) != r.isPositive(r.swapZero(nat, fe, fb.args[i+1])) {
				elems = append(elems, fb.args[i])
			}
		}
		return r.mkSet(res, r.fnUnary(res, fnNat2Bool, f), r.mkFSet(res, elems)), true
	case lps.OpComplement:
		return r.setComplement(fn, args[0])
	case lps.OpAdd, lps.OpMul, lps.OpSub:
		return r.setBagArith(fn, args[0], args[1])
	}
	return 0, false
}

func (r *Rewriter) natSortOf() *lps.Sort {
	if r.natSort == nil {
		return &lps.Sort{Kind: lps.SortNat}
	}
	return r.natSort
}

func (r *Rewriter) posSortOf() *lps.Sort {
	if r.posSort == nil {
		return &lps.Sort{Kind: lps.SortPos}
	}
	return r.posSort
}

func (r *Rewriter) isFnConst(t Term, which int) bool {
	n := r.st.node(t)
	return n.kind == kFnConst && n.val == int64(which)
}

// member decides e in s for finite sets, finite bags, sets and bags.
func (r *Rewriter) member(e, c Term) (Term, bool) {
	n := r.st.node(c)
	switch n.kind {
	case kFSet:
		return r.inList(e, n.args, 1)
	case kFBag:
		return r.inList(e, n.args, 2)
	case kSet:
		// in(e, @set(f, s)) = f(e) != in(e, s)
		fe := r.applyTerm(r.boolSort, n.args[0], []Term{e})
		ins, ok := r.member(e, n.args[1])
		if !ok {
			return 0, false
		}
		return r.not(r.equal(fe, ins)), true
	case kBag:
		cnt, ok := r.bagCount(r.natSortOf(), e, c)
		if !ok {
			return 0, false
		}
		if r.isIntValue(cnt) {
			return r.Bool(r.st.node(cnt).kind == kBig || r.st.node(cnt).val > 0), true
		}
		return 0, false
	}
	return 0, false
}

// inList decides whether e is among every step-th element of elems.
func (r *Rewriter) inList(e Term, elems []Term, step int) (Term, bool) {
	res := r.falseT
	for i := 0; i < len(elems); i += step {
		eq := r.equal(e, elems[i])
		if eq == r.trueT {
			return eq, true
		}
		if eq != r.falseT {
			res = r.or(res, eq)
		}
	}
	return res, true
}

// elemSortFits reports whether the element argument of count has the
// element sort of the bag. mCRL2's type checker gives count(1, {0: 2})
// the symbol count: Pos # FBag(Nat) -> Nat, which no equation defines, so
// such an application is a normal form.
func elemSortFits(fn *symbol) bool {
	if fn.fn == nil || fn.fn.Sort.Kind != lps.SortFunc || len(fn.fn.Sort.Domain) != 2 {
		return true
	}
	d := fn.fn.Sort.Domain
	return d[0] == d[1].Elem
}

// bagCount evaluates count(e, b).
func (r *Rewriter) bagCount(nat *lps.Sort, e, b Term) (Term, bool) {
	if nat.Kind != lps.SortNat {
		nat = r.natSortOf()
	}
	n := r.st.node(b)
	switch n.kind {
	case kFBag:
		if !r.IsGround(e) {
			return 0, false
		}
		for i := 0; i < len(n.args); i += 2 {
			if n.args[i] == e {
				return r.natIn(nat, n.args[i+1]), true
			}
		}
		return r.mkInt(nat, 0), true
	case kBag:
		// count(e, @bag(f, b)) = @swap_zero(f(e), count(e, b)).
		fe := r.applyTerm(nat, n.args[0], []Term{e})
		cb, ok := r.bagCount(nat, e, n.args[1])
		if !ok || !r.isIntValue(fe) || !r.isIntValue(cb) {
			return 0, false
		}
		return r.swapZero(nat, fe, cb), true
	}
	return 0, false
}

// swapZero is mCRL2's @swap_zero(m, n): n if m = 0, m if n = 0, 0 if m = n,
// else n.
func (r *Rewriter) swapZero(nat *lps.Sort, m, n Term) Term {
	switch {
	case r.st.node(m).kind == kNum && r.st.node(m).val == 0:
		return n
	case r.st.node(n).kind == kNum && r.st.node(n).val == 0:
		return m
	case m == n:
		return r.mkInt(nat, 0)
	}
	return n
}

func (r *Rewriter) setComplement(fn *symbol, a Term) (Term, bool) {
	n := r.st.node(a)
	if n.kind != kSet {
		return 0, false
	}
	return r.mkSet(n.sort, r.fnUnary(n.sort, fnNot, n.args[0]), n.args[1]), true
}

// fnUnary builds @not_(f), @Bool2Nat_(f) or @Nat2Bool_(f) (op is fnNot,
// fnBool2Nat or fnNat2Bool), applying mCRL2's rules for the function
// constants (@not_(@false_) = @true_, @Bool2Nat_(@true_) = @one_, ...).
func (r *Rewriter) fnUnary(s *lps.Sort, op int, f Term) Term {
	if n := r.st.node(f); n.kind == kFnConst {
		if c, ok := fnUnaryConst[op][int(n.val)]; ok {
			return r.fnConst(s, c)
		}
	}
	return r.st.internArgs(&node{kind: kFnOp, sort: s, val: int64(op)}, []Term{f})
}

var fnUnaryConst = map[int]map[int]int{
	fnNot:      {fnFalse: fnTrue, fnTrue: fnFalse},
	fnBool2Nat: {fnFalse: fnZero, fnTrue: fnOne},
	fnNat2Bool: {fnZero: fnFalse, fnOne: fnTrue},
}

// fnBin builds @and_/@or_/@add_/@min_/@monus_(f, g) with mCRL2's
// simplifications.
func (r *Rewriter) fnBin(s *lps.Sort, op int, f, g Term) Term {
	isF := func(t Term, w int) bool { return r.isFnConst(t, w) }
	switch op {
	case fnAnd:
		switch {
		case f == g:
			return f
		case isF(f, fnFalse) || isF(g, fnFalse):
			return r.fnConst(s, fnFalse)
		case isF(g, fnTrue):
			return f
		case isF(f, fnTrue):
			return g
		}
	case fnOr:
		switch {
		case f == g:
			return f
		case isF(g, fnFalse):
			return f
		case isF(f, fnFalse):
			return g
		case isF(f, fnTrue) || isF(g, fnTrue):
			return r.fnConst(s, fnTrue)
		}
	case fnAdd:
		switch {
		case isF(g, fnZero):
			return f
		case isF(f, fnZero):
			return g
		}
	case fnMin:
		switch {
		case f == g:
			return f
		case isF(f, fnZero) || isF(g, fnZero):
			return r.fnConst(s, fnZero)
		}
	case fnMonus:
		switch {
		case f == g:
			return r.fnConst(s, fnZero)
		case isF(g, fnZero):
			return f
		case isF(f, fnZero):
			return r.fnConst(s, fnZero)
		}
	}
	return r.st.internArgs(&node{kind: kFnOp, sort: s, val: int64(op)}, []Term{f, g})
}

// setBagArith evaluates union (+), intersection (*) and difference (-) on
// finite sets, finite bags, sets and bags.
func (r *Rewriter) setBagArith(fn *symbol, a, b Term) (Term, bool) {
	na, nb := r.st.node(a), r.st.node(b)
	res := fn.res
	switch {
	case na.kind == kFSet && nb.kind == kFSet:
		return r.fsetOp(res, fn.op, na.args, nb.args), true
	case na.kind == kFBag && nb.kind == kFBag:
		return r.fbagOp(res, fn.op, r.bagEntries(a), r.bagEntries(b)), true
	case na.kind == kFSet && nb.kind == kSet:
		// FSet * Set and FSet - Set give the elements of the finite set
		// that are (not) in the set.
		var keep []Term
		for _, e := range na.args {
			in, ok := r.member(e, b)
			if !ok || in != r.trueT && in != r.falseT {
				return 0, false
			}
			if (in == r.trueT) == (fn.op == lps.OpMul) {
				keep = append(keep, e)
			}
		}
		return r.mkFSet(res, keep), true
	case na.kind == kSet && nb.kind == kFSet && fn.op == lps.OpMul:
		return r.setBagArith(fn, b, a)
	case na.kind == kSet && nb.kind == kSet:
		f, s := na.args[0], r.st.node(na.args[1]).args
		g, t := nb.args[0], r.st.node(nb.args[1]).args
		switch fn.op {
		case lps.OpSub:
			// x - y = x * !y
			g = r.fnUnary(res, fnNot, g)
			fallthrough
		case lps.OpMul:
			fs, ok := r.fsetMerge(res, f, g, s, t, false)
			if !ok {
				return 0, false
			}
			return r.mkSet(res, r.fnBin(res, fnAnd, f, g), fs), true
		case lps.OpAdd:
			fs, ok := r.fsetMerge(res, f, g, s, t, true)
			if !ok {
				return 0, false
			}
			return r.mkSet(res, r.fnBin(res, fnOr, f, g), fs), true
		}
	case na.kind == kBag && nb.kind == kBag:
		if r.isFnConst(na.args[0], fnZero) && r.isFnConst(nb.args[0], fnZero) {
			fb := r.fbagOp(res, fn.op, r.bagEntries(na.args[1]), r.bagEntries(nb.args[1]))
			return r.mkBag(res, na.args[0], fb), true
		}
		return r.bagArith(fn.op, res, a, b, na, nb)
	}
	return 0, false
}

// bagArith is +, * and - on bags with function parts, as mCRL2's bag
// library has them: the function part of the result is @add_, @min_ or
// @monus_ of the operands' (by which elements outside both finite parts
// are counted), and its finite part is @fbag_join, @fbag_inter or
// @fbag_diff of the operands' (see swapZeroOp).
func (r *Rewriter) bagArith(op lps.Op, res *lps.Sort, a, b Term, na, nb *node) (Term, bool) {
	which := map[lps.Op]int{lps.OpAdd: fnAdd, lps.OpMul: fnMin, lps.OpSub: fnMonus}[op]
	h := r.fnBin(res, which, na.args[0], nb.args[0])
	nat := r.natSortOf()
	xs, ys := r.bagEntries(na.args[1]), r.bagEntries(nb.args[1])
	for _, e := range append(append([]bagEntry(nil), xs...), ys...) {
		if !r.IsGround(e.e) {
			return 0, false
		}
	}
	zero := r.mkInt(nat, 0)
	var es []bagEntry
	ok := true
	entry := func(d, m1, m2 Term) {
		n1 := r.applyTerm(nat, na.args[0], []Term{d})
		n2 := r.applyTerm(nat, nb.args[0], []Term{d})
		if !r.isIntValue(n1) || !r.isIntValue(n2) {
			ok = false
			return
		}
		if v := r.swapZeroOp(op, nat, n1, n2, m1, m2); r.isPositive(v) {
			es = append(es, bagEntry{d, v})
		}
	}
	byElem := func(x, y bagEntry) int { return r.termCmp(x.e, y.e) }
	mergeSorted(xs, ys, byElem,
		func(x bagEntry) { entry(x.e, x.n, zero) },
		func(y bagEntry) { entry(y.e, zero, y.n) },
		func(x, y bagEntry) { entry(x.e, x.n, y.n) })
	if !ok {
		return 0, false
	}
	return r.mkBag(res, h, r.mkFBag(res, nat, es)), true
}

// fsetOp is union, intersection or difference of sorted element lists.
func (r *Rewriter) fsetOp(s *lps.Sort, op lps.Op, a, b []Term) Term {
	var out []Term
	mergeSorted(a, b, r.termCmp, func(x Term) {
		if op != lps.OpMul {
			out = append(out, x)
		}
	}, func(y Term) {
		if op == lps.OpAdd {
			out = append(out, y)
		}
	}, func(x, _ Term) {
		if op != lps.OpSub {
			out = append(out, x)
		}
	})
	return r.st.internArgs(&node{kind: kFSet, sort: s}, out)
}

// fbagOp is join (+), intersection (*, minimum) or difference (-, monus)
// of finite bags.
func (r *Rewriter) fbagOp(s *lps.Sort, op lps.Op, a, b []bagEntry) Term {
	var out []bagEntry
	nat := r.natSortOf()
	byElem := func(x, y bagEntry) int { return r.termCmp(x.e, y.e) }
	mergeSorted(a, b, byElem, func(x bagEntry) {
		if op != lps.OpMul {
			out = append(out, x)
		}
	}, func(y bagEntry) {
		if op == lps.OpAdd {
			out = append(out, y)
		}
	}, func(x, y bagEntry) {
		switch op {
		case lps.OpAdd:
			out = append(out, bagEntry{x.e, r.natAdd(nat, x.n, y.n)})
		case lps.OpMul:
			m := x.n
			if r.natCmp(y.n, x.n) < 0 {
				m = y.n
			}
			out = append(out, bagEntry{x.e, m})
		case lps.OpSub:
			out = append(out, bagEntry{x.e, r.natMonus(nat, x.n, y.n)})
		}
	})
	return r.mkFBag(s, nat, out)
}

// mergeSorted walks the lists a and b, each sorted by cmp, in order: an
// element of a alone goes to onlyA, of b alone to onlyB, and equal
// elements of both to both.
func mergeSorted[T any](a, b []T, cmp func(x, y T) int, onlyA, onlyB func(T), both func(x, y T)) {
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		var c int
		switch {
		case i == len(a):
			c = 1
		case j == len(b):
			c = -1
		default:
			c = cmp(a[i], b[j])
		}
		switch {
		case c < 0:
			onlyA(a[i])
			i++
		case c > 0:
			onlyB(b[j])
			j++
		default:
			both(a[i], b[j])
			i++
			j++
		}
	}
}

// fsetMerge computes mCRL2's @fset_union(f, g, s, t) (union) or
// @fset_inter(f, g, s, t): the finite part of the union or intersection of
// @set(f, s) and @set(g, t).
func (r *Rewriter) fsetMerge(sort *lps.Sort, f, g Term, s, t []Term, union bool) (Term, bool) {
	if union && r.isFnConst(f, fnFalse) && r.isFnConst(g, fnFalse) {
		return r.fsetOp(sort, lps.OpAdd, s, t), true
	}
	apply := func(h, e Term) Term { return r.applyTerm(r.boolSort, h, []Term{e}) }
	var out []Term
	add := func(e, c Term) bool {
		switch c {
		case r.trueT:
			out = append(out, e)
			return true
		case r.falseT:
			return true
		}
		return false
	}
	i, j := 0, 0
	for i < len(s) || j < len(t) {
		var c int
		switch {
		case i == len(s):
			c = 1
		case j == len(t):
			c = -1
		default:
			c = r.termCmp(s[i], t[j])
		}
		var ok bool
		switch {
		case c < 0: // only in s
			if union {
				ok = add(s[i], r.not(apply(g, s[i])))
			} else {
				ok = add(s[i], apply(g, s[i]))
			}
			i++
		case c > 0: // only in t
			if union {
				ok = add(t[j], r.not(apply(f, t[j])))
			} else {
				ok = add(t[j], apply(f, t[j]))
			}
			j++
		default:
			ok = add(s[i], r.equal(apply(f, s[i]), apply(g, s[i])))
			i++
			j++
		}
		if !ok {
			return 0, false
		}
	}
	return r.st.internArgs(&node{kind: kFSet, sort: sort}, out), true
}

// subsetOp decides a <= b (subset) and a < b (proper subset).
func (r *Rewriter) subsetOp(op lps.Op, a, b Term) (Term, bool) {
	na, nb := r.st.node(a), r.st.node(b)
	var sub bool
	switch {
	case na.kind == kFSet && nb.kind == kFSet:
		sub = len(r.st.node(r.fsetOp(na.sort, lps.OpSub, na.args, nb.args)).args) == 0
	case na.kind == kFBag && nb.kind == kFBag:
		diff := r.fbagOp(na.sort, lps.OpSub, r.bagEntries(a), r.bagEntries(b))
		sub = len(r.st.node(diff).args) == 0
	default:
		// x <= y = (x * y == x) on sets and bags.
		fn := &symbol{name: "*", op: lps.OpMul, kind: lps.FuncBuiltin, res: na.sort}
		m, ok := r.setBagArith(fn, a, b)
		if !ok {
			return 0, false
		}
		eq := r.equal(m, a)
		if eq != r.trueT && eq != r.falseT {
			return 0, false
		}
		sub = eq == r.trueT
	}
	if op == lps.OpLt {
		return r.Bool(sub && a != b), true
	}
	return r.Bool(sub), true
}

// foreignSet reports whether t is a set whose finite part holds elements
// of another sort than its own (lps.OpSetRetag made it): no equation of
// mCRL2's set library applies to it but complement's, so operations on it
// stay as they are ({0} * {2, 5} with a Nat 0 and Pos 2 and 5).
func (r *Rewriter) foreignSet(t Term) bool {
	n := r.st.node(t)
	return n.kind == kSet && r.st.node(n.args[1]).sort != nil && r.st.node(n.args[1]).sort.Elem != n.sort.Elem
}

// equalSetBag decides equality of two sets or two bags.
func (r *Rewriter) equalSetBag(a, b *node) (Term, bool) {
	if r.foreignSet(r.st.internArgs(&node{kind: a.kind, sort: a.sort}, a.args)) ||
		r.foreignSet(r.st.internArgs(&node{kind: b.kind, sort: b.sort}, b.args)) {
		return 0, false
	}
	if a.args[0] == b.args[0] {
		// Same function part: equal exactly when the finite parts are.
		return r.Bool(a.args[1] == b.args[1]), true
	}
	// forall c: S. membership agrees; decidable for a finite element sort.
	elems, ok := r.Values(a.sort.Elem, 1<<12)
	if !ok {
		if a.kind == kSet {
			if res, ok := r.equalSetsConst(a, b); ok {
				return res, true
			}
			return r.equalSetsByQuantifier(a, b)
		}
		return 0, false
	}
	ta := r.st.internArgs(&node{kind: a.kind, sort: a.sort}, a.args)
	tb := r.st.internArgs(&node{kind: b.kind, sort: b.sort}, b.args)
	for _, e := range elems {
		var x, y Term
		var ok1, ok2 bool
		if a.kind == kSet {
			x, ok1 = r.member(e, ta)
			y, ok2 = r.member(e, tb)
		} else {
			x, ok1 = r.bagCount(r.natSortOf(), e, ta)
			y, ok2 = r.bagCount(r.natSortOf(), e, tb)
		}
		if !ok1 || !ok2 {
			return 0, false
		}
		eq := r.equal(x, y)
		if eq == r.falseT {
			return eq, true
		}
		if eq != r.trueT {
			return 0, false
		}
	}
	return r.trueT, true
}

// equalSetsConst decides @set(f, s) == @set(g, t) over a large or
// infinite element sort when f and g are the constants @true_ or
// @false_. mCRL2's rule is forall c. (f(c) == g(c)) != c in s△t (the
// symmetric difference): with f(c) == g(c) a constant b, that is b when
// s△t is empty, and false otherwise (b true: an element of s△t is a
// counterexample; b false: s△t, finite, cannot hold every element of the
// sort).
func (r *Rewriter) equalSetsConst(a, b *node) (Term, bool) {
	f, g := r.st.node(a.args[0]), r.st.node(b.args[0])
	if f.kind != kFnConst || g.kind != kFnConst {
		return 0, false
	}
	s, t := r.st.node(a.args[1]).args, r.st.node(b.args[1]).args
	if !r.allGround(s) || !r.allGround(t) {
		return 0, false
	}
	if len(s) == len(t) {
		same := true
		for i := range s {
			if s[i] != t[i] {
				same = false
				break
			}
		}
		if same {
			return r.Bool(f.val == g.val), true
		}
	}
	return r.falseT, true
}

// equalFunctions decides f == g for functions over a finite domain by
// comparing them pointwise.
func (r *Rewriter) equalFunctions(s *lps.Sort, f, g Term) (Term, bool) {
	if len(s.Domain) != 1 {
		return 0, false
	}
	dom, ok := r.Values(s.Domain[0], 1<<12)
	if !ok {
		return 0, false
	}
	for _, d := range dom {
		eq := r.equal(r.applyTerm(s.Codomain, f, []Term{d}), r.applyTerm(s.Codomain, g, []Term{d}))
		if eq == r.falseT {
			return eq, true
		}
		if eq != r.trueT {
			return 0, false
		}
	}
	return r.trueT, true
}

// applyFunction applies a function constant, combinator or update to arg.
func (r *Rewriter) applyFunction(h *node, arg Term) (Term, bool) {
	switch h.kind {
	case kFnConst:
		switch h.val {
		case fnFalse:
			return r.falseT, true
		case fnTrue:
			return r.trueT, true
		case fnZero:
			return r.mkInt(r.natSortOf(), 0), true
		case fnOne:
			return r.mkInt(r.natSortOf(), 1), true
		}
	case kFnOp:
		nat := r.natSortOf()
		x := r.applyTerm(nil, h.args[0], []Term{arg})
		switch h.val {
		case fnNot:
			return r.not(x), true
		case fnBool2Nat:
			switch x {
			case r.trueT:
				return r.mkInt(nat, 1), true
			case r.falseT:
				return r.mkInt(nat, 0), true
			}
			return 0, false
		case fnNat2Bool:
			if !r.isIntValue(x) {
				return 0, false
			}
			return r.Bool(r.isPositive(x)), true
		}
		y := r.applyTerm(nil, h.args[1], []Term{arg})
		switch h.val {
		case fnAnd:
			return r.and(x, y), true
		case fnOr:
			return r.or(x, y), true
		}
		if !r.isIntValue(x) || !r.isIntValue(y) {
			return 0, false
		}
		bx, by := r.bigOf(x), r.bigOf(y)
		switch h.val {
		case fnAdd:
			return r.mkBigInt(nat, bx.Add(bx, by)), true
		case fnMin:
			if bx.Cmp(by) > 0 {
				bx = by
			}
			return r.mkBigInt(nat, bx), true
		case fnMonus:
			bx.Sub(bx, by)
			if bx.Sign() < 0 {
				bx.SetInt64(0)
			}
			return r.mkBigInt(nat, bx), true
		}
	case kUpdateStable, kUpdate:
		eq := r.equal(h.args[1], arg)
		switch eq {
		case r.trueT:
			return h.args[2], true
		case r.falseT:
			return r.applyTerm(nil, h.args[0], []Term{arg}), true
		}
	}
	return 0, false
}

// update evaluates f[x -> v].
func (r *Rewriter) update(fn *symbol, args []Term) (Term, bool) {
	if t, ok := r.updateFn(fn.res, args[0], args[1], args[2]); ok {
		return t, true
	}
	// Not in canonical form yet (the argument is not a value): kept as
	// an update, printed f[x -> v] as mCRL2 prints it.
	return r.st.internArgs(&node{kind: kUpdate, sort: fn.res}, args), true
}

// updateFn normalises f[x -> v] as mCRL2's function_update equations do:
// a function is its base (not an update) under a chain of stable updates
// ordered by argument, smallest outermost, and an update that gives the
// base's own value at x is dropped. When that cannot be decided (q(0) ==
// d1 for a map q without equations), mCRL2's conditional rule does not
// apply and the update stays, still in its place in the chain.
func (r *Rewriter) updateFn(s *lps.Sort, f, x, v Term) (Term, bool) {
	if !r.IsGround(x) {
		return 0, false
	}
	type upd struct{ x, v Term }
	var chain []upd
	base := f
	for {
		n := r.st.node(base)
		if n.kind != kUpdateStable {
			break
		}
		chain = append(chain, upd{n.args[1], n.args[2]})
		base = n.args[0]
	}
	bx := r.applyTerm(nil, base, []Term{x})
	same := r.equal(bx, v)
	if same != r.trueT {
		same = r.falseT
	}
	out := chain[:0:0]
	placed := false
	for _, u := range chain {
		c := r.termCmp(u.x, x)
		if c == 0 {
			continue
		}
		if c > 0 && !placed {
			if same == r.falseT {
				out = append(out, upd{x, v})
			}
			placed = true
		}
		out = append(out, u)
	}
	if !placed && same == r.falseT {
		out = append(out, upd{x, v})
	}
	t := base
	for i := len(out) - 1; i >= 0; i-- {
		t = r.st.internArgs(&node{kind: kUpdateStable, sort: s}, []Term{t, out[i].x, out[i].v})
	}
	return t, true
}

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
		xs[i] = r.FreshVar("x", d)
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

// printSet prints a set as mCRL2 does: its finite part when the function
// part is @false_, "!" and the finite part for @true_, a comprehension for
// a lambda with an empty finite part.
func (r *Rewriter) printSet(dst []byte, n *node) []byte {
	f := r.st.node(n.args[0])
	switch {
	case f.kind == kFnConst && f.val == fnFalse:
		return r.print(dst, n.args[1])
	case f.kind == kFnConst && f.val == fnTrue:
		dst = append(dst, '!')
		return r.print(dst, n.args[1])
	case f.kind == kBinder && len(r.st.node(n.args[1]).args) == 0:
		dst = append(dst, "{ "...)
		dst = r.printVarDecls(dst, f.args[:len(f.args)-1])
		dst = append(dst, " | "...)
		dst = r.print(dst, f.args[len(f.args)-1])
		return append(dst, " }"...)
	}
	x := r.freshName(n.args[0], n.args[1])
	dst = append(dst, "{ "...)
	dst = append(dst, x...)
	dst = append(dst, ": "...)
	dst = lps.AppendSort(dst, n.sort.Elem)
	dst = append(dst, " | "...)
	dst = r.printParen(dst, n.args[0], f.kind == kBinder)
	dst = append(dst, '(')
	dst = append(dst, x...)
	if len(r.st.node(n.args[1]).args) == 0 {
		return append(dst, ") }"...)
	}
	dst = append(dst, ") != "...)
	dst = append(dst, x...)
	dst = append(dst, " in "...)
	dst = r.print(dst, n.args[1])
	return append(dst, " }"...)
}

// freshName is the name mCRL2's printer gives the variable of a set or bag
// it prints as a comprehension: x, or x1, x2, ... when the name occurs in
// the terms ({ x1: R | (lambda x: R. true)(x1) != x1 in {r2} }).
func (r *Rewriter) freshName(ts ...Term) string {
	used := map[string]bool{}
	var walk func(t Term)
	walk = func(t Term) {
		n := r.st.node(t)
		if n.kind == kVar {
			used[n.v.v.Name] = true
		}
		for _, a := range n.args {
			walk(a)
		}
	}
	for _, t := range ts {
		walk(t)
	}
	if !used["x"] {
		return "x"
	}
	for i := 1; ; i++ {
		if name := "x" + strconv.Itoa(i); !used[name] {
			return name
		}
	}
}

// printBag prints a bag as mCRL2 does: its finite part when the function
// part is @zero_, otherwise a comprehension whose body is the count
// (@swap_zero(f(x), count(x, b)) with a finite part b).
func (r *Rewriter) printBag(dst []byte, n *node) []byte {
	f := r.st.node(n.args[0])
	empty := len(r.st.node(n.args[1]).args) == 0
	switch {
	case f.kind == kFnConst && f.val == fnZero:
		return r.print(dst, n.args[1])
	case f.kind == kBinder && empty:
		dst = append(dst, "{ "...)
		dst = r.printVarDecls(dst, f.args[:len(f.args)-1])
		dst = append(dst, " | "...)
		dst = r.print(dst, f.args[len(f.args)-1])
		return append(dst, " }"...)
	}
	x := r.freshName(n.args[0], n.args[1])
	dst = append(dst, "{ "...)
	dst = append(dst, x...)
	dst = append(dst, ": "...)
	dst = lps.AppendSort(dst, n.sort.Elem)
	dst = append(dst, " | "...)
	if !empty {
		// count(x, @bag(f, b)) = @swap_zero(f(x), count(x, b)).
		dst = append(dst, "@swap_zero("...)
	}
	if f.kind == kFnConst && f.val == fnOne {
		dst = append(dst, '1') // mCRL2 prints @one_(x) as 1
	} else {
		dst = r.printParen(dst, n.args[0], f.kind == kBinder)
		dst = append(dst, '(')
		dst = append(dst, x...)
		dst = append(dst, ')')
	}
	if !empty {
		dst = append(dst, ", count("...)
		dst = append(dst, x...)
		dst = append(dst, ", "...)
		dst = r.print(dst, n.args[1])
		dst = append(dst, "))"...)
	}
	return append(dst, " }"...)
}
