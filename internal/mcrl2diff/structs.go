package mcrl2diff

// Declarations are the sort section of every model: D, a structured sort
// with a constant, constructors with projections and recognisers (an
// infinite sort), and C, three constants (a finite sort).
const Declarations = `sort D = struct d1 | d2(pn: Nat) ? is_d2 | d3(pb: Bool, pm: Nat) ? is_d3;
     C = struct red | green | blue;
`

// structLeaf is a constant or constructor of D or C.
func (g *Gen) structLeaf(s Sort) *Node {
	if s.Kind == C {
		return g.atom(s, g.pick("red", "green", "blue"), "struct")
	}
	switch g.rng.IntN(3) {
	case 0:
		return g.atom(s, "d1", "struct")
	case 1:
		return g.call(s, "d2", "struct", g.natural(false))
	}
	return g.call(s, "d3", "struct", g.leaf(basic(Bool)), g.natural(false))
}

// structForms are the constructors of D with arbitrary arguments.
func (g *Gen) structForms(s Sort, d int) []func() *Node {
	if s.Kind == C {
		return []func() *Node{func() *Node { return g.structLeaf(s) }}
	}
	return []func() *Node{
		func() *Node { return g.call(s, "d2", "struct", g.Expr(basic(Nat), d)) },
		func() *Node { return g.call(s, "d3", "struct", g.Expr(basic(Bool), d), g.Expr(basic(Nat), d)) },
	}
}
