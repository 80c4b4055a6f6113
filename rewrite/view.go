package rewrite

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/lps2lts/lps2lts/lps"
)

// The view: what a term is, read-only, for the packages that write terms
// in formats of their own (package termcodec for checkpoints and the
// distributed search, package ltsfile for mCRL2's .lts format), and Make,
// its inverse, for the readers of such formats. Neither is used on the
// path of rewriting: they copy what a node holds into a TermView and
// check a TermView before it becomes a node.

// TermKind says what a term is. The kinds other than KindApp, KindVar and
// the numbers are the internal constructors of mCRL2's data library,
// which the rewriter represents directly so that their normal forms are
// canonical.
//
// The values are written in checkpoints (package termcodec): a new kind
// goes at the end.
type TermKind uint8

const (
	KindApp          = TermKind(kApp)          // Head applied to Args (a constant when there are none)
	KindVar          = TermKind(kVar)          // the variable Var
	KindNum          = TermKind(kNum)          // a Pos, Nat or Int value in a machine word: Int
	KindBig          = TermKind(kBig)          // a Pos, Nat or Int value beyond a machine word: Big
	KindReal         = TermKind(kReal)         // a Real value: Rat
	KindHOApp        = TermKind(kHOApp)        // Args[0] applied to Args[1:] (the head is no symbol)
	KindBinder       = TermKind(kBinder)       // lambda, forall, exists or comprehension (Int: its lps.BinderKind) of the variables Args[:n-1] over the body Args[n-1]
	KindNil          = TermKind(kNil)          // [] of a list sort
	KindCons         = TermKind(kCons)         // Args[0] |> Args[1]
	KindFSet         = TermKind(kFSet)         // a finite set: Args are its elements in the store's order, no duplicates
	KindFBag         = TermKind(kFBag)         // a finite bag: Args are e1, n1, e2, n2, ... (elements ordered, counts Pos)
	KindSet          = TermKind(kSet)          // mCRL2's @set(Args[0], Args[1]): a function S -> Bool and a finite set
	KindBag          = TermKind(kBag)          // mCRL2's @bag(Args[0], Args[1]): a function S -> Nat and a finite bag
	KindFnConst      = TermKind(kFnConst)      // a function constant of the set and bag library: FnFalse, FnTrue, FnZero or FnOne (Int)
	KindFnOp         = TermKind(kFnOp)         // a combinator of the set and bag library (Int: FnNot ...) applied to the functions Args
	KindUpdate       = TermKind(kUpdate)       // @func_update(Args[0], Args[1], Args[2]): f[x -> y]
	KindUpdateStable = TermKind(kUpdateStable) // @func_update_stable(Args[0], Args[1], Args[2])
	KindWhere        = TermKind(kWhere)        // Args[0] whr Args[1] = Args[2], Args[3] = Args[4], ...
	KindSetEnum      = TermKind(kSetEnum)      // {Args...} not yet a value (an element has a free variable)
	KindBagEnum      = TermKind(kBagEnum)      // {Args[0]: Args[1], ...} likewise
)

// The function constants (the Int of a KindFnConst term) and combinators
// (the Int of a KindFnOp term) of mCRL2's set and bag library, by their
// mCRL2 names: FnFalse is @false_: S -> Bool, FnZero is @zero_: S -> Nat,
// FnAnd is @and_ on two functions S -> Bool, FnAdd is @add_ on two
// functions S -> Nat, FnNat2Bool turns S -> Nat into S -> Bool.
const (
	FnFalse = fnFalse
	FnTrue  = fnTrue
	FnZero  = fnZero
	FnOne   = fnOne

	FnNot      = fnNot
	FnAnd      = fnAnd
	FnOr       = fnOr
	FnAdd      = fnAdd
	FnMin      = fnMin
	FnMonus    = fnMonus
	FnNat2Bool = fnNat2Bool
	FnBool2Nat = fnBool2Nat
)

// HeadKind says what the head of a KindApp term is.
type HeadKind uint8

const (
	HeadFunc    HeadKind = iota // Func, a function of the specification (declared or built-in)
	HeadTrue                    // the rewriter's true and false
	HeadFalse                   //
	HeadAnd                     // the rewriter's &&, || and ! on Bool
	HeadOr                      //
	HeadNot                     //
	HeadCompare                 // the rewriter's comparison Op of two arguments of sort Sort
	HeadOp                      // the rewriter's built-in Op of Arity arguments with result sort Sort
)

// Head is the head symbol of an application. The rewriter makes some
// symbols of its own, which no lps.Func names: Kind says which.
type Head struct {
	Kind  HeadKind
	Func  *lps.Func // HeadFunc
	Op    lps.Op    // HeadCompare, HeadOp
	Sort  *lps.Sort // HeadCompare: the sort compared; HeadOp: the result sort
	Arity int       // HeadOp
	// Name is how the symbol prints: the function's name or the
	// operator's (true, &&, <).
	Name string
}

// TermView is what a term is. The fields a kind does not use are zero.
// Big, Rat and Args belong to the store: they must not be changed, and
// Args stays valid as long as the term does (until Collect gives it
// back).
type TermView struct {
	Kind TermKind
	Sort *lps.Sort
	Head Head     // KindApp
	Int  int64    // KindNum: the value; KindBinder: the lps.BinderKind; KindFnConst, KindFnOp: which (FnFalse, ..., FnNot, ...)
	Big  *big.Int // KindBig
	Rat  *big.Rat // KindReal: normalised, denominator > 0
	Var  *lps.Var // KindVar
	Args []Term
}

// FnName returns mCRL2's name of a KindFnConst or KindFnOp term's
// function (@false_, @and_, ...), "" for other terms.
func (v *TermView) FnName() string {
	switch {
	case v.Kind == KindFnConst && v.Int >= 0 && v.Int < int64(len(fnConstNames)):
		return fnConstNames[v.Int]
	case v.Kind == KindFnOp && v.Int >= 0 && v.Int < int64(len(fnOpNames)):
		return fnOpNames[v.Int]
	}
	return ""
}

// View returns what t is.
func (r *Rewriter) View(t Term) TermView {
	n := r.node(t)
	v := TermView{Kind: TermKind(n.kind), Sort: r.sortOf(n), Args: n.args()}
	switch n.kind {
	case kApp:
		v.Head = r.head(r.fnOf(n))
	case kVar:
		v.Var = r.varOf(n).v
	case kBig:
		v.Big = r.bigVal(n)
	case kReal:
		v.Rat = r.ratVal(n)
	default:
		v.Int = n.value()
	}
	return v
}

// head returns the view of the symbol f.
func (r *Rewriter) head(f *symbol) Head {
	sh := r.shared
	h := Head{Name: f.name}
	switch {
	case f.fn != nil:
		h.Kind, h.Func = HeadFunc, f.fn
	case f == sh.trueSym:
		h.Kind = HeadTrue
	case f == sh.falseSym:
		h.Kind = HeadFalse
	case f == sh.andSym:
		h.Kind = HeadAnd
	case f == sh.orSym:
		h.Kind = HeadOr
	case f == sh.notSym:
		h.Kind = HeadNot
	default:
		// A comparison (result Bool, two arguments of one sort) or a
		// built-in of the rewriter's own: only the table of comparisons
		// knows the sort compared.
		h.Kind, h.Op, h.Sort, h.Arity = HeadOp, f.op, f.res, f.arity
		sh.mu.Lock()
		for k, s := range sh.cmpSyms {
			if s == f {
				h.Kind, h.Sort, h.Arity = HeadCompare, k.s, 0
			}
		}
		sh.mu.Unlock()
	}
	return h
}

// ErrBadTerm is wrapped by every error of Make.
var ErrBadTerm = errors.New("not a term")

// Make returns the term v describes, the inverse of View: Make(View(t))
// is t. It checks what the store relies on (the arguments each kind has,
// the head's arity, that a binder binds variables, that a code names
// something) and returns an error wrapping ErrBadTerm for a view no term
// has, so that a reader of outside input can hand it whatever it read. It
// does not check sorts beyond their presence, nor that a term is a normal
// form. Head.Name is ignored; a variable is found by name and sort, as
// the rewriter identifies variables.
func (r *Rewriter) Make(v TermView) (Term, error) {
	bad := func(format string, args ...any) (Term, error) {
		return 0, fmt.Errorf("%w: %s", ErrBadTerm, fmt.Sprintf(format, args...))
	}
	k := kind(v.Kind)
	if k > kBagEnum {
		return bad("unknown kind %d", v.Kind)
	}
	for _, a := range v.Args {
		if a == 0 || uint32(a) >= r.st.next.Load() {
			return bad("argument %d is no term", a)
		}
	}
	switch k {
	case kVar:
		if v.Var == nil || v.Var.Name == "" || v.Var.S == nil || v.Sort != v.Var.S {
			return bad("a variable without a name or sort")
		}
		return r.variable(v.Var.Name, v.Var.S), nil
	case kNum:
		return r.intern(&key{kind: kNum, sort: v.Sort, val: v.Int}), nil
	case kBig:
		if v.Big == nil || v.Big.IsInt64() {
			// A number in a machine word is a KindNum: two forms of one
			// value would be two terms.
			return bad("a big number without a value beyond a machine word")
		}
		return r.intern(bigNode(v.Sort, new(big.Int).Set(v.Big))), nil
	case kReal:
		if v.Rat == nil {
			return bad("a real without its value")
		}
		return r.intern(ratNode(v.Sort, new(big.Rat).Set(v.Rat))), nil
	}
	tk := key{kind: k, sort: v.Sort}
	switch k {
	case kApp:
		f, err := r.symbolOf(v.Head)
		if err != nil {
			return bad("%v", err)
		}
		if len(v.Args) != 0 && f.arity != len(v.Args) {
			return bad("%s applied to %d arguments", f.name, len(v.Args))
		}
		if len(v.Args) == 0 && f == r.trueSym {
			return r.trueT, nil
		}
		if len(v.Args) == 0 && f == r.falseSym {
			return r.falseT, nil
		}
		tk.fn = f
	case kBinder, kFnConst, kFnOp:
		tk.val = v.Int
	default:
		if v.Int != 0 {
			return bad("a term of kind %d with a code", v.Kind)
		}
	}
	if err := r.checkShape(&v); err != nil {
		return bad("%v", err)
	}
	return r.internArgs(&tk, v.Args), nil
}

// symbolOf returns the symbol h names.
func (r *Rewriter) symbolOf(h Head) (*symbol, error) {
	sh := r.shared
	switch h.Kind {
	case HeadFunc:
		if h.Func == nil {
			return nil, errors.New("a function head without its function")
		}
		return sh.sym(h.Func), nil
	case HeadTrue:
		return sh.trueSym, nil
	case HeadFalse:
		return sh.falseSym, nil
	case HeadAnd:
		return sh.andSym, nil
	case HeadOr:
		return sh.orSym, nil
	case HeadNot:
		return sh.notSym, nil
	case HeadCompare:
		if h.Sort == nil {
			return nil, errors.New("a comparison without its sort")
		}
		return sh.cmpSym(h.Op, h.Sort), nil
	case HeadOp:
		if h.Sort == nil {
			return nil, errors.New("a built-in without its sort")
		}
		return sh.opSymN(h.Op, h.Sort, h.Arity), nil
	}
	return nil, fmt.Errorf("unknown head kind %d", h.Kind)
}

// variable returns the variable named name of sort s, looked up by name
// and sort first so that a variable the rewriter knows adds nothing to
// its tables.
func (r *Rewriter) variable(name string, s *lps.Sort) Term {
	sh := r.shared
	sh.mu.Lock()
	vi, ok := sh.varsByName[varKey{name, s}]
	sh.mu.Unlock()
	if ok {
		return vi.term
	}
	return r.VarTerm(&lps.Var{Name: name, S: s})
}

// checkShape returns an error unless v's arguments and code fit a node of
// its kind: the store's code trusts the shapes it builds.
func (r *Rewriter) checkShape(v *TermView) error {
	n := len(v.Args)
	ok := true
	switch kind(v.Kind) {
	case kNil:
		ok = n == 0
	case kFnConst:
		ok = n == 0 && v.Int >= 0 && v.Int < int64(len(fnConstNames))
	case kCons, kSet, kBag:
		ok = n == 2
	case kUpdate, kUpdateStable:
		ok = n == 3
	case kHOApp:
		ok = n >= 2
	case kFnOp:
		ok = n >= 1 && v.Int >= 0 && v.Int < int64(len(fnOpNames))
	case kWhere:
		ok = n >= 3 && n%2 == 1
	case kFSet, kFBag, kSetEnum, kBagEnum:
		ok = kind(v.Kind) == kFSet || kind(v.Kind) == kSetEnum || n%2 == 0
	case kBinder:
		ok = n >= 2 && v.Int >= int64(lps.Lambda) && v.Int <= int64(lps.BagComp)
		for _, a := range v.Args[:max(n-1, 0)] {
			if r.node(a).kind != kVar {
				ok = false
			}
		}
	}
	if !ok {
		return fmt.Errorf("a term of kind %d with %d arguments", v.Kind, n)
	}
	return nil
}
