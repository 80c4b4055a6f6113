package mcrl2diff

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// Gen writes random well-sorted closed expressions of a given sort.
// Variables bound by the binders it writes (lambda, forall, exists,
// comprehensions, whr) are in scope in their bodies; a few names are
// reused so that inner binders shadow outer ones.
type Gen struct {
	rng   *rand.Rand
	scope []binding
	fresh int // whr variables written
}

type binding struct {
	name string
	sort Sort
}

// NewGen returns a generator drawing from the seeded source.
func NewGen(seed uint64) *Gen {
	return &Gen{rng: rand.New(rand.NewPCG(seed, 0x6d63726c32))}
}

// TopSorts are the sorts of the generated expressions: every basic sort,
// containers of numbers, Booleans and structured values, the structured
// sorts and functions.
var TopSorts = []Sort{
	basic(Bool), basic(Pos), basic(Nat), basic(Int), basic(Real),
	of(List, basic(Nat)), of(List, basic(Bool)), of(List, basic(D)),
	of(Set, basic(Nat)), of(Set, basic(Bool)), of(FSet, basic(Nat)), of(FSet, basic(Int)),
	of(Bag, basic(Nat)), of(Bag, basic(C)), of(FBag, basic(Nat)), of(FBag, basic(Bool)),
	basic(D), basic(C),
	fn(basic(Nat), basic(Nat)), fn(basic(Bool), basic(Int)), fn(basic(C), basic(Bool)),
}

// Top returns a random expression of a random sort of TopSorts.
func (g *Gen) Top(depth int) *Node {
	return g.Expr(TopSorts[g.rng.IntN(len(TopSorts))], depth)
}

// Expr is a random expression of sort s, at most depth operators deep.
func (g *Gen) Expr(s Sort, depth int) *Node {
	if depth <= 0 || g.rng.IntN(5) == 0 {
		return g.leaf(s)
	}
	d := depth - 1
	var forms []func() *Node
	switch s.Kind {
	case Bool:
		forms = g.boolForms(d)
	case Pos, Nat, Int, Real:
		forms = g.numberForms(s, d)
	case List:
		forms = g.listForms(s, d)
	case Set, FSet, Bag, FBag:
		forms = g.collectionForms(s, d)
	case Func:
		forms = g.functionForms(s, d)
	case D, C:
		forms = g.structForms(s, d)
	}
	forms = append(forms, g.anyForms(s, d)...)
	return forms[g.rng.IntN(len(forms))]()
}

// anyForms are the forms of every sort: if, whr, applying a function,
// and (in bodies) a bound variable.
func (g *Gen) anyForms(s Sort, d int) []func() *Node {
	forms := []func() *Node{
		func() *Node {
			return g.call(s, "if", "if", g.Expr(basic(Bool), d), g.Expr(s, d), g.Expr(s, d))
		},
		func() *Node { return g.where(s, d) },
	}
	if s.Kind != Func && !s.isContainer() {
		forms = append(forms, func() *Node {
			dom := g.domain()
			f := g.Expr(fn(dom, s), d)
			return g.apply(s, f, g.Expr(dom, d))
		})
	}
	return forms
}

// leaf is a literal or a variable in scope of sort s.
func (g *Gen) leaf(s Sort) *Node {
	var vs []string
	for _, b := range g.scope {
		if b.sort.equal(s) {
			vs = append(vs, b.name)
		}
	}
	if len(vs) > 0 && g.rng.IntN(2) == 0 {
		v := vs[g.rng.IntN(len(vs))]
		return &Node{Sort: s, Level: lvAtom, Text: []string{v}, Var: v}
	}
	switch s.Kind {
	case Bool:
		return g.atom(s, g.pick("true", "false"), "")
	case Pos, Nat, Int, Real:
		return g.numberLeaf(s)
	case List, Set, FSet, Bag, FBag:
		return g.enumeration(s, 0)
	case Func:
		return g.lambda(s, 0)
	}
	return g.structLeaf(s)
}

// bind runs body with the variables names of sorts in scope.
func (g *Gen) bind(names []string, sorts []Sort, body func() *Node) *Node {
	n := len(g.scope)
	for i := range names {
		g.scope = append(g.scope, binding{names[i], sorts[i]})
	}
	defer func() { g.scope = g.scope[:n] }()
	return body()
}

// varName picks a name for a variable of sort s: a few names, so that
// binders shadow each other now and then, each tagged with the sort,
// since mCRL2 rejects a variable that shadows one of another sort.
func (g *Gen) varName(s Sort) string { return g.pick("x", "y", "z", "u", "v") + s.tag() }

func (g *Gen) pick(options ...string) string { return options[g.rng.IntN(len(options))] }

// paren decides whether a child is parenthesized beyond need, to vary
// the text the parsers see.
func (g *Gen) paren() bool { return g.rng.IntN(8) == 0 }

func (g *Gen) atom(s Sort, text, feature string) *Node {
	return &Node{Sort: s, Level: lvAtom, Feature: feature, Text: []string{text}}
}

// bin is the infix operator op at level lv, left-associative unless
// right.
func (g *Gen) bin(s Sort, lv int, right bool, op, feature string, l, r *Node) *Node {
	lmin, rmin := lv, lv+1
	if right {
		lmin, rmin = lv+1, lv
	}
	return &Node{Sort: s, Level: lv, Feature: feature, Text: []string{"", " " + op + " ", ""},
		Kids: []Slot{{N: l, Min: lmin, Paren: g.paren()}, {N: r, Min: rmin, Paren: g.paren()}}}
}

// prefix is the prefix operator op (!, - or #); an operand that is
// itself a prefix operation is parenthesized (no "--").
func (g *Gen) prefix(s Sort, op, feature string, k *Node) *Node {
	return &Node{Sort: s, Level: lvPrefix, Feature: feature, Text: []string{op, ""},
		Kids: []Slot{{N: k, Min: lvApply, Paren: g.paren()}}}
}

// call applies the function named name to args.
func (g *Gen) call(s Sort, name, feature string, args ...*Node) *Node {
	return g.list(s, lvApply, feature, name+"(", ", ", ")", 0, args)
}

// list is open, the children separated by sep, close; each child at
// least at level min.
func (g *Gen) list(s Sort, lv int, feature, open, sep, close string, min int, kids []*Node) *Node {
	n := &Node{Sort: s, Level: lv, Feature: feature, Text: []string{open}}
	for i, k := range kids {
		if i > 0 {
			n.Text = append(n.Text, sep)
		}
		n.Kids = append(n.Kids, Slot{N: k, Min: min, Paren: g.paren()})
	}
	if len(kids) == 0 {
		n.Text[0] += close
	} else {
		n.Text = append(n.Text, close)
	}
	return n
}

// apply applies the function expression f to args.
func (g *Gen) apply(s Sort, f *Node, args ...*Node) *Node {
	n := g.list(s, lvApply, "apply", "(", ", ", ")", 0, args)
	n.Text = append([]string{""}, n.Text...)
	n.Kids = append([]Slot{{N: f, Min: lvApply, Paren: g.paren()}}, n.Kids...)
	return n
}

// binder is q (forall, exists, lambda) over the variables names of
// sorts, with body written in their scope.
func (g *Gen) binder(s Sort, q, feature string, names []string, sorts []Sort, body func() *Node) *Node {
	var decl []string
	for i := range names {
		decl = append(decl, names[i]+": "+sorts[i].String())
	}
	b := g.bind(names, sorts, body)
	return &Node{Sort: s, Level: lvBinder, Feature: feature, Text: []string{q + " " + strings.Join(decl, ", ") + ". ", ""},
		Kids: []Slot{{N: b, Min: lvBinder, Bound: true, Paren: g.paren()}}, Binds: names}
}

// where is "body whr x = e end" (one or two definitions), the body of
// sort s seeing the defined variables.
func (g *Gen) where(s Sort, d int) *Node {
	k := 1 + g.rng.IntN(2)
	var names []string
	var sorts []Sort
	var defs []*Node
	for range k {
		ds := g.valueSort()
		// A name of its own: mCRL2 gives the variable the sort of its
		// definition (1: Pos even where Nat was meant), and rejects a
		// binder inside that shadows it with another sort.
		g.fresh++
		name := fmt.Sprintf("w%d", g.fresh)
		names = append(names, name)
		sorts = append(sorts, ds)
		def := g.Expr(ds, d)
		for range 3 {
			// An empty [], {} or {:} says nothing of its elements'
			// sort: mCRL2 cannot type the variable.
			if t := def.String(); t != "[]" && t != "{}" && t != "{:}" {
				break
			}
			def = g.Expr(ds, d)
		}
		defs = append(defs, def)
	}
	body := g.bind(names, sorts, func() *Node { return g.Expr(s, d) })
	n := &Node{Sort: s, Level: lvWhr, Feature: "whr", Text: []string{""}, Binds: names,
		Kids: []Slot{{N: body, Min: lvWhr + 1, Bound: true, Paren: g.paren()}}}
	for i, def := range defs {
		sep := ", "
		if i == 0 {
			sep = " whr "
		}
		n.Text = append(n.Text, sep+names[i]+" = ")
		n.Kids = append(n.Kids, Slot{N: def, Min: lvWhr + 1, Paren: g.paren()})
	}
	n.Text = append(n.Text, " end")
	return n
}

// valueSort is the sort of a whr definition or a lambda's parameter.
func (g *Gen) valueSort() Sort {
	return []Sort{basic(Bool), basic(Pos), basic(Nat), basic(Int), basic(Real), of(List, basic(Nat)),
		of(FSet, basic(Nat)), basic(D), basic(C)}[g.rng.IntN(9)]
}

// elemSort is the element sort of a container.
func (g *Gen) elemSort() Sort {
	return []Sort{basic(Nat), basic(Nat), basic(Nat), basic(Bool), basic(Pos), basic(Int), basic(D), basic(C)}[g.rng.IntN(8)]
}
