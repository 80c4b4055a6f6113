package mcrl2

import (
	"math/big"
	"strings"

	"github.com/lps2lts/lps2lts/aterm"
	"github.com/lps2lts/lps2lts/lps"
)

// The data expressions of a binary LPS, for binReader (read.go):
// mCRL2's typed terms as the checker's IR, sorts as the file states them.

// resultSort is the sort of an application of a function of sort s to n
// arguments.
func (r *binReader) resultSort(s *lps.Sort, n int) *lps.Sort {
	if s.Kind != lps.SortFunc || len(s.Domain) != n {
		r.failf("a function of sort %s applied to %d arguments", s, n)
	}
	return s.Codomain
}

// numberSort is the sort of a numeral t (one that number reads: a
// constant @c1 or @c0, or its head's application): the codomain alone,
// as the digits are of mCRL2's internal sort @word, which sort rejects.
func (r *binReader) numberSort(t *aterm.Term) *lps.Sort {
	s := t.Args[1]
	if !is(t, "OpIdNoIndex", 2) {
		s = t.Args[0].Args[1]
	}
	if is(s, "SortArrow", 2) {
		s = s.Args[1]
	}
	return r.sort(s)
}

func (r *binReader) expr(t *aterm.Term) lps.Expr {
	if !r.sharing {
		return r.exprNode(t)
	}
	k := r.scopeKey(t)
	if e, ok := r.shared[k]; ok {
		// Counted as the tree it stands for: the later stages walk the
		// IR as a tree (to translate it, to print it), so the bound on
		// nodes keeps a small file from standing for an endless one.
		r.nodes += e.nodes
		if r.nodes > maxBinNodes {
			r.fail("the specification has more than %d nodes", maxBinNodes)
		}
		return e.expr
	}
	before := r.nodes
	e := r.exprNode(t)
	r.shared[k] = sharedExpr{e, r.nodes - before}
	return e
}

// sharedExpr is an expression read, and the nodes of the tree it is.
type sharedExpr struct {
	expr  lps.Expr
	nodes int
}

// sharedKey is a term in a scope: the scope's depth and its innermost
// variable tell the scopes apart (a variable is made anew each time it
// comes into scope, so one scope's innermost variable is in no other);
// depth -1 for a closed term, the same in every scope.
type sharedKey struct {
	t     *aterm.Term
	depth int
	top   *lps.Var
}

func (r *binReader) scopeKey(t *aterm.Term) sharedKey {
	if r.isClosed(t) || len(r.scope) == 0 {
		return sharedKey{t, -1, nil}
	}
	return sharedKey{t, len(r.scope), r.scope[len(r.scope)-1]}
}

// isClosed reports whether t holds no variable and no binder, so that
// what it means does not depend on where it stands.
func (r *binReader) isClosed(t *aterm.Term) bool {
	if t.IsInt {
		return true
	}
	if c, ok := r.closed[t]; ok {
		return c
	}
	c := !is(t, "DataVarId", 2) && !is(t, "DataVarId", 3) && !is(t, "Binder", 3) && !is(t, "Whr", 2)
	for _, a := range t.Args {
		if !c {
			break
		}
		r.enter()
		c = r.isClosed(a)
		r.leave()
	}
	r.closed[t] = c
	return c
}

func (r *binReader) exprNode(t *aterm.Term) lps.Expr {
	r.enter()
	defer r.leave()
	if v, ok := r.number(t); ok {
		return r.numberExpr(v, r.numberSort(t))
	}
	switch {
	case is(t, "DataVarId", 2), is(t, "DataVarId", 3):
		name, s := r.varID(t)
		v := r.lookupVar(name, s)
		if v == nil {
			r.failf("variable %s: %s is not in scope", name, s)
		}
		return &lps.VarRef{Var: v}
	case is(t, "OpIdNoIndex", 2), is(t, "OpId", 3):
		if c := r.internalConstant(t); c != nil {
			return c
		}
		return r.funcRef(t)
	case is(t, "Binder", 3):
		return r.binder(t)
	case is(t, "Whr", 2):
		var defs []lps.WhereDef
		for _, d := range r.list(t.Args[1]) {
			if !is(d, "DataVarIdInit", 2) {
				r.failf("a where clause definition expected")
			}
			v := r.newVar(d.Args[0])
			val := r.expr(d.Args[1])
			if val.Sort() != v.S {
				r.failf("where variable %s: %s is defined by a %s", v.Name, v.S, val.Sort())
			}
			defs = append(defs, lps.WhereDef{Var: v, Value: val})
		}
		mark := len(r.scope)
		for _, d := range defs {
			r.scope = append(r.scope, d.Var)
		}
		body := r.expr(t.Args[0])
		r.scope = r.scope[:mark]
		return &lps.Where{Body: body, Defs: defs}
	case !t.IsInt && t.Sym.Name == "DataAppl" && len(t.Args) >= 2:
		return r.appl(t)
	}
	r.failf("a data expression expected, found %s", t.Sym.Name)
	return nil
}

// numberExpr is the numeral v of sort s as the checker writes it: a
// Number, under OpNeg when negative, a quotient of two for a Real
// fraction.
func (r *binReader) numberExpr(v *big.Rat, s *lps.Sort) lps.Expr {
	if !s.IsNumeric() {
		r.failf("a number of sort %s", s)
	}
	num := func(n *big.Int) lps.Expr {
		e := lps.Expr(&lps.Number{Value: new(big.Int).Abs(n), S: s})
		if n.Sign() < 0 {
			if s.Kind != lps.SortInt && s.Kind != lps.SortReal {
				r.failf("a negative number of sort %s", s)
			}
			e = r.mk(lps.OpNeg, s, e)
		}
		return e
	}
	if v.IsInt() {
		if s.Kind == lps.SortPos && v.Sign() <= 0 || s.Kind == lps.SortNat && v.Sign() < 0 {
			r.failf("the number %s of sort %s", v.RatString(), s)
		}
		return num(v.Num())
	}
	if s.Kind != lps.SortReal {
		r.failf("the fraction %s of sort %s", v.RatString(), s)
	}
	return r.mk(lps.OpDivide, s, num(v.Num()), num(v.Denom()))
}

// mk applies the built-in op to args, giving res.
func (r *binReader) mk(op lps.Op, res *lps.Sort, args ...lps.Expr) *lps.App {
	return lps.BuiltinApp(r.st, op, res, lps.Pos{}, args...)
}

// upcast is a conversion mCRL2 states and the checker would have
// inserted: printed as its argument. A numeral takes the wider sort
// itself, as the checker's coerce gives it (the count of @fbag_cons,
// Pos in the file, is a Nat numeral).
func (r *binReader) upcast(op lps.Op, e lps.Expr, to *lps.Sort) lps.Expr {
	if n, ok := e.(*lps.Number); ok && to.IsNumeric() {
		return &lps.Number{Value: n.Value, S: to}
	}
	return lps.ImplicitApp(r.st, op, e, to)
}

// wideningOps are the conversions to a wider number sort, mCRL2's number
// constructors @cNat and @cInt among them: the checker inserts them where
// a context needs them, and so does mCRL2's; printed, they vanish. The
// conversions are the operator table's (lps.Upcast); the constructors
// are mCRL2's names for two of them.
var wideningOps = func() map[string]lps.Op {
	m := map[string]lps.Op{"@cNat": lps.OpPos2Nat, "@cInt": lps.OpNat2Int}
	for op := lps.OpTrue; op < lps.NumOps; op++ {
		in := op.Info()
		if in.From != in.To {
			if up, ok := lps.Upcast(&lps.Sort{Kind: in.From}, &lps.Sort{Kind: in.To}); ok && up == op {
				m[in.MCRL2] = op
			}
		}
	}
	return m
}()

func (r *binReader) appl(t *aterm.Term) lps.Expr {
	head, rawArgs := t.Args[0], t.Args[1:]
	if is(head, "OpIdNoIndex", 2) || is(head, "OpId", 3) {
		n, hs := r.name(head.Args[0]), r.sort(head.Args[1])
		res := r.resultSort(hs, len(rawArgs))
		switch {
		case wideningOps[n] != lps.OpNone && len(rawArgs) == 1:
			return r.upcast(wideningOps[n], r.expr(rawArgs[0]), res)
		case n == "@cNeg" && len(rawArgs) == 1:
			return r.mk(lps.OpNeg, res, r.expr(rawArgs[0]))
		case (n == "@cReal" || n == "@creal") && len(rawArgs) == 2:
			num := r.upcast(lps.OpInt2Real, r.expr(rawArgs[0]), res)
			if d, ok := r.number(rawArgs[1]); ok && d.Cmp(big.NewRat(1, 1)) == 0 {
				return num
			}
			return r.mk(lps.OpDivide, res, num, r.upcast(lps.OpPos2Real, r.expr(rawArgs[1]), res))
		case n == "@setfset" && len(rawArgs) == 1:
			return r.finiteSet(r.expr(rawArgs[0]), res)
		case n == "@bagfbag" && len(rawArgs) == 1:
			return r.finiteBag(r.expr(rawArgs[0]), res)
		case n == "@set" || n == "@bag":
			return r.setOrBag(n, res, rawArgs)
		case n == "@fset_insert" || n == "@fbag_cinsert" || n == "@fset_cons" || n == "@fbag_cons" || n == "@fbag_insert":
			return r.enumeration(t, res)
		}
		if _, internal := mcrl2Funcs()[n]; internal {
			if f, _ := r.internalFunc(n, hs); f.read != nil {
				return r.internalAppl(n, hs, f, rawArgs)
			}
		}
	}
	args := make([]lps.Expr, len(rawArgs))
	for i, a := range rawArgs {
		args[i] = r.expr(a)
	}
	var h lps.Expr
	if is(head, "OpIdNoIndex", 2) || is(head, "OpId", 3) {
		h = r.funcRef(head)
	} else {
		h = r.expr(head)
	}
	hs := h.Sort()
	res := r.resultSort(hs, len(args))
	for i, a := range args {
		if a.Sort() != hs.Domain[i] {
			why := ""
			if lps.ContainsAny(a.Sort()) {
				why = " (mCRL2 left the sort of this term unknown, ?, and cannot evaluate it either)"
			}
			r.failf("argument %d of %s has sort %s, not %s%s", i+1, headName(head), a.Sort(), hs.Domain[i], why)
		}
	}
	return &lps.App{Head: h, Args: args, S: res}
}

// headName names the function a term applies, for messages.
func headName(h *aterm.Term) string {
	if (is(h, "OpIdNoIndex", 2) || is(h, "OpId", 3)) && !h.Args[0].IsInt {
		return h.Args[0].Sym.Name
	}
	return "a function"
}

// mixedOp is e, a set or bag operation at one of mCRL2's mixed overloads
// (* : Set(S) # FSet(S) -> FSet(S), - : FBag(S) # Bag(S) -> FBag(S), ...)
// whose finite result mCRL2 then makes a set or bag again, as the checker
// builds it (mixedSetOp): at the set or bag sort, its finite operands
// converted, marked Fixed; nil when e is no such operation.
func (r *binReader) mixedOp(e lps.Expr) lps.Expr {
	a, ok := e.(*lps.App)
	if !ok || len(a.Args) != 2 || a.Fixed {
		return nil
	}
	f, ok := a.Head.(*lps.FuncRef)
	if !ok || f.Func.Kind != lps.FuncBuiltin {
		return nil
	}
	op, args := f.Func.Op, a.Args
	if op != lps.OpAdd && op != lps.OpSub && op != lps.OpMul {
		return nil
	}
	finite := func(e lps.Expr) bool {
		k := e.Sort().Kind
		return (k == lps.SortFSet || k == lps.SortFBag) && !lps.IsFixed(e)
	}
	if finite(args[0]) == finite(args[1]) {
		return nil
	}
	elem := args[0].Sort().Elem
	if elem == nil || args[1].Sort().Elem != elem {
		return nil
	}
	var s *lps.Sort
	switch args[0].Sort().Kind {
	case lps.SortSet, lps.SortFSet:
		s = r.st.Set(elem)
	default:
		s = r.st.Bag(elem)
	}
	out := make([]lps.Expr, 2)
	for i, a := range args {
		switch {
		case a.Sort().Kind == lps.SortFSet:
			out[i] = r.upcast(lps.OpFSet2Set, a, s)
		case a.Sort().Kind == lps.SortFBag:
			out[i] = r.upcast(lps.OpFBag2Bag, a, s)
		default:
			out[i] = a
		}
	}
	return lps.Fix(r.mk(op, s, out...))
}

// mcrl2Builtins are the built-in functions by the names mCRL2 gives them
// in its terms (the operator table's MCRL2). A name two operators share
// is the first one's, "-" and "!"; function tells the others apart by
// their sorts. mCRL2's implicit conversions @setfset and @bagfbag are read
// where they stand (setOrBag), never by name; the empty set has a name
// for each of its sorts.
var mcrl2Builtins = func() map[string]lps.Op {
	m := map[string]lps.Op{}
	for op := lps.OpTrue; op < lps.NumOps; op++ {
		switch op {
		case lps.OpFSet2Set, lps.OpFBag2Bag, lps.OpSetRetag:
			continue
		}
		if n := op.Info().MCRL2; n != "" {
			if _, ok := m[n]; !ok {
				m[n] = op
			}
		}
	}
	m["{:}"], m["@fset_empty"], m["@fbag_empty"] = lps.OpEmptySet, lps.OpEmptySet, lps.OpEmptySet
	return m
}()

// function finds the function symbol of an OpId: a user's function or one
// of a structured sort, else a built-in one.
func (r *binReader) function(t *aterm.Term) *lps.Func {
	name, s := r.name(t.Args[0]), r.sort(t.Args[1])
	if f := r.lookupFunc(name, s); f != nil {
		return f
	}
	if f, ok := r.internalFunc(name, s); ok {
		if f.read != nil {
			r.failf("internal function %s used as a value, not applied to its %d arguments", name, f.sig.arity())
		}
		return r.st.Builtin(f.op, s)
	}
	op, ok := mcrl2Builtins[name]
	if !ok {
		if strings.HasPrefix(name, "@") {
			r.failf("unknown internal function %s: mCRL2's data library has no such function", name)
		}
		r.failf("unknown function %s: %s", name, s)
	}
	switch {
	case op == lps.OpSub && s.Kind == lps.SortFunc && len(s.Domain) == 1:
		op = lps.OpNeg
	case op == lps.OpNot && s.Kind == lps.SortFunc && len(s.Domain) == 1 && s.Domain[0].Kind == lps.SortSet:
		op = lps.OpComplement
	}
	if !lps.BuiltinSortOK(op, s) {
		r.failf("the built-in function %s with the sort %s, which mCRL2's data library does not give it", name, s)
	}
	return r.st.Builtin(op, s)
}

func (r *binReader) binder(t *aterm.Term) lps.Expr {
	mark := len(r.scope)
	var vars []*lps.Var
	for _, v := range r.list(t.Args[1]) {
		vars = append(vars, r.newVar(v))
	}
	if len(vars) == 0 {
		r.failf("a binder without variables")
	}
	r.distinct(vars, "bound variable")
	r.scope = append(r.scope, vars...)
	body := r.expr(t.Args[2])
	r.scope = r.scope[:mark]
	b := &lps.Binder{Vars: vars, Body: body}
	switch t.Args[0].Sym.Name {
	case "Lambda":
		dom := make([]*lps.Sort, len(vars))
		for i, v := range vars {
			dom[i] = v.S
		}
		b.Kind, b.S = lps.Lambda, r.st.Func(dom, body.Sort())
		return b
	case "Forall":
		b.Kind, b.S = lps.Forall, r.st.Bool
	case "Exists":
		b.Kind, b.S = lps.Exists, r.st.Bool
	case "SetComp":
		b.Kind, b.S = lps.SetComp, r.st.Set(vars[0].S)
	case "BagComp":
		b.Kind, b.S = lps.BagComp, r.st.Bag(vars[0].S)
		if body.Sort() != r.st.Nat {
			r.failf("a bag comprehension's body of sort %s", body.Sort())
		}
		return b
	default:
		r.failf("unknown binder %s", t.Args[0].Sym.Name)
	}
	if body.Sort() != r.st.Bool {
		r.failf("a quantifier's or set comprehension's body of sort %s", body.Sort())
	}
	return b
}

// setOrBag reads @set(f, s) and @bag(f, b) of sort res: x is in @set(f,
// s) when f(x) differs from x in s; @bag(f, {:}) counts f(x) of x. With
// the constant function parts @false_ and @zero_ they are the finite set
// or bag; @true_ gives a complement; a lambda with an empty finite part is
// a comprehension, its variable named as in the file.
func (r *binReader) setOrBag(n string, res *lps.Sort, args []*aterm.Term) lps.Expr {
	if len(args) != 2 || res.Elem == nil {
		r.failf("%s of %d arguments", n, len(args))
	}
	if want := map[string]lps.SortKind{"@set": lps.SortSet, "@bag": lps.SortBag}[n]; res.Kind != want {
		r.failf("%s of sort %s", n, res)
	}
	f, fin := args[0], args[1]
	if is(f, "OpIdNoIndex", 2) {
		switch r.name(f.Args[0]) {
		case "@false_", "@zero_":
			if n == "@set" {
				return r.finiteSet(r.expr(fin), res)
			}
			return r.finiteBag(r.expr(fin), res)
		case "@true_":
			if n == "@set" {
				return r.mk(lps.OpComplement, res, r.finiteSet(r.expr(fin), res))
			}
		}
	}
	if is(f, "Binder", 3) && f.Args[0].Sym.Name == "Lambda" && len(r.list(f.Args[1])) == 1 && r.isEmptyFinite(fin) {
		lam := r.binder(f).(*lps.Binder)
		kind, body := lps.SetComp, r.st.Bool
		if n == "@bag" {
			kind, body = lps.BagComp, r.st.Nat
		}
		if lam.Body.Sort() != body || lam.Vars[0].S != res.Elem {
			r.failf("%s of a function of sort %s", n, lam.Sort())
		}
		return &lps.Binder{Kind: kind, Vars: lam.Vars, Body: lam.Body, S: res}
	}
	// Any other function part: mCRL2's @set(f, s) or @bag(f, b) itself
	// (funcs.go), as its rewriter keeps and prints it.
	op := lps.OpSetFn
	if n == "@bag" {
		op = lps.OpBagFn
	}
	fn, fe := r.expr(f), r.expr(fin)
	want := r.st.Func([]*lps.Sort{res.Elem}, r.st.Bool)
	finite := r.st.FSet(res.Elem)
	if op == lps.OpBagFn {
		want, finite = r.st.Func([]*lps.Sort{res.Elem}, r.st.Nat), r.st.FBag(res.Elem)
	}
	if fn.Sort() != want || fe.Sort() != finite {
		r.failf("%s of a %s and a %s as a %s", n, fn.Sort(), fe.Sort(), res)
	}
	return r.mk(op, res, fn, fe)
}

// finiteSet is the finite set fs as a set of sort res. mCRL2's type
// checker types a set operation that matches one of its mixed overloads
// (Set # FSet -> FSet) on its own and then widens the result without
// converting its elements: the file has @set(@false_, s) of sort Set(Nat)
// around an s of sort FSet(Pos). That is the checker's OpSetRetag.
func (r *binReader) finiteSet(fs lps.Expr, res *lps.Sort) lps.Expr {
	if m := r.mixedOp(fs); m != nil {
		fs = m
	}
	if lps.IsFixed(fs) && fs.Sort().Kind == lps.SortSet {
		// A mixed set operation: a set already (see mixedOp).
		if fs.Sort() == res {
			return fs
		}
		if _, ok := lps.Upcast(fs.Sort().Elem, res.Elem); !ok {
			r.failf("a set of sort %s as a %s", fs.Sort(), res)
		}
		return r.upcast(lps.OpSetRetag, fs, res)
	}
	if fs.Sort().Kind != lps.SortFSet {
		r.failf("a finite set expected, found a %s", fs.Sort())
	}
	if fs.Sort().Elem == res.Elem {
		return r.upcast(lps.OpFSet2Set, fs, res)
	}
	if _, ok := lps.Upcast(fs.Sort().Elem, res.Elem); !ok {
		r.failf("a finite set of sort %s as a %s", fs.Sort(), res)
	}
	set := r.upcast(lps.OpFSet2Set, fs, r.st.Set(fs.Sort().Elem))
	return r.upcast(lps.OpSetRetag, set, res)
}

// finiteBag is the finite bag fb as a bag of sort res.
func (r *binReader) finiteBag(fb lps.Expr, res *lps.Sort) lps.Expr {
	if m := r.mixedOp(fb); m != nil {
		fb = m
	}
	if lps.IsFixed(fb) && fb.Sort() == res {
		return fb // a mixed bag operation: a bag already (see mixedOp)
	}
	if fb.Sort().Kind != lps.SortFBag || fb.Sort().Elem != res.Elem {
		r.failf("a finite bag of sort %s as a %s", fb.Sort(), res)
	}
	return r.upcast(lps.OpFBag2Bag, fb, res)
}

// enumeration reads a finite set @fset_insert(x, ...{}) or finite bag
// @fbag_cinsert(x, n, ...{:}) (or their constructors @fset_cons and
// @fbag_cons, and @fbag_insert, whose counts are Pos) of sort res as the
// checker's SetEnum or BagEnum. Insertions into a finite set or bag that is
// no enumeration (a variable, an if) stay insertions, as mCRL2 leaves them
// until that is a value (insertedInto).
func (r *binReader) enumeration(t *aterm.Term, res *lps.Sort) lps.Expr {
	var elems, counts, given []lps.Expr // given: a bag's counts as the file states them
	for !r.isEmptyFinite(t) {
		if !is(t, "DataAppl", len(t.Args)) || len(t.Args) < 3 || !is(t.Args[0], "OpIdNoIndex", 2) {
			return r.insertedInto(r.expr(t), res, elems, given)
		}
		switch r.name(t.Args[0].Args[0]) {
		case "@fset_insert", "@fset_cons":
			if len(t.Args) != 3 || res.Kind != lps.SortFSet {
				r.failf("a finite set expected")
			}
			elems = append(elems, r.elem(t.Args[1], res))
			t = t.Args[2]
		case "@fbag_cinsert", "@fbag_cons", "@fbag_insert":
			if len(t.Args) != 4 || res.Kind != lps.SortFBag {
				r.failf("a finite bag expected")
			}
			elems = append(elems, r.elem(t.Args[1], res))
			c := r.expr(t.Args[2])
			given = append(given, c)
			switch c.Sort().Kind {
			case lps.SortPos:
				c = r.upcast(lps.OpPos2Nat, c, r.st.Nat)
			case lps.SortNat:
			default:
				r.failf("a count of sort %s", c.Sort())
			}
			counts = append(counts, c)
			t = t.Args[3]
		default:
			return r.insertedInto(r.expr(t), res, elems, given)
		}
	}
	if len(elems) == 0 {
		return &lps.FuncRef{Func: r.st.Builtin(lps.OpEmptySet, res)}
	}
	if res.Kind == lps.SortFSet {
		return &lps.SetEnum{Enum: lps.Enum{Elems: elems, S: res}}
	}
	return &lps.BagEnum{Enum: lps.Enum{Elems: elems, S: res}, Counts: counts}
}

// insertedInto is elems (with the counts given, for a bag) inserted into
// rest, a finite set or bag of sort res that is no enumeration: mCRL2's
// @fset_insert(x, rest), @fbag_insert(x, p, rest) for a Pos count p, and
// if(n == 0, rest, @fbag_insert(x, Nat2Pos(n), rest)) for a Nat count n,
// as its @fbag_cinsert equation has it.
func (r *binReader) insertedInto(rest lps.Expr, res *lps.Sort, elems, given []lps.Expr) lps.Expr {
	if rest.Sort() != res {
		r.failf("a %s inserted into a %s", res, rest.Sort())
	}
	for i := len(elems) - 1; i >= 0; i-- {
		if res.Kind == lps.SortFSet {
			rest = r.mk(lps.OpFSetInsert, res, elems[i], rest)
			continue
		}
		c := given[i]
		if c.Sort().Kind == lps.SortPos {
			rest = r.mk(lps.OpFBagInsert, res, elems[i], c, rest)
			continue
		}
		ins := r.mk(lps.OpFBagInsert, res, elems[i], r.mk(lps.OpNat2Pos, r.st.Pos, c), rest)
		rest = r.mk(lps.OpIf, res, r.eq(c, r.num(0, r.st.Nat)), rest, ins)
	}
	return rest
}

// elem reads an element of a finite set or bag of sort res.
func (r *binReader) elem(t *aterm.Term, res *lps.Sort) lps.Expr {
	e := r.expr(t)
	if e.Sort() != res.Elem {
		r.failf("an element of sort %s in a %s", e.Sort(), res)
	}
	return e
}
