package mcrl2diff

// listForms are the operations that yield a list.
func (g *Gen) listForms(s Sort, d int) []func() *Node {
	l := func() *Node { return g.Expr(s, d) }
	x := func() *Node { return g.Expr(s.elem(), d) }
	return []func() *Node{
		func() *Node { return g.enumeration(s, d) },
		func() *Node { return g.bin(s, lvCons, true, "|>", "list", x(), l()) },
		func() *Node { return g.bin(s, lvSnoc, false, "<|", "list", l(), x()) },
		func() *Node { return g.bin(s, lvConcat, false, "++", "list", l(), l()) },
		func() *Node { return g.call(s, g.pick("tail", "rtail"), "list", l()) },
	}
}

// collectionForms are the operations that yield a set or a bag, finite
// or not: enumerations, union, intersection, difference; for Set and Bag
// also comprehensions, the complement and the conversions between them.
func (g *Gen) collectionForms(s Sort, d int) []func() *Node {
	c := func() *Node { return g.Expr(s, d) }
	forms := []func() *Node{
		func() *Node { return g.enumeration(s, d) },
		func() *Node { return g.bin(s, lvAdd, false, "+", "union", c(), c()) },
		func() *Node { return g.bin(s, lvMul, false, "*", "intersection", c(), c()) },
		func() *Node { return g.bin(s, lvAdd, false, "-", "difference", c(), c()) },
	}
	switch s.Kind {
	case Set:
		forms = append(forms,
			func() *Node { return g.prefix(s, "!", "complement", c()) },
			func() *Node { return g.comprehension(s, basic(Bool), "set comprehension", d) },
			func() *Node { return g.call(s, "Bag2Set", "conversion", g.Expr(of(Bag, s.elem()), d)) },
		)
	case Bag:
		forms = append(forms,
			func() *Node { return g.comprehension(s, basic(Nat), "bag comprehension", d) },
			func() *Node { return g.call(s, "Set2Bag", "conversion", g.Expr(of(Set, s.elem()), d)) },
		)
	}
	return forms
}

// comprehension is { x: E | body }, body of sort body (Bool for a set,
// Nat for a bag).
func (g *Gen) comprehension(s, body Sort, feature string, d int) *Node {
	name := g.varName(s.elem())
	b := g.bind([]string{name}, []Sort{s.elem()}, func() *Node { return g.Expr(body, d) })
	return &Node{Sort: s, Level: lvAtom, Feature: feature, Binds: []string{name},
		Text: []string{"{ " + name + ": " + s.elem().String() + " | ", " }"},
		Kids: []Slot{{N: b, Bound: true}}}
}

// enumeration lists up to three elements: [a, b], {a, b} or, for bags,
// {a: m, b: n}; the empty ones are [], {} and {:}.
func (g *Gen) enumeration(s Sort, d int) *Node {
	n := g.rng.IntN(4)
	var kids []*Node
	for range n {
		kids = append(kids, g.Expr(s.elem(), d))
		if s.Kind == Bag || s.Kind == FBag {
			kids = append(kids, g.count(d))
		}
	}
	switch {
	case s.Kind == List:
		return g.list(s, lvAtom, "", "[", ", ", "]", 0, kids)
	case n == 0 && (s.Kind == Bag || s.Kind == FBag):
		return g.atom(s, "{:}", "")
	case s.Kind == Bag || s.Kind == FBag:
		// Keys and counts are separated by ":", a binder there would
		// swallow it: both above the binders.
		e := g.list(s, lvAtom, "", "{", ", ", "}", lvImp, kids)
		for i := 1; i < len(e.Text)-1; i += 2 {
			e.Text[i] = ": "
		}
		return e
	}
	return g.list(s, lvAtom, "", "{", ", ", "}", 0, kids)
}

// count is a bag enumeration's multiplicity: small, sometimes zero or
// beyond 2^64.
func (g *Gen) count(d int) *Node {
	if g.rng.IntN(4) == 0 {
		return g.Expr(basic(Nat), d)
	}
	return g.natural(false)
}
