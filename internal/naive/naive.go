// Package naive is an obviously-correct evaluator of closed data
// expressions, kept beside the rewriter as a cross-check: it interprets
// the checked IR of package lps directly (innermost, on Go values, with no
// term store, caches or compiled matching) and prints values as mCRL2
// prints them. A property test generates random well-sorted expressions
// and compares its results with the rewriter's normal forms.
//
// It covers Bool, Pos, Nat, Int and Real with every built-in operation on
// them, and lists, finite sets and finite bags of numbers. Anything else
// (structured sorts, user maps, functions, binders, infinite sets) is
// Unsupported; a partial function outside its domain (head([]), 1 / 0,
// Nat2Pos(0), ...) is Undefined, where mCRL2 leaves the term unevaluated.
package naive

import (
	"errors"
	"math/big"
	"slices"
	"strings"

	"github.com/lps2lts/lps2lts/lps"
)

var (
	// Unsupported: the expression uses something this evaluator does not
	// cover.
	Unsupported = errors.New("naive: unsupported")
	// Undefined: a partial function is applied outside its domain.
	Undefined = errors.New("naive: undefined")
)

// Value is the value of a closed expression.
type Value struct {
	kind kind
	b    bool
	num  *big.Rat
	real bool      // a number of sort Real (printed as a fraction)
	co   bool      // a set holding everything but elems (!{...})
	fn   *function // a function value
	ctor *lps.Func // a structured value's constructor (elems: its arguments)

	elems  []Value   // list elements; set and bag elements, ascending
	counts []big.Int // multiplicities of a bag's elements
}

type kind uint8

const (
	kBool kind = iota
	kNum
	kList
	kSet
	kBag
	kFunc
	kStruct
)

// function is a lambda (param, body, env) or an update of another
// function at key.
type function struct {
	param    *lps.Var
	body     lps.Expr
	env      map[*lps.Var]Value
	base     *function
	key, val Value
}

// Eval evaluates the closed expression e.
func Eval(e lps.Expr) (Value, error) { return eval(e, nil) }

// call applies f to arg.
func call(f *function, arg Value) (Value, error) {
	for ; f.base != nil; f = f.base {
		if equal(f.key, arg) {
			return f.val, nil
		}
	}
	env := make(map[*lps.Var]Value, len(f.env)+1)
	for k, v := range f.env {
		env[k] = v
	}
	env[f.param] = arg
	return eval(f.body, env)
}

func eval(e lps.Expr, env map[*lps.Var]Value) (Value, error) {
	Eval := func(e lps.Expr) (Value, error) { return eval(e, env) }
	switch e := e.(type) {
	case *lps.VarRef:
		if v, ok := env[e.Var]; ok {
			return v, nil
		}
		return Value{}, Unsupported
	case *lps.Binder:
		if e.Kind == lps.Forall || e.Kind == lps.Exists {
			return quantify(e, env)
		}
		if e.Kind != lps.Lambda || len(e.Vars) != 1 {
			return Value{}, Unsupported
		}
		return Value{kind: kFunc, fn: &function{param: e.Vars[0], body: e.Body, env: env}}, nil
	case *lps.Where:
		// The definitions are evaluated in the outer environment, then
		// the body with them bound.
		inner := make(map[*lps.Var]Value, len(env)+len(e.Defs))
		for k, v := range env {
			inner[k] = v
		}
		for _, d := range e.Defs {
			v, err := Eval(d.Value)
			if err != nil {
				return v, err
			}
			inner[d.Var] = v
		}
		return eval(e.Body, inner)
	case *lps.Number:
		return num(new(big.Rat).SetInt(e.Value), e.S), nil
	case *lps.FuncRef:
		return constant(e)
	case *lps.ListEnum:
		out := Value{kind: kList}
		for _, x := range e.Elems {
			v, err := Eval(x)
			if err != nil {
				return v, err
			}
			out.elems = append(out.elems, v)
		}
		return out, nil
	case *lps.SetEnum:
		var vs []Value
		for _, x := range e.Elems {
			v, err := Eval(x)
			if err != nil {
				return v, err
			}
			vs = append(vs, v)
		}
		return mkSet(vs), nil
	case *lps.BagEnum:
		var vs []Value
		var cs []big.Int
		for i, x := range e.Elems {
			v, err := Eval(x)
			if err != nil {
				return v, err
			}
			c, err := Eval(e.Counts[i])
			if err != nil {
				return c, err
			}
			vs = append(vs, v)
			cs = append(cs, *c.num.Num())
		}
		return mkBag(vs, cs), nil
	case *lps.App:
		f, ok := e.Head.(*lps.FuncRef)
		if !ok {
			// An applied function value.
			h, err := Eval(e.Head)
			if err != nil {
				return h, err
			}
			if h.kind != kFunc || len(e.Args) != 1 {
				return Value{}, Unsupported
			}
			arg, err := Eval(e.Args[0])
			if err != nil {
				return arg, err
			}
			return call(h.fn, arg)
		}
		args := make([]Value, len(e.Args))
		for i, a := range e.Args {
			v, err := Eval(a)
			if err != nil {
				return v, err
			}
			args[i] = v
		}
		switch f.Func.Kind {
		case lps.FuncBuiltin:
			if d := f.Func.Sort.Domain; f.Func.Op == lps.OpBagCount && d[0] != d[1].Elem {
				// count: Pos # FBag(Nat) -> Nat and the like, as mCRL2's
				// type checker makes them for an FBag: no equations, the
				// term stays unevaluated.
				return Value{}, Undefined
			}
			return apply(f.Func.Op, args, e.S)
		case lps.FuncConstructor:
			if f.Func.Sort.Kind != lps.SortFunc || f.Func.Sort.Codomain.Kind != lps.SortStruct {
				return Value{}, Unsupported
			}
			return Value{kind: kStruct, ctor: f.Func, elems: args}, nil
		case lps.FuncProjection:
			if args[0].kind != kStruct || args[0].ctor != f.Func.Ctor {
				return Value{}, Undefined // mCRL2 leaves it unevaluated
			}
			return args[0].elems[f.Func.Index], nil
		case lps.FuncRecogniser:
			return boolean(args[0].kind == kStruct && args[0].ctor == f.Func.Ctor), nil
		}
		return Value{}, Unsupported
	}
	return Value{}, Unsupported
}

func num(x *big.Rat, s *lps.Sort) Value {
	return Value{kind: kNum, num: x, real: s.Kind == lps.SortReal}
}

func boolean(b bool) Value { return Value{kind: kBool, b: b} }

func constant(f *lps.FuncRef) (Value, error) {
	if f.Func.Kind == lps.FuncConstructor && f.Func.Sort.Kind == lps.SortStruct {
		return Value{kind: kStruct, ctor: f.Func}, nil
	}
	if f.Func.Kind != lps.FuncBuiltin {
		return Value{}, Unsupported
	}
	switch f.Func.Op {
	case lps.OpTrue:
		return boolean(true), nil
	case lps.OpFalse:
		return boolean(false), nil
	case lps.OpEmptyList:
		return Value{kind: kList}, nil
	case lps.OpEmptySet:
		switch f.Func.Sort.Kind {
		case lps.SortSet, lps.SortFSet:
			return Value{kind: kSet}, nil
		case lps.SortBag, lps.SortFBag:
			return Value{kind: kBag}, nil
		}
	}
	return Value{}, Unsupported
}

// compare orders values of one sort: numbers by value, Booleans false
// first, lists lexicographically.
func compare(a, b Value) int {
	switch a.kind {
	case kBool:
		switch {
		case a.b == b.b:
			return 0
		case !a.b:
			return -1
		}
		return 1
	case kNum:
		return a.num.Cmp(b.num)
	case kStruct:
		// Constructors in declaration order, then the arguments.
		if a.ctor != b.ctor {
			return a.ctor.Index - b.ctor.Index
		}
	}
	for i := range min(len(a.elems), len(b.elems)) {
		if c := compare(a.elems[i], b.elems[i]); c != 0 {
			return c
		}
	}
	if c := len(a.elems) - len(b.elems); c != 0 {
		return c
	}
	if a.co != b.co {
		if a.co {
			return 1
		}
		return -1
	}
	for i := range a.counts {
		if c := a.counts[i].Cmp(&b.counts[i]); c != 0 {
			return c
		}
	}
	return 0
}

func equal(a, b Value) bool { return compare(a, b) == 0 }

func mkSet(vs []Value) Value {
	slices.SortFunc(vs, compare)
	vs = slices.CompactFunc(vs, equal)
	return Value{kind: kSet, elems: vs}
}

func mkBag(vs []Value, cs []big.Int) Value {
	type entry struct {
		v Value
		c big.Int
	}
	var es []entry
	for i := range vs {
		es = append(es, entry{v: vs[i], c: cs[i]})
	}
	slices.SortStableFunc(es, func(x, y entry) int { return compare(x.v, y.v) })
	out := Value{kind: kBag}
	for i := 0; i < len(es); {
		var c big.Int
		j := i
		for ; j < len(es) && equal(es[j].v, es[i].v); j++ {
			c.Add(&c, &es[j].c)
		}
		if c.Sign() > 0 {
			out.elems = append(out.elems, es[i].v)
			out.counts = append(out.counts, c)
		}
		i = j
	}
	return out
}

func (v Value) count(e Value) *big.Int {
	for i, x := range v.elems {
		if equal(x, e) {
			return &v.counts[i]
		}
	}
	return new(big.Int)
}

func isInt(x *big.Rat) bool { return x.IsInt() }

// floorDiv is x div y for integers and y > 0, rounding down (mCRL2's
// div); Go's Euclidean division does that for a positive divisor.
func floorDiv(x, y *big.Int) *big.Int { return new(big.Int).Div(x, y) }

func apply(op lps.Op, a []Value, res *lps.Sort) (Value, error) {
	n := func(x *big.Rat) (Value, error) {
		switch res.Kind {
		case lps.SortPos:
			if x.Sign() <= 0 || !isInt(x) {
				return Value{}, Undefined
			}
		case lps.SortNat:
			if x.Sign() < 0 || !isInt(x) {
				return Value{}, Undefined
			}
		case lps.SortInt:
			if !isInt(x) {
				return Value{}, Undefined
			}
		}
		return num(x, res), nil
	}
	rat := func(i int) *big.Rat { return a[i].num }
	switch op {
	case lps.OpNot:
		return boolean(!a[0].b), nil
	case lps.OpAnd:
		return boolean(a[0].b && a[1].b), nil
	case lps.OpOr:
		return boolean(a[0].b || a[1].b), nil
	case lps.OpImplies:
		return boolean(!a[0].b || a[1].b), nil
	case lps.OpEq, lps.OpNeq:
		if a[0].kind == kFunc {
			return Value{}, Unsupported
		}
		return boolean(equal(a[0], a[1]) == (op == lps.OpEq)), nil
	case lps.OpIf:
		if a[0].b {
			return a[1], nil
		}
		return a[2], nil
	case lps.OpLt, lps.OpLe, lps.OpGt, lps.OpGe:
		if a[0].kind == kSet || a[0].kind == kBag {
			return subset(op, a[0], a[1])
		}
		if a[0].kind == kList {
			return Value{}, Unsupported
		}
		c := compare(a[0], a[1])
		return boolean(map[lps.Op]bool{lps.OpLt: c < 0, lps.OpLe: c <= 0, lps.OpGt: c > 0, lps.OpGe: c >= 0}[op]), nil
	case lps.OpAdd, lps.OpSub, lps.OpMul:
		switch a[0].kind {
		case kSet:
			if a[0].co || a[1].co {
				return coSetOp(op, a[0], a[1]), nil
			}
			return setOp(op, a[0], a[1]), nil
		case kBag:
			return bagOp(op, a[0], a[1]), nil
		}
		z := new(big.Rat)
		switch op {
		case lps.OpAdd:
			z.Add(rat(0), rat(1))
		case lps.OpSub:
			z.Sub(rat(0), rat(1))
		default:
			z.Mul(rat(0), rat(1))
		}
		return n(z)
	case lps.OpDivide:
		if rat(1).Sign() == 0 {
			return Value{}, Undefined
		}
		return n(new(big.Rat).Quo(rat(0), rat(1)))
	case lps.OpDiv, lps.OpMod:
		y := rat(1).Num()
		if y.Sign() <= 0 {
			return Value{}, Undefined
		}
		q := floorDiv(rat(0).Num(), y)
		if op == lps.OpDiv {
			return n(new(big.Rat).SetInt(q))
		}
		return n(new(big.Rat).SetInt(new(big.Int).Sub(rat(0).Num(), new(big.Int).Mul(q, y))))
	case lps.OpNeg:
		return n(new(big.Rat).Neg(rat(0)))
	case lps.OpAbs:
		return n(new(big.Rat).Abs(rat(0)))
	case lps.OpSucc:
		return n(new(big.Rat).Add(rat(0), big.NewRat(1, 1)))
	case lps.OpPred:
		return n(new(big.Rat).Sub(rat(0), big.NewRat(1, 1)))
	case lps.OpMax, lps.OpMin:
		x := rat(0)
		if (rat(1).Cmp(x) > 0) == (op == lps.OpMax) {
			x = rat(1)
		}
		return n(new(big.Rat).Set(x))
	case lps.OpExp:
		e := rat(1).Num()
		if !e.IsInt64() || e.Int64() < 0 || e.Int64() > 64 {
			return Value{}, Unsupported
		}
		z := big.NewRat(1, 1)
		for range e.Int64() {
			z.Mul(z, rat(0))
		}
		return n(z)
	case lps.OpFloor, lps.OpCeil, lps.OpRound:
		x := rat(0)
		if op == lps.OpRound {
			x = new(big.Rat).Add(x, big.NewRat(1, 2))
		}
		q := new(big.Int).Div(x.Num(), x.Denom()) // rounds down for a positive divisor
		if op == lps.OpCeil && !x.IsInt() {
			q.Add(q, big.NewInt(1))
		}
		return n(new(big.Rat).SetInt(q))
	case lps.OpPos2Nat, lps.OpPos2Int, lps.OpPos2Real, lps.OpNat2Pos, lps.OpNat2Int, lps.OpNat2Real,
		lps.OpInt2Pos, lps.OpInt2Nat, lps.OpInt2Real, lps.OpReal2Pos, lps.OpReal2Nat, lps.OpReal2Int:
		return n(new(big.Rat).Set(rat(0)))
	case lps.OpCons:
		return Value{kind: kList, elems: append([]Value{a[0]}, a[1].elems...)}, nil
	case lps.OpSnoc:
		return Value{kind: kList, elems: append(slices.Clone(a[0].elems), a[1])}, nil
	case lps.OpConcat:
		return Value{kind: kList, elems: append(slices.Clone(a[0].elems), a[1].elems...)}, nil
	case lps.OpHead, lps.OpRHead, lps.OpTail, lps.OpRTail:
		l := a[0].elems
		if len(l) == 0 {
			return Value{}, Undefined
		}
		switch op {
		case lps.OpHead:
			return l[0], nil
		case lps.OpRHead:
			return l[len(l)-1], nil
		case lps.OpTail:
			return Value{kind: kList, elems: l[1:]}, nil
		}
		return Value{kind: kList, elems: l[:len(l)-1]}, nil
	case lps.OpElementAt:
		i := rat(1).Num()
		if !i.IsInt64() || i.Int64() >= int64(len(a[0].elems)) {
			return Value{}, Undefined
		}
		return a[0].elems[i.Int64()], nil
	case lps.OpCount:
		if a[0].kind == kBag {
			var c big.Int
			for i := range a[0].counts {
				c.Add(&c, &a[0].counts[i])
			}
			return n(new(big.Rat).SetInt(&c))
		}
		return n(big.NewRat(int64(len(a[0].elems)), 1))
	case lps.OpComplement:
		v := a[0]
		v.co = !v.co
		return v, nil
	case lps.OpIn:
		if a[1].kind == kSet && a[1].co {
			return boolean(!slices.ContainsFunc(a[1].elems, func(x Value) bool { return equal(x, a[0]) })), nil
		}
		if a[1].kind == kBag {
			return boolean(a[1].count(a[0]).Sign() > 0), nil
		}
		return boolean(slices.ContainsFunc(a[1].elems, func(x Value) bool { return equal(x, a[0]) })), nil
	case lps.OpBagCount:
		return n(new(big.Rat).SetInt(a[1].count(a[0])))
	case lps.OpFSet2Set, lps.OpFBag2Bag:
		return a[0], nil
	case lps.OpUpdate:
		if a[0].kind != kFunc {
			return Value{}, Unsupported
		}
		return Value{kind: kFunc, fn: &function{base: a[0].fn, key: a[1], val: a[2]}}, nil
	case lps.OpSet2Bag:
		cs := make([]big.Int, len(a[0].elems))
		for i := range cs {
			cs[i].SetInt64(1)
		}
		return mkBag(slices.Clone(a[0].elems), cs), nil
	case lps.OpBag2Set:
		return mkSet(slices.Clone(a[0].elems)), nil
	}
	return Value{}, Unsupported
}

func setOp(op lps.Op, x, y Value) Value {
	var out []Value
	in := func(v Value, s Value) bool {
		return slices.ContainsFunc(s.elems, func(e Value) bool { return equal(e, v) })
	}
	switch op {
	case lps.OpAdd:
		out = append(slices.Clone(x.elems), y.elems...)
	case lps.OpMul:
		for _, v := range x.elems {
			if in(v, y) {
				out = append(out, v)
			}
		}
	default:
		for _, v := range x.elems {
			if !in(v, y) {
				out = append(out, v)
			}
		}
	}
	return mkSet(out)
}

// coSetOp is +, * and - when a set is a complement (co): by the
// membership each operation gives, x in A + B = x in A || x in B, ...
func coSetOp(op lps.Op, x, y Value) Value {
	if op == lps.OpSub {
		y.co = !y.co
		op = lps.OpMul
	}
	plain := func(v Value) Value { v.co = false; return v }
	var out Value
	switch {
	case op == lps.OpAdd && x.co && y.co:
		out = setOp(lps.OpMul, plain(x), plain(y))
	case op == lps.OpAdd && x.co:
		out = setOp(lps.OpSub, plain(x), plain(y))
	case op == lps.OpAdd && y.co:
		out = setOp(lps.OpSub, plain(y), plain(x))
	case op == lps.OpAdd:
		return setOp(lps.OpAdd, x, y)
	case x.co && y.co:
		out = setOp(lps.OpAdd, plain(x), plain(y))
	case x.co:
		return setOp(lps.OpSub, plain(y), plain(x))
	case y.co:
		return setOp(lps.OpSub, plain(x), plain(y))
	default:
		return setOp(lps.OpMul, x, y)
	}
	out.co = true
	return out
}

func bagOp(op lps.Op, x, y Value) Value {
	all := mkSet(append(slices.Clone(x.elems), y.elems...)).elems
	var cs []big.Int
	for _, v := range all {
		cx, cy := x.count(v), y.count(v)
		var c big.Int
		switch op {
		case lps.OpAdd:
			c.Add(cx, cy)
		case lps.OpMul:
			c.Set(cx)
			if cy.Cmp(cx) < 0 {
				c.Set(cy)
			}
		default:
			c.Sub(cx, cy)
			if c.Sign() < 0 {
				c.SetInt64(0)
			}
		}
		cs = append(cs, c)
	}
	return mkBag(all, cs)
}

func subset(op lps.Op, x, y Value) (Value, error) {
	if op == lps.OpGt || op == lps.OpGe {
		x, y = y, x
	}
	sub := true
	for i, v := range x.elems {
		if x.kind == kBag {
			if x.counts[i].Cmp(y.count(v)) > 0 {
				sub = false
			}
		} else if !slices.ContainsFunc(y.elems, func(e Value) bool { return equal(e, v) }) {
			sub = false
		}
	}
	if op == lps.OpLt || op == lps.OpGt {
		return boolean(sub && !equal(x, y)), nil
	}
	return boolean(sub), nil
}

// IsFunction says whether v is a function value, which String does not
// print as mCRL2 would.
func (v Value) IsFunction() bool { return v.kind == kFunc }

// String prints v as mCRL2 prints a value in normal form.
func (v Value) String() string {
	var b strings.Builder
	v.print(&b)
	return b.String()
}

func (v Value) print(b *strings.Builder) {
	switch v.kind {
	case kBool:
		if v.b {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case kNum:
		if v.num.IsInt() {
			b.WriteString(v.num.Num().String())
		} else {
			b.WriteString(v.num.Num().String())
			b.WriteString(" / ")
			b.WriteString(v.num.Denom().String())
		}
	case kList, kSet:
		if v.co {
			b.WriteString("!")
		}
		open, close := "[", "]"
		if v.kind == kSet {
			open, close = "{", "}"
		}
		printElems(b, open, v.elems, close)
	case kStruct:
		b.WriteString(v.ctor.Name)
		if len(v.elems) > 0 {
			printElems(b, "(", v.elems, ")")
		}
	case kBag:
		if len(v.elems) == 0 {
			b.WriteString("{:}")
			return
		}
		b.WriteString("{")
		for i, e := range v.elems {
			if i > 0 {
				b.WriteString(", ")
			}
			e.print(b)
			b.WriteString(": ")
			b.WriteString(v.counts[i].String())
		}
		b.WriteString("}")
	}
}

// printElems prints elems separated by commas between open and close.
func printElems(b *strings.Builder, open string, elems []Value, close string) {
	b.WriteString(open)
	for i, e := range elems {
		if i > 0 {
			b.WriteString(", ")
		}
		e.print(b)
	}
	b.WriteString(close)
}

// quantify decides forall/exists over Boolean variables by trying every
// assignment; other sorts are unsupported.
func quantify(b *lps.Binder, env map[*lps.Var]Value) (Value, error) {
	for _, v := range b.Vars {
		if v.S.Kind != lps.SortBool {
			return Value{}, Unsupported
		}
	}
	want := b.Kind == lps.Exists // the value that decides the quantifier
	inner := make(map[*lps.Var]Value, len(env)+len(b.Vars))
	for k, v := range env {
		inner[k] = v
	}
	for mask := 0; mask < 1<<len(b.Vars); mask++ {
		for i, v := range b.Vars {
			inner[v] = boolean(mask&(1<<i) != 0)
		}
		r, err := eval(b.Body, inner)
		if err != nil {
			return r, err
		}
		if r.b == want {
			return boolean(want), nil
		}
	}
	return boolean(!want), nil
}
