package check

import (
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
)

// whereShape prints e with every infix operation in parentheses and every
// where clause in brackets, so that a test sees what each clause binds
// whatever the printer's rules for parentheses.
func whereShape(e lps.Expr) string {
	switch e := e.(type) {
	case *lps.Where:
		var defs []string
		for _, d := range e.Defs {
			defs = append(defs, d.Var.Name+" = "+whereShape(d.Value))
		}
		return "[" + whereShape(e.Body) + " whr " + strings.Join(defs, ", ") + "]"
	case *lps.App:
		if e.Implicit {
			return whereShape(e.Args[0])
		}
		if op, ok := e.BuiltinOp(); ok {
			if in, ok := op.Infix(); ok && len(e.Args) == 2 {
				return "(" + whereShape(e.Args[0]) + in + whereShape(e.Args[1]) + ")"
			}
			if op == lps.OpNeg {
				return "-" + whereShape(e.Args[0])
			}
		}
	case *lps.Binder:
		return "{" + lps.FormatExpr(e) + "}"
	}
	return lps.FormatExpr(e)
}

// A where clause binds the largest subexpression that ends with the
// operand before `whr` (see whereClauses). mCRL2's lpspp prints the
// first eight as in the comments, and its lps2lts computes the values
// there; the issue named the first and the corpus models data.rand.27,
// .36, .57, .60, .78, .96 and .98 have the others' shapes.
func TestWhereClauseBinding(t *testing.T) {
	for _, tt := range []struct{ in, shape string }{
		{"4 * v whr v = 6 end - 1", "([(4 * v) whr v = 6] - 1)"},                           // (4 * v whr v = 6 end) - 1: 23
		{"v * v whr v = 6 end - 1", "([(v * v) whr v = 6] - 1)"},                           // 35
		{"4 * (v whr v = 6 end) - 1", "((4 * [v whr v = 6]) - 1)"},                         // 23
		{"4 * (v whr v = 6 end - 1)", "(4 * ([v whr v = 6] - 1))"},                         // 20
		{"v whr v = 2 end * v whr v = 3 end", "[([v whr v = 2] * v) whr v = 3]"},           // 6
		{"1 + v whr v = 2 end * 5 whr u = 1 end", "[(1 + ([v whr v = 2] * 5)) whr u = 1]"}, // 1 + (v whr v = 2 end) * 5 whr u = 1 end: 11
		{"-v whr v = 6 end * 2", "([-v whr v = 6] * 2)"},                                   // -12
		{"2 - v whr v = 1 end - 7", "([(2 - v) whr v = 1] - 7)"},                           // -6
		{"v whr v = 1 end whr u = 2 end + 1", "([[v whr v = 1] whr u = 2] + 1)"},
		{"2 * 3 + v whr v = 1 end * 2 + 1", "(((2 * 3) + ([v whr v = 1] * 2)) + 1)"},
		{"11 whr v = [1] end div 7", "([11 whr v = [1]] div 7)"},
		{"e whr v = 8 end * 3", "([e whr v = 8] * 3)"},
		// The inner clause ends inside the outer one's definition.
		{"7 whr w = -9 * 5 * 0 whr v = 2 end div 3 end", "[7 whr w = ([((-9 * 5) * 0) whr v = 2] div 3)]"},
		// A binder ends with its body, so a clause after the body binds
		// the binder (mCRL2: false), unless an operator continues the body.
		{"forall x: Bool. x whr x = true end", "[{forall x: Bool. x} whr x = true]"},
		{"true && forall x: Bool. x whr x = true end", "[(true && {forall x: Bool. x}) whr x = true]"},
		{"forall x: Nat. x < e whr e = 3 end && true", "{forall x: Nat. (x < e whr e = 3 end) && true}"},
	} {
		sort := "Int"
		if strings.Contains(tt.in, "forall") {
			sort = "Bool"
		}
		src := "act o: " + sort + ";\nproc P(e: Int) = o(" + tt.in + ") . P() + delta;\ninit P(1);\n"
		s, err := parseText("t.lps", []byte(src))
		if err != nil {
			t.Errorf("%s: %v", tt.in, err)
			continue
		}
		if got := whereShape(s.Summands[0].Actions[0].Args[0]); got != tt.shape {
			t.Errorf("%s read as %s, want %s", tt.in, got, tt.shape)
		}
	}
	// mCRL2 refuses this: y is not in scope of the clause.
	if _, err := parseText("t.lps", []byte("act o: Bool;\nproc P = o((lambda y: Bool. x whr x = y end)(false)) . P() + delta;\ninit P;\n")); err == nil {
		t.Errorf("lambda y: Bool. x whr x = y end: y accepted outside its binder")
	}
}
