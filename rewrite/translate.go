package rewrite

import (
	"fmt"
	"math/big"

	"github.com/lps2lts/lps2lts/lps"
)

// sym returns the rewriter's symbol for f, creating it on first use.
func (sh *shared) sym(f *lps.Func) *symbol {
	sh.mu.Lock()
	s, ok := sh.syms[f]
	if !ok {
		s = &symbol{fn: f, name: f.Name, op: f.Op, kind: f.Kind, id: uint32(len(sh.syms) + 1), arity: f.Arity(), res: f.Result()}
		sh.syms[f] = s
	}
	sh.mu.Unlock()
	return s
}

// internalSym makes a symbol that has no lps.Func (true, false).
func (sh *shared) internalSym(name string, op lps.Op, res *lps.Sort) *symbol {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	s := &symbol{name: name, op: op, kind: lps.FuncConstructor, id: uint32(len(sh.syms) + 1<<20), res: res}
	return s
}

// varInfo returns the rewriter's variable for v. As in mCRL2, a variable
// is identified by its name and sort: two declarations of x: D (in two
// lambdas, say) are the same variable, so alpha-equal terms written alike
// are equal terms.
func (sh *shared) varInfo(v *lps.Var) *varInfo {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if vi, ok := sh.vars[v]; ok {
		return vi
	}
	k := varKey{v.Name, v.S}
	vi, ok := sh.varsByName[k]
	if !ok {
		vi = &varInfo{v: v, id: sh.nvars.Add(1)}
		vi.term = sh.st.intern(varNode(v.S, vi))
		sh.varsByName[k] = vi
	}
	sh.vars[v] = vi
	return vi
}

type varKey struct {
	name string
	sort *lps.Sort
}

// VarTerm returns the term for the variable v.
func (r *Rewriter) VarTerm(v *lps.Var) Term { return r.varInfo(v).term }

// freshVar returns a new variable of sort s that occurs nowhere else; its
// name starts with prefix.
func (r *Rewriter) freshVar(prefix string, s *lps.Sort) Term {
	n := r.fresh.Add(1)
	return r.VarTerm(&lps.Var{Name: fmt.Sprintf("%s%d", prefix, n), S: s})
}

func (sh *shared) initBool(spec *lps.Spec) {
	sh.boolSort = findBoolSort(spec)
	if spec.SortTable != nil {
		sh.boolSort = spec.SortTable.Bool
		sh.natSort = spec.SortTable.Nat
		sh.posSort = spec.SortTable.Pos
	}
	sh.trueSym = sh.internalSym("true", lps.OpTrue, sh.boolSort)
	sh.falseSym = sh.internalSym("false", lps.OpFalse, sh.boolSort)
	sh.andSym = &symbol{name: "&&", op: lps.OpAnd, kind: lps.FuncBuiltin, id: 1<<22 + 1, arity: 2, res: sh.boolSort}
	sh.orSym = &symbol{name: "||", op: lps.OpOr, kind: lps.FuncBuiltin, id: 1<<22 + 2, arity: 2, res: sh.boolSort}
	sh.notSym = &symbol{name: "!", op: lps.OpNot, kind: lps.FuncBuiltin, id: 1<<22 + 3, arity: 1, res: sh.boolSort}
	sh.trueT = sh.st.intern(&key{kind: kApp, fn: sh.trueSym, sort: sh.boolSort})
	sh.falseT = sh.st.intern(&key{kind: kApp, fn: sh.falseSym, sort: sh.boolSort})
}

// findBoolSort finds the interned Bool sort of spec: the sort of any
// summand condition, else a fresh one.
func findBoolSort(spec *lps.Spec) *lps.Sort {
	for _, s := range spec.Summands {
		if s.Cond != nil && s.Cond.Sort() != nil && s.Cond.Sort().Kind == lps.SortBool {
			return s.Cond.Sort()
		}
	}
	for _, f := range spec.Maps {
		if res := f.Result(); res.Kind == lps.SortBool {
			return res
		}
	}
	for _, p := range spec.Params {
		if p.S.Kind == lps.SortBool {
			return p.S
		}
	}
	return &lps.Sort{Kind: lps.SortBool, Name: "Bool"}
}

// Translate turns the IR expression e into a term. It does not rewrite.
// Global variables are replaced by their default values.
func (r *Rewriter) Translate(e lps.Expr) Term {
	switch e := e.(type) {
	case *lps.Var:
		return r.varTermOrGlobal(e)
	case *lps.VarRef:
		return r.varTermOrGlobal(e.Var)
	case *lps.Number:
		return r.numberFromBig(e.S, e.Value)
	case *lps.FuncRef:
		return r.constant(e.Func)
	case *lps.App:
		args := make([]Term, len(e.Args))
		for i, a := range e.Args {
			args[i] = r.Translate(a)
		}
		if h, ok := e.Head.(*lps.FuncRef); ok && h.Func.Arity() == len(args) {
			return r.mkApp(r.sym(h.Func), args)
		}
		head := r.Translate(e.Head)
		return r.internArgs(&key{kind: kHOApp, sort: e.S}, append([]Term{head}, args...))
	case *lps.Binder:
		args := make([]Term, 0, len(e.Vars)+1)
		for _, v := range e.Vars {
			args = append(args, r.VarTerm(v))
		}
		args = append(args, r.Translate(e.Body))
		return r.internArgs(&key{kind: kBinder, sort: e.S, val: int64(e.Kind)}, args)
	case *lps.Where:
		args := []Term{r.Translate(e.Body)}
		for _, d := range e.Defs {
			args = append(args, r.VarTerm(d.Var), r.Translate(d.Value))
		}
		return r.internArgs(&key{kind: kWhere, sort: e.Sort()}, args)
	case *lps.ListEnum:
		t := r.intern(&key{kind: kNil, sort: e.S})
		for i := len(e.Elems) - 1; i >= 0; i-- {
			t = r.internArgs(&key{kind: kCons, sort: e.S}, []Term{r.Translate(e.Elems[i]), t})
		}
		return t
	case *lps.SetEnum:
		args := make([]Term, len(e.Elems))
		for i, a := range e.Elems {
			args[i] = r.Translate(a)
		}
		return r.internArgs(&key{kind: kSetEnum, sort: e.S}, args)
	case *lps.BagEnum:
		args := make([]Term, 0, 2*len(e.Elems))
		for i, a := range e.Elems {
			args = append(args, r.Translate(a), r.Translate(e.Counts[i]))
		}
		return r.internArgs(&key{kind: kBagEnum, sort: e.S}, args)
	}
	panic(fmt.Sprintf("rewrite: cannot translate %T", e))
}

func (r *Rewriter) varTermOrGlobal(v *lps.Var) Term {
	if g, ok := r.globals[v]; ok {
		return g
	}
	return r.VarTerm(v)
}

// sym is shared.sym through a cache of the rewriter's own: the shared
// table takes a lock, and the enumerator asks for a constructor's symbol
// for every candidate value; with threads, the forks contended for that
// lock (ex.industrial.chatbox: a tenth of the search).
func (r *Rewriter) sym(f *lps.Func) *symbol {
	if s, ok := r.syms[f]; ok {
		return s
	}
	s := r.shared.sym(f)
	if r.syms == nil {
		r.syms = map[*lps.Func]*symbol{}
	}
	r.syms[f] = s
	return s
}

// constant translates a function symbol used as an expression. The terms
// are kept in a cache of the rewriter's own, as sym's symbols are:
// interning locks a shard of the term store.
func (r *Rewriter) constant(f *lps.Func) Term {
	if t, ok := r.consts[f]; ok {
		return t
	}
	t := r.translateConstant(f)
	if r.consts == nil {
		r.consts = map[*lps.Func]Term{}
	}
	r.consts[f] = t
	return t
}

func (r *Rewriter) translateConstant(f *lps.Func) Term {
	if f.Kind == lps.FuncBuiltin {
		switch f.Op {
		case lps.OpTrue:
			return r.trueT
		case lps.OpFalse:
			return r.falseT
		case lps.OpEmptyList:
			return r.intern(&key{kind: kNil, sort: f.Sort})
		case lps.OpEmptySet:
			return r.emptyOf(f.Sort)
		}
		if t, ok := r.fnConstant(f); ok {
			return t
		}
	}
	return r.intern(&key{kind: kApp, fn: r.sym(f), sort: f.Sort})
}

// emptyOf returns the empty container of a Set, FSet, Bag or FBag sort.
func (r *Rewriter) emptyOf(s *lps.Sort) Term {
	switch s.Kind {
	case lps.SortFSet:
		return r.intern(&key{kind: kFSet, sort: s})
	case lps.SortFBag:
		return r.intern(&key{kind: kFBag, sort: s})
	case lps.SortSet:
		return r.mkSet(s, r.fnConst(s, fnFalse), r.intern(&key{kind: kFSet, sort: s}))
	case lps.SortBag:
		return r.mkBag(s, r.fnConst(s, fnZero), r.intern(&key{kind: kFBag, sort: s}))
	case lps.SortList:
		return r.intern(&key{kind: kNil, sort: s})
	}
	panic("rewrite: empty container of sort kind " + fmt.Sprint(s.Kind))
}

func (r *Rewriter) mkApp(fn *symbol, args []Term) Term {
	return r.internArgs(&key{kind: kApp, fn: fn, sort: fn.res}, args)
}

// numberFromBig makes a numeral of sort s.
func (r *Rewriter) numberFromBig(s *lps.Sort, v *big.Int) Term {
	if s.Kind == lps.SortReal {
		return r.mkReal(s, new(big.Rat).SetInt(v))
	}
	return r.mkBigInt(s, v)
}
