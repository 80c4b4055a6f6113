package mcrl2diff

import (
	"cmp"
	"slices"
)

// Shrink minimizes a case that is not Same: it tries, all in one batch,
// every expression that puts in the place of one node a child of the
// same sort, the simplest literal of its sort, or drops a parenthesis
// the generator added; it keeps the smallest that has the same verdict
// and repeats, at most rounds times.
func Shrink(ours, ref Tool, c Case, rounds int) Case {
	for range rounds {
		cands := candidates(c.Expr)
		if len(cands) == 0 {
			return c
		}
		next := c
		found := false
		for _, k := range Run(ours, ref, cands, len(cands)) {
			if k.Verdict == c.Verdict {
				next, found = k, true
				break
			}
		}
		if !found {
			return c
		}
		c = next
	}
	return c
}

// candidates are the one-step simplifications of n, closed, smallest
// first.
func candidates(n *Node) []*Node {
	var out []*Node
	seen := map[string]bool{n.String(): true}
	add := func(m *Node) {
		if s := m.String(); !seen[s] && m.closed() {
			seen[s] = true
			out = append(out, m)
		}
	}
	var walk func(m *Node, rebuild func(*Node) *Node)
	walk = func(m *Node, rebuild func(*Node) *Node) {
		if lit := simplest(m.Sort); lit != nil && lit.String() != m.String() {
			add(rebuild(lit))
		}
		for _, k := range m.Kids {
			if k.N.Sort.equal(m.Sort) {
				add(rebuild(k.N))
			}
		}
		for i := range m.Kids {
			if m.Kids[i].Paren {
				c := m.copy()
				c.Kids[i].Paren = false
				add(rebuild(c))
			}
			walk(m.Kids[i].N, func(r *Node) *Node {
				c := m.copy()
				c.Kids[i].N = r
				return rebuild(c)
			})
		}
	}
	walk(n, func(r *Node) *Node { return r })
	slices.SortStableFunc(out, func(a, b *Node) int {
		return cmp.Or(cmp.Compare(a.Size(), b.Size()), cmp.Compare(len(a.String()), len(b.String())))
	})
	return out
}

func (n *Node) copy() *Node {
	c := *n
	c.Kids = slices.Clone(n.Kids)
	return &c
}

// simplest is the simplest literal of sort s (nil for functions).
func simplest(s Sort) *Node {
	text := map[Kind]string{Bool: "false", Pos: "1", Nat: "0", Int: "0", Real: "0",
		List: "[]", Set: "{}", FSet: "{}", Bag: "{:}", FBag: "{:}", D: "d1", C: "red"}[s.Kind]
	if text == "" {
		return nil
	}
	return &Node{Sort: s, Level: lvAtom, Text: []string{text}}
}
