package rewrite

import (
	"strconv"

	"github.com/lps2lts/lps2lts/lps"
)

// Sets and bags printed as mCRL2's printer shows them.

// printSet prints a set as mCRL2 does: its finite part when the function
// part is @false_, "!" and the finite part for @true_, a comprehension for
// a lambda with an empty finite part.
func (r *Rewriter) printSet(dst []byte, n *node) []byte {
	f := r.node(n.args()[0])
	switch {
	case f.kind == kFnConst && f.value() == fnFalse:
		return r.print(dst, n.args()[1])
	case f.kind == kFnConst && f.value() == fnTrue:
		dst = append(dst, '!')
		return r.print(dst, n.args()[1])
	case f.kind == kBinder && len(r.node(n.args()[1]).args()) == 0:
		return r.printLambdaComprehension(dst, f)
	}
	x := r.freshName(n.args()[0], n.args()[1])
	dst = r.printComprehensionHead(dst, x, r.sortOf(n).Elem)
	dst = r.printApplied(dst, n.args()[0], x)
	if len(r.node(n.args()[1]).args()) > 0 {
		dst = append(dst, " != "...)
		dst = append(dst, x...)
		dst = append(dst, " in "...)
		dst = r.print(dst, n.args()[1])
	}
	return append(dst, " }"...)
}

// printLambdaComprehension prints the function part lambda x: S. b of a
// set or bag without a finite part as { x: S | b }.
func (r *Rewriter) printLambdaComprehension(dst []byte, f *node) []byte {
	dst = append(dst, "{ "...)
	dst = r.printVarDecls(dst, f.args()[:len(f.args())-1])
	dst = append(dst, " | "...)
	dst = r.print(dst, f.args()[len(f.args())-1])
	return append(dst, " }"...)
}

// printComprehensionHead prints "{ x: S | ".
func (r *Rewriter) printComprehensionHead(dst []byte, x string, elem *lps.Sort) []byte {
	dst = append(dst, "{ "...)
	dst = append(dst, x...)
	dst = append(dst, ": "...)
	dst = lps.AppendSort(dst, elem)
	return append(dst, " | "...)
}

// printApplied prints the function part f applied to x: f(x), with a
// lambda in parentheses, and 1 for @one_(x) as mCRL2 prints it.
func (r *Rewriter) printApplied(dst []byte, f Term, x string) []byte {
	fn := r.node(f)
	if fn.kind == kFnConst && fn.value() == fnOne {
		return append(dst, '1')
	}
	dst = r.printParen(dst, f, fn.kind == kBinder)
	dst = append(dst, '(')
	dst = append(dst, x...)
	return append(dst, ')')
}

// freshName is the name mCRL2's printer gives the variable of a set or bag
// it prints as a comprehension: x, or x1, x2, ... when the name occurs in
// the terms ({ x1: R | (lambda x: R. true)(x1) != x1 in {r2} }).
func (r *Rewriter) freshName(ts ...Term) string {
	used := map[string]bool{}
	var walk func(t Term)
	walk = func(t Term) {
		n := r.node(t)
		if n.kind == kVar {
			used[r.varOf(n).v.Name] = true
		}
		for _, a := range n.args() {
			walk(a)
		}
	}
	for _, t := range ts {
		walk(t)
	}
	if !used["x"] {
		return "x"
	}
	for i := 1; ; i++ {
		if name := "x" + strconv.Itoa(i); !used[name] {
			return name
		}
	}
}

// printBag prints a bag as mCRL2 does: its finite part when the function
// part is @zero_, otherwise a comprehension whose body is the count
// (@swap_zero(f(x), count(x, b)) with a finite part b).
func (r *Rewriter) printBag(dst []byte, n *node) []byte {
	f := r.node(n.args()[0])
	empty := len(r.node(n.args()[1]).args()) == 0
	switch {
	case f.kind == kFnConst && f.value() == fnZero:
		return r.print(dst, n.args()[1])
	case f.kind == kBinder && empty:
		return r.printLambdaComprehension(dst, f)
	}
	x := r.freshName(n.args()[0], n.args()[1])
	dst = r.printComprehensionHead(dst, x, r.sortOf(n).Elem)
	if empty {
		dst = r.printApplied(dst, n.args()[0], x)
	} else {
		// count(x, @bag(f, b)) = @swap_zero(f(x), count(x, b)).
		dst = append(dst, "@swap_zero("...)
		dst = r.printApplied(dst, n.args()[0], x)
		dst = append(dst, ", count("...)
		dst = append(dst, x...)
		dst = append(dst, ", "...)
		dst = r.print(dst, n.args()[1])
		dst = append(dst, "))"...)
	}
	return append(dst, " }"...)
}
