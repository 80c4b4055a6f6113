package mcrl2diff

import "fmt"

// bigNumbers are literals around and beyond the machine words, where
// number representations change: 2^32, 2^63, 2^64 - 1, 2^64, 2^64 + 1,
// a 72-bit number and 2^100.
var bigNumbers = []string{"4294967296", "9223372036854775808", "18446744073709551615",
	"18446744073709551616", "18446744073709551617", "2954312706550833698643",
	"1267650600228229401496703205376"}

// natural is a literal: small mostly, sometimes beyond 2^64; from 0
// unless positive.
func (g *Gen) natural(positive bool) *Node {
	if g.rng.IntN(10) == 0 {
		return g.atom(basic(Pos), bigNumbers[g.rng.IntN(len(bigNumbers))], "bignum")
	}
	if positive {
		return g.atom(basic(Pos), fmt.Sprint(1+g.rng.IntN(12)), "")
	}
	v := g.rng.IntN(13)
	if v == 0 {
		return g.atom(basic(Nat), "0", "")
	}
	return g.atom(basic(Pos), fmt.Sprint(v), "")
}

// numberLeaf is a literal of the number sort s: a natural, a negated
// one (Int, Real), a fraction (Real).
func (g *Gen) numberLeaf(s Sort) *Node {
	switch s.Kind {
	case Pos:
		return g.natural(true)
	case Nat:
		return g.natural(false)
	case Int:
		if g.rng.IntN(2) == 0 {
			return g.prefix(s, "-", "", g.natural(true))
		}
		return g.natural(false)
	}
	switch g.rng.IntN(3) {
	case 0:
		return g.numberLeaf(basic(Int))
	}
	return g.bin(s, lvDiv, false, "/", "", g.numberLeaf(basic(Int)), g.natural(true))
}

// numberForms are the operations that yield a number of sort s.
func (g *Gen) numberForms(s Sort, d int) []func() *Node {
	e := func(k Kind) *Node { return g.Expr(basic(k), d) }
	same := func() *Node { return g.Expr(s, d) }
	binop := func(lv int, op string) func() *Node {
		return func() *Node { return g.bin(s, lv, false, op, "", same(), same()) }
	}
	minmax := func() *Node { return g.call(s, g.pick("max", "min"), "", same(), same()) }
	forms := []func() *Node{binop(lvAdd, "+"), binop(lvMul, "*"), minmax}
	switch s.Kind {
	case Pos:
		forms = append(forms,
			func() *Node { return g.call(s, "succ", "", e(Nat)) },
			func() *Node { return g.call(s, "exp", "exp", same(), g.smallExponent(d)) },
			func() *Node { return g.call(s, "Nat2Pos", "conversion", e(Nat)) },
			func() *Node { return g.call(s, "Int2Pos", "conversion", e(Int)) },
			func() *Node { return g.call(s, g.pick("head", "rhead"), "list", g.Expr(of(List, s), d)) },
		)
	case Nat:
		forms = append(forms,
			func() *Node { return g.bin(s, lvDiv, false, g.pick("div", "mod"), "", same(), e(Pos)) },
			func() *Node { return g.bin(s, lvDiv, false, "mod", "", e(Int), e(Pos)) },
			func() *Node { return g.call(s, "pred", "", e(Pos)) },
			func() *Node { return g.conversion(s, d, Int, Pos) },
			func() *Node { return g.call(s, "abs", "", e(Int)) },
			func() *Node { return g.call(s, "sqrt", "", same()) },
			func() *Node { return g.call(s, "exp", "exp", same(), g.smallExponent(d)) },
			func() *Node {
				return g.prefix(s, "#", "size", g.Expr(of(g.kind(List, FSet, FBag), g.elemSort()), d))
			},
			func() *Node {
				c := of(g.kind(Bag, FBag), g.elemSort())
				return g.call(s, "count", "count", g.Expr(c.elem(), d), g.Expr(c, d))
			},
			func() *Node { return g.call(s, g.pick("head", "rhead"), "list", g.Expr(of(List, s), d)) },
			func() *Node { return g.bin(s, lvMul, false, ".", "list", g.Expr(of(List, s), d), same()) },
			func() *Node { return g.call(s, g.pick("pn", "pm"), "struct", g.Expr(basic(D), d)) },
		)
	case Int:
		forms = append(forms,
			func() *Node { return g.bin(s, lvAdd, false, "-", "", same(), same()) },
			func() *Node { return g.bin(s, lvAdd, false, "-", "", e(Nat), e(Nat)) },
			func() *Node { return g.bin(s, lvDiv, false, "div", "", same(), e(Pos)) },
			func() *Node { return g.prefix(s, "-", "", same()) },
			func() *Node { return g.call(s, g.pick("floor", "ceil", "round"), "", e(Real)) },
			func() *Node { return g.call(s, g.pick("pred", "succ"), "", same()) },
			func() *Node { return g.call(s, "exp", "exp", same(), g.smallExponent(d)) },
			func() *Node { return g.conversion(s, d, Nat, Pos) },
			func() *Node { return g.call(s, g.pick("head", "rhead"), "list", g.Expr(of(List, s), d)) },
		)
	case Real:
		forms = append(forms,
			func() *Node { return g.bin(s, lvAdd, false, "-", "", same(), same()) },
			func() *Node { return g.bin(s, lvDiv, false, "/", "", same(), same()) },
			func() *Node { return g.prefix(s, "-", "", same()) },
			func() *Node { return g.call(s, "abs", "", same()) },
			func() *Node { return g.call(s, g.pick("pred", "succ"), "", same()) },
			func() *Node { return g.call(s, "exp", "exp", same(), g.exponentInt(d)) },
			func() *Node { return g.conversion(s, d, Int, Nat, Pos) },
		)
	}
	return forms
}

// smallExponent is a Nat exponent kept small (numbers stay printable).
func (g *Gen) smallExponent(d int) *Node {
	if g.rng.IntN(3) == 0 {
		return g.call(basic(Nat), "min", "", g.Expr(basic(Nat), d), g.atom(basic(Pos), "4", ""))
	}
	return g.atom(basic(Nat), fmt.Sprint(g.rng.IntN(5)), "")
}

// exponentInt is a small Int exponent, perhaps negative (exp on Real).
func (g *Gen) exponentInt(d int) *Node {
	if g.rng.IntN(2) == 0 {
		return g.prefix(basic(Int), "-", "", g.atom(basic(Pos), fmt.Sprint(1+g.rng.IntN(3)), ""))
	}
	return g.smallExponent(d)
}

// conversion is From2To(e), e of one of the sorts from, To the number
// sort s.
func (g *Gen) conversion(s Sort, d int, from ...Kind) *Node {
	f := g.kind(from...)
	return g.call(s, kindNames[f]+"2"+kindNames[s.Kind], "conversion", g.Expr(basic(f), d))
}

func (g *Gen) kind(ks ...Kind) Kind { return ks[g.rng.IntN(len(ks))] }

// exact is an expression that mCRL2's type checker gives exactly sort s
// (not a subsort that an upcast would widen): a function's body must have
// its codomain. Only the number sorts need care.
func (g *Gen) exact(s Sort, d int) *Node {
	e := func(k Kind) *Node { return g.Expr(basic(k), d) }
	switch s.Kind {
	case Nat:
		switch g.rng.IntN(6) {
		case 0:
			return g.call(s, "Int2Nat", "conversion", e(Int))
		case 1:
			return g.bin(s, lvDiv, false, g.pick("div", "mod"), "", e(Nat), e(Pos))
		case 2:
			return g.call(s, "abs", "", e(Int))
		case 3:
			return g.prefix(s, "#", "size", g.Expr(of(List, g.elemSort()), d))
		case 4:
			return g.call(s, "Pos2Nat", "conversion", e(Pos))
		}
		return g.atom(s, "0", "")
	case Int:
		switch g.rng.IntN(3) {
		case 0:
			return g.prefix(s, "-", "", e(Int))
		case 1:
			return g.bin(s, lvAdd, false, "-", "", e(Int), e(Int))
		}
		return g.call(s, "Nat2Int", "conversion", e(Nat))
	case Real:
		if g.rng.IntN(2) == 0 {
			return g.call(s, "Int2Real", "conversion", e(Int))
		}
		return g.bin(s, lvDiv, false, "/", "", e(Real), e(Real))
	}
	return g.Expr(s, d)
}
