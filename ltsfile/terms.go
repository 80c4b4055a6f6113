package ltsfile

import (
	"fmt"
	"math/big"

	"github.com/lps2lts/lps2lts/aterm"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/mcrl2"
	"github.com/lps2lts/lps2lts/rewrite"
)

// termEncoder turns normal forms into the terms of mCRL2's internal data
// representation (mcrl2.Encoder), as mCRL2's rewriter leaves them:
// numbers in machine words, lists of |> and [], finite sets and bags of
// @fset_cons and @fbag_cons ending in {} and {:}, sets and bags as
// @set(f, s) and @bag(f, b) with the function constants @false_, @true_,
// @zero_, @one_ and combinators @not_, @and_, ..., function updates
// @func_update. Those are the forms mCRL2's printer prints as the
// rewriter's printer does, so a tool that reads the terms prints the
// labels we print. It reads terms through the rewriter's view of them
// (rewrite.TermView).
//
// Each term is encoded once; the encoder remembers the results (values
// recur from state to state). It is not safe for concurrent use.
type termEncoder struct {
	r    *rewrite.Rewriter
	enc  *mcrl2.Encoder
	pos  *lps.Sort // the sort of the counts of mCRL2's finite bags
	memo map[rewrite.Term]*aterm.Term
}

// newTermEncoder returns an encoder of r's terms into enc's table.
func newTermEncoder(r *rewrite.Rewriter, enc *mcrl2.Encoder) *termEncoder {
	pos := &lps.Sort{Kind: lps.SortPos}
	if tab := r.Spec().SortTable; tab != nil && tab.Pos != nil {
		pos = tab.Pos
	}
	return &termEncoder{r: r, enc: enc, pos: pos, memo: map[rewrite.Term]*aterm.Term{}}
}

// Encode returns the internal form of t. Terms that are no normal forms
// (unevaluated enumerations) are errors.
func (te *termEncoder) Encode(t rewrite.Term) (*aterm.Term, error) {
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

// elemSort is the element sort of a container or the domain of a unary
// function sort: what the function parts of sets and bags range over.
func elemSort(s *lps.Sort) *lps.Sort {
	if s.Kind == lps.SortFunc && len(s.Domain) == 1 {
		return s.Domain[0]
	}
	return s.Elem
}

func (te *termEncoder) encode(t rewrite.Term) (*aterm.Term, error) {
	e := te.enc
	v := te.r.View(t)
	switch v.Kind {
	case rewrite.KindNum:
		return e.Number(v.Sort, new(big.Rat).SetInt64(v.Int))
	case rewrite.KindBig:
		return e.Number(v.Sort, new(big.Rat).SetInt(v.Big))
	case rewrite.KindReal:
		return e.Number(v.Sort, v.Rat)
	case rewrite.KindVar:
		return e.Var(v.Var.Name, v.Var.S), nil
	}
	args, err := mcrl2.EncodeAll(v.Args, te.Encode)
	if err != nil {
		return nil, err
	}
	argSorts := func() []*aterm.Term {
		ss := make([]*aterm.Term, len(v.Args))
		for i, a := range v.Args {
			ss[i] = e.Sort(te.r.Sort(a))
		}
		return ss
	}
	arrow := e.ArrowT
	switch v.Kind {
	case rewrite.KindApp:
		var head *aterm.Term
		if f := v.Head.Func; f != nil {
			head = e.Func(f)
		} else {
			// A symbol of the rewriter's own (true, &&, a comparison at
			// a sort): its sort is that of its arguments and result.
			res := e.Sort(v.Sort)
			sort := res
			if len(args) > 0 {
				sort = arrow(res, argSorts()...)
			}
			head = e.OpID(v.Head.Name, sort)
		}
		if len(args) == 0 {
			return head, nil
		}
		return e.Appl(head, args...), nil
	case rewrite.KindHOApp:
		return e.Appl(args[0], args[1:]...), nil
	case rewrite.KindBinder:
		return e.Binder(lps.BinderKind(v.Int), args[:len(args)-1], args[len(args)-1]), nil
	case rewrite.KindNil:
		return e.OpID("[]", e.Sort(v.Sort)), nil
	case rewrite.KindCons:
		ls := e.Sort(v.Sort)
		return e.Appl(e.OpID("|>", arrow(ls, e.Sort(v.Sort.Elem), ls)), args...), nil
	case rewrite.KindFSet:
		// The finite part of a set has the set's sort in the
		// rewriter's store; mCRL2's is FSet(S) whichever it belongs to.
		fs := e.Cons(lps.SortFSet, e.Sort(v.Sort.Elem))
		l := e.OpID("{}", fs)
		cons := e.OpID("@fset_cons", arrow(fs, e.Sort(v.Sort.Elem), fs))
		for i := len(args) - 1; i >= 0; i-- {
			l = e.Appl(cons, args[i], l)
		}
		return l, nil
	case rewrite.KindFBag:
		fb := e.Cons(lps.SortFBag, e.Sort(v.Sort.Elem))
		pos := e.SortID("Pos")
		l := e.OpID("{:}", fb)
		cons := e.OpID("@fbag_cons", arrow(fb, e.Sort(v.Sort.Elem), pos, fb))
		for i := len(args) - 2; i >= 0; i -= 2 {
			count := args[i+1]
			if n, ok := te.integer(v.Args[i+1]); ok {
				// Counts are Pos in mCRL2's finite bags, whatever sort
				// the rewriter gave the number.
				if count, err = e.Number(te.pos, new(big.Rat).SetInt(n)); err != nil {
					return nil, err
				}
			}
			l = e.Appl(cons, args[i], count, l)
		}
		return l, nil
	case rewrite.KindSet, rewrite.KindBag:
		elem := e.Sort(v.Sort.Elem)
		name, fin, cod := "@set", lps.SortFSet, e.SortID("Bool")
		if v.Kind == rewrite.KindBag {
			name, fin, cod = "@bag", lps.SortFBag, e.SortID("Nat")
		}
		finS := e.Cons(fin, elem)
		return e.Appl(e.OpID(name, arrow(e.Sort(v.Sort), arrow(cod, elem), finS)), args...), nil
	case rewrite.KindFnConst:
		cod := e.SortID("Bool")
		if v.Int == rewrite.FnZero || v.Int == rewrite.FnOne {
			cod = e.SortID("Nat")
		}
		return e.OpID(v.FnName(), arrow(cod, e.Sort(elemSort(v.Sort)))), nil
	case rewrite.KindFnOp:
		elem := e.Sort(elemSort(v.Sort))
		toBool, toNat := arrow(e.SortID("Bool"), elem), arrow(e.SortID("Nat"), elem)
		res, arg := toBool, toBool
		switch v.Int {
		case rewrite.FnAdd, rewrite.FnMin, rewrite.FnMonus:
			res, arg = toNat, toNat
		case rewrite.FnNat2Bool:
			arg = toNat
		case rewrite.FnBool2Nat:
			res = toNat
		}
		dom := make([]*aterm.Term, len(args))
		for i := range dom {
			dom[i] = arg
		}
		return e.Appl(e.OpID(v.FnName(), arrow(res, dom...)), args...), nil
	case rewrite.KindUpdate, rewrite.KindUpdateStable:
		name := "@func_update"
		if v.Kind == rewrite.KindUpdateStable {
			name = "@func_update_stable"
		}
		fs := e.Sort(v.Sort)
		return e.Appl(e.OpID(name, arrow(fs, argSorts()...)), args...), nil
	case rewrite.KindSetEnum:
		return te.encodeSetEnum(v.Sort, args), nil
	case rewrite.KindBagEnum:
		return te.encodeBagEnum(v.Sort, v.Args, args), nil
	case rewrite.KindWhere:
		return e.Where(args[0], args[1:]...), nil
	}
	return nil, fmt.Errorf("cannot write the term %s in mCRL2's form (kind %d)", te.r.String(t), v.Kind)
}

// integer returns the value of a Pos, Nat or Int value.
func (te *termEncoder) integer(t rewrite.Term) (*big.Int, bool) {
	switch v := te.r.View(t); v.Kind {
	case rewrite.KindNum:
		return big.NewInt(v.Int), true
	case rewrite.KindBig:
		return v.Big, true
	}
	return nil, false
}

// encodeSetEnum writes a set enumeration of sort s that stays one (an
// element with a free variable, as in lambda k: Nat. {k}) as mCRL2's
// equations leave it: @fset_insert of each element from the right, the
// last into {} being @fset_cons (@fset_insert(d, {}) = @fset_cons(d,
// {})), inside @set(@false_, ...) for a Set.
func (te *termEncoder) encodeSetEnum(s *lps.Sort, args []*aterm.Term) *aterm.Term {
	e, arrow := te.enc, te.enc.ArrowT
	elem := e.Sort(s.Elem)
	fs := e.Cons(lps.SortFSet, elem)
	l := e.OpID("{}", fs)
	for i := len(args) - 1; i >= 0; i-- {
		name := "@fset_insert"
		if i == len(args)-1 {
			name = "@fset_cons"
		}
		l = e.Appl(e.OpID(name, arrow(fs, elem, fs)), args[i], l)
	}
	return te.wrapFinite(s, l, fs)
}

// encodeBagEnum writes a bag enumeration that stays one likewise: each
// element from the right by @fbag_insert with a Pos count (the rewriter
// made it so) or by @fbag_cinsert with a Nat count, inside @bag(@zero_,
// ...) for a Bag. terms are the enumeration's arguments, args their
// encodings.
func (te *termEncoder) encodeBagEnum(s *lps.Sort, terms []rewrite.Term, args []*aterm.Term) *aterm.Term {
	e, arrow := te.enc, te.enc.ArrowT
	elem := e.Sort(s.Elem)
	fb := e.Cons(lps.SortFBag, elem)
	l := e.OpID("{:}", fb)
	for i := len(args) - 2; i >= 0; i -= 2 {
		cs := te.r.Sort(terms[i+1])
		name := "@fbag_cinsert"
		if cs != nil && cs.Kind == lps.SortPos {
			name = "@fbag_insert"
		}
		l = e.Appl(e.OpID(name, arrow(fb, elem, e.Sort(cs), fb)), args[i], args[i+1], l)
	}
	return te.wrapFinite(s, l, fb)
}

// wrapFinite wraps the finite set or bag fin (of sort finS) as mCRL2's
// @set(@false_, fin) or @bag(@zero_, fin) when s is a Set or Bag sort.
func (te *termEncoder) wrapFinite(s *lps.Sort, fin, finS *aterm.Term) *aterm.Term {
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
