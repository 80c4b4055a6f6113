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
	f := r.st.node(n.args[0])
	switch {
	case f.kind == kFnConst && f.val == fnFalse:
		return r.print(dst, n.args[1])
	case f.kind == kFnConst && f.val == fnTrue:
		dst = append(dst, '!')
		return r.print(dst, n.args[1])
	case f.kind == kBinder && len(r.st.node(n.args[1]).args) == 0:
		dst = append(dst, "{ "...)
		dst = r.printVarDecls(dst, f.args[:len(f.args)-1])
		dst = append(dst, " | "...)
		dst = r.print(dst, f.args[len(f.args)-1])
		return append(dst, " }"...)
	}
	x := r.freshName(n.args[0], n.args[1])
	dst = append(dst, "{ "...)
	dst = append(dst, x...)
	dst = append(dst, ": "...)
	dst = lps.AppendSort(dst, n.sort.Elem)
	dst = append(dst, " | "...)
	dst = r.printParen(dst, n.args[0], f.kind == kBinder)
	dst = append(dst, '(')
	dst = append(dst, x...)
	if len(r.st.node(n.args[1]).args) == 0 {
		return append(dst, ") }"...)
	}
	dst = append(dst, ") != "...)
	dst = append(dst, x...)
	dst = append(dst, " in "...)
	dst = r.print(dst, n.args[1])
	return append(dst, " }"...)
}

// freshName is the name mCRL2's printer gives the variable of a set or bag
// it prints as a comprehension: x, or x1, x2, ... when the name occurs in
// the terms ({ x1: R | (lambda x: R. true)(x1) != x1 in {r2} }).
func (r *Rewriter) freshName(ts ...Term) string {
	used := map[string]bool{}
	var walk func(t Term)
	walk = func(t Term) {
		n := r.st.node(t)
		if n.kind == kVar {
			used[n.v.v.Name] = true
		}
		for _, a := range n.args {
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
	f := r.st.node(n.args[0])
	empty := len(r.st.node(n.args[1]).args) == 0
	switch {
	case f.kind == kFnConst && f.val == fnZero:
		return r.print(dst, n.args[1])
	case f.kind == kBinder && empty:
		dst = append(dst, "{ "...)
		dst = r.printVarDecls(dst, f.args[:len(f.args)-1])
		dst = append(dst, " | "...)
		dst = r.print(dst, f.args[len(f.args)-1])
		return append(dst, " }"...)
	}
	x := r.freshName(n.args[0], n.args[1])
	dst = append(dst, "{ "...)
	dst = append(dst, x...)
	dst = append(dst, ": "...)
	dst = lps.AppendSort(dst, n.sort.Elem)
	dst = append(dst, " | "...)
	if !empty {
		// count(x, @bag(f, b)) = @swap_zero(f(x), count(x, b)).
		dst = append(dst, "@swap_zero("...)
	}
	if f.kind == kFnConst && f.val == fnOne {
		dst = append(dst, '1') // mCRL2 prints @one_(x) as 1
	} else {
		dst = r.printParen(dst, n.args[0], f.kind == kBinder)
		dst = append(dst, '(')
		dst = append(dst, x...)
		dst = append(dst, ')')
	}
	if !empty {
		dst = append(dst, ", count("...)
		dst = append(dst, x...)
		dst = append(dst, ", "...)
		dst = r.print(dst, n.args[1])
		dst = append(dst, "))"...)
	}
	return append(dst, " }"...)
}
