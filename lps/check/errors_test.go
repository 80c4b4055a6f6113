package check

import (
	"errors"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
)

// TestMalformedInput checks the first error reported for bad input: its
// exact position and (a substring of) its message.
func TestMalformedInput(t *testing.T) {
	tests := []struct {
		name, src string
		pos       string // line:col, or "" for errors without a position
		msg       string
	}{
		{"missing init", "act a;\nproc P(x: Pos) = a . P(x = 1);\n", "", "missing init section"},
		{"wrong proc name", "act a;\nproc P(x: Pos) = a . Q(x = 1);\ninit P(1);\n", "2:22", "unknown process Q (the process is P)"},
		{"unknown param", "act a;\nproc P(x: Pos) = a . P(y = 1);\ninit P(1);\n", "2:24", "y is not a parameter of process P"},
		{"unknown action", "act a;\nproc P(x: Pos) = b . P(x = 1);\ninit P(1);\n", "2:18", "unknown action b"},
		{"action arity", "act a: Nat;\nproc P(x: Pos) = a . P(x = 1);\ninit P(1);\n", "2:18", "wrong number of arguments: action a takes 1 argument, found 0"},
		{"action sort", "act a: Nat;\nproc P(x: Pos) = a(true) . P(x = 1);\ninit P(1);\n", "2:20", "sort mismatch: expected Nat, found Bool"},
		{"cond not bool", "act a;\nproc P(x: Pos) = (x) -> a . P(x = 1);\ninit P(1);\n", "2:19", "sort mismatch: expected Bool, found Pos"},
		{"0 not pos", "act a;\nproc P(x: Pos) = a . P(x = 0);\ninit P(1);\n", "2:28", "expected sort Pos, found 0 (of sort Nat)"},
		{"unknown ident", "act a;\nproc P(x: Pos) = a . P(x = y);\ninit P(1);\n", "2:28", "unknown identifier y"},
		{"+ on Bool", "act a;\nproc P(x: Pos) = a . P(x = x + true);\ninit P(1);\n", "2:30", "sort mismatch: + is not defined on Pos and Bool"},
		{"init arity", "act a;\nproc P(x: Pos) = a . P(x = 1);\ninit P(1, 2);\n", "3:6", "wrong number of arguments: process P has 1 parameter, found 2"},
		{"init sort", "act a;\nproc P(x: Pos) = a . P(x = 1);\ninit P(true);\n", "3:8", "sort mismatch: expected Pos, found Bool"},
		{"syntax: missing ;", "act a;\nproc P(x: Pos) = a . P(x = 1)\ninit P(1);\n", "3:1", "syntax error: unexpected \"init\", expected \";\""},
		{"syntax missing ; at eof", "act a;\nproc P(x: Pos) = a . P(x = 1);\ninit P(1)\n", "4:1", "syntax error: unexpected end of file, expected \";\""},
		{"dup sort", "sort D;\nsort D;\nact a;\nproc P(x: Pos) = a . P(x = 1);\ninit P(1);\n", "2:6", "duplicate sort D (first declared at 1:6)"},
		{"dup map", "map f: Pos -> Pos;\nf: Pos -> Pos;\nact a;\nproc P(x: Pos) = a . P(x = 1);\ninit P(1);\n", "2:1", "duplicate declaration of f: Pos -> Pos (first declared at 1:5)"},
		{"dup param", "act a;\nproc P(x: Pos, x: Nat) = a . P(x = 1);\ninit P(1, 2);\n", "2:16", "duplicate process parameter x (first declared at 2:8)"},
		{"unknown sort", "act a;\nproc P(x: Foo) = a . P();\ninit P(1);\n", "2:11", "unknown sort Foo"},
		{"func arity", "map f: Pos -> Pos;\nact a;\nproc P(x: Pos) = a . P(x = f(1, 2));\ninit P(1);\n", "3:28", "wrong number of arguments: f takes 1 argument, found 2"},
		{"func arg sort", "map f: Pos -> Pos;\nact a;\nproc P(x: Pos) = a . P(x = f(true));\ninit P(1);\n", "3:30", "sort mismatch: expected Pos, found Bool"},
		{"lex", "act a;\nproc P(x: Pos) = a . P(x = 1 $ 2);\ninit P(1);\n", "2:30", "syntax error: unexpected character '$'"},
		{"Nat - gives Int", "act a;\nproc P(x: Nat) = a . P(x = x - 1);\ninit P(1);\n", "2:28", "sort mismatch: expected Nat, found Int"},
		{"if arity", "act a;\nproc P(x: Pos) = a . P(x = if(true, 1));\ninit P(1);\n", "2:28", "wrong number of arguments: if takes 3 arguments, found 2"},
		{"if cond", "act a;\nproc P(x: Pos) = a . P(x = if(1, 1, 2));\ninit P(1);\n", "2:31", "sort mismatch: expected Bool, found Pos"},
		{"head sort", "act a;\nproc P(l: List(Pos)) = a . P(l = head(l));\ninit P([]);\n", "2:34", "sort mismatch: expected List(Pos), found Pos"},
		{"time not Real", "act a;\nproc P(x: Pos) = a @ true . P(x = 1);\ninit P(1);\n", "2:22", "sort mismatch: expected Real, found Bool"},
		{"dist not real", "act a;\nproc P(x: Pos) = a . dist y: Bool[true] . P(x = 1);\ninit P(1);\n", "2:35", "sort mismatch: expected Real, found Bool"},
		{"param twice", "act a;\nproc P(x: Pos) = a . P(x = 1, x = 2);\ninit P(1);\n", "2:31", "parameter x is assigned twice"},
		{"init wrong name", "act a;\nproc P(x: Pos) = a . P(x = 1);\ninit Q(1);\n", "3:6", "unknown process Q (the process is P)"},
		{"missing init", "act a;\nproc P(x: Pos) = a . P(x = 1);\n", "", "missing init section"},
		{"missing proc", "act a;\ninit P(1);\n", "", "missing proc section"},
		{"# on Pos", "act a;\nproc P(x: Pos) = a . P(x = #x);\ninit P(1);\n", "2:29", "sort mismatch: # expects a List, FSet or FBag, found Pos"},
		{"unknown ctor", "sort D = struct c1 | c2;\nact a;\nproc P(x: D) = a . P(x = c3);\ninit P(c1);\n", "3:26", "unknown identifier c3"},
		{"compare", "sort D = struct c1 | c2;\nact a;\nproc P(x: D) = (x < 1) -> a . P(x = c2);\ninit P(c1);\n", "3:19", "sort mismatch: cannot compare D with Pos"},
		{"cyclic alias", "sort T = List(T);\nact a;\nproc P(x: Pos) = a . P(x = 1);\ninit P(1);\n", "1:6", "sort alias T is defined in terms of itself"},
		{"two procs", "act a;\nproc P(x: Pos) = a . P(x = 1);\ninit P(1);\nact b;\nproc P(y: Pos) = b . P(y = 1);\n", "5:6", "a linear process specification has one process; P is declared a second time"},
		{"forall body", "act a;\nproc P(x: Pos) = a . P(x = forall y: Pos. y);\ninit P(1);\n", "2:43", "sort mismatch: expected Bool, found Pos"},
		{"list elems", "act a;\nproc P(x: Pos) = a . P(x = [1, true]);\ninit P(1);\n", "2:32", "sort mismatch: elements of sorts Pos and Bool in one enumeration"},
		{"in mismatch", "act a;\nproc P(x: Bool) = a . P(x = 1 in [true]);\ninit P(true);\n", "2:31", "sort mismatch: cannot look for an element of sort Pos in List(Bool)"},
		{"{} not pos", "act a;\nproc P(x: Pos) = a . P(x = ({}));\ninit P(1);\n", "2:29", "sort mismatch: expected Pos, found FSet(_)"},
		{"can't infer", "act a;\nproc P(x: Bool) = a . P(x = head([]) == head([]));\ninit P(true);\n", "2:29", "cannot infer the sort of head([]): the context does not say what it contains"},
		{"where of unknown", "act a;\nproc P(x: Bool) = a . P(x = true whr w = [] end);\ninit P(true);\n", "2:42", "cannot infer the sort of []: the context does not say what it contains"},
		{"where of unknown set", "act a;\nproc P(x: Bool) = a . P(x = true whr w = {} end);\ninit P(true);\n", "2:42", "cannot infer the sort of {}: the context does not say what it contains"},
		{"where of unknown bag", "act a;\nproc P(x: Bool) = a . P(x = true whr w = {:} end);\ninit P(true);\n", "2:42", "cannot infer the sort of {:}: the context does not say what it contains"},
		{"unknown function in eqn", "var x: Pos;\neqn f(x) = x;\nact a;\nproc P(x: Pos) = a . P(x = 1);\ninit P(1);\n", "2:5", "unknown function f"},
		{"dup sum var", "act a;\nproc P(x: Pos) = sum y: Pos, y: Nat. a . P(x = 1);\ninit P(1);\n", "2:30", "duplicate sum variable y (first declared at 2:22)"},
		{"delta then next", "act a;\nproc P(x: Pos) = delta . P(x = 1);\ninit P(1);\n", "2:26", "delta cannot be followed by a next state"},
		{"no next state", "act a;\nproc P(x: Pos) = a;\ninit P(1);\n", "2:18", "summand has no next state (expected `. P(...)`)"},
		{"action as next", "act a;\nproc P(x: Pos) = a . a(1);\ninit P(1);\n", "2:22", "expected the process P after the multi-action, found action a"},
		{"syntax", "act a;\nproc P(x: Pos) = a . P(x = 1) + ;\ninit P(1);\n", "2:33", "syntax error: unexpected \";\", expected an action, tau or delta"},
		{"duplicate declaration of c: Pos -> D (first declared at 1:17)", "sort D = struct c(p: Pos) | c(p: Pos);\nact a;\nproc P(x: Pos) = a . P(x = 1);\ninit P(1);\n", "1:29", "duplicate declaration of c: Pos -> D (first declared at 1:17)"},
		{"expected sort Pos, found 0 (of sort Nat)", "act a;\nproc P(x: Nat) = a . P(x = x mod 0);\ninit P(1);\n", "2:34", "expected sort Pos, found 0 (of sort Nat)"},
		{"empty struct", "sort D = struct ;\nact a;\nproc P = a . P();\ninit P;\n", "1:17", "syntax error: unexpected \";\", expected an identifier"},
		{"missing codomain", "map f: Pos -> ;\nact a;\nproc P = a . P();\ninit P;\n", "1:15", "syntax error: unexpected \";\", expected a sort"},
		{"eqn without =", "map f: Pos;\neqn f 3;\nact a;\nproc P = a . P();\ninit P;\n", "2:7", "syntax error: unexpected \"3\", expected \"=\""},
		{"unbalanced parenthesis", "act a: Pos;\nproc P = a((1 + 2) . P();\ninit P;\n", "2:24", "unexpected \")\", expected a data expression"},
		{"whr without end", "act a: Pos;\nproc P = a(x whr x = 1) . P();\ninit P;\n", "2:23", "unexpected \")\", expected \"end\""},
		{"sum without colon", "act a: Pos;\nproc P = sum x Pos. a(x) . P();\ninit P;\n", "2:16", "unexpected \"Pos\", expected \":\""},
		{"dist without dot", "act a: Pos;\nproc P = a(1) . dist x: Bool[1/2] P();\ninit P;\n", "2:35", "unexpected \"P\", expected \".\""},
		{"dangling product", "act a: Pos # ;\nproc P = a(1) . P();\ninit P;\n", "1:14", "expected a sort"},
		{"named init", "act a;\nproc P(x: Pos) = a . P(x = 1);\ninit P(x = 1);\n", "3:8", "the initial state lists the parameter values in order"},
		{"positional arity", "act a;\nproc P(x: Pos) = a . P(1, 2);\ninit P(1);\n", "2:22", "wrong number of arguments: process P has 1 parameter, found 2"},
		{"mixed arguments", "act a;\nproc P(x: Pos) = a . P(x = 1, 2);\ninit P(1);\n", "2:31", "mixed positional arguments and assignments"},
		{"cons of builtin sort", "sort D;\ncons c: Pos;\nact a;\nproc P(x: Pos) = a . P(x = 1);\ninit P(1);\n", "2:6", "constructor c constructs Pos"},
		{"bag count not Nat", "act a;\nproc P(x: Pos) = a . P(x = {1: true});\ninit P(1);\n", "2:32", "sort mismatch: expected Nat, found Bool"},
		{"update key sort", "act a;\nproc P(f: Pos -> Pos) = a . P(f = f[true -> 1]);\ninit P(lambda x: Pos. x);\n", "2:37", "sort mismatch: expected Pos, found Bool"},
		{"apply non-function", "act a;\nproc P(x: Pos) = a . P(x = x(1));\ninit P(1);\n", "2:28", "cannot apply an expression of sort Pos to arguments"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			spec, err := parseText("t.lps", []byte(tt.src))
			if err == nil {
				t.Fatalf("no error; parsed %d summands", len(spec.Summands))
			}
			var list lps.ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("error %T is not a non-empty ErrorList: %v", err, err)
			}
			first := list[0]
			gotPos := ""
			if first.Pos.IsValid() {
				gotPos = first.Pos.String()
			}
			if gotPos != tt.pos || !strings.Contains(first.Msg, tt.msg) {
				t.Errorf("got %s, want %s: ...%s...", first, tt.pos, tt.msg)
			}
			if line := strings.Split(err.Error(), "\n")[0]; !strings.HasPrefix(line, "t.lps:") {
				t.Errorf("error line %q does not start with the file name", line)
			}
		})
	}
}

// TestSeveralErrors checks that independent errors are all reported,
// sorted by position and each on its own line.
func TestSeveralErrors(t *testing.T) {
	src := "act a: Bool;\n" +
		"proc P(x: Pos) =\n" +
		"       a(x) . P(x = 1)\n" +
		"     + a(true) . P(x = true)\n" +
		"     + b . P();\n" +
		"init P(0);\n"
	_, err := parseText("m.lps", []byte(src))
	if err == nil {
		t.Fatal("no error")
	}
	want := []string{
		"m.lps:3:10: sort mismatch: expected Bool, found Pos",
		"m.lps:4:24: sort mismatch: expected Pos, found Bool",
		"m.lps:5:8: unknown action b",
		"m.lps:6:8: expected sort Pos, found 0 (of sort Nat)",
	}
	if got := err.Error(); got != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
}

func TestErrorListIsBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("act a;\nproc P(x: Pos) =\n       a . P()\n")
	for i := 0; i < 30; i++ {
		b.WriteString("     + a . P(x = true)\n")
	}
	b.WriteString(";\ninit P(1);\n")
	_, err := parseText("m.lps", []byte(b.String()))
	var list lps.ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("got %v", err)
	}
	if len(list) != lps.MaxErrors {
		t.Errorf("got %d errors, want %d", len(list), lps.MaxErrors)
	}
}
