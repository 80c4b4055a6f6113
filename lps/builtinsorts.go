package lps

// The sorts mCRL2's data library gives its built-in functions, for the
// binary reader: a file that states another (+ : Nat # Nat -> Bool, && on
// numbers) is forged or corrupt, and what the rewriter would make of the
// application is anybody's guess. The text's checker picks these
// overloads itself; the file states them.

// numberOverloads are the overloads of the arithmetic operators on
// numbers, by the ranks (NumRank) of the arguments, giving the rank of
// the result.
var numberOverloads = map[Op]map[[2]int]int{
	OpAdd:    {{1, 1}: 1, {1, 2}: 1, {2, 1}: 1, {2, 2}: 2, {3, 3}: 3, {4, 4}: 4},
	OpSub:    {{1, 1}: 3, {2, 2}: 3, {3, 3}: 3, {4, 4}: 4},
	OpMul:    {{1, 1}: 1, {2, 2}: 2, {3, 3}: 3, {4, 4}: 4},
	OpDivide: {{1, 1}: 4, {2, 2}: 4, {3, 3}: 4, {4, 4}: 4},
}

// BuiltinSortOK reports whether op may have sort s in a file mCRL2 wrote.
// It checks what decides how the application is read and rewritten: the
// result of the Boolean operators and comparisons, equal operand sorts
// where the operation compares or chooses, and the number overloads of
// +, -, * and /. The other operations' sorts are checked by their
// arguments where they are applied.
func BuiltinSortOK(op Op, s *Sort) bool {
	dom, cod := []*Sort(nil), s
	if s.Kind == SortFunc {
		dom, cod = s.Domain, s.Codomain
	}
	in := op.Info()
	if in.Internal || len(dom) != in.Arity || in.Bool && cod.Kind != SortBool {
		// mCRL2's internal functions are checked by package mcrl2's
		// own table, against the signatures its data library gives them.
		return false
	}
	switch op {
	case OpAnd, OpOr, OpImplies:
		return len(dom) == 2 && dom[0].Kind == SortBool && dom[1].Kind == SortBool
	case OpNot:
		return len(dom) == 1 && (dom[0].Kind == SortBool && cod.Kind == SortBool || dom[0].Kind == SortSet && cod == dom[0])
	case OpEq, OpNeq, OpLt, OpLe, OpGt, OpGe:
		return len(dom) == 2 && dom[0] == dom[1]
	case OpIf:
		return len(dom) == 3 && dom[0].Kind == SortBool && dom[1] == cod && dom[2] == cod
	case OpAdd, OpSub, OpMul, OpDivide:
		if len(dom) != 2 {
			return false
		}
		a, b := NumRank(dom[0]), NumRank(dom[1])
		if a == 0 && b == 0 {
			return cod.Elem != nil && dom[0].Elem == cod.Elem && dom[1].Elem == cod.Elem
		}
		r, ok := numberOverloads[op][[2]int{a, b}]
		return ok && r == NumRank(cod)
	}
	return true
}
