package rewrite

import (
	"math/big"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
)

// irb builds IR values by hand for tests, playing the part of the sort
// checker: sorts and built-in symbols are interned.
type irb struct {
	Bool, Pos, Nat, Int, Real *lps.Sort
	sorts                     map[string]*lps.Sort
	funcs                     map[string]*lps.Func
	spec                      *lps.Spec
}

func newIRB() *irb {
	b := &irb{
		Bool:  &lps.Sort{Kind: lps.SortBool},
		Pos:   &lps.Sort{Kind: lps.SortPos},
		Nat:   &lps.Sort{Kind: lps.SortNat},
		Int:   &lps.Sort{Kind: lps.SortInt},
		Real:  &lps.Sort{Kind: lps.SortReal},
		sorts: map[string]*lps.Sort{},
		funcs: map[string]*lps.Func{},
	}
	b.spec = &lps.Spec{Summands: []*lps.Summand{{Cond: &lps.FuncRef{Func: b.builtin(lps.OpTrue, b.Bool)}}}}
	return b
}

func (b *irb) key(s *lps.Sort) string {
	return string(lps.AppendSort(nil, s)) + "/" + string(rune('0'+s.Kind))
}

func (b *irb) container(k lps.SortKind, e *lps.Sort) *lps.Sort {
	key := string(rune('A'+k)) + b.key(e)
	if s, ok := b.sorts[key]; ok {
		return s
	}
	s := &lps.Sort{Kind: k, Elem: e}
	b.sorts[key] = s
	return s
}

func (b *irb) fn(res *lps.Sort, dom ...*lps.Sort) *lps.Sort {
	if len(dom) == 0 {
		return res
	}
	key := "F" + b.key(res)
	for _, d := range dom {
		key += "#" + b.key(d)
	}
	if s, ok := b.sorts[key]; ok {
		return s
	}
	s := &lps.Sort{Kind: lps.SortFunc, Domain: dom, Codomain: res}
	b.sorts[key] = s
	return s
}

// builtin returns the interned built-in symbol op of sort s.
func (b *irb) builtin(op lps.Op, s *lps.Sort) *lps.Func {
	key := op.String() + ":" + b.key(s)
	if f, ok := b.funcs[key]; ok {
		return f
	}
	f := &lps.Func{Name: op.String(), Sort: s, Kind: lps.FuncBuiltin, Op: op}
	b.funcs[key] = f
	return f
}

func (b *irb) num(s *lps.Sort, v int64) lps.Expr {
	if v < 0 {
		neg := b.builtin(lps.OpNeg, b.fn(s, s))
		return b.app(neg, &lps.Number{Value: big.NewInt(-v), S: s})
	}
	return &lps.Number{Value: big.NewInt(v), S: s}
}

func (b *irb) app(f *lps.Func, args ...lps.Expr) lps.Expr {
	if len(args) == 0 {
		return &lps.FuncRef{Func: f}
	}
	return &lps.App{Head: &lps.FuncRef{Func: f}, Args: args, S: f.Result()}
}

// op applies built-in op to args; res is the result sort.
func (b *irb) op(op lps.Op, res *lps.Sort, args ...lps.Expr) lps.Expr {
	dom := make([]*lps.Sort, len(args))
	for i, a := range args {
		dom[i] = a.Sort()
	}
	return b.app(b.builtin(op, b.fn(res, dom...)), args...)
}

func (b *irb) tru() lps.Expr { return b.app(b.builtin(lps.OpTrue, b.Bool)) }
func (b *irb) fls() lps.Expr { return b.app(b.builtin(lps.OpFalse, b.Bool)) }

func (b *irb) v(name string, s *lps.Sort) *lps.Var { return &lps.Var{Name: name, S: s} }

func ref(v *lps.Var) lps.Expr { return &lps.VarRef{Var: v} }

// structSort declares struct name = ctors, each ctor given as name and
// argument sorts (nil for none).
func (b *irb) structSort(name string, ctors ...any) *lps.Sort {
	s := &lps.Sort{Kind: lps.SortStruct, Name: name}
	for i := 0; i < len(ctors); i += 2 {
		cname := ctors[i].(string)
		args, _ := ctors[i+1].([]*lps.Sort)
		f := &lps.Func{Name: cname, Kind: lps.FuncConstructor, Index: len(s.Constructors)}
		f.Sort = b.fn(s, args...)
		if len(args) == 0 {
			f.Sort = s
		}
		s.Constructors = append(s.Constructors, f)
		b.spec.Cons = append(b.spec.Cons, f)
	}
	return s
}

func (b *irb) mapping(name string, s *lps.Sort) *lps.Func {
	f := &lps.Func{Name: name, Sort: s, Kind: lps.FuncMap}
	b.spec.Maps = append(b.spec.Maps, f)
	return f
}

func (b *irb) eqn(vars []*lps.Var, cond, lhs, rhs lps.Expr) {
	b.spec.Equations = append(b.spec.Equations, &lps.Equation{Vars: vars, Cond: cond, LHS: lhs, RHS: rhs})
}

func (b *irb) rewriter(t testing.TB) *Rewriter {
	t.Helper()
	r, err := New(b.spec)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// nf translates, rewrites and prints e.
func nf(t testing.TB, r *Rewriter, e lps.Expr) string {
	t.Helper()
	res, err := r.Rewrite(r.Translate(e), nil)
	if err != nil {
		t.Fatal(err)
	}
	return r.String(res)
}
