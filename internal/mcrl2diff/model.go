package mcrl2diff

import (
	"fmt"
	"strings"
)

// Model writes the linear process that shows the normal forms of exprs:
// one process P(go0: Bool), and for the k-th expression a summand
// go0 -> ak(expr) . P(go0 = false) with an action ak of the expression's
// sort; so the initial state has one transition per expression, labelled
// by its normal form.
func Model(exprs []*Node) string {
	var b strings.Builder
	b.WriteString(Declarations)
	b.WriteString("\nact  ")
	for k, e := range exprs {
		if k > 0 {
			b.WriteString("     ")
		}
		fmt.Fprintf(&b, "%s: %s;\n", Action(k), e.Sort)
	}
	b.WriteString("\nproc P(go0: Bool) =\n")
	for k, e := range exprs {
		sep := "     + "
		if k == 0 {
			sep = "       "
		}
		fmt.Fprintf(&b, "%s(go0) ->\n         %s(%s) .\n         P(go0 = false)\n", sep, Action(k), e)
	}
	b.WriteString("     ;\n\ninit P(true);\n")
	return b.String()
}

// Action is the name of the k-th expression's action.
func Action(k int) string { return fmt.Sprintf("a%d", k+1) }
