package mcrl2diff

// functionForms are the expressions of a function sort: lambdas and
// updates f[a -> b].
func (g *Gen) functionForms(s Sort, d int) []func() *Node {
	return []func() *Node{
		func() *Node { return g.lambda(s, d) },
		func() *Node {
			f := g.Expr(s, d)
			n := &Node{Sort: s, Level: lvApply, Feature: "update", Text: []string{"", "[", " -> ", "]"},
				Kids: []Slot{{N: f, Min: lvApply, Paren: g.paren()}, {N: g.Expr(s.elem(), d)}, {N: g.exact(*s.Cod, d)}}}
			return n
		},
	}
}

// lambda is "lambda x: A. body" of sort A -> B, its body exactly of sort
// B (mCRL2 does not widen a function's codomain).
func (g *Gen) lambda(s Sort, d int) *Node {
	name := g.varName(s.elem())
	return g.binder(s, "lambda", "lambda", []string{name}, []Sort{s.elem()},
		func() *Node { return g.exact(*s.Cod, d) })
}

// domain is the argument sort of a generated function.
func (g *Gen) domain() Sort {
	return []Sort{basic(Nat), basic(Nat), basic(Bool), basic(C), basic(Pos)}[g.rng.IntN(5)]
}
