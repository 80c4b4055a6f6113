package mcrl2diff

// boolForms are the operations that yield a Bool: connectives,
// comparisons of every sort, membership, recognisers and quantifiers.
func (g *Gen) boolForms(d int) []func() *Node {
	s := basic(Bool)
	b := func() *Node { return g.Expr(s, d) }
	return []func() *Node{
		func() *Node { return g.prefix(s, "!", "", b()) },
		func() *Node { return g.bin(s, lvAnd, true, "&&", "", b(), b()) },
		func() *Node { return g.bin(s, lvOr, true, "||", "", b(), b()) },
		func() *Node { return g.bin(s, lvImp, true, "=>", "", b(), b()) },
		func() *Node {
			t := g.comparedSort()
			return g.bin(s, lvEq, false, g.pick("==", "!="), "", g.Expr(t, d), g.Expr(t, d))
		},
		func() *Node {
			t := []Sort{basic(Pos), basic(Nat), basic(Int), basic(Real), basic(Real), basic(Bool), basic(D), basic(C)}[g.rng.IntN(8)]
			return g.bin(s, lvRel, false, g.pick("<", "<=", ">", ">="), "", g.Expr(t, d), g.Expr(t, d))
		},
		func() *Node {
			t := of(g.kind(Set, FSet, Bag, FBag), g.elemSort())
			return g.bin(s, lvRel, false, g.pick("<", "<="), "subset", g.Expr(t, d), g.Expr(t, d))
		},
		func() *Node {
			t := of(g.kind(List, Set, FSet, Bag, FBag), g.elemSort())
			return g.bin(s, lvRel, false, "in", "in", g.Expr(t.elem(), d), g.Expr(t, d))
		},
		func() *Node { return g.call(s, g.pick("is_d2", "is_d3", "pb"), "struct", g.Expr(basic(D), d)) },
		func() *Node { return g.call(s, g.pick("head", "rhead"), "list", g.Expr(of(List, s), d)) },
		func() *Node { return g.quantifier(d) },
		func() *Node { return g.quantifier(d) },
	}
}

// comparedSort is the sort of the operands of == and !=: any sort the
// generator writes, functions seldom.
func (g *Gen) comparedSort() Sort {
	if g.rng.IntN(10) == 0 {
		return fn(g.domain(), basic(g.kind(Bool, Nat)))
	}
	if g.rng.IntN(3) == 0 {
		return of(g.kind(List, Set, FSet, Bag, FBag), g.elemSort())
	}
	return g.valueSort()
}

// quantifier is forall or exists over one or two variables of a finite
// sort (Bool, C) or an infinite one (Nat, Pos, Int, D, List(Bool)).
func (g *Gen) quantifier(d int) *Node {
	q := g.pick("forall", "exists")
	finite := g.rng.IntN(2) == 0
	var sorts []Sort
	n := 1 + g.rng.IntN(4)/3
	for range n {
		if finite {
			sorts = append(sorts, []Sort{basic(Bool), basic(C)}[g.rng.IntN(2)])
		} else {
			sorts = append(sorts, []Sort{basic(Nat), basic(Nat), basic(Pos), basic(Int), basic(D), of(List, basic(Bool))}[g.rng.IntN(6)])
		}
	}
	names := []string{g.varName(sorts[0])}
	if n == 2 {
		names = append(names, "w"+sorts[1].tag()) // not among varName's
	}
	feature := q + " finite"
	if !finite {
		feature = q + " infinite"
	}
	return g.binder(basic(Bool), q, feature, names, sorts, func() *Node { return g.Expr(basic(Bool), d) })
}
