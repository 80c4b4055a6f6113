package syntax

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/internal/corpus"
	"github.com/lps2lts/lps2lts/lps"
)

// shape prints a syntax tree with every operation in brackets, so that a
// test sees how the parser grouped the text.
func shape(e Expr) string {
	list := func(es []Expr) string {
		var s []string
		for _, e := range es {
			s = append(s, shape(e))
		}
		return strings.Join(s, ", ")
	}
	switch e := e.(type) {
	case *Ident:
		return e.Name
	case *Number:
		return e.Text
	case *Bool:
		return fmt.Sprint(e.Val)
	case *List:
		return "[" + list(e.Elems) + "]"
	case *Set:
		return "{" + list(e.Elems) + "}"
	case *Bag:
		var s []string
		for i := range e.Elems {
			s = append(s, shape(e.Elems[i])+": "+shape(e.Counts[i]))
		}
		return "{" + strings.Join(s, ", ") + ":}"
	case *Comp:
		return "{" + e.Var.Name + ": " + sortShape(e.Sort) + " | " + shape(e.Body) + "}"
	case *App:
		return shape(e.Head) + "(" + list(e.Args) + ")"
	case *Update:
		return shape(e.Fun) + "[" + shape(e.Key) + " -> " + shape(e.Val) + "]"
	case *Unary:
		return "(" + e.Op + shape(e.X) + ")"
	case *Binary:
		return "(" + shape(e.L) + " " + e.Op + " " + shape(e.R) + ")"
	case *Binder:
		var vs []string
		for _, d := range e.Vars.Decls {
			for _, n := range d.Names {
				vs = append(vs, n.Name+": "+sortShape(d.Sort))
			}
		}
		return "(" + e.Kind + " " + strings.Join(vs, ", ") + ". " + shape(e.Body) + ")"
	case *Where:
		var ds []string
		for _, d := range e.Defs {
			ds = append(ds, d.Name.Name+" = "+shape(d.Value))
		}
		return "(" + shape(e.Body) + " whr " + strings.Join(ds, ", ") + ")"
	}
	return fmt.Sprintf("?%T", e)
}

func sortShape(s *SortExpr) string {
	var parts []string
	for _, a := range s.Prod {
		switch {
		case a.Prim != "":
			parts = append(parts, a.Prim)
		case a.Cont != "":
			parts = append(parts, a.Cont+"("+sortShape(a.Elem)+")")
		case a.Struct != nil:
			var cs []string
			for _, c := range a.Struct {
				cs = append(cs, c.Name.Name)
			}
			parts = append(parts, "struct "+strings.Join(cs, " | "))
		case a.Paren != nil:
			parts = append(parts, "("+sortShape(a.Paren)+")")
		default:
			parts = append(parts, a.Name)
		}
	}
	out := strings.Join(parts, " # ")
	if s.Cod != nil {
		out += " -> " + sortShape(s.Cod)
	}
	return out
}

// TestExprShapes: the parser groups data expressions with mCRL2's
// priorities and associativity, reads every form of the language, and
// lets a where clause bind the largest subexpression that ends with the
// operand before it.
func TestExprShapes(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"a + b * c", "(a + (b * c))"},
		{"a * b + c", "((a * b) + c)"},
		{"a - b - c", "((a - b) - c)"},
		{"a => b => c", "(a => (b => c))"},
		{"a && b || c", "((a && b) || c)"},
		{"a |> b |> l", "(a |> (b |> l))"},
		{"l <| a <| b", "((l <| a) <| b)"},
		{"a div b mod c", "((a div b) mod c)"},
		{"x in l ++ m", "(x in (l ++ m))"},
		{"l . 2 + 1", "((l . 2) + 1)"},
		{"-x + !b", "((-x) + (!b))"},
		{"#l < 3", "((#l) < 3)"},
		{"f(x, 1)[2 -> y]", "f(x, 1)[2 -> y]"},
		{"f(1)(2)", "f(1)(2)"},
		{"[1, 2] == []", "([1, 2] == [])"},
		{"{1, 2}", "{1, 2}"},
		{"{}", "{}"},
		{"{:}", "{:}"},
		{"{a: 2, b: 1}", "{a: 2, b: 1:}"},
		{"{x: Nat | x < 3}", "{x: Nat | (x < 3)}"},
		{"{x: List(Bool) | true}", "{x: List(Bool) | true}"},
		{"forall x: Nat. x > 0 && b", "(forall x: Nat. ((x > 0) && b))"},
		{"exists x, y: Pos. x == y", "(exists x: Pos, y: Pos. (x == y))"},
		{"lambda f: Nat -> Bool, n: Nat. f(n)", "(lambda f: Nat -> Bool, n: Nat. f(n))"},
		{"4 * v whr v = 6 end - 1", "(((4 * v) whr v = 6) - 1)"},
		{"1 + v whr v = 2 end * 5", "(1 + ((v whr v = 2) * 5))"},
		{"x whr x = 1, y = 2 end", "(x whr x = 1, y = 2)"},
		{"if(b, 1, 2)", "if(b, 1, 2)"},
		{"(a + b) * c", "((a + b) * c)"},
		{"true || false", "(true || false)"},
	} {
		e, err := ParseExpr("t", c.src)
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if got := shape(e); got != c.want {
			t.Errorf("%s: parsed as %s, want %s", c.src, got, c.want)
		}
	}
}

// TestSyntaxErrors: a syntax error names its place, file:line:col, and
// what was expected, in words.
func TestSyntaxErrors(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"act a;\nproc P(x: Pos) = a . P(x = 1)\ninit P(1);\n", `e.lps:3:1: syntax error: unexpected "init", expected ";"`},
		{"act a;\nproc P(x: Pos) = a . P(x = 1);\ninit P(1)\n", `e.lps:4:1: syntax error: unexpected end of file, expected ";"`},
		{"act a;\nproc P(x: Pos) = a . P(x = 1 $ 2);\ninit P(1);\n", "e.lps:2:30: syntax error: unexpected character '$'"},
		{"act a;\nproc P(x: Pos) = a . P(x = );\ninit P(1);\n", "e.lps:2:28: syntax error"},
		{"act a;\nproc P(x: Pos) = a . P(x = {1, 2);\ninit P(1);\n", `e.lps:2:33: syntax error: unexpected ")", expected "," or "}"`},
		{"act a;\nproc P(x: List(Pos)) = a . P(x = [1, 2);\ninit P([]);\n", `e.lps:2:39: syntax error: unexpected ")", expected "," or "]"`},
		{"map f: Pos # Pos -> Pos;\nact a;\nproc P(x: Pos) = a . P(x = f(1, 2]);\ninit P(1);\n", `e.lps:3:34: syntax error: unexpected "]", expected "," or ")"`},
		{"act a;\nproc P(x: Pos) = a . P(x = {1: 2, 3});\ninit P(1);\n", `e.lps:2:36: syntax error: unexpected "}", expected ":"`},
		{"act a;\nproc P(x: Pos) = sum : Nat. a . P(x = 1);\ninit P(1);\n", "e.lps:2:22: syntax error"},
		{"act a;\nproc P(x: Pos) = a . P(x = 1) + ;\ninit P(1);\n", "e.lps:2:33: syntax error"},
		{"sort D = struct c1(: Nat);\n", "e.lps:1:20: syntax error"},
		{"map f: Nat -> ;\n", "e.lps:1:15: syntax error"},
		{"act a: List(;\n", "e.lps:1:13: syntax error"},
		{"proc P(x: Pos) = (x > 1 -> tau . P(x = 1);\ninit P(1);\n", "e.lps:1:"},
		{"act a;\nproc P(x: Pos) = a . dist y: Bool . P(x = 1);\ninit P(1);\n", "e.lps:2:"},
		{"glob g: ;\n", "e.lps:1:9: syntax error"},
		{"act a;\nproc P(x: Pos) = a . P(x = 1 whr y = 2);\ninit P(1);\n", "e.lps:2:"},
	} {
		_, err := Parse("e.lps", []byte(c.src))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %s...", c.src, err, c.want)
		}
	}
	if _, err := Parse("b.lps", []byte{0x00, 0x8b, 0xaf, 0x83, 0x08}); err == nil || !strings.Contains(err.Error(), "binary format") {
		t.Errorf("a binary file: got %v", err)
	}
	if _, err := ParseExpr("--sweep", "x +"); err == nil || !strings.HasPrefix(err.Error(), "--sweep:1:4: syntax error") {
		t.Errorf("an expression cut short: got %v", err)
	}
	if _, err := ParseMultiActions("-m", "a(1) |"); err == nil || !strings.HasPrefix(err.Error(), "-m:1:7: syntax error") {
		t.Errorf("a multi-action cut short: got %v", err)
	}
}

// TestParseMultiActions: -m's text is comma-separated multi-actions, tau
// the empty one.
func TestParseMultiActions(t *testing.T) {
	list, err := ParseMultiActions("-m", "a(1)|b, tau, c(x + 1, [])")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range list {
		var acts []string
		for _, a := range m {
			var args []string
			for _, x := range a.Args {
				args = append(args, shape(x.X))
			}
			acts = append(acts, a.Name.Name+"("+strings.Join(args, ", ")+")")
		}
		got = append(got, strings.Join(acts, "|"))
	}
	if want := "a(1)|b(); ; c((x + 1), [])"; strings.Join(got, "; ") != want {
		t.Errorf("got %s, want %s", strings.Join(got, "; "), want)
	}
}

// TestKeywords: reserved words are not identifiers, here and in a binary
// file's names (package mcrl2 asks IsKeyword).
func TestKeywords(t *testing.T) {
	for _, w := range []string{"sort", "cons", "map", "var", "eqn", "act", "glob", "proc", "init", "sum", "delta", "tau", "true", "false", "whr", "end", "lambda", "forall", "exists", "div", "mod", "in"} {
		if !IsKeyword(w) {
			t.Errorf("%s is no keyword", w)
		}
	}
	for _, w := range []string{"x", "head", "if", "count", "D"} {
		if IsKeyword(w) {
			t.Errorf("%s is a keyword", w)
		}
	}
}

// TestParseShippedModels: every textual model the repository ships and
// every model of the corpus parses, with its process and initial state
// (a file that fails is a failure, never a skip).
func TestParseShippedModels(t *testing.T) {
	files, _ := filepath.Glob("../../examples/*.lps")
	var text []string
	for _, f := range files {
		if !strings.HasSuffix(f, ".bin.lps") {
			text = append(text, f)
		}
	}
	if len(text) < 9 {
		t.Fatalf("%d textual examples, want the 9 the repository ships", len(text))
	}
	if dir := corpus.Dir(); dir != "" {
		models, _ := filepath.Glob(filepath.Join(dir, "*", "*", "model.lps"))
		text = append(text, models...)
	}
	for _, f := range text {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		tree, err := Parse(f, src)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		var proc *Proc
		var init *Init
		for _, s := range tree.Sections {
			if s.Proc != nil {
				proc = s.Proc
			}
			if s.Init != nil {
				init = s.Init
			}
		}
		if proc == nil || init == nil || init.Proc.Name != proc.Name.Name {
			t.Errorf("%s: no process or initial state of it", f)
		}
	}
	t.Logf("%d models parsed", len(text))
}

// No keyword is longer than maxKeywordLen, which the scanner's map lookup
// takes for granted.
func TestKeywordLength(t *testing.T) {
	for k := range keywords {
		if len(k) > maxKeywordLen {
			t.Errorf("keyword %q is longer than maxKeywordLen (%d)", k, maxKeywordLen)
		}
	}
}

// TestScannedInfix: the scanner gives every token the infix operator
// that the operator table names for its text (lps.InfixOp), and OpNone to
// every other token, punctuation or not: punctInfix's slots must hold
// each infix token alone.
func TestScannedInfix(t *testing.T) {
	var src strings.Builder
	for op := range lps.NumOps {
		if in := op.Info().Infix; in != "" {
			src.WriteString(" " + in)
		}
	}
	src.WriteString(" ( ) [ ] { } , ; : . ! # @ ? -> = |> x div2 divx 12 true whr end sum")
	s := newScanner(src.String())
	n := 0
	for {
		tok, err := s.scan()
		if err != nil {
			t.Fatal(err)
		}
		if tok.kind == tokEOF {
			break
		}
		want := lps.OpNone
		if tok.kind != tokIdent && tok.kind != tokNumber {
			want, _ = lps.InfixOp(tok.text)
		}
		if tok.infix != want {
			t.Errorf("%q scanned as %v, want %v", tok.text, tok.infix, want)
		}
		if want != lps.OpNone {
			n++
		}
	}
	if n < 20 {
		t.Errorf("only %d infix tokens scanned", n)
	}
}
