package check

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/syntax"
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
	st *lps.SortTable
	sc *scope
}

// newExprChecker checks expressions with the variables of sc in scope.
func (c *checker) newExprChecker(sc *scope) *exprChecker {
	return &exprChecker{c: c, st: c.st, sc: sc}
}

// inner is x with the scope sc, for a binder's body.
func (x *exprChecker) inner(sc *scope) *exprChecker {
	return &exprChecker{c: x.c, st: x.st, sc: sc}
}

// expect checks e and coerces it to sort want; nil after an error.
func (x *exprChecker) expect(e syntax.Expr, want *lps.Sort) lps.Expr {
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

// reportAny reports a term whose sort could not be inferred (head([])
// with nothing to say what the list holds). An empty container whose
// element sort nothing fixes is no error: mCRL2 leaves that sort unknown
// and still decides #[], [] == [] and {} <= {}, whose values do not
// depend on it; its elements' sort stays _ here too. A where variable
// defined by such a container is an error, as in mCRL2.
func (x *exprChecker) reportAny(e lps.Expr) bool {
	if x.c.unknownElems == 0 {
		// Every expression is walked again by each expect above it:
		// without a container of unknown elements, for nothing.
		return false
	}
	found := false
	var walk func(e lps.Expr)
	walk = func(e lps.Expr) {
		if found || e == nil {
			return
		}
		if a, ok := e.(*lps.App); ok {
			// Report the innermost culprit, not the operator applied to it.
			for i, arg := range a.Args {
				if i == 1 && isEmptyBagOfUnknown(a, arg) {
					continue
				}
				walk(arg)
			}
			if f, ok := a.Head.(*lps.FuncRef); !ok || f.Func.Kind != lps.FuncBuiltin {
				walk(a.Head)
			}
		}
		if !found && e.Sort() == lps.AnySort {
			found = true
			x.c.errorAt(e.Position(), "cannot infer the sort of %s: the context does not say what it contains", lps.FormatExpr(e))
			return
		}
		switch e := e.(type) {
		case *lps.Binder:
			walk(e.Body)
		case *lps.Where:
			walk(e.Body)
			for _, d := range e.Defs {
				walk(d.Value)
				// mCRL2 gives a where variable the sort of its value,
				// and rejects one it cannot complete (List(_)).
				if !found && lps.ContainsAny(d.Value.Sort()) {
					found = true
					x.c.errorAt(d.Value.Position(), "cannot infer the sort of %s: the context does not say what it contains", lps.FormatExpr(d.Value))
				}
			}
		case *lps.ListEnum:
			for _, a := range e.Elems {
				walk(a)
			}
		case *lps.SetEnum:
			for _, a := range e.Elems {
				walk(a)
			}
		case *lps.BagEnum:
			for i := range e.Elems {
				walk(e.Elems[i])
				walk(e.Counts[i])
			}
		}
	}
	walk(e)
	return found
}

// isEmptyBagOfUnknown reports whether arg, the second argument of a, is
// the empty bag in count(e, {:}) with nothing to say what it holds: mCRL2
// leaves its element sort unknown, and the count is a normal form
// (count(7, {:})), so it is no error.
func isEmptyBagOfUnknown(a *lps.App, arg lps.Expr) bool {
	f, ok := a.Head.(*lps.FuncRef)
	if !ok || f.Func.Kind != lps.FuncBuiltin || f.Func.Op != lps.OpBagCount {
		return false
	}
	g, ok := arg.(*lps.FuncRef)
	return ok && g.Func.Op == lps.OpEmptySet && g.Func.Kind == lps.FuncBuiltin && g.Sort().Elem == lps.AnySort
}

// ---------------------------------------------------------------------------
// Coercion

// sortName prints a sort for a message; the unknown element sort of an
// empty container prints as ? rather than a made-up name.
func sortName(s *lps.Sort) string {
	if lps.ContainsAny(s) {
		return strings.ReplaceAll(s.String(), "?", "_")
	}
	return s.String()
}

// ---------------------------------------------------------------------------
// Building typed nodes

// mk applies the built-in op, typed by the sorts of args, with result
// res; nil when an argument is (an error was reported).
func (x *exprChecker) mk(op lps.Op, args []lps.Expr, res *lps.Sort, p lps.Pos) lps.Expr {
	for _, a := range args {
		if a == nil {
			return nil
		}
	}
	// lps.BuiltinApp, from the checker's chunks: the arguments are
	// copied there, so that a caller's list ([]lps.Expr{l, r}) stays on
	// its stack.
	return x.c.app(lps.BuiltinFunc(x.st, op, res, args), x.c.exprLists.Copy(args), res, p)
}

// app is the application of f to args, of sort res, at p: the node and
// its head from the checker's chunks.
func (c *checker) app(f *lps.Func, args []lps.Expr, res *lps.Sort, p lps.Pos) *lps.App {
	return c.apps.New(lps.App{Head: c.funcRefs.New(lps.FuncRef{Func: f, Pos: p}), Args: args, S: res, Pos: p})
}

// mkIf builds if(c, a, b) at the sort of its branches; nil when a part
// is (an error was reported).
func (x *exprChecker) mkIf(c, a, b lps.Expr, p lps.Pos) lps.Expr {
	if c == nil || a == nil || b == nil {
		return nil
	}
	return x.mk(lps.OpIf, []lps.Expr{c, a, b}, a.Sort(), p)
}

// isFlex reports whether a raw expression's sort is decided by its
// context: numerals and container literals.
func isFlex(e syntax.Expr) bool {
	switch e := e.(type) {
	case *syntax.Number, *syntax.List, *syntax.Set, *syntax.Bag:
		return true
	case *syntax.Unary:
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
func (x *exprChecker) synthPair(l, r syntax.Expr, hint *lps.Sort) (lps.Expr, lps.Expr) {
	ch := containerHint(hint)
	if isFlex(l) && !isFlex(r) {
		R := x.synth(r, ch)
		if R == nil {
			return nil, nil
		}
		if lps.ContainsAny(R.Sort()) {
			// Neither side has a sort of its own (0 <= head([])): the
			// literal's decides.
			L := x.synth(l, nil)
			if L != nil && !lps.ContainsAny(L.Sort()) {
				return L, x.synth(r, L.Sort())
			}
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
	if R != nil && lps.ContainsAny(L.Sort()) && !lps.ContainsAny(R.Sort()) {
		if L2 := x.synth(l, R.Sort()); L2 != nil {
			L = L2
		}
	}
	return L, R
}

// synthCompared types the operands of a comparison. A numeric right
// operand that is not a literal is typed on its own, not at the left's
// sort, as mCRL2's type checker types it: in n < n + 1 (n: Nat) the sum is
// the Pos of + : Nat # Pos -> Pos, converted to Nat, as txt2lps and
// mcrl22lps write it; typed at Nat it would be another term, which the
// rewriter may decide where mCRL2's does not (forall x: Nat. x < x + 1).
// Literals still take the other side's sort (n < 1 compares Nats).
func (x *exprChecker) synthCompared(l, r syntax.Expr) (lps.Expr, lps.Expr) {
	if isFlex(l) || isFlex(r) {
		return x.synthPair(l, r, nil)
	}
	L := x.synth(l, nil)
	if L == nil {
		return nil, nil
	}
	if !L.Sort().IsNumeric() {
		return x.synthPair(l, r, nil)
	}
	R := x.synth(r, nil)
	if R != nil && lps.ContainsAny(R.Sort()) {
		// An operand whose sort only the context gives (head([]))
		// takes the other's, as in synthPair.
		R = x.synth(r, L.Sort())
	}
	return L, R
}

// containerHint is hint when it is a container sort, else nil: such a hint
// may be passed to any operand, as only literals and container operations
// take it up, while a numeric hint changes the sort of arithmetic.
func containerHint(hint *lps.Sort) *lps.Sort {
	if hint != nil && hint.IsContainer() {
		return hint
	}
	return nil
}

// ---------------------------------------------------------------------------
// Synthesis

// numeral is the value of a decimal numeral. One that fits 64 bits (all
// but a few) is read by strconv: big.Int's SetString makes a reader for
// each, 6,800 of Lamport_3-bit's loading. The values below
// len(smallNumerals) are made once: a specification's numerals are mostly
// small, each was a big.Int and its word, and a value is never changed in
// place, so that numbers share it (as coercion does).
func (c *checker) numeral(text string) (*big.Int, bool) {
	u, err := strconv.ParseUint(text, 10, 64)
	switch {
	case err != nil:
		return new(big.Int).SetString(text, 10)
	case u >= uint64(len(c.smallNumerals)):
		return new(big.Int).SetUint64(u), true
	}
	if v := c.smallNumerals[u]; v != nil {
		return v, true
	}
	v := new(big.Int).SetUint64(u)
	c.smallNumerals[u] = v
	return v, true
}

// synth types e from its parts, with hint the sort its context asks for
// (nil: none): a numeral takes the hint's sort where it fits, an empty
// container the hint's element sort. The caller coerces the result to
// the sort it needs (expect); synth itself only reports what is wrong
// whatever the context. Nil after an error.
func (x *exprChecker) synth(e syntax.Expr, hint *lps.Sort) lps.Expr {
	switch e := e.(type) {
	case *syntax.Ident:
		return x.ident(e, hint)
	case *syntax.Number:
		v, ok := x.c.numeral(e.Text)
		if !ok {
			x.c.errorf(e.Pos, "malformed number %s", e.Text)
			return nil
		}
		s := x.st.Pos
		if v.Sign() == 0 {
			s = x.st.Nat
		}
		if hint != nil && hint.IsNumeric() && lps.NumRank(hint) >= lps.NumRank(s) {
			s = hint
		}
		return x.c.numbers.New(lps.Number{Value: v, S: s, Pos: pos(e.Pos)})
	case *syntax.App:
		return x.app(e, hint)
	case *syntax.Update:
		return x.update(e, hint)
	case *syntax.List, *syntax.Set, *syntax.Bag, *syntax.Comp:
		return x.container(e, hint)
	case *syntax.Unary:
		return x.unary(e, hint)
	case *syntax.Binary:
		return x.binary(e, hint)
	case *syntax.Bool:
		op := lps.OpFalse
		if e.Val {
			op = lps.OpTrue
		}
		return &lps.FuncRef{Func: x.st.Builtin(op, x.st.Bool), Pos: pos(e.Pos)}
	case *syntax.Binder:
		return x.binder(e, hint)
	case *syntax.Where:
		return x.where(e, hint)
	}
	return nil
}

// ident resolves a name: a variable in scope first, then a function or
// constructor, choosing among overloads by the hint.
func (x *exprChecker) ident(e *syntax.Ident, hint *lps.Sort) lps.Expr {
	p := pos(e.Pos)
	if v := x.sc.lookup(e.Name); v != nil {
		return x.c.varRefs.New(lps.VarRef{Var: v, Pos: p})
	}
	fs := x.c.funcs[e.Name]
	switch len(fs) {
	case 0:
		if _, ok := lps.CallOp(e.Name); ok || e.Name == "if" {
			if f := x.builtinValue(e, hint); f != nil {
				return f
			}
			x.c.errorf(e.Pos, "built-in function %s must be applied to arguments", e.Name)
			return nil
		}
		x.c.errorf(e.Pos, "unknown identifier %s", e.Name)
		return nil
	case 1:
		return &lps.FuncRef{Func: fs[0], Pos: p}
	}
	// Overloaded: the hint decides, else the only constant.
	var pick *lps.Func
	for _, f := range fs {
		if f.Sort == hint {
			return &lps.FuncRef{Func: f, Pos: p}
		}
	}
	n := 0
	for _, f := range fs {
		if f.Sort.Kind != lps.SortFunc {
			pick = f
			n++
		}
	}
	if n == 1 {
		return &lps.FuncRef{Func: pick, Pos: p}
	}
	x.c.errorf(e.Pos, "ambiguous identifier %s: it has %d declarations and the context does not decide", e.Name, len(fs))
	return nil
}

// app checks an application: if, a built-in called by name, or a
// declared function chosen among its overloads by the arguments' sorts;
// else a higher-order application of an expression.
func (x *exprChecker) app(e *syntax.App, hint *lps.Sort) lps.Expr {
	if id, ok := e.Head.(*syntax.Ident); ok && x.sc.lookup(id.Name) == nil {
		p := pos(id.Pos)
		if id.Name == "if" && len(x.c.funcs["if"]) == 0 {
			return x.ifThenElse(e, hint)
		}
		fs := x.c.funcs[id.Name]
		var doms [][]*lps.Sort
		var cands []*lps.Func
		for _, f := range fs {
			if f.Sort.Kind == lps.SortFunc && len(f.Sort.Domain) == len(e.Args) {
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
			return x.c.app(f, args, f.Sort.Codomain, p)
		}
		if _, ok := lps.CallOp(id.Name); ok {
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
	if hs.Kind != lps.SortFunc {
		x.c.errorAt(head.Position(), "cannot apply an expression of sort %s to arguments", hs)
		return nil
	}
	if len(hs.Domain) != len(e.Args) {
		x.c.errorAt(head.Position(), "wrong number of arguments: expected %d, found %d", len(hs.Domain), len(e.Args))
		return nil
	}
	args := make([]lps.Expr, len(e.Args))
	for i, a := range e.Args {
		if args[i] = x.expect(a, hs.Domain[i]); args[i] == nil {
			return nil
		}
	}
	return &lps.App{Head: head, Args: args, S: hs.Codomain, Pos: head.Position()}
}

// funcArities lists the numbers of arguments of a name's declarations.
func funcArities(fs []*lps.Func) string {
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

// itoa prints n in decimal.
func itoa(n int) string { return big.NewInt(int64(n)).String() }

// resolveArgs checks arguments against one or more candidate domains and
// returns the index of the chosen candidate and the coerced arguments, or
// -1 after reporting an error.
func (x *exprChecker) resolveArgs(raw []syntax.Expr, doms [][]*lps.Sort, p lps.Pos, what string) (int, []lps.Expr) {
	args := x.c.exprLists.Make(len(raw))
	if len(doms) == 1 {
		for i, a := range raw {
			if args[i] = x.expect(a, doms[0][i]); args[i] == nil {
				return -1, nil
			}
		}
		return 0, args
	}
	for i, a := range raw {
		var hint *lps.Sort
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

// ifThenElse checks if(c, a, b): c Bool, a and b at their least common
// sort (or the hint's).
func (x *exprChecker) ifThenElse(e *syntax.App, hint *lps.Sort) lps.Expr {
	id := e.Head.(*syntax.Ident)
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
