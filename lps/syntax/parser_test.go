package syntax

import (
	"strings"
	"testing"
)

// TestPositions: every node of the section level is at its first token
// (the position the checker's messages name), the dist of init at the
// token after `dist`, an argument at its name or value.
func TestPositions(t *testing.T) {
	src := "sort D = struct c(p: Nat);\n" +
		"map  f, g: D -> Nat;\n" +
		"var  d: D;\n" +
		"eqn  f(d) = 1;\n" +
		"act  a: Nat;\n" +
		"proc P(x: Nat) = sum y: Nat. a(y) . P(x = y);\n" +
		"init dist e: Bool[1/2] . P(x = 1);\n"
	tree, err := Parse("p.lps", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	s := tree.Sections
	if len(s) != 7 {
		t.Fatalf("%d sections, want 7", len(s))
	}
	init := s[6].Init
	for _, c := range []struct {
		what string
		got  Position
		want Position
	}{
		{"section sort", s[0].Pos, Position{1, 1}},
		{"sort declaration", s[0].Sort[0].Pos, Position{1, 6}},
		{"projection", s[0].Sort[0].Rhs.Prod[0].Struct[0].Projs[0].Pos, Position{1, 19}},
		{"map declaration", s[1].Map[0].Pos, Position{2, 6}},
		{"second name", s[1].Map[0].Names[1].Pos, Position{2, 9}},
		{"var list", s[2].Var[0].Pos, Position{3, 6}},
		{"var declaration", s[2].Var[0].Decls[0].Pos, Position{3, 6}},
		{"equation", s[3].Eqn[0].Pos, Position{4, 6}},
		{"equation's right side", s[3].Eqn[0].Rhs.Pos, Position{4, 13}},
		{"action declaration", s[4].Act[0].Pos, Position{5, 6}},
		{"process", s[5].Proc.Pos, Position{6, 6}},
		{"parameters", s[5].Proc.Params.Pos, Position{6, 8}},
		{"summand", s[5].Proc.Body.Items[0].Pos, Position{6, 18}},
		{"next state's argument", s[5].Proc.Body.Items[0].Next.Args[0].Pos, Position{6, 39}},
		{"init", init.Pos, Position{7, 6}},
		{"init's dist", init.Dist.Pos, Position{7, 11}},
		{"init's probability", init.Dist.Prob.Pos, Position{7, 19}},
		{"init's argument", init.Args[0].Pos, Position{7, 28}},
		{"init's argument value", init.Args[0].Value.Pos, Position{7, 32}},
	} {
		if c.got != c.want {
			t.Errorf("%s at %d:%d, want %d:%d", c.what, c.got.Line, c.got.Column, c.want.Line, c.want.Column)
		}
	}
}

// TestErrorsOfTheParser: the messages whose choice is the parser's own,
// not the grammar's.
func TestErrorsOfTheParser(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		// A character no token starts with is the error even after a
		// syntax error: the text is refused for it first.
		{"act a b;\nproc P = a . P() $;\n", "e.lps:2:18: syntax error: unexpected character '$'"},
		// A missing ")" in init is reported where it is missing, after
		// identifiers given as positional arguments.
		{"act a;\nproc P(x, y: Nat) = a . P();\ninit P(x, y z);\n", `e.lps:3:13: syntax error: unexpected "z", expected ")"`},
		{"act a;\nproc P(x: Nat) = a . P();\ninit P(1;\n", `e.lps:3:9: syntax error: unexpected ";", expected ")"`},
		// A section ends at a token that starts no declaration of it; one
		// that starts no section either is not expected there.
		{"act a;\n)", `e.lps:2:1: syntax error: unexpected ")"`},
		{"eqn 1 = 1; ]", `e.lps:1:12: syntax error: unexpected "]"`},
		{"var x: Nat, ;", `e.lps:1:13: syntax error: unexpected ";", expected a variable declaration`},
	} {
		_, err := Parse("e.lps", []byte(c.src))
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: got %v, want %s", c.src, err, c.want)
		}
	}
	if _, err := ParseExpr("x", "(1 +) $"); err == nil || !strings.HasPrefix(err.Error(), "x:1:7: syntax error: unexpected character") {
		t.Errorf("an expression with a lexical error after a syntax error: %v", err)
	}
}
