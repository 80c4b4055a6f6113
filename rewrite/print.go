package rewrite

import (
	"strconv"

	"github.com/lps2lts/lps2lts/lps"
)

// Printing follows mCRL2's pretty printer (libraries/data print.h): infix
// operators with its precedences and associativity, numbers in decimal,
// Real values as "n / d", lists as [a, b], finite sets as {a, b}, finite
// bags as {a: 2}, sets as their finite part, "!" and the finite part, or a
// comprehension.

const maxPrec = 10000

// String returns the printed form of t.
func (r *Rewriter) String(t Term) string { return string(r.AppendString(nil, t)) }

// AppendString appends the printed form of t to dst.
func (r *Rewriter) AppendString(dst []byte, t Term) []byte {
	return r.print(dst, t)
}

// infixOp is the spaced infix text and the priority of n's operator when
// n applies a binary built-in with an infix form; both come from lps's
// operator table, which the parser and lps's printer read too.
func (r *Rewriter) infixOp(n *node) (string, int, bool) {
	if n.kind != kApp || r.fnOf(n).kind != lps.FuncBuiltin || len(n.args()) != 2 {
		return "", 0, false
	}
	text, ok := r.fnOf(n).op.Infix()
	return text, r.fnOf(n).op.Info().Prec, ok
}

// rightAssocOp reports whether a chain of n's infix operator groups to
// the right.
func (r *Rewriter) rightAssocOp(n *node) bool { return r.fnOf(n).op.Info().Right }

func (r *Rewriter) prec(t Term) int {
	n := r.node(t)
	switch n.kind {
	case kApp:
		if _, p, ok := r.infixOp(n); ok && r.fnOf(n).op != lps.OpElementAt {
			// mCRL2's printer does not count l . i as an operator
			// where it places parentheses around an operand: 3 * [] . 4.
			return p
		}
	case kReal:
		if !r.ratVal(n).IsInt() {
			return lps.OpDivide.Info().Prec // printed n / d
		}
	case kCons:
		if !r.isCompleteList(t) {
			return lps.OpCons.Info().Prec // printed e |> l
		}
	case kBinder:
		switch lps.BinderKind(n.value()) {
		case lps.Lambda, lps.Forall, lps.Exists:
			return 1
		}
	case kUpdate, kUpdateStable:
		return lps.OpUpdate.Info().Prec
	case kWhere:
		return 0
	}
	return maxPrec
}

func (r *Rewriter) isCompleteList(t Term) bool {
	for {
		n := r.node(t)
		switch n.kind {
		case kNil:
			return true
		case kCons:
			t = n.args()[1]
		default:
			return false
		}
	}
}

func (r *Rewriter) printParen(dst []byte, t Term, paren bool) []byte {
	if paren {
		dst = append(dst, '(')
		dst = r.print(dst, t)
		return append(dst, ')')
	}
	return r.print(dst, t)
}

func (r *Rewriter) printList(dst []byte, elems []Term, sep string, minPrec int) []byte {
	for i, e := range elems {
		if i > 0 {
			dst = append(dst, sep...)
		}
		dst = r.printParen(dst, e, r.prec(e) < minPrec)
	}
	return dst
}

func (r *Rewriter) print(dst []byte, t Term) []byte {
	if t == 0 {
		return append(dst, "<no term>"...)
	}
	n := r.node(t)
	switch n.kind {
	case kNum:
		return strconv.AppendInt(dst, n.value(), 10)
	case kBig:
		return r.bigVal(n).Append(dst, 10)
	case kReal:
		dst = r.ratVal(n).Num().Append(dst, 10)
		if !r.ratVal(n).IsInt() {
			dst = append(dst, " / "...)
			dst = r.ratVal(n).Denom().Append(dst, 10)
		}
		return dst
	case kVar:
		return append(dst, r.varOf(n).v.Name...)
	case kApp:
		if op, p, ok := r.infixOp(n); ok {
			p1, p2 := r.prec(n.args()[0]), r.prec(n.args()[1])
			ra := r.rightAssocOp(n)
			dst = r.printParen(dst, n.args()[0], p1 < p || p1 == p && ra)
			dst = append(dst, op...)
			return r.printParen(dst, n.args()[1], p2 < p || p2 == p && !ra)
		}
		if r.fnOf(n).kind == lps.FuncBuiltin && len(n.args()) == 1 {
			if prefix := r.fnOf(n).op.Info().Prefix; prefix != "" {
				dst = append(dst, prefix...)
				return r.printParen(dst, n.args()[0], r.prec(n.args()[0]) < maxPrec)
			}
			switch r.fnOf(n).op {
			case lps.OpPos2Nat, lps.OpPos2Int, lps.OpPos2Real, lps.OpNat2Int, lps.OpNat2Real, lps.OpInt2Real, lps.OpFSet2Set, lps.OpFBag2Bag:
				// Upcasts are invisible in mCRL2's output, but
				// Pos2Nat(succ(n)) of a Nat n is its @succ_nat(n).
				if a := r.node(n.args()[0]); r.fnOf(n).op == lps.OpPos2Nat && a.kind == kApp && r.fnOf(a).kind == lps.FuncBuiltin &&
					r.fnOf(a).op == lps.OpSucc && r.isSortKind(a.args()[0], lps.SortNat) {
					dst = append(dst, "@succ_nat("...)
					dst = r.print(dst, a.args()[0])
					return append(dst, ')')
				}
				return r.print(dst, n.args()[0])
			case lps.OpPred:
				// pred of a Nat as a Nat is mCRL2's @natpred, which
				// its printer shows as max(0,n - 1).
				if r.fnOf(n).res.Kind == lps.SortNat && r.isSortKind(n.args()[0], lps.SortNat) {
					dst = append(dst, "max(0,"...)
					dst = r.printParen(dst, n.args()[0], r.prec(n.args()[0]) < lps.OpSub.Info().Prec)
					return append(dst, " - 1)"...)
				}
			case lps.OpSucc:
				// succ(p) of a Pos p that is no value is mCRL2's
				// @succ_pos(p).
				if r.isSortKind(n.args()[0], lps.SortPos) {
					dst = append(dst, "@succ_pos("...)
					dst = r.print(dst, n.args()[0])
					return append(dst, ')')
				}
			}
		}
		dst = append(dst, r.fnOf(n).name...)
		if len(n.args()) > 0 {
			dst = append(dst, '(')
			dst = r.printList(dst, n.args(), ", ", 0)
			dst = append(dst, ')')
		}
		return dst
	case kHOApp:
		paren := r.node(n.args()[0]).kind == kBinder
		dst = r.printParen(dst, n.args()[0], paren)
		dst = append(dst, '(')
		dst = r.printList(dst, n.args()[1:], ", ", 0)
		return append(dst, ')')
	case kNil:
		return append(dst, "[]"...)
	case kCons:
		if elems, ok := r.listElems(t, nil); ok {
			dst = append(dst, '[')
			dst = r.printList(dst, elems, ", ", 6)
			return append(dst, ']')
		}
		// A list that does not end in [] prints as e |> l, the infix
		// form of the operator table's cons (right-associative).
		cons := lps.OpCons.Info()
		text, _ := lps.OpCons.Infix()
		dst = r.printParen(dst, n.args()[0], r.prec(n.args()[0]) <= cons.Prec)
		dst = append(dst, text...)
		return r.printParen(dst, n.args()[1], r.prec(n.args()[1]) < cons.Prec)
	case kFSet, kSetEnum:
		if len(n.args()) == 0 {
			return append(dst, "{}"...)
		}
		dst = append(dst, '{')
		dst = r.printList(dst, n.args(), ", ", 6)
		return append(dst, '}')
	case kFBag, kBagEnum:
		if len(n.args()) == 0 {
			return append(dst, "{:}"...)
		}
		dst = r.printPairs(append(dst, '{'), n.args(), ": ")
		return append(dst, '}')
	case kSet:
		return r.printSet(dst, n)
	case kBag:
		return r.printBag(dst, n)
	case kBinder:
		vars := n.args()[:len(n.args())-1]
		body := n.args()[len(n.args())-1]
		switch lps.BinderKind(n.value()) {
		case lps.SetComp, lps.BagComp:
			dst = append(dst, "{ "...)
			dst = r.printVarDecls(dst, vars)
			dst = append(dst, " | "...)
			dst = r.print(dst, body)
			return append(dst, " }"...)
		case lps.Forall:
			dst = append(dst, "forall "...)
		case lps.Exists:
			dst = append(dst, "exists "...)
		default:
			dst = append(dst, "lambda "...)
		}
		dst = r.printVarDecls(dst, vars)
		dst = append(dst, ". "...)
		return r.print(dst, body)
	case kFnConst:
		return append(dst, fnConstNames[n.value()]...)
	case kFnOp:
		dst = append(dst, fnOpNames[n.value()]...)
		dst = append(dst, '(')
		dst = r.printList(dst, n.args(), ", ", 0)
		return append(dst, ')')
	case kUpdate, kUpdateStable:
		dst = r.printParen(dst, n.args()[0], r.prec(n.args()[0]) < 13)
		dst = append(dst, '[')
		dst = r.print(dst, n.args()[1])
		dst = append(dst, " -> "...)
		dst = r.print(dst, n.args()[2])
		return append(dst, ']')
	case kWhere:
		dst = r.print(dst, n.args()[0])
		dst = r.printPairs(append(dst, " whr "...), n.args()[1:], " = ")
		return append(dst, " end"...)
	}
	return append(dst, "<?>"...)
}

// printVarDecls prints "x: S, y: T", grouping consecutive variables of one
// sort as mCRL2 does ("x,y: S", without a space).
func (r *Rewriter) printVarDecls(dst []byte, vars []Term) []byte {
	for i := 0; i < len(vars); {
		j := i
		s := r.varOf(r.node(vars[i])).v.S
		for j+1 < len(vars) && r.varOf(r.node(vars[j+1])).v.S == s {
			j++
		}
		if i > 0 {
			dst = append(dst, ", "...)
		}
		for k := i; k <= j; k++ {
			if k > i {
				dst = append(dst, ',')
			}
			dst = append(dst, r.varOf(r.node(vars[k])).v.Name...)
		}
		dst = append(dst, ": "...)
		dst = lps.AppendSort(dst, s)
		i = j + 1
	}
	return dst
}

// isSortKind reports whether t has a sort of kind k.
func (r *Rewriter) isSortKind(t Term, k lps.SortKind) bool {
	s := r.sortOf(r.node(t))
	return s != nil && s.Kind == k
}

// printPairs prints the pairs of terms in args, each as "a" sep "b",
// separated by commas: a bag's elements and counts, a where clause's
// variables and values.
func (r *Rewriter) printPairs(dst []byte, args []Term, sep string) []byte {
	for i := 0; i+1 < len(args); i += 2 {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		dst = r.print(dst, args[i])
		dst = append(dst, sep...)
		dst = r.print(dst, args[i+1])
	}
	return dst
}
