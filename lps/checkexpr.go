package lps

import (
	"math/big"
	"strings"
)

// exprChecker infers the sort of data expressions in one scope.
//
// Inference is bidirectional: synth(e, hint) builds the typed expression
// bottom-up, using hint (a sort the context would like, or nil) only to
// type numerals and empty or enumerated containers; expect(e, s) then
// coerces the result to the sort the context requires. Coercion retypes
// numerals and container literals in place and otherwise inserts mCRL2's
// implicit conversions (Pos ⊂ Nat ⊂ Int ⊂ Real, FSet ⊂ Set, FBag ⊂ Bag)
// as App nodes with Implicit set. Overloaded operators pick the overload
// at the least common sort of their operands.
type exprChecker struct {
	c  *checker
	st *SortTable
	sc *scope
}

// anySort stands for the unknown element sort of an empty container whose
// context has not (yet) said what it holds: `[]` synthesizes List(anySort).
// Coercion replaces it; one that survives is reported.
var anySort = &Sort{Kind: SortBasic, Name: "?"}

func (c *checker) newExprChecker(sc *scope) *exprChecker {
	return &exprChecker{c: c, st: c.st, sc: sc}
}

func (x *exprChecker) inner(sc *scope) *exprChecker {
	return &exprChecker{c: x.c, st: x.st, sc: sc}
}

func containsAny(s *Sort) bool {
	if s == nil {
		return false
	}
	switch s.Kind {
	case SortBasic:
		return s == anySort
	case SortList, SortSet, SortBag, SortFSet, SortFBag:
		return containsAny(s.Elem)
	case SortFunc:
		for _, d := range s.Domain {
			if containsAny(d) {
				return true
			}
		}
		return containsAny(s.Codomain)
	}
	return false
}

// expect checks e and coerces it to sort want; nil after an error.
func (x *exprChecker) expect(e rawExpr, want *Sort) Expr {
	t := x.synth(e, want)
	if t == nil {
		return nil
	}
	t = x.coerce(t, want)
	if t != nil && x.reportAny(t) {
		return nil
	}
	return t
}

// reportAny reports an empty container whose sort could not be inferred.
func (x *exprChecker) reportAny(e Expr) bool {
	found := false
	var walk func(e Expr)
	walk = func(e Expr) {
		if found || e == nil {
			return
		}
		if a, ok := e.(*App); ok {
			// Report the innermost culprit, not the operator applied to it.
			for _, arg := range a.Args {
				walk(arg)
			}
			if f, ok := a.Head.(*FuncRef); !ok || f.Func.Kind != FuncBuiltin {
				walk(a.Head)
			}
		}
		if !found && containsAny(e.Sort()) {
			found = true
			x.c.errorAt(e.Position(), "cannot infer the sort of %s: the context does not say what it contains", FormatExpr(e))
			return
		}
		switch e := e.(type) {
		case *Binder:
			walk(e.Body)
		case *Where:
			walk(e.Body)
			for _, d := range e.Defs {
				walk(d.Value)
			}
		case *ListEnum:
			for _, a := range e.Elems {
				walk(a)
			}
		case *SetEnum:
			for _, a := range e.Elems {
				walk(a)
			}
		case *BagEnum:
			for i := range e.Elems {
				walk(e.Elems[i])
				walk(e.Counts[i])
			}
		}
	}
	walk(e)
	return found
}

// ---------------------------------------------------------------------------
// Coercion

func numRank(s *Sort) int {
	switch s.Kind {
	case SortPos:
		return 1
	case SortNat:
		return 2
	case SortInt:
		return 3
	case SortReal:
		return 4
	}
	return 0
}

var upcastOps = map[[2]SortKind]Op{
	{SortPos, SortNat}: OpPos2Nat, {SortPos, SortInt}: OpPos2Int, {SortPos, SortReal}: OpPos2Real,
	{SortNat, SortInt}: OpNat2Int, {SortNat, SortReal}: OpNat2Real, {SortInt, SortReal}: OpInt2Real,
}

// upcast returns the implicit conversion from s to t, if there is one.
func upcast(s, t *Sort) (Op, bool) {
	if s.IsNumeric() && t.IsNumeric() {
		op, ok := upcastOps[[2]SortKind{s.Kind, t.Kind}]
		return op, ok
	}
	if s.Kind == SortFSet && t.Kind == SortSet && s.Elem == t.Elem {
		return OpFSet2Set, true
	}
	if s.Kind == SortFBag && t.Kind == SortBag && s.Elem == t.Elem {
		return OpFBag2Bag, true
	}
	return OpNone, false
}

func isSetLike(k SortKind) bool {
	return k == SortSet || k == SortFSet || k == SortBag || k == SortFBag
}

// canCoerce reports whether coerce(e, t) would succeed.
func (x *exprChecker) canCoerce(e Expr, t *Sort) bool {
	s := e.Sort()
	if s == t {
		return true
	}
	if inner, ft := finiteUnder(e, t, x.st); inner != nil {
		return x.canCoerce(inner, ft)
	}
	if ft := finiteOf(s, t, x.st); ft != nil {
		return x.canCoerce(e, ft)
	}
	switch e := e.(type) {
	case *Number:
		if t.IsNumeric() {
			return t.Kind != SortPos || e.Value.Sign() > 0
		}
	case *FuncRef:
		switch e.Func.Op {
		case OpEmptyList:
			if t.Kind == SortList {
				return true
			}
		case OpEmptySet:
			if isSetLike(t.Kind) {
				return true
			}
		}
	case *ListEnum:
		if t.Kind == SortList {
			for _, el := range e.Elems {
				if !x.canCoerce(el, t.Elem) {
					return false
				}
			}
			return true
		}
	case *SetEnum:
		if t.Kind == SortSet || t.Kind == SortFSet {
			for _, el := range e.Elems {
				if !x.canCoerce(el, t.Elem) {
					return false
				}
			}
			return true
		}
	case *BagEnum:
		if t.Kind == SortBag || t.Kind == SortFBag {
			for _, el := range e.Elems {
				if !x.canCoerce(el, t.Elem) {
					return false
				}
			}
			return true
		}
	case *App:
		if e.Fixed {
			return x.retag(e, t) != nil
		}
		if f, ok := e.Head.(*FuncRef); ok && !e.Implicit {
			switch f.Func.Op {
			case OpNeg:
				if (t.Kind == SortInt || t.Kind == SortReal) && x.canCoerce(e.Args[0], t) {
					return true
				}
			case OpIf:
				if x.canCoerce(e.Args[1], t) && x.canCoerce(e.Args[2], t) {
					return true
				}
			}
			if x.canCoerceContainerOp(f.Func.Op, e, t) {
				return true
			}
		}
	}
	if containsAny(s) || s == nil {
		return false
	}
	_, ok := upcast(s, t)
	return ok
}

// coerce converts e to sort t, or reports a sort mismatch and returns nil.
func (x *exprChecker) coerce(e Expr, t *Sort) Expr {
	if e == nil || t == nil {
		return nil
	}
	s := e.Sort()
	if s == t {
		return e
	}
	if inner, ft := finiteUnder(e, t, x.st); inner != nil && x.canCoerce(inner, ft) {
		return x.wrapUpcast(x.coerce(inner, ft), t)
	}
	if ft := finiteOf(s, t, x.st); ft != nil && x.canCoerce(e, ft) {
		return x.wrapUpcast(x.coerce(e, ft), t)
	}
	switch e := e.(type) {
	case *Number:
		if t.IsNumeric() {
			if t.Kind == SortPos && e.Value.Sign() == 0 {
				x.c.errorAt(e.Pos, "expected sort Pos, found 0 (of sort Nat)")
				return nil
			}
			return &Number{Value: e.Value, S: t, Pos: e.Pos}
		}
	case *FuncRef:
		switch e.Func.Op {
		case OpEmptyList:
			if t.Kind == SortList {
				return &FuncRef{Func: x.st.Builtin(OpEmptyList, t), Pos: e.Pos}
			}
		case OpEmptySet:
			if isSetLike(t.Kind) {
				return &FuncRef{Func: x.st.Builtin(OpEmptySet, t), Pos: e.Pos}
			}
		}
	case *ListEnum:
		if t.Kind == SortList && x.canCoerce(e, t) {
			out := &ListEnum{Elems: make([]Expr, len(e.Elems)), S: t, Pos: e.Pos}
			for i, el := range e.Elems {
				out.Elems[i] = x.coerce(el, t.Elem)
			}
			return out
		}
	case *SetEnum:
		if (t.Kind == SortSet || t.Kind == SortFSet) && x.canCoerce(e, t) {
			out := &SetEnum{Elems: make([]Expr, len(e.Elems)), S: x.st.FSet(t.Elem), Pos: e.Pos}
			for i, el := range e.Elems {
				out.Elems[i] = x.coerce(el, t.Elem)
			}
			return x.wrapUpcast(out, t)
		}
	case *BagEnum:
		if (t.Kind == SortBag || t.Kind == SortFBag) && x.canCoerce(e, t) {
			out := &BagEnum{Elems: make([]Expr, len(e.Elems)), Counts: e.Counts, S: x.st.FBag(t.Elem), Pos: e.Pos}
			for i, el := range e.Elems {
				out.Elems[i] = x.coerce(el, t.Elem)
			}
			return x.wrapUpcast(out, t)
		}
	case *App:
		if out := x.retag(e, t); out != nil {
			return out
		}
		if f, ok := e.Head.(*FuncRef); ok && !e.Implicit && !e.Fixed {
			switch f.Func.Op {
			case OpNeg:
				if (t.Kind == SortInt || t.Kind == SortReal) && x.canCoerce(e.Args[0], t) {
					return x.mk(OpNeg, []Expr{x.coerce(e.Args[0], t)}, t, e.Pos)
				}
			case OpIf:
				if x.canCoerce(e.Args[1], t) && x.canCoerce(e.Args[2], t) {
					return x.mkIf(e.Args[0], x.coerce(e.Args[1], t), x.coerce(e.Args[2], t), e.Pos)
				}
			}
			if out := x.coerceContainerOp(f.Func.Op, e, t); out != nil {
				return out
			}
		}
	}
	if s != nil && !containsAny(s) {
		if _, ok := upcast(s, t); ok {
			return x.wrapUpcast(e, t)
		}
	}
	x.c.errorAt(e.Position(), "sort mismatch: expected %s, found %s", t, sortName(s))
	return nil
}

// canCoerceContainerOp says whether coerceContainerOp applies.
func (x *exprChecker) canCoerceContainerOp(op Op, e *App, t *Sort) bool {
	s := e.Sort()
	if s == nil || !s.IsContainer() || !t.IsContainer() || s.Kind != t.Kind || len(e.Args) == 0 {
		return false
	}
	if _, ok := upcast(s.Elem, t.Elem); !ok && !containsAny(s.Elem) {
		return false
	}
	switch op {
	case OpConcat, OpAdd, OpSub, OpMul:
		return len(e.Args) == 2 && x.canCoerce(e.Args[0], t) && x.canCoerce(e.Args[1], t)
	case OpCons:
		return x.canCoerce(e.Args[0], t.Elem) && x.canCoerce(e.Args[1], t)
	case OpSnoc:
		return x.canCoerce(e.Args[0], t) && x.canCoerce(e.Args[1], t.Elem)
	case OpTail, OpRTail:
		return x.canCoerce(e.Args[0], t)
	case OpComplement:
		return t.Kind == SortSet && x.canCoerce(e.Args[0], t)
	case OpSet2Bag:
		return x.canCoerce(e.Args[0], x.st.Set(t.Elem))
	case OpBag2Set:
		return x.canCoerce(e.Args[0], x.st.Bag(t.Elem))
	}
	return false
}

// coerceContainerOp retypes an operation that builds a container of the
// same kind as t with a wider element sort (head([[1]]) ++ [2] as a
// List(Nat) although its operands were checked as List(Pos)): its
// operands are coerced instead of the result, as mCRL2's type checker
// types them from the context. It returns nil when that does not apply.
func (x *exprChecker) coerceContainerOp(op Op, e *App, t *Sort) Expr {
	if !x.canCoerceContainerOp(op, e, t) {
		return nil
	}
	args := make([]Expr, len(e.Args))
	switch op {
	case OpCons:
		args[0], args[1] = x.coerce(e.Args[0], t.Elem), x.coerce(e.Args[1], t)
	case OpSnoc:
		args[0], args[1] = x.coerce(e.Args[0], t), x.coerce(e.Args[1], t.Elem)
	case OpSet2Bag:
		args[0] = x.coerce(e.Args[0], x.st.Set(t.Elem))
	case OpBag2Set:
		args[0] = x.coerce(e.Args[0], x.st.Bag(t.Elem))
	default:
		for i, a := range e.Args {
			args[i] = x.coerce(a, t)
		}
	}
	return x.mk(op, args, t, e.Pos)
}

// finiteUnder sees through the implicit conversion of a finite set or bag
// to a set or bag: when e is @setfset(f) (or @bagfbag(f)) and t a Set (or
// Bag), it returns f and the finite sort f must have for e to become t.
func finiteUnder(e Expr, t *Sort, st *SortTable) (Expr, *Sort) {
	a, ok := e.(*App)
	if !ok || !a.Implicit || len(a.Args) != 1 {
		return nil, nil
	}
	f, ok := a.Head.(*FuncRef)
	if !ok {
		return nil, nil
	}
	switch {
	case f.Func.Op == OpFSet2Set && t.Kind == SortSet:
		return a.Args[0], st.FSet(t.Elem)
	case f.Func.Op == OpFBag2Bag && t.Kind == SortBag:
		return a.Args[0], st.FBag(t.Elem)
	}
	return nil, nil
}

// finiteOf is the finite set or bag sort that an expression of the finite
// sort s must have to become t (a Set or Bag of another element sort):
// FSet(t.Elem) for s = FSet(...), t = Set(...); nil when that is not the
// case.
func finiteOf(s, t *Sort, st *SortTable) *Sort {
	if s == nil || s.Elem == t.Elem {
		return nil
	}
	switch {
	case s.Kind == SortFSet && t.Kind == SortSet:
		return st.FSet(t.Elem)
	case s.Kind == SortFBag && t.Kind == SortBag:
		return st.FBag(t.Elem)
	}
	return nil
}

// wrapUpcast applies the implicit conversion from e's sort to t (if the
// sorts differ; upcast(e.Sort(), t) must exist).
func (x *exprChecker) wrapUpcast(e Expr, t *Sort) Expr {
	s := e.Sort()
	if s == t {
		return e
	}
	op, _ := upcast(s, t)
	return &App{Head: &FuncRef{Func: x.st.Builtin(op, x.st.Func([]*Sort{s}, t)), Pos: e.Position()},
		Args: []Expr{e}, S: t, Implicit: true, Pos: e.Position()}
}

func sortName(s *Sort) string {
	if containsAny(s) {
		return strings.ReplaceAll(s.String(), "?", "_")
	}
	return s.String()
}

// join is the least sort both a and b coerce to, or nil.
func (x *exprChecker) join(a, b *Sort) *Sort {
	if a == b {
		return a
	}
	if a == anySort {
		return b
	}
	if b == anySort {
		return a
	}
	if a.IsNumeric() && b.IsNumeric() {
		if numRank(a) >= numRank(b) {
			return a
		}
		return b
	}
	if a.IsContainer() && b.IsContainer() {
		e := x.join(a.Elem, b.Elem)
		if e == nil {
			return nil
		}
		ka, kb := a.Kind, b.Kind
		switch {
		case ka == kb:
			return x.st.Container(ka, e)
		case (ka == SortSet || ka == SortFSet) && (kb == SortSet || kb == SortFSet):
			return x.st.Set(e)
		case (ka == SortBag || ka == SortFBag) && (kb == SortBag || kb == SortFBag):
			return x.st.Bag(e)
		}
	}
	return nil
}

// ---------------------------------------------------------------------------
// Building typed nodes

// mk applies the built-in op, typed by the sorts of args, with result res.
func (x *exprChecker) mk(op Op, args []Expr, res *Sort, p Pos) Expr {
	for _, a := range args {
		if a == nil {
			return nil
		}
	}
	dom := make([]*Sort, len(args))
	for i, a := range args {
		dom[i] = a.Sort()
	}
	return &App{Head: &FuncRef{Func: x.st.Builtin(op, x.st.Func(dom, res)), Pos: p}, Args: args, S: res, Pos: p}
}

func (x *exprChecker) mkIf(c, a, b Expr, p Pos) Expr {
	if c == nil || a == nil || b == nil {
		return nil
	}
	return x.mk(OpIf, []Expr{c, a, b}, a.Sort(), p)
}

// isFlex reports whether a raw expression's sort is decided by its
// context: numerals and container literals.
func isFlex(e rawExpr) bool {
	switch e := e.(type) {
	case *rawNumber, *rawList, *rawSet, *rawBag:
		return true
	case *rawUnary:
		return e.Op == "-" && isFlex(e.X)
	}
	return false
}

// synthPair synthesizes two operands, the context-dependent one second so
// that it can take the other's sort as its hint. A container hint goes to
// both operands, so that literals deep inside (head([[1]]) ++ [2] as a
// List(Nat)) take the element sort the context wants, as mCRL2's type
// checker gives them. An operand left with an unknown element sort (an
// empty {} or [] without context) is checked again with the other's sort.
func (x *exprChecker) synthPair(l, r rawExpr, hint *Sort) (Expr, Expr) {
	ch := containerHint(hint)
	if isFlex(l) && !isFlex(r) {
		R := x.synth(r, ch)
		if R == nil {
			return nil, nil
		}
		L := x.synth(l, R.Sort())
		return L, R
	}
	lh := ch
	if isFlex(l) {
		lh = hint
	}
	L := x.synth(l, lh)
	if L == nil {
		return nil, nil
	}
	R := x.synth(r, L.Sort())
	if R != nil && containsAny(L.Sort()) && !containsAny(R.Sort()) {
		if L2 := x.synth(l, R.Sort()); L2 != nil {
			L = L2
		}
	}
	return L, R
}

// containerHint is hint when it is a container sort, else nil: such a hint
// may be passed to any operand, as only literals and container operations
// take it up, while a numeric hint changes the sort of arithmetic.
func containerHint(hint *Sort) *Sort {
	if hint != nil && hint.IsContainer() {
		return hint
	}
	return nil
}

// ---------------------------------------------------------------------------
// Synthesis

func (x *exprChecker) synth(e rawExpr, hint *Sort) Expr {
	switch e := e.(type) {
	case *rawIdent:
		return x.ident(e, hint)
	case *rawNumber:
		v, ok := new(big.Int).SetString(e.Text, 10)
		if !ok {
			x.c.errorf(e.Pos, "malformed number %s", e.Text)
			return nil
		}
		s := x.st.Pos
		if v.Sign() == 0 {
			s = x.st.Nat
		}
		if hint != nil && hint.IsNumeric() && numRank(hint) >= numRank(s) {
			s = hint
		}
		return &Number{Value: v, S: s, Pos: pos(e.Pos)}
	case *rawBool:
		op := OpFalse
		if e.Val {
			op = OpTrue
		}
		return &FuncRef{Func: x.st.Builtin(op, x.st.Bool), Pos: pos(e.Pos)}
	case *rawApp:
		return x.app(e, hint)
	case *rawUnary:
		return x.unary(e, hint)
	case *rawBinary:
		return x.binary(e, hint)
	case *rawList:
		return x.list(e, hint)
	case *rawSet:
		return x.set(e, hint)
	case *rawBag:
		return x.bag(e, hint)
	case *rawComp:
		return x.comp(e, hint)
	case *rawUpdate:
		return x.update(e, hint)
	case *rawBinder:
		return x.binder(e, hint)
	case *rawWhere:
		return x.where(e, hint)
	}
	return nil
}

func (x *exprChecker) ident(e *rawIdent, hint *Sort) Expr {
	p := pos(e.Pos)
	if v := x.sc.lookup(e.Name); v != nil {
		return &VarRef{Var: v, Pos: p}
	}
	fs := x.c.funcs[e.Name]
	switch len(fs) {
	case 0:
		if _, ok := builtinNames[e.Name]; ok || e.Name == "if" {
			x.c.errorf(e.Pos, "built-in function %s must be applied to arguments", e.Name)
			return nil
		}
		x.c.errorf(e.Pos, "unknown identifier %s", e.Name)
		return nil
	case 1:
		return &FuncRef{Func: fs[0], Pos: p}
	}
	// Overloaded: the hint decides, else the only constant.
	var pick *Func
	for _, f := range fs {
		if f.Sort == hint {
			return &FuncRef{Func: f, Pos: p}
		}
	}
	n := 0
	for _, f := range fs {
		if f.Sort.Kind != SortFunc {
			pick = f
			n++
		}
	}
	if n == 1 {
		return &FuncRef{Func: pick, Pos: p}
	}
	x.c.errorf(e.Pos, "ambiguous identifier %s: it has %d declarations and the context does not decide", e.Name, len(fs))
	return nil
}

func (x *exprChecker) app(e *rawApp, hint *Sort) Expr {
	if id, ok := e.Head.(*rawIdent); ok && x.sc.lookup(id.Name) == nil {
		p := pos(id.Pos)
		if id.Name == "if" && len(x.c.funcs["if"]) == 0 {
			return x.ifThenElse(e, hint)
		}
		fs := x.c.funcs[id.Name]
		var doms [][]*Sort
		var cands []*Func
		for _, f := range fs {
			if f.Sort.Kind == SortFunc && len(f.Sort.Domain) == len(e.Args) {
				cands = append(cands, f)
				doms = append(doms, f.Sort.Domain)
			}
		}
		if len(cands) > 0 {
			k, args := x.resolveArgs(e.Args, doms, p, id.Name)
			if k < 0 {
				return nil
			}
			f := cands[k]
			return &App{Head: &FuncRef{Func: f, Pos: p}, Args: args, S: f.Sort.Codomain, Pos: p}
		}
		if _, ok := builtinNames[id.Name]; ok {
			return x.builtinCall(id, e.Args, hint)
		}
		if len(fs) > 0 {
			x.c.errorf(id.Pos, "wrong number of arguments: %s takes %s, found %d", id.Name, funcArities(fs), len(e.Args))
			return nil
		}
		x.c.errorf(id.Pos, "unknown function %s", id.Name)
		return nil
	}
	head := x.synth(e.Head, nil)
	if head == nil {
		return nil
	}
	hs := head.Sort()
	if hs.Kind != SortFunc {
		x.c.errorAt(head.Position(), "cannot apply an expression of sort %s to arguments", hs)
		return nil
	}
	if len(hs.Domain) != len(e.Args) {
		x.c.errorAt(head.Position(), "wrong number of arguments: expected %d, found %d", len(hs.Domain), len(e.Args))
		return nil
	}
	args := make([]Expr, len(e.Args))
	for i, a := range e.Args {
		if args[i] = x.expect(a, hs.Domain[i]); args[i] == nil {
			return nil
		}
	}
	return &App{Head: head, Args: args, S: hs.Codomain, Pos: head.Position()}
}

func funcArities(fs []*Func) string {
	seen := map[int]bool{}
	var parts []string
	for _, f := range fs {
		n := f.Arity()
		if !seen[n] {
			seen[n] = true
			parts = append(parts, itoa(n))
		}
	}
	s := strings.Join(parts, " or ")
	if len(parts) == 1 && parts[0] == "1" {
		return s + " argument"
	}
	return s + " arguments"
}

func itoa(n int) string { return big.NewInt(int64(n)).String() }

// resolveArgs checks arguments against one or more candidate domains and
// returns the index of the chosen candidate and the coerced arguments, or
// -1 after reporting an error.
func (x *exprChecker) resolveArgs(raw []rawExpr, doms [][]*Sort, p Pos, what string) (int, []Expr) {
	args := make([]Expr, len(raw))
	if len(doms) == 1 {
		for i, a := range raw {
			if args[i] = x.expect(a, doms[0][i]); args[i] == nil {
				return -1, nil
			}
		}
		return 0, args
	}
	for i, a := range raw {
		var hint *Sort
		for k, d := range doms {
			if k == 0 {
				hint = d[i]
			} else if d[i] != hint {
				hint = nil
				break
			}
		}
		if args[i] = x.synth(a, hint); args[i] == nil {
			return -1, nil
		}
	}
	best, bestScore := -1, -1
	for k, d := range doms {
		score := 0
		for i, a := range args {
			switch {
			case a.Sort() == d[i]:
				score += 2
			case x.canCoerce(a, d[i]):
				score++
			default:
				score = -1
			}
			if score < 0 {
				break
			}
		}
		if score > bestScore {
			best, bestScore = k, score
		}
	}
	if best < 0 {
		sorts := make([]string, len(args))
		for i, a := range args {
			sorts[i] = sortName(a.Sort())
		}
		x.c.errorAt(p, "no declaration of %s accepts arguments of sorts (%s)", what, strings.Join(sorts, ", "))
		return -1, nil
	}
	for i := range args {
		if args[i] = x.coerce(args[i], doms[best][i]); args[i] == nil {
			return -1, nil
		}
		if x.reportAny(args[i]) {
			return -1, nil
		}
	}
	return best, args
}

func (x *exprChecker) ifThenElse(e *rawApp, hint *Sort) Expr {
	id := e.Head.(*rawIdent)
	if len(e.Args) != 3 {
		x.c.errorf(id.Pos, "wrong number of arguments: if takes 3 arguments, found %d", len(e.Args))
		return nil
	}
	c := x.expect(e.Args[0], x.st.Bool)
	if c == nil {
		return nil
	}
	a, b := x.synthPair(e.Args[1], e.Args[2], hint)
	if a == nil || b == nil {
		return nil
	}
	s := x.join(a.Sort(), b.Sort())
	if s == nil {
		x.c.errorAt(b.Position(), "sort mismatch: the branches of if have sorts %s and %s", sortName(a.Sort()), sortName(b.Sort()))
		return nil
	}
	return x.mkIf(c, x.coerce(a, s), x.coerce(b, s), pos(id.Pos))
}

func (x *exprChecker) unary(e *rawUnary, hint *Sort) Expr {
	p := pos(e.Pos)
	switch e.Op {
	case "!":
		a := x.synth(e.X, hint)
		if a == nil {
			return nil
		}
		switch a.Sort().Kind {
		case SortBool:
			return x.mk(OpNot, []Expr{a}, x.st.Bool, p)
		case SortSet:
			return x.mk(OpComplement, []Expr{a}, a.Sort(), p)
		case SortFSet:
			// A finite set is a set: the upcast exists whatever its
			// element sort (also one still unknown, as in !{}).
			a = x.wrapUpcast(a, x.st.Set(a.Sort().Elem))
			return x.mk(OpComplement, []Expr{a}, a.Sort(), p)
		}
		x.c.errorAt(a.Position(), "sort mismatch: ! expects Bool or a Set, found %s", sortName(a.Sort()))
		return nil
	case "-":
		var h *Sort
		if hint != nil && (hint.Kind == SortInt || hint.Kind == SortReal) {
			h = hint
		}
		a := x.synth(e.X, h)
		if a == nil {
			return nil
		}
		switch a.Sort().Kind {
		case SortPos, SortNat, SortInt:
			return x.mk(OpNeg, []Expr{a}, x.st.Int, p)
		case SortReal:
			return x.mk(OpNeg, []Expr{a}, x.st.Real, p)
		}
		x.c.errorAt(a.Position(), "sort mismatch: unary - expects a number, found %s", sortName(a.Sort()))
		return nil
	default: // "#"
		a := x.synth(e.X, nil)
		if a == nil {
			return nil
		}
		switch a.Sort().Kind {
		case SortList, SortFSet, SortFBag:
			return x.mk(OpCount, []Expr{a}, x.st.Nat, p)
		}
		x.c.errorAt(a.Position(), "sort mismatch: # expects a List, FSet or FBag, found %s", sortName(a.Sort()))
		return nil
	}
}

func (x *exprChecker) binary(e *rawBinary, hint *Sort) Expr {
	p := pos(e.L.rawPos())
	opPos := pos(e.Pos)
	B := x.st.Bool
	switch e.Op {
	case "&&", "||", "=>":
		l := x.expect(e.L, B)
		r := x.expect(e.R, B)
		op := opOf[e.Op]
		return x.mk(op, []Expr{l, r}, B, p)
	case "==", "!=", "<", "<=", ">", ">=":
		l, r := x.synthPair(e.L, e.R, nil)
		if l == nil || r == nil {
			return nil
		}
		s := x.join(l.Sort(), r.Sort())
		if s == nil {
			x.c.errorAt(opPos, "sort mismatch: cannot compare %s with %s", sortName(l.Sort()), sortName(r.Sort()))
			return nil
		}
		if e.Op != "==" && e.Op != "!=" && (s.Kind == SortFunc) {
			x.c.errorAt(opPos, "%s is not defined on %s", e.Op, s)
			return nil
		}
		op := opOf[e.Op]
		return x.mk(op, []Expr{x.coerce(l, s), x.coerce(r, s)}, B, p)
	case "in":
		var l, r Expr
		if isFlex(e.R) && !isFlex(e.L) {
			if l = x.synth(e.L, nil); l == nil {
				return nil
			}
			r = x.synth(e.R, x.st.FSet(l.Sort()))
		} else {
			if r = x.synth(e.R, nil); r == nil {
				return nil
			}
			var h *Sort
			if r.Sort().IsContainer() {
				h = r.Sort().Elem
			}
			l = x.synth(e.L, h)
		}
		if l == nil || r == nil {
			return nil
		}
		rs := r.Sort()
		if !rs.IsContainer() {
			x.c.errorAt(r.Position(), "sort mismatch: in expects a List, Set, FSet, Bag or FBag on the right, found %s", sortName(rs))
			return nil
		}
		el := x.join(l.Sort(), rs.Elem)
		if el == nil {
			x.c.errorAt(opPos, "sort mismatch: cannot look for an element of sort %s in %s", sortName(l.Sort()), sortName(rs))
			return nil
		}
		return x.mk(OpIn, []Expr{x.coerce(l, el), x.coerce(r, x.st.Container(rs.Kind, el))}, B, p)
	case "|>", "<|":
		el, li := e.L, e.R
		if e.Op == "<|" {
			el, li = e.R, e.L
		}
		var lh *Sort
		if hint != nil && hint.Kind == SortList {
			lh = hint
		}
		var eh *Sort
		if lh != nil {
			eh = lh.Elem
		}
		var E, L Expr
		if isFlex(li) && !isFlex(el) {
			if E = x.synth(el, eh); E == nil {
				return nil
			}
			lt := x.st.List(E.Sort())
			if containsAny(E.Sort()) && lh != nil {
				lt = lh
			}
			L = x.synth(li, lt)
		} else {
			if L = x.synth(li, lh); L == nil {
				return nil
			}
			var h *Sort
			if L.Sort().Kind == SortList {
				h = L.Sort().Elem
			}
			E = x.synth(el, h)
		}
		if E == nil || L == nil {
			return nil
		}
		// An operand of unknown element sort ([] or rhead([]) without
		// context) takes the other's.
		if L.Sort().Kind == SortList && containsAny(E.Sort()) && !containsAny(L.Sort()) {
			if E2 := x.synth(el, L.Sort().Elem); E2 != nil {
				E = E2
			}
		} else if containsAny(L.Sort()) && !containsAny(E.Sort()) {
			if L2 := x.synth(li, x.st.List(E.Sort())); L2 != nil {
				L = L2
			}
		}
		if L.Sort().Kind != SortList {
			x.c.errorAt(L.Position(), "sort mismatch: %s expects a List, found %s", e.Op, sortName(L.Sort()))
			return nil
		}
		s := x.join(E.Sort(), L.Sort().Elem)
		if s == nil {
			x.c.errorAt(opPos, "sort mismatch: cannot add an element of sort %s to %s", sortName(E.Sort()), sortName(L.Sort()))
			return nil
		}
		ls := x.st.List(s)
		E, L = x.coerce(E, s), x.coerce(L, ls)
		if e.Op == "|>" {
			return x.mk(OpCons, []Expr{E, L}, ls, p)
		}
		return x.mk(OpSnoc, []Expr{L, E}, ls, p)
	case "++":
		var lh *Sort
		if hint != nil && hint.Kind == SortList {
			lh = hint
		}
		l, r := x.synthPair(e.L, e.R, lh)
		if l == nil || r == nil {
			return nil
		}
		s := x.join(l.Sort(), r.Sort())
		if s == nil || s.Kind != SortList {
			x.c.errorAt(opPos, "sort mismatch: ++ expects two Lists, found %s and %s", sortName(l.Sort()), sortName(r.Sort()))
			return nil
		}
		return x.mk(OpConcat, []Expr{x.coerce(l, s), x.coerce(r, s)}, s, p)
	case "+", "-", "*", "/":
		if (e.Op == "*" || e.Op == "-") && hint != nil && isSetLike(hint.Kind) {
			if out := x.mixedSetOp(e); out != nil {
				return out
			}
		}
		var l, r Expr
		if e.Op == "+" && (hint == nil || hint.Kind == SortPos) {
			// A Pos is wanted, or nothing in particular: type the operands
			// on their own so that mCRL2's mixed overloads (+ : Nat # Pos
			// -> Pos) apply, as its type checker does (n + 1 is a Pos).
			l, r = x.synth(e.L, nil), x.synth(e.R, nil)
		} else {
			l, r = x.synthPair(e.L, e.R, hint)
		}
		if l == nil || r == nil {
			return nil
		}
		s := x.join(l.Sort(), r.Sort())
		op := opOf[e.Op]
		if op == OpAdd && isPosNatMix(l.Sort(), r.Sort()) {
			// mCRL2's + : Pos # Nat -> Pos and + : Nat # Pos -> Pos.
			return x.mk(op, []Expr{l, r}, x.st.Pos, p)
		}
		if s != nil && s.IsNumeric() {
			res := s
			switch op {
			case OpSub:
				if s.Kind == SortPos || s.Kind == SortNat {
					s = x.st.Nat
				}
				if s.Kind == SortNat {
					res = x.st.Int
				} else {
					res = s
				}
			case OpDivide:
				res = x.st.Real
			}
			return x.mk(op, []Expr{x.coerce(l, s), x.coerce(r, s)}, res, p)
		}
		if s != nil && isSetLike(s.Kind) && op != OpDivide {
			res := x.mk(op, []Expr{x.coerce(l, s), x.coerce(r, s)}, s, p)
			if (hint == nil || !isSetLike(hint.Kind)) && isMixedSetOp(e.Op, l, r) {
				res = fix(res) // typed on its own: see mixedSetOp
			}
			return res
		}
		x.c.errorAt(opPos, "sort mismatch: %s is not defined on %s and %s", e.Op, sortName(l.Sort()), sortName(r.Sort()))
		return nil
	case "div", "mod":
		l := x.synth(e.L, nil)
		r := x.expect(e.R, x.st.Pos)
		if l == nil || r == nil {
			return nil
		}
		var s *Sort
		switch l.Sort().Kind {
		case SortPos, SortNat:
			s = x.st.Nat
		case SortInt:
			s = x.st.Int
		default:
			x.c.errorAt(l.Position(), "sort mismatch: %s expects Nat or Int on the left, found %s", e.Op, sortName(l.Sort()))
			return nil
		}
		res, op := s, OpDiv
		if e.Op == "mod" {
			res, op = x.st.Nat, OpMod
		}
		return x.mk(op, []Expr{x.coerce(l, s), r}, res, p)
	case ".":
		var lh *Sort
		if hint != nil {
			lh = x.st.List(hint)
		}
		l := x.synth(e.L, lh)
		r := x.expect(e.R, x.st.Nat)
		if l == nil || r == nil {
			return nil
		}
		if l.Sort().Kind != SortList {
			x.c.errorAt(l.Position(), "sort mismatch: . expects a List on the left, found %s", sortName(l.Sort()))
			return nil
		}
		return x.mk(OpElementAt, []Expr{l, r}, l.Sort().Elem, p)
	}
	x.c.errorAt(opPos, "unknown operator %s", e.Op)
	return nil
}

// opOf maps binary operator tokens to built-in operations.
var opOf = map[string]Op{
	"&&": OpAnd, "||": OpOr, "=>": OpImplies,
	"==": OpEq, "!=": OpNeq, "<": OpLt, "<=": OpLe, ">": OpGt, ">=": OpGe,
	"+": OpAdd, "-": OpSub, "*": OpMul, "/": OpDivide,
}

// isPosNatMix reports whether a and b are Pos and Nat in some order.
func isPosNatMix(a, b *Sort) bool {
	return (a.Kind == SortPos && b.Kind == SortNat) || (a.Kind == SortNat && b.Kind == SortPos)
}

// elemHint is the element sort a container hint asks for.
func elemHint(hint *Sort, kinds ...SortKind) *Sort {
	if hint == nil {
		return nil
	}
	for _, k := range kinds {
		if hint.Kind == k {
			return hint.Elem
		}
	}
	return nil
}

// elems checks enumerated elements and coerces them to their join.
func (x *exprChecker) elems(raw []rawExpr, h *Sort) ([]Expr, *Sort) {
	out := make([]Expr, len(raw))
	var s *Sort
	for i, r := range raw {
		hh := h
		if s != nil {
			hh = s
		}
		if out[i] = x.synth(r, hh); out[i] == nil {
			return nil, nil
		}
		if s == nil {
			s = out[i].Sort()
			continue
		}
		j := x.join(s, out[i].Sort())
		if j == nil {
			x.c.errorAt(out[i].Position(), "sort mismatch: elements of sorts %s and %s in one enumeration", sortName(s), sortName(out[i].Sort()))
			return nil, nil
		}
		s = j
	}
	for i := range out {
		if out[i] = x.coerce(out[i], s); out[i] == nil {
			return nil, nil
		}
	}
	return out, s
}

func (x *exprChecker) list(e *rawList, hint *Sort) Expr {
	h := elemHint(hint, SortList)
	p := pos(e.Pos)
	if len(e.Elems) == 0 {
		if h == nil {
			h = anySort
		}
		return &FuncRef{Func: x.st.Builtin(OpEmptyList, x.st.List(h)), Pos: p}
	}
	el, s := x.elems(e.Elems, h)
	if el == nil {
		return nil
	}
	return &ListEnum{Elems: el, S: x.st.List(s), Pos: p}
}

func (x *exprChecker) set(e *rawSet, hint *Sort) Expr {
	p := pos(e.Pos)
	if len(e.Elems) == 0 {
		s := hint
		if s == nil || !isSetLike(s.Kind) {
			s = x.st.FSet(anySort)
		}
		return &FuncRef{Func: x.st.Builtin(OpEmptySet, s), Pos: p}
	}
	el, s := x.elems(e.Elems, elemHint(hint, SortSet, SortFSet))
	if el == nil {
		return nil
	}
	return &SetEnum{Elems: el, S: x.st.FSet(s), Pos: p}
}

func (x *exprChecker) bag(e *rawBag, hint *Sort) Expr {
	p := pos(e.Pos)
	if len(e.Elems) == 0 {
		s := hint
		if s == nil || (s.Kind != SortBag && s.Kind != SortFBag) {
			s = x.st.FBag(anySort)
		}
		return &FuncRef{Func: x.st.Builtin(OpEmptySet, s), Pos: p}
	}
	el, s := x.elems(e.Elems, elemHint(hint, SortBag, SortFBag))
	if el == nil {
		return nil
	}
	counts := make([]Expr, len(e.Counts))
	for i, c := range e.Counts {
		if counts[i] = x.expect(c, x.st.Nat); counts[i] == nil {
			return nil
		}
	}
	return &BagEnum{Elems: el, Counts: counts, S: x.st.FBag(s), Pos: p}
}

func (x *exprChecker) comp(e *rawComp, hint *Sort) Expr {
	s := x.c.sort(e.Sort)
	if s == nil {
		return nil
	}
	v := &Var{Name: e.Var.Name, S: s, Pos: pos(e.Var.Pos)}
	in := x.inner(&scope{vars: map[string]*Var{v.Name: v}, parent: x.sc})
	var h *Sort
	if hint != nil && (hint.Kind == SortBag || hint.Kind == SortFBag) {
		h = x.st.Nat
	}
	body := in.synth(e.Body, h)
	if body == nil {
		return nil
	}
	p := pos(e.Pos)
	switch body.Sort().Kind {
	case SortBool:
		return &Binder{Kind: SetComp, Vars: []*Var{v}, Body: body, S: x.st.Set(s), Pos: p}
	case SortPos, SortNat:
		body = in.coerce(body, x.st.Nat)
		return &Binder{Kind: BagComp, Vars: []*Var{v}, Body: body, S: x.st.Bag(s), Pos: p}
	}
	x.c.errorAt(body.Position(), "sort mismatch: a comprehension's body must be Bool (a set) or Nat (a bag), found %s", sortName(body.Sort()))
	return nil
}

func (x *exprChecker) update(e *rawUpdate, hint *Sort) Expr {
	f := x.synth(e.Fun, hint)
	if f == nil {
		return nil
	}
	fs := f.Sort()
	if fs.Kind != SortFunc || len(fs.Domain) != 1 {
		x.c.errorAt(f.Position(), "sort mismatch: a function update needs a function of one argument, found %s", sortName(fs))
		return nil
	}
	k := x.expect(e.Key, fs.Domain[0])
	v := x.expect(e.Val, fs.Codomain)
	return x.mk(OpUpdate, []Expr{f, k, v}, fs, f.Position())
}

func (x *exprChecker) binder(e *rawBinder, hint *Sort) Expr {
	sc := &scope{vars: map[string]*Var{}, parent: x.sc}
	vars := x.c.addVars(sc, e.Vars, "bound variable", nil)
	if len(vars) == 0 {
		return nil
	}
	in := x.inner(sc)
	p := pos(e.Pos)
	if e.Kind == "lambda" {
		var h *Sort
		if hint != nil && hint.Kind == SortFunc && len(hint.Domain) == len(vars) {
			h = hint.Codomain
		}
		body := in.synth(e.Body, h)
		if body == nil {
			return nil
		}
		if h != nil && in.canCoerce(body, h) {
			body = in.coerce(body, h)
		}
		dom := make([]*Sort, len(vars))
		for i, v := range vars {
			dom[i] = v.S
		}
		return &Binder{Kind: Lambda, Vars: vars, Body: body, S: x.st.Func(dom, body.Sort()), Pos: p}
	}
	body := in.expect(e.Body, x.st.Bool)
	if body == nil {
		return nil
	}
	k := Forall
	if e.Kind == "exists" {
		k = Exists
	}
	return &Binder{Kind: k, Vars: vars, Body: body, S: x.st.Bool, Pos: p}
}

func (x *exprChecker) where(e *rawWhere, hint *Sort) Expr {
	sc := &scope{vars: map[string]*Var{}, parent: x.sc}
	w := &Where{Pos: pos(e.Pos)}
	for _, d := range e.Defs {
		val := x.synth(d.Value, nil)
		if val == nil {
			return nil
		}
		if old, dup := sc.vars[d.Name.Name]; dup {
			x.c.errorf(d.Name.Pos, "duplicate where variable %s (first defined at %s)", d.Name.Name, old.Pos)
			return nil
		}
		v := &Var{Name: d.Name.Name, S: val.Sort(), Pos: pos(d.Name.Pos)}
		sc.vars[v.Name] = v
		w.Defs = append(w.Defs, WhereDef{Var: v, Value: val})
	}
	w.Body = x.inner(sc).synth(e.Body, hint)
	if w.Body == nil {
		return nil
	}
	return w
}
