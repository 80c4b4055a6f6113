package mcrl2diff

import "strings"

// Node is a generated expression: text pieces around its children, so
// that it can be printed (with the parentheses the precedence of mCRL2's
// grammar needs) and shrunk (a child put in its place).
type Node struct {
	Sort    Sort
	Level   int      // precedence, the levels below
	Feature string   // what the node exercises, for the report ("" none)
	Text    []string // len(Kids)+1 pieces: Text[0] Kids[0] Text[1] ...
	Kids    []Slot
	Var     string   // the variable a reference names
	Binds   []string // the variables the node binds in its Bound slots
}

// Slot is a child position: the child, the least precedence it may have
// there without parentheses, whether the node's variables are bound in
// it, and whether the generator chose to parenthesize it anyway.
type Slot struct {
	N     *Node
	Min   int
	Bound bool
	Paren bool
}

// Precedence levels, mCRL2's grammar doubled (mcrl2_syntax.g), so that
// the prefix operators sit between * and application: whr binds weakest,
// then the binders (whose bodies extend to the right), =>, ||, &&, == !=,
// < <= > >= in, |>, <|, ++, + -, / div mod, * and the list element ".",
// prefix ! - #, application and update, atoms.
const (
	lvWhr    = 0
	lvBinder = 2
	lvImp    = 4
	lvOr     = 6
	lvAnd    = 8
	lvEq     = 10
	lvRel    = 12
	lvCons   = 14
	lvSnoc   = 16
	lvConcat = 18
	lvAdd    = 20
	lvDiv    = 22
	lvMul    = 24
	lvPrefix = 25
	lvApply  = 26
	lvAtom   = 28
)

// String prints the expression.
func (n *Node) String() string {
	var b strings.Builder
	n.write(&b)
	return b.String()
}

func (n *Node) write(b *strings.Builder) {
	for i, k := range n.Kids {
		b.WriteString(n.Text[i])
		if k.Paren || k.N.Level < k.Min {
			b.WriteByte('(')
			k.N.write(b)
			b.WriteByte(')')
		} else {
			k.N.write(b)
		}
	}
	b.WriteString(n.Text[len(n.Kids)])
}

// Features lists the features of the nodes of n, each once, in preorder.
func (n *Node) Features() []string {
	var out []string
	seen := map[string]bool{}
	var walk func(*Node)
	walk = func(n *Node) {
		if n.Feature != "" && !seen[n.Feature] {
			seen[n.Feature] = true
			out = append(out, n.Feature)
		}
		for _, k := range n.Kids {
			walk(k.N)
		}
	}
	walk(n)
	return out
}

// Size is the number of nodes.
func (n *Node) Size() int {
	s := 1
	for _, k := range n.Kids {
		s += k.N.Size()
	}
	return s
}

// closed tells whether every variable n refers to is bound within n.
func (n *Node) closed() bool { return n.freeIn(nil) }

func (n *Node) freeIn(bound []string) bool {
	if n.Var != "" {
		for _, v := range bound {
			if v == n.Var {
				return true
			}
		}
		return false
	}
	for _, k := range n.Kids {
		b := bound
		if k.Bound {
			b = append(append([]string(nil), bound...), n.Binds...)
		}
		if !k.N.freeIn(b) {
			return false
		}
	}
	return true
}
