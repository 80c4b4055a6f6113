package rewrite

import (
	"cmp"
	"math"
	"math/big"
	"slices"

	"github.com/lps2lts/lps2lts/lps"
)

// Lists aside, containers are represented as mCRL2 represents them:
// finite sets and bags as sorted element lists (kFSet, kFBag), a set as
// @set(f, s) (x is in it when f(x) differs from x in s), a bag as
// @bag(f, b) (counting @swap_zero(f(x), count(x, b))). This file has the
// representation and membership; setops.go the operations, equality.go
// equality, functions.go function values, finitesorts.go the values of
// finite sorts, printcontainers.go the printing.

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
	return r.intern(&key{kind: kFnConst, sort: s, val: int64(which)})
}

func (r *Rewriter) mkSet(s *lps.Sort, f, fs Term) Term {
	return r.internArgs(&key{kind: kSet, sort: s}, []Term{f, fs})
}

func (r *Rewriter) mkBag(s *lps.Sort, f, fb Term) Term {
	return r.internArgs(&key{kind: kBag, sort: s}, []Term{f, fb})
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
	na, nb := r.node(a), r.node(b)
	switch {
	case na.kind == kApp && nb.kind == kApp && r.fnOf(na).fn != nil && r.fnOf(nb).fn != nil &&
		r.fnOf(na).kind == lps.FuncConstructor && r.fnOf(nb).kind == lps.FuncConstructor:
		if r.fnOf(na) != r.fnOf(nb) {
			if ctorIndex(r.fnOf(na).fn) < ctorIndex(r.fnOf(nb).fn) {
				return -1
			}
			return 1
		}
		for i := range na.args() {
			if c := r.termCmp(na.args()[i], nb.args()[i]); c != 0 {
				return c
			}
		}
		return 0
	case na.kind == kNil && nb.kind == kCons:
		return -1
	case na.kind == kCons && nb.kind == kNil:
		return 1
	case na.kind == kCons && nb.kind == kCons:
		if c := r.termCmp(na.args()[0], nb.args()[0]); c != 0 {
			return c
		}
		return r.termCmp(na.args()[1], nb.args()[1])
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
// duplicates). elems may be reordered. Elements that are not ordered
// values (sets, bags, functions: see elemorder.go) go in as insertFSet
// puts them.
func (r *Rewriter) mkFSet(s *lps.Sort, elems []Term) Term {
	if !r.allOrderedValues(elems, 1) && s.Elem != nil {
		return r.insertFSet(s, elems)
	}
	r.sortTerms(elems)
	out := elems[:0]
	for i, e := range elems {
		if i == 0 || e != elems[i-1] {
			out = append(out, e)
		}
	}
	return r.internArgs(&key{kind: kFSet, sort: s}, out)
}

// insertFSet builds the finite set of a set enumeration {e1, ..., en}.
// When every element is an ordered value (elemorder.go) it is mkFSet's
// sorted set. Otherwise
// it follows mCRL2's equations for @fset_insert, by which the enumeration
// is built from the right: an element goes before the first element it is
// decided to be below, is dropped beside a syntactically equal element,
// and stays where it is, before the rest, when neither comparison is
// decided (head([]) against a number). So {3, 0, head([])} keeps its
// order and {head([]), 3, 0} becomes {head([]), 0, 3}.
func (r *Rewriter) insertFSet(s *lps.Sort, elems []Term) Term {
	if s.Elem == nil || r.allOrderedValues(elems, 1) {
		return r.mkFSet(s, elems)
	}
	decided := func(a, b Term) bool {
		c, ok := r.elemCmp(a, b)
		return ok && c < 0
	}
	// chain is the set built so far; stuck marks the elements whose
	// insertion no equation decided (@fset_insert rather than
	// @fset_cons): nothing goes past them.
	type link struct {
		e     Term
		stuck bool
	}
	var chain []link
elems:
	for i := len(elems) - 1; i >= 0; i-- {
		d := elems[i]
		for at, c := range chain {
			switch {
			case c.stuck:
				chain = slices.Insert(chain, at, link{e: d, stuck: true})
			case c.e == d:
			case decided(d, c.e):
				chain = slices.Insert(chain, at, link{e: d})
			case decided(c.e, d):
				continue
			default:
				chain = slices.Insert(chain, at, link{e: d, stuck: true})
			}
			continue elems
		}
		chain = append(chain, link{e: d})
	}
	out := make([]Term, len(chain))
	for i, c := range chain {
		out[i] = c.e
	}
	return r.internArgs(&key{kind: kFSet, sort: s}, out)
}

// isDataValue reports whether t is built of constructors only: a number,
// a Boolean, a constructor of a structured sort applied to values, a list
// of values, or a finite set or bag of values.
func (r *Rewriter) isDataValue(t Term) bool { return r.isValue(t, true) }

// isValue reports whether t is a number, a Boolean, a constructor of a
// structured sort applied to values or a list of values, and, with
// finite, also a finite set or bag of values (isDataValue; without,
// isOrderedValue).
func (r *Rewriter) isValue(t Term, finite bool) bool {
	n := r.node(t)
	switch n.kind {
	case kNum, kBig, kReal, kNil:
		return true
	case kFSet, kFBag:
		if !finite {
			return false
		}
	case kCons:
	case kApp:
		if t == r.trueT || t == r.falseT {
			return true
		}
		if r.fnOf(n).kind != lps.FuncConstructor {
			return false
		}
	default:
		return false
	}
	for _, a := range n.args() {
		if !r.isValue(a, finite) {
			return false
		}
	}
	return true
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
	x, y := r.node(a), r.node(b)
	if x.kind == kNum && y.kind == kNum && x.value() <= math.MaxInt64-y.value() {
		return r.mkInt(nat, x.value()+y.value())
	}
	return r.mkBigInt(nat, new(big.Int).Add(r.bigOf(a), r.bigOf(b)))
}

func (r *Rewriter) natCmp(a, b Term) int {
	x, y := r.node(a), r.node(b)
	if x.kind == kNum && y.kind == kNum {
		return cmp.Compare(x.value(), y.value())
	}
	return r.bigOf(a).Cmp(r.bigOf(b))
}

func (r *Rewriter) natMonus(nat *lps.Sort, a, b Term) Term {
	if r.natCmp(a, b) <= 0 {
		return r.mkInt(nat, 0)
	}
	x, y := r.node(a), r.node(b)
	if x.kind == kNum && y.kind == kNum {
		return r.mkInt(nat, x.value()-y.value())
	}
	return r.mkBigInt(nat, new(big.Int).Sub(r.bigOf(a), r.bigOf(b)))
}

// natIn returns the number n as a term of sort nat, so that equal
// multiplicities are one term.
func (r *Rewriter) natIn(nat *lps.Sort, n Term) Term {
	if r.sortOf(r.node(n)) == nat {
		return n
	}
	return r.mkBigInt(nat, r.bigOf(n))
}

func (r *Rewriter) isPositive(n Term) bool {
	x := r.node(n)
	if x.kind == kNum {
		return x.value() > 0
	}
	return r.bigVal(x).Sign() > 0
}

// mkFBag builds the canonical finite bag of entries: sorted by element,
// multiplicities of equal elements added, zero multiplicities dropped.
// Elements that are not ordered values go in as insertFBagValues puts
// them.
func (r *Rewriter) mkFBag(s *lps.Sort, nat *lps.Sort, es []bagEntry) Term {
	for _, e := range es {
		if !r.isOrderedValue(e.e) {
			return r.insertFBagValues(s, nat, es)
		}
	}
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
	return r.internArgs(&key{kind: kFBag, sort: s}, args)
}

// bagEntries reads a finite bag.
func (r *Rewriter) bagEntries(b Term) []bagEntry { return entriesOf(r.node(b).args()) }

// entriesOf reads the arguments of a finite bag (elements and counts).
func entriesOf(args []Term) []bagEntry {
	es := make([]bagEntry, 0, len(args)/2)
	for i := 0; i < len(args); i += 2 {
		es = append(es, bagEntry{args[i], args[i+1]})
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
			return r.mkFSet(r.sortOf(n), append([]Term(nil), args...))
		}
	case kUpdate:
		if res, ok := r.updateFn(r.sortOf(n), args[0], args[1], args[2]); ok {
			return res
		}
	}
	if t != 0 {
		return t
	}
	return r.internArgs(&key{kind: n.kind, sort: r.sortOf(n), val: n.value()}, args)
}

func (r *Rewriter) rewriteSetEnum(n *node, s *Subst) Term {
	elems := make([]Term, len(n.args()))
	for i, a := range n.args() {
		elems[i] = r.rewrite(a, s)
	}
	if !r.allGround(elems) {
		return r.internArgs(&key{kind: kSetEnum, sort: r.sortOf(n)}, elems)
	}
	fs := r.insertFSet(r.sortOf(n), elems)
	if r.sortOf(n).Kind == lps.SortSet {
		return r.mkSet(r.sortOf(n), r.fnConst(r.sortOf(n), fnFalse), fs)
	}
	return fs
}

func (r *Rewriter) rewriteBagEnum(n *node, s *Subst) Term {
	args := make([]Term, len(n.args()))
	ground := true
	var natSort *lps.Sort
	for i, a := range n.args() {
		args[i] = r.rewrite(a, s)
		if i%2 == 1 {
			natSort = r.sortOf(r.node(args[i]))
			if !r.isIntValue(args[i]) {
				ground = false
			}
		} else if !r.IsGround(args[i]) {
			ground = false
		}
	}
	if ground {
		for i := 0; i < len(args); i += 2 {
			if !r.isDataValue(args[i]) && !r.isSetOrBagValue(args[i]) {
				ground = false
				break
			}
		}
	}
	if !ground {
		if fb, ok := r.insertFBag(r.sortOf(n), args); ok {
			if r.sortOf(n).Kind == lps.SortBag {
				return r.mkBag(r.sortOf(n), r.fnConst(r.sortOf(n), fnZero), fb)
			}
			return fb
		}
		return r.internArgs(&key{kind: kBagEnum, sort: r.sortOf(n)}, args)
	}
	es := make([]bagEntry, 0, len(args)/2)
	for i := 0; i < len(args); i += 2 {
		es = append(es, bagEntry{args[i], args[i+1]})
	}
	fb := r.mkFBag(r.sortOf(n), natSort, es)
	if r.sortOf(n).Kind == lps.SortBag {
		return r.mkBag(r.sortOf(n), r.fnConst(r.sortOf(n), fnZero), fb)
	}
	return fb
}

// insertFBag builds the finite bag of a bag enumeration {e1: n1, ...,
// ek: nk} (args alternate elements and counts) that has an element or a
// count that is no value, as mCRL2's equations do: the
// enumeration is @fbag_cinsert(e1, n1, ...) from the right, where
// cinsert(d, n, b) = if(n == 0, b, @fbag_insert(d, Nat2Pos(n), b)), and
// @fbag_insert places d as @fset_insert does (see insertFSet), adding
// its count to a syntactically equal element's. With a count that is no
// value the if stays, and an insertion into it stays @fbag_insert(d, p,
// b). Elements and counts with free variables (a lambda's body: lambda
// k: Nat. {k: k} is lambda k: Nat. if(k == 0, {:}, {k: Nat2Pos(k)})) go
// in alike. It reports false when a count has no sort. A bag so built
// is kept as an enumeration (kBagEnum), which no operation takes apart.
func (r *Rewriter) insertFBag(s *lps.Sort, args []Term) (Term, bool) {
	for i, a := range args {
		if i%2 == 1 && r.sortOf(r.node(a)) == nil {
			return 0, false
		}
	}
	if s.Elem == nil {
		return 0, false
	}
	pos, nat := r.posSortOf(), r.natSortOf()
	lt := r.cmpSym(lps.OpLt, s.Elem)
	decided := func(a, b Term) bool { return r.holds(lt, a, b) }
	plus := r.opSym(lps.OpAdd, pos)
	fbagInsert := r.opSymN(lps.OpFBagInsert, s, 3)
	type link struct {
		e, p  Term
		stuck bool
	}
	var chain []link
	var other Term // the bag so far when it is no enumeration
	materialise := func() Term {
		if other != 0 {
			return other
		}
		if len(chain) == 0 {
			return r.intern(&key{kind: kFBag, sort: s})
		}
		out := make([]Term, 0, 2*len(chain))
		for _, c := range chain {
			out = append(out, c.e, c.p)
		}
		return r.internArgs(&key{kind: kBagEnum, sort: s}, out)
	}
	insert := func(d, p Term) {
		if other != 0 {
			other = r.mkApp(fbagInsert, []Term{d, p, other})
			return
		}
		for at, c := range chain {
			switch {
			case c.stuck:
				chain = slices.Insert(chain, at, link{e: d, p: p, stuck: true})
			case c.e == d:
				chain[at].p = r.apply(plus, []Term{p, c.p})
			case decided(d, c.e):
				chain = slices.Insert(chain, at, link{e: d, p: p})
			case decided(c.e, d):
				continue
			default:
				chain = slices.Insert(chain, at, link{e: d, p: p, stuck: true})
			}
			return
		}
		chain = append(chain, link{e: d, p: p})
	}
	for i := len(args) - 2; i >= 0; i -= 2 {
		d, n := args[i], args[i+1]
		if v := r.node(n); v.kind == kNum || v.kind == kBig {
			if r.isPositive(n) {
				insert(d, r.natIn(pos, n))
			}
			continue
		}
		b := materialise()
		p := r.apply(r.opSymN(lps.OpNat2Pos, pos, 1), []Term{n})
		insert(d, p)
		x := materialise()
		c := r.apply(r.cmpSym(lps.OpEq, nat), []Term{n, r.mkInt(nat, 0)})
		other = r.apply(r.opSymN(lps.OpIf, s, 3), []Term{c, b, x})
		chain = nil
	}
	return materialise(), true
}

// countInEnum is count(e, b) for a bag enumeration b that stays one (an
// element or count with a variable), by mCRL2's equations on @fbag_cons:
// the count of an element syntactically e, 0 past an element decided
// above e, on past one decided below it. It stays where b has an element
// that went in undecided or < does not decide.
func (r *Rewriter) countInEnum(nat *lps.Sort, e Term, args []Term) (Term, bool) {
	if !r.consBuilt(args, 2) {
		return 0, false
	}
	for i := 0; i < len(args); i += 2 {
		c, ok := r.elemCmp(e, args[i])
		switch {
		case !ok:
			return 0, false
		case c == 0:
			return r.apply(r.opSymN(lps.OpPos2Nat, nat, 1), []Term{args[i+1]}), true
		case c < 0:
			return r.mkInt(nat, 0), true
		}
	}
	return r.mkInt(nat, 0), true
}

// fbagInsertValues evaluates @fbag_insert(d, p, b) that insertFBag left
// in a lambda's body once the bound variable has a value: with d, p and
// the entries of b values, the finite bag with d added p times.
// Otherwise it stays.
func (r *Rewriter) fbagInsertValues(s *lps.Sort, d, p, b Term) (Term, bool) {
	n := r.node(b)
	if n.kind != kFBag && n.kind != kBagEnum || !r.isIntValue(p) {
		return 0, false
	}
	es := []bagEntry{{d, p}}
	for i := 0; i < len(n.args()); i += 2 {
		es = append(es, bagEntry{n.args()[i], n.args()[i+1]})
	}
	for _, e := range es {
		if !r.isIntValue(e.n) || !r.isDataValue(e.e) && !r.isSetOrBagValue(e.e) {
			return 0, false
		}
	}
	return r.mkFBag(s, r.natSortOf(), es), true
}

// The functions shared by the libraries of finite sets, finite bags,
// sets and bags: in and # (on finite sets and bags), and pick. Each
// library's file registers its own (fsets.go, fbags.go, sets.go,
// bags.go).
func init() {
	define(lps.OpIn, onContainers((*Rewriter).evalIn))
	define(lps.OpCount, onContainers((*Rewriter).evalSize))
	define(lps.OpPick, onContainers((*Rewriter).evalPick))
	define(lps.OpEmptySet, func(r *Rewriter, fn *symbol, _ []Term) (Term, bool) { return r.emptyOf(fn.res), true })
}

// onContainers guards a function of the container libraries: no
// equation applies to a set or bag enumeration that stays one (an
// element with a variable), to a finite set or bag with a free variable,
// or to a set whose finite part has another element sort (foreignSet).
func onContainers(f builtinFunc) builtinFunc {
	return func(r *Rewriter, fn *symbol, args []Term) (Term, bool) {
		for _, a := range args {
			if r.node(a).kind == kBagEnum || r.noContainerValue(a) {
				return 0, false
			}
		}
		return f(r, fn, args)
	}
}

// noContainerValue reports whether t is a term no equation of the
// container libraries takes apart (onContainers) but a bag enumeration.
func (r *Rewriter) noContainerValue(t Term) bool {
	k := r.node(t).kind
	return k == kSetEnum || !r.IsGround(t) && (k == kFSet || k == kFBag) || r.foreignSet(t)
}

// fromFinite is mCRL2's @setfset(s) = @set(@false_, s) or @bagfbag(b) =
// @bag(@zero_, b) (finite kFSet or kFBag, part fnFalse or fnZero, mk
// mkSet or mkBag): the set or bag of a finite one's elements, its finite
// part given the result's sort.
func fromFinite(finite kind, part int, mk func(r *Rewriter, s *lps.Sort, f, fin Term) Term) builtinFunc {
	return func(r *Rewriter, fn *symbol, args []Term) (Term, bool) {
		n := r.node(args[0])
		if n.kind != finite {
			return 0, false
		}
		return mk(r, fn.res, r.fnConst(fn.res, part), r.internArgs(&key{kind: finite, sort: fn.res}, n.args())), true
	}
}

// evalIn is e in s on finite sets, finite bags, sets and bags.
func (r *Rewriter) evalIn(_ *symbol, args []Term) (Term, bool) { return r.member(args[0], args[1]) }

// evalSize is # on finite sets and finite bags.
func (r *Rewriter) evalSize(fn *symbol, args []Term) (Term, bool) {
	res := fn.res
	n := r.node(args[0])
	if n.kind == kFSet && !r.consBuilt(n.args(), 1) || n.kind == kFBag && !r.consBuilt(n.args(), 2) {
		return 0, false
	}
	switch n.kind {
	case kFSet:
		return r.mkInt(res, int64(len(n.args()))), true
	case kFBag:
		// The size is the sum of the multiplicities, which may
		// exceed a machine word (natAdd falls back on big numbers).
		total := r.mkInt(res, 0)
		for i := 1; i < len(n.args()); i += 2 {
			total = r.natAdd(res, total, r.natIn(res, n.args()[i]))
		}
		return total, true
	}
	return 0, false
}

// evalPick is pick of a non-empty finite set or bag: its least element
// (both keep their elements in order); pick({}) and pick({:}) stay as
// they are.
func (r *Rewriter) evalPick(_ *symbol, args []Term) (Term, bool) {
	n := r.node(args[0])
	if (n.kind != kFBag && n.kind != kFSet) || len(n.args()) == 0 {
		return 0, false
	}
	return n.args()[0], true
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
	n := r.node(t)
	return n.kind == kFnConst && n.value() == int64(which)
}

// member decides e in s for finite sets, finite bags, sets and bags.
func (r *Rewriter) member(e, c Term) (Term, bool) {
	n := r.node(c)
	switch n.kind {
	case kFSet:
		return r.inList(e, n.args(), 1)
	case kFBag:
		if r.IsGround(e) && !r.isOrderedValue(e) {
			// mCRL2's in(d, b) = count(d, b) > 0: pm(d1) in {6: 5} is
			// 0 < count(pm(d1), {6: 5}). (With free variables, as the
			// enumerator meets them, membership stays inList's.)
			nat := r.natSortOf()
			cnt := r.apply(r.opSymN(lps.OpBagCount, nat, 2), []Term{e, c})
			return r.apply(r.cmpSym(lps.OpLt, nat), []Term{r.mkInt(nat, 0), cnt}), true
		}
		return r.inList(e, n.args(), 2)
	case kSet:
		// in(e, @set(f, s)) = f(e) != in(e, s)
		fe := r.applyTerm(r.boolSort, n.args()[0], []Term{e})
		ins, ok := r.member(e, n.args()[1])
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
			return r.Bool(r.node(cnt).kind == kBig || r.node(cnt).value() > 0), true
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
	n := r.node(b)
	switch n.kind {
	case kBagEnum:
		return r.countInEnum(nat, e, n.args())
	case kFBag:
		if !r.isOrderedValue(e) {
			// By the equations, as for an enumeration: count(head([]),
			// {4: 11}) stays.
			return r.countInEnum(nat, e, n.args())
		}
		for i := 0; i < len(n.args()); i += 2 {
			if n.args()[i] == e {
				return r.natIn(nat, n.args()[i+1]), true
			}
		}
		return r.mkInt(nat, 0), true
	case kBag:
		// count(e, @bag(f, b)) = @swap_zero(f(e), count(e, b)).
		fe := r.applyTerm(nat, n.args()[0], []Term{e})
		cb, ok := r.bagCount(nat, e, n.args()[1])
		if !ok || !r.isIntValue(fe) || !r.isIntValue(cb) {
			return 0, false
		}
		return r.swapZero(nat, fe, cb), true
	}
	return 0, false
}

var fnUnaryConst = map[int]map[int]int{
	fnNot:      {fnFalse: fnTrue, fnTrue: fnFalse},
	fnBool2Nat: {fnFalse: fnZero, fnTrue: fnOne},
	fnNat2Bool: {fnZero: fnFalse, fnOne: fnTrue},
}
