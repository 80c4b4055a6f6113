package lps

// The constructors and tests of the IR that both of its makers, the
// checker of the text and the reader of mCRL2's binary file, use: one way
// to build a built-in application, one implicit conversion per pair of
// sorts, one mark for a set operation mCRL2 keeps at its own sort.

// AnySort stands for the unknown element sort of an empty container whose
// context has not (yet) said what it holds: `[]` synthesizes List(AnySort).
// Coercion replaces it; one that survives is reported. The binary reader
// gives it to a sort its file leaves undeclared, so that the same report
// names it.
var AnySort = &Sort{Kind: SortBasic, Name: "?"}

// ContainsAny reports whether s is or holds AnySort.
func ContainsAny(s *Sort) bool {
	if s == nil {
		return false
	}
	switch s.Kind {
	case SortBasic:
		return s == AnySort
	case SortList, SortSet, SortBag, SortFSet, SortFBag:
		return ContainsAny(s.Elem)
	case SortFunc:
		for _, d := range s.Domain {
			if ContainsAny(d) {
				return true
			}
		}
		return ContainsAny(s.Codomain)
	}
	return false
}

// BuiltinApp applies the built-in op, typed by the sorts of args, with
// result res: the one way the checker and the binary reader build such an
// application, so that both intern the same symbol.
func BuiltinApp(st *SortTable, op Op, res *Sort, p Pos, args ...Expr) *App {
	return &App{Head: &FuncRef{Func: BuiltinFunc(st, op, res, args), Pos: p}, Args: args, S: res, Pos: p}
}

// BuiltinFunc is the interned symbol of BuiltinApp's head: op typed by
// the sorts of args, with result res.
func BuiltinFunc(st *SortTable, op Op, res *Sort, args []Expr) *Func {
	// The domain on the stack for up to four arguments (SortTable.Func
	// keeps no reference to it): it was an allocation for each of the
	// 4,200 built-in applications of loading Lamport_3-bit.
	var small [4]*Sort
	dom := small[:0]
	for _, a := range args {
		dom = append(dom, a.Sort())
	}
	return st.Builtin(op, st.Func(dom, res))
}

// ImplicitApp is the conversion op of e to sort t that the checker
// inserts (or mCRL2's file states) and printers leave out.
func ImplicitApp(st *SortTable, op Op, e Expr, t *Sort) *App {
	a := BuiltinApp(st, op, t, e.Position(), e)
	a.Implicit = true
	return a
}

// NumRank is the place of a numeric sort in mCRL2's chain of implicit
// conversions Pos ⊂ Nat ⊂ Int ⊂ Real (1 to 4), 0 for any other sort: a
// wider sort has a higher rank.
func NumRank(s *Sort) int {
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

// upcastOps are the conversions of the operator table that go up the
// numeric chain, by their argument and result sort: mCRL2's implicit
// conversions.
var upcastOps = func() map[[2]SortKind]Op {
	rank := func(k SortKind) int { return NumRank(&Sort{Kind: k}) }
	m := map[[2]SortKind]Op{}
	for op, in := range opTable {
		if rank(in.From) > 0 && rank(in.To) > rank(in.From) {
			m[[2]SortKind{in.From, in.To}] = Op(op)
		}
	}
	return m
}()

// Upcast returns the implicit conversion from s to t, if there is one:
// up the numeric chain, or from a finite set or bag to the set or bag of
// the same elements.
func Upcast(s, t *Sort) (Op, bool) {
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

// IsFixed reports whether e is a set or bag operation marked Fixed.
func IsFixed(e Expr) bool {
	a, ok := e.(*App)
	return ok && a.Fixed
}

// Fix marks a set operation Fixed and returns it.
func Fix(e Expr) Expr {
	if a, ok := e.(*App); ok {
		a.Fixed = true
	}
	return e
}

// SameSorts reports whether a and b are the same sorts in the same order
// (sorts are interned, so by pointer).
func SameSorts(a, b []*Sort) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// ContainerName is the name of a container sort kind (List, Set, Bag,
// FSet, FBag), "" for any other kind.
func ContainerName(k SortKind) string { return containerNames[k] }
