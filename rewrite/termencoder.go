package rewrite

import (
	"fmt"
	"math/big"

	"github.com/lps2lts/lps2lts/aterm"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/mcrl2"
)

// TermEncoder turns normal forms into the terms of mCRL2's internal data
// representation (mcrl2.Encoder), as mCRL2's rewriter leaves them: numbers
// in machine words, lists of |> and [], finite sets and bags of
// @fset_cons and @fbag_cons ending in {} and {:}, sets and bags as
// @set(f, s) and @bag(f, b) with the function constants @false_, @true_,
// @zero_, @one_ and combinators @not_, @and_, ..., function updates
// @func_update. Those are the forms mCRL2's printer prints as our printer
// does, so a tool that reads the terms prints the labels we print.
//
// Each term is encoded once; the encoder remembers the results (values
// recur from state to state). It is not safe for concurrent use.
type TermEncoder struct {
	r    *Rewriter
	enc  *mcrl2.Encoder
	memo map[Term]*aterm.Term
}

// NewTermEncoder returns an encoder of r's terms into enc's table.
func (r *Rewriter) NewTermEncoder(enc *mcrl2.Encoder) *TermEncoder {
	return &TermEncoder{r: r, enc: enc, memo: map[Term]*aterm.Term{}}
}

// Encode returns the internal form of t. Terms that are no normal forms
// (unevaluated enumerations) are errors.
func (te *TermEncoder) Encode(t Term) (*aterm.Term, error) {
	if a, ok := te.memo[t]; ok {
		return a, nil
	}
	a, err := te.encode(t)
	if err != nil {
		return nil, err
	}
	te.memo[t] = a
	return a, nil
}

func (te *TermEncoder) encodeAll(ts []Term) ([]*aterm.Term, error) {
	out := make([]*aterm.Term, len(ts))
	for i, t := range ts {
		a, err := te.Encode(t)
		if err != nil {
			return nil, err
		}
		out[i] = a
	}
	return out, nil
}

// elemSort is the element sort of a container or the domain of a unary
// function sort: what the function parts of sets and bags range over.
func elemSort(s *lps.Sort) *lps.Sort {
	if s.Kind == lps.SortFunc && len(s.Domain) == 1 {
		return s.Domain[0]
	}
	return s.Elem
}

func (te *TermEncoder) encode(t Term) (*aterm.Term, error) {
	e := te.enc
	n := te.r.st.node(t)
	switch n.kind {
	case kNum:
		return e.Number(n.sort, new(big.Rat).SetInt64(n.val))
	case kBig:
		return e.Number(n.sort, new(big.Rat).SetInt(n.bigInt()))
	case kReal:
		return e.Number(n.sort, n.rat())
	case kVar:
		return e.Var(n.vi().v.Name, n.vi().v.S), nil
	}
	args, err := te.encodeAll(n.args())
	if err != nil {
		return nil, err
	}
	argSorts := func() []*aterm.Term {
		ss := make([]*aterm.Term, len(n.args()))
		for i, a := range n.args() {
			ss[i] = e.Sort(te.r.st.node(a).sort)
		}
		return ss
	}
	arrow := e.ArrowT
	switch n.kind {
	case kApp:
		var head *aterm.Term
		if f := n.fn.fn; f != nil {
			head = e.Func(f)
		} else {
			// An internal symbol (true, &&, a comparison at a sort): its
			// sort is that of its arguments and result.
			res := e.Sort(n.sort)
			sort := res
			if len(args) > 0 {
				sort = arrow(res, argSorts()...)
			}
			head = e.OpID(n.fn.name, sort)
		}
		if len(args) == 0 {
			return head, nil
		}
		return e.Appl(head, args...), nil
	case kHOApp:
		return e.Appl(args[0], args[1:]...), nil
	case kBinder:
		return e.Binder(lps.BinderKind(n.val), args[:len(args)-1], args[len(args)-1]), nil
	case kNil:
		return e.OpID("[]", e.Sort(n.sort)), nil
	case kCons:
		ls := e.Sort(n.sort)
		return e.Appl(e.OpID("|>", arrow(ls, e.Sort(n.sort.Elem), ls)), args...), nil
	case kFSet:
		// The finite part of a set has the set's sort in our store
		// (mkSet); mCRL2's is FSet(S) whichever it belongs to.
		fs := e.Cons(lps.SortFSet, e.Sort(n.sort.Elem))
		l := e.OpID("{}", fs)
		cons := e.OpID("@fset_cons", arrow(fs, e.Sort(n.sort.Elem), fs))
		for i := len(args) - 1; i >= 0; i-- {
			l = e.Appl(cons, args[i], l)
		}
		return l, nil
	case kFBag:
		fb := e.Cons(lps.SortFBag, e.Sort(n.sort.Elem))
		pos := e.SortID("Pos")
		l := e.OpID("{:}", fb)
		cons := e.OpID("@fbag_cons", arrow(fb, e.Sort(n.sort.Elem), pos, fb))
		for i := len(args) - 2; i >= 0; i -= 2 {
			count := args[i+1]
			if k := te.r.st.node(n.args()[i+1]).kind; k == kNum || k == kBig {
				// Counts are Pos in mCRL2's finite bags, whatever sort
				// our store gave the number.
				if count, err = e.Number(te.r.posSortOf(), new(big.Rat).SetInt(te.r.bigOf(n.args()[i+1]))); err != nil {
					return nil, err
				}
			}
			l = e.Appl(cons, args[i], count, l)
		}
		return l, nil
	case kSet, kBag:
		elem := e.Sort(n.sort.Elem)
		name, fin, cod := "@set", lps.SortFSet, e.SortID("Bool")
		if n.kind == kBag {
			name, fin, cod = "@bag", lps.SortFBag, e.SortID("Nat")
		}
		finS := e.Cons(fin, elem)
		return e.Appl(e.OpID(name, arrow(e.Sort(n.sort), arrow(cod, elem), finS)), args...), nil
	case kFnConst:
		cod := e.SortID("Bool")
		if n.val >= 2 {
			cod = e.SortID("Nat")
		}
		return e.OpID(fnConstNames[n.val], arrow(cod, e.Sort(elemSort(n.sort)))), nil
	case kFnOp:
		elem := e.Sort(elemSort(n.sort))
		toBool, toNat := arrow(e.SortID("Bool"), elem), arrow(e.SortID("Nat"), elem)
		res, arg := toBool, toBool
		switch n.val {
		case fnAdd, fnMin, fnMonus:
			res, arg = toNat, toNat
		case fnNat2Bool:
			arg = toNat
		case fnBool2Nat:
			res = toNat
		}
		dom := make([]*aterm.Term, len(args))
		for i := range dom {
			dom[i] = arg
		}
		return e.Appl(e.OpID(fnOpNames[n.val], arrow(res, dom...)), args...), nil
	case kUpdate, kUpdateStable:
		name := "@func_update"
		if n.kind == kUpdateStable {
			name = "@func_update_stable"
		}
		fs := e.Sort(n.sort)
		return e.Appl(e.OpID(name, arrow(fs, argSorts()...)), args...), nil
	case kSetEnum:
		return te.encodeSetEnum(n, args), nil
	case kBagEnum:
		return te.encodeBagEnum(n, args), nil
	case kWhere:
		return e.Where(args[0], args[1:]...), nil
	}
	return nil, fmt.Errorf("cannot write the term %s in mCRL2's form (kind %d)", te.r.String(t), n.kind)
}

// encodeSetEnum writes a set enumeration that stays one (an element with
// a free variable, as in lambda k: Nat. {k}) as mCRL2's equations leave
// it: @fset_insert of each element from the right, the last into {}
// being @fset_cons (@fset_insert(d, {}) = @fset_cons(d, {})), inside
// @set(@false_, ...) for a Set.
func (te *TermEncoder) encodeSetEnum(n *node, args []*aterm.Term) *aterm.Term {
	e, arrow := te.enc, te.enc.ArrowT
	elem := e.Sort(n.sort.Elem)
	fs := e.Cons(lps.SortFSet, elem)
	l := e.OpID("{}", fs)
	for i := len(args) - 1; i >= 0; i-- {
		name := "@fset_insert"
		if i == len(args)-1 {
			name = "@fset_cons"
		}
		l = e.Appl(e.OpID(name, arrow(fs, elem, fs)), args[i], l)
	}
	return te.wrapFinite(n.sort, l, fs)
}

// encodeBagEnum writes a bag enumeration that stays one likewise: each
// element from the right by @fbag_insert with a Pos count (insertFBag
// made it) or by @fbag_cinsert with a Nat count, inside @bag(@zero_,
// ...) for a Bag.
func (te *TermEncoder) encodeBagEnum(n *node, args []*aterm.Term) *aterm.Term {
	e, arrow := te.enc, te.enc.ArrowT
	elem := e.Sort(n.sort.Elem)
	fb := e.Cons(lps.SortFBag, elem)
	l := e.OpID("{:}", fb)
	for i := len(args) - 2; i >= 0; i -= 2 {
		cs := te.r.st.node(n.args()[i+1]).sort
		name := "@fbag_cinsert"
		if cs != nil && cs.Kind == lps.SortPos {
			name = "@fbag_insert"
		}
		l = e.Appl(e.OpID(name, arrow(fb, elem, e.Sort(cs), fb)), args[i], args[i+1], l)
	}
	return te.wrapFinite(n.sort, l, fb)
}

// wrapFinite wraps the finite set or bag fin (of sort finS) as mCRL2's
// @set(@false_, fin) or @bag(@zero_, fin) when s is a Set or Bag sort.
func (te *TermEncoder) wrapFinite(s *lps.Sort, fin, finS *aterm.Term) *aterm.Term {
	e, arrow := te.enc, te.enc.ArrowT
	elem := e.Sort(s.Elem)
	name, fn, cod := "@set", "@false_", e.SortID("Bool")
	switch s.Kind {
	case lps.SortSet:
	case lps.SortBag:
		name, fn, cod = "@bag", "@zero_", e.SortID("Nat")
	default:
		return fin
	}
	f := e.OpID(fn, arrow(cod, elem))
	return e.Appl(e.OpID(name, arrow(e.Sort(s), arrow(cod, elem), finS)), f, fin)
}
