package mcrl2

import (
	"fmt"
	"math/big"
	"slices"

	"github.com/lps2lts/lps2lts/aterm"
	"github.com/lps2lts/lps2lts/lps"
)

// Encoder builds the terms of mCRL2's internal data representation, the
// inverse of what Read reads (read.go): sorts (SortId, SortCons,
// SortArrow, SortStruct), function symbols OpIdNoIndex(name, sort),
// variables DataVarId(name, sort), applications DataAppl(head, args...)
// and numbers in mCRL2's encodings (machine words under
// @most_significant_digit, @most_significant_digitNat and @concat_digit;
// @cInt, @cNeg for Int; @cReal for Real). Writers of mCRL2's binary files
// (.lts, .trc) use it for the data specification, the process
// parameters, the action labels and the values of states and actions.
//
// Terms come from one aterm.Table, so equal terms are one pointer. An
// Encoder is not safe for concurrent use.
type Encoder struct {
	T     *aterm.Table
	sorts map[*lps.Sort]*aterm.Term
	funcs map[*lps.Func]*aterm.Term
}

// NewEncoder returns an encoder whose terms come from tb.
func NewEncoder(tb *aterm.Table) *Encoder {
	return &Encoder{T: tb, sorts: map[*lps.Sort]*aterm.Term{}, funcs: map[*lps.Func]*aterm.Term{}}
}

// name is a symbol of arity 0: how mCRL2 stores identifiers.
func (e *Encoder) name(s string) *aterm.Term { return e.T.Appl(s) }

// SortID is the sort named n: SortId(n).
func (e *Encoder) SortID(n string) *aterm.Term { return e.T.Appl("SortId", e.name(n)) }

// sortConsNames are mCRL2's names of its container sort constructors
// ("SortList" for List, ...), and containerKinds the reverse.
var sortConsNames, containerKinds = func() (map[lps.SortKind]string, map[string]lps.SortKind) {
	names, kinds := map[lps.SortKind]string{}, map[string]lps.SortKind{}
	for _, k := range []lps.SortKind{lps.SortList, lps.SortSet, lps.SortBag, lps.SortFSet, lps.SortFBag} {
		n := lps.ContainerName(k)
		names[k], kinds["Sort"+n] = "Sort"+n, k
	}
	return names, kinds
}()

// Sort is s as mCRL2 writes a sort in terms: a named (basic or
// structured) sort by its name, an anonymous structured sort by its
// definition.
func (e *Encoder) Sort(s *lps.Sort) *aterm.Term {
	if t, ok := e.sorts[s]; ok {
		return t
	}
	var t *aterm.Term
	switch s.Kind {
	case lps.SortBool:
		t = e.SortID("Bool")
	case lps.SortPos:
		t = e.SortID("Pos")
	case lps.SortNat:
		t = e.SortID("Nat")
	case lps.SortInt:
		t = e.SortID("Int")
	case lps.SortReal:
		t = e.SortID("Real")
	case lps.SortBasic:
		t = e.SortID(s.Name)
	case lps.SortStruct:
		if s.Name != "" {
			t = e.SortID(s.Name)
		} else {
			t = e.Structure(s)
		}
	case lps.SortFunc:
		t = e.Arrow(s.Domain, s.Codomain)
	default:
		t = e.Cons(s.Kind, e.Sort(s.Elem))
	}
	e.sorts[s] = t
	return t
}

// Arrow is the function sort dom -> cod.
func (e *Encoder) Arrow(dom []*lps.Sort, cod *lps.Sort) *aterm.Term {
	ds := make([]*aterm.Term, len(dom))
	for i, d := range dom {
		ds[i] = e.Sort(d)
	}
	return e.T.Appl("SortArrow", e.T.List(ds...), e.Sort(cod))
}

// ArrowT is the function sort over sorts already encoded.
func (e *Encoder) ArrowT(cod *aterm.Term, dom ...*aterm.Term) *aterm.Term {
	return e.T.Appl("SortArrow", e.T.List(dom...), cod)
}

// Cons is the container sort of kind k (List, Set, ...) over the sort
// elem, already encoded: SortCons(SortList, elem).
func (e *Encoder) Cons(k lps.SortKind, elem *aterm.Term) *aterm.Term {
	return e.T.Appl("SortCons", e.name(sortConsNames[k]), elem)
}

// Structure is the definition of a structured sort: SortStruct of its
// constructors, each StructCons(name, projections, recogniser), an absent
// name being the empty identifier.
func (e *Encoder) Structure(s *lps.Sort) *aterm.Term {
	var cons []*aterm.Term
	for _, k := range s.Constructors {
		var projs []*aterm.Term
		var dom []*lps.Sort
		if k.Sort.Kind == lps.SortFunc {
			dom = k.Sort.Domain
		}
		for i, d := range dom {
			pn := ""
			if i < len(k.Projections) && k.Projections[i] != nil {
				pn = k.Projections[i].Name
			}
			projs = append(projs, e.T.Appl("StructProj", e.name(pn), e.Sort(d)))
		}
		rn := ""
		if k.Recogniser != nil {
			rn = k.Recogniser.Name
		}
		cons = append(cons, e.T.Appl("StructCons", e.name(k.Name), e.T.List(projs...), e.name(rn)))
	}
	return e.T.Appl("SortStruct", e.T.List(cons...))
}

// OpID is the function symbol name of sort s (encoded).
func (e *Encoder) OpID(name string, s *aterm.Term) *aterm.Term {
	return e.T.Appl("OpIdNoIndex", e.name(name), s)
}

// FuncName is the name of f in mCRL2's terms.
func FuncName(f *lps.Func) string {
	if f.Kind == lps.FuncBuiltin {
		if f.Op == lps.OpEmptySet {
			if k := f.Result().Kind; k == lps.SortBag || k == lps.SortFBag {
				return "{:}"
			}
		}
		return f.Op.Info().MCRL2
	}
	return f.Name
}

// Func is the function symbol f.
func (e *Encoder) Func(f *lps.Func) *aterm.Term {
	if t, ok := e.funcs[f]; ok {
		return t
	}
	t := e.OpID(FuncName(f), e.Sort(f.Sort))
	e.funcs[f] = t
	return t
}

// Var is the variable name of sort s: DataVarId(name, sort).
func (e *Encoder) Var(name string, s *lps.Sort) *aterm.Term {
	return e.T.Appl("DataVarId", e.name(name), e.Sort(s))
}

// Appl applies head to args: DataAppl(head, args...).
func (e *Encoder) Appl(head *aterm.Term, args ...*aterm.Term) *aterm.Term {
	return e.T.Appl("DataAppl", append([]*aterm.Term{head}, args...)...)
}

// UndefinedTime is the time of an untimed multi-action.
func (e *Encoder) UndefinedTime() *aterm.Term {
	return e.T.Appl("DataVarId", e.name("@undefined_real"), e.SortID("Real"))
}

// natural encodes v >= 0 in machine words: @most_significant_digit(w) of
// sort Pos (nat false) or @most_significant_digitNat(w) of sort Nat, and
// @concat_digit(higher words, w) for each further word.
func (e *Encoder) natural(v *big.Int, nat bool) *aterm.Term {
	res := e.SortID("Pos")
	msd := "@most_significant_digit"
	if nat {
		res, msd = e.SortID("Nat"), "@most_significant_digitNat"
	}
	word := e.SortID("@word")
	if v.IsUint64() {
		return e.Appl(e.OpID(msd, e.ArrowT(res, word)), e.T.Int(v.Uint64()))
	}
	hi, lo := new(big.Int).DivMod(v, two64, new(big.Int))
	return e.Appl(e.OpID("@concat_digit", e.ArrowT(res, res, word)), e.natural(hi, nat), e.T.Int(lo.Uint64()))
}

// Number is the value v (an integer unless s is Real) of the numeric sort
// s in mCRL2's normal form.
func (e *Encoder) Number(s *lps.Sort, v *big.Rat) (*aterm.Term, error) {
	if s.Kind != lps.SortReal && !v.IsInt() {
		return nil, fmt.Errorf("the %s value %s is not whole", s, v.RatString())
	}
	n := v.Num()
	switch s.Kind {
	case lps.SortPos:
		if n.Sign() <= 0 {
			return nil, fmt.Errorf("the Pos value %s is not positive", n)
		}
		return e.natural(n, false), nil
	case lps.SortNat:
		if n.Sign() < 0 {
			return nil, fmt.Errorf("the Nat value %s is negative", n)
		}
		return e.natural(n, true), nil
	case lps.SortInt:
		return e.integer(n), nil
	case lps.SortReal:
		intS, posS := e.SortID("Int"), e.SortID("Pos")
		c := e.OpID("@cReal", e.ArrowT(e.SortID("Real"), intS, posS))
		return e.Appl(c, e.integer(n), e.natural(v.Denom(), false)), nil
	}
	return nil, fmt.Errorf("%s is not a numeric sort", s)
}

// integer is n of sort Int: @cInt(Nat) or @cNeg(Pos).
func (e *Encoder) integer(n *big.Int) *aterm.Term {
	intS := e.SortID("Int")
	if n.Sign() < 0 {
		c := e.OpID("@cNeg", e.ArrowT(intS, e.SortID("Pos")))
		return e.Appl(c, e.natural(new(big.Int).Neg(n), false))
	}
	c := e.OpID("@cInt", e.ArrowT(intS, e.SortID("Nat")))
	return e.Appl(c, e.natural(n, true))
}

var binderNames = map[lps.BinderKind]string{lps.Lambda: "Lambda", lps.Forall: "Forall", lps.Exists: "Exists", lps.SetComp: "SetComp", lps.BagComp: "BagComp"}

// Binder is a lambda, quantifier or comprehension over vars (encoded
// variables).
func (e *Encoder) Binder(k lps.BinderKind, vars []*aterm.Term, body *aterm.Term) *aterm.Term {
	return e.T.Appl("Binder", e.name(binderNames[k]), e.T.List(vars...), body)
}

// Where is body whr x1 = v1, ... end, defs being variable, value pairs.
func (e *Encoder) Where(body *aterm.Term, defs ...*aterm.Term) *aterm.Term {
	var ds []*aterm.Term
	for i := 0; i+1 < len(defs); i += 2 {
		ds = append(ds, e.T.Appl("DataVarIdInit", defs[i], defs[i+1]))
	}
	return e.T.Appl("Whr", body, e.T.List(ds...))
}

// Expr encodes a sort-checked expression (of an equation). Enumerations
// become what mCRL2's type checker makes of them: lists of |>, finite
// sets of @fset_insert, finite bags of @fbag_cinsert.
func (e *Encoder) Expr(x lps.Expr) (*aterm.Term, error) {
	switch x := x.(type) {
	case *lps.VarRef:
		return e.Var(x.Var.Name, x.Var.S), nil
	case *lps.Var:
		return e.Var(x.Name, x.S), nil
	case *lps.Number:
		return e.Number(x.S, new(big.Rat).SetInt(x.Value))
	case *lps.FuncRef:
		return e.Func(x.Func), nil
	case *lps.App:
		head, err := e.Expr(x.Head)
		if err != nil {
			return nil, err
		}
		args, err := EncodeAll(x.Args, e.Expr)
		if err != nil {
			return nil, err
		}
		return e.Appl(head, args...), nil
	case *lps.Binder:
		vars := make([]*aterm.Term, len(x.Vars))
		for i, v := range x.Vars {
			vars[i] = e.Var(v.Name, v.S)
		}
		body, err := e.Expr(x.Body)
		if err != nil {
			return nil, err
		}
		return e.Binder(x.Kind, vars, body), nil
	case *lps.Where:
		body, err := e.Expr(x.Body)
		if err != nil {
			return nil, err
		}
		var defs []*aterm.Term
		for _, d := range x.Defs {
			v, err := e.Expr(d.Value)
			if err != nil {
				return nil, err
			}
			defs = append(defs, e.Var(d.Var.Name, d.Var.S), v)
		}
		return e.Where(body, defs...), nil
	case *lps.ListEnum:
		elems, err := EncodeAll(x.Elems, e.Expr)
		if err != nil {
			return nil, err
		}
		elem := x.S.Elem
		l := e.OpID("[]", e.Sort(x.S))
		cons := e.OpID("|>", e.Arrow([]*lps.Sort{elem, x.S}, x.S))
		for i := len(elems) - 1; i >= 0; i-- {
			l = e.Appl(cons, elems[i], l)
		}
		return l, nil
	case *lps.SetEnum:
		return e.enumeration(x.S, x.Elems, nil)
	case *lps.BagEnum:
		return e.enumeration(x.S, x.Elems, x.Counts)
	}
	return nil, fmt.Errorf("cannot encode the expression %T", x)
}

// EncodeAll is the terms encode makes of xs, in order (the arguments of
// an application, the elements of an enumeration), or the first error.
func EncodeAll[T any](xs []T, encode func(T) (*aterm.Term, error)) ([]*aterm.Term, error) {
	out := make([]*aterm.Term, len(xs))
	for i, x := range xs {
		t, err := encode(x)
		if err != nil {
			return nil, err
		}
		out[i] = t
	}
	return out, nil
}

// enumeration encodes {e1, ...} or {e1: n1, ...} of sort s (a set or bag,
// finite or not).
func (e *Encoder) enumeration(s *lps.Sort, elems, counts []lps.Expr) (*aterm.Term, error) {
	// The elements and then the counts, encoded in one go.
	all, err := EncodeAll(slices.Concat(elems, counts), e.Expr)
	if err != nil {
		return nil, err
	}
	xs, ns := all[:len(elems)], all[len(elems):]
	bag := counts != nil
	fin := lps.SortFSet
	if bag {
		fin = lps.SortFBag
	}
	finT := e.Cons(fin, e.Sort(s.Elem))
	var l *aterm.Term
	if bag {
		l = e.OpID("{:}", finT)
		ins := e.OpID("@fbag_cinsert", e.ArrowT(finT, e.Sort(s.Elem), e.SortID("Nat"), finT))
		for i := len(xs) - 1; i >= 0; i-- {
			l = e.Appl(ins, xs[i], ns[i], l)
		}
	} else {
		l = e.OpID("{}", finT)
		ins := e.OpID("@fset_insert", e.ArrowT(finT, e.Sort(s.Elem), finT))
		for i := len(xs) - 1; i >= 0; i-- {
			l = e.Appl(ins, xs[i], l)
		}
	}
	if s.Kind == lps.SortSet || s.Kind == lps.SortBag {
		conv := "@setfset"
		if bag {
			conv = "@bagfbag"
		}
		l = e.Appl(e.OpID(conv, e.ArrowT(e.Sort(s), finT)), l)
	}
	return l, nil
}

// ActID is an action label: ActId(name, sorts).
func (e *Encoder) ActID(d *lps.ActionDecl) *aterm.Term {
	sorts := make([]*aterm.Term, len(d.Sorts))
	for i, s := range d.Sorts {
		sorts[i] = e.Sort(s)
	}
	return e.T.Appl("ActId", e.name(d.Name), e.T.List(sorts...))
}

// DataSpec is the user-defined part of spec's data specification, as
// mCRL2 writes it: the basic sorts, the aliases (structured sorts
// included), the constructors, the mappings and the equations. An
// equation that cannot be encoded is an error.
func (e *Encoder) DataSpec(spec *lps.Spec) (sorts, aliases, cons, maps, eqns []*aterm.Term, err error) {
	for _, d := range spec.Sorts {
		switch {
		case d.Sort.Kind == lps.SortBasic && d.Sort.Name == d.Name && !d.Alias:
			sorts = append(sorts, e.SortID(d.Name))
		case d.Sort.Kind == lps.SortStruct && d.Sort.Name == d.Name:
			aliases = append(aliases, e.T.Appl("SortRef", e.SortID(d.Name), e.Structure(d.Sort)))
		default:
			aliases = append(aliases, e.T.Appl("SortRef", e.SortID(d.Name), e.Sort(d.Sort)))
		}
	}
	for _, f := range spec.Cons {
		cons = append(cons, e.Func(f))
	}
	for _, f := range spec.Maps {
		maps = append(maps, e.Func(f))
	}
	for _, q := range spec.Equations {
		vars := make([]*aterm.Term, len(q.Vars))
		for i, v := range q.Vars {
			vars[i] = e.Var(v.Name, v.S)
		}
		cond := e.OpID("true", e.SortID("Bool"))
		if q.Cond != nil {
			if cond, err = e.Expr(q.Cond); err != nil {
				return
			}
		}
		var lhs, rhs *aterm.Term
		if lhs, err = e.Expr(q.LHS); err != nil {
			return
		}
		if rhs, err = e.Expr(q.RHS); err != nil {
			return
		}
		eqns = append(eqns, e.T.Appl("DataEqn", e.T.List(vars...), cond, lhs, rhs))
	}
	return
}
