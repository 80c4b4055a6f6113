package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
)

// FuzzParse checks that reading a text (syntax.Parse, then Spec) never
// panics (both recover as a last resort and report "internal error",
// which the fuzzer treats as a failure too), that errors are well formed, and that whatever parses
// prints to text that parses again and prints the same.
func FuzzParse(f *testing.F) {
	seeds := []string{
		"act a;\nproc P(x: Pos) = a . P(x = 1);\ninit P(1);\n",
		"sort D = struct d1 | d2(p: Nat)?is_d2;\nmap f: D -> Nat;\nvar d: D;\neqn f(d) = if(is_d2(d), p(d), 0);\nact a: Nat;\nproc P(d: D) = a(f(d)) . P(d = d2(3)) + delta;\ninit P(d1);\n",
		"act o: Set(Nat);\nproc P(s: Set(Nat), b: Bag(Nat), l: List(Int)) = (#l < 3 && 1 in s) -> o(s + {1} - { x: Nat | x > 2 }) . P(b = b + {2: 3}, l = -1 |> l ++ [2]) + delta;\ninit P({}, {:}, []);\n",
		"act a;\nglob g: Bool;\nproc P(t: Real) = sum b: Bool. (b => g) -> a @ (t + 1 / 2) . dist c: Bool[1 / 2] . P(t = t + 1) + delta @ 3;\ninit dist c: Bool[1 / 2] . P(0);\n",
		"act a: Bool # List(Nat);\nproc P(n: Nat) = a(!({} - {}) == !{1} + {2}, rhead([]) |> tail([1, 2]) ++ []) . P(n = n + 1);\ninit P(0);\n",
		"map f: Pos -> Pos # Pos -> Bool;\nvar x: Pos;\neqn f(x) = lambda y,z: Pos. forall w: Nat. exists v: Nat. v == w whr k = x end;\nproc P = tau . P();\ninit P;\n",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	files, _ := filepath.Glob("../../examples/*.lps")
	for _, file := range files {
		if src, err := os.ReadFile(file); err == nil {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		spec, err := parseText("f.lps", src)
		if err != nil {
			list, ok := err.(lps.ErrorList)
			if !ok || len(list) == 0 || len(list) > lps.MaxErrors {
				t.Fatalf("malformed error %T: %v", err, err)
			}
			for _, e := range list {
				if len(e.Msg) >= 15 && e.Msg[:15] == "internal error:" {
					t.Fatalf("panic inside Parse: %v", e)
				}
			}
			return
		}
		out := spec.Print()
		spec2, err := parseText("printed.lps", []byte(out))
		if err != nil {
			t.Fatalf("printed form does not parse: %v\n--- input\n%s\n--- printed\n%s", err, src, out)
		}
		if out2 := spec2.Print(); out2 != out {
			t.Fatalf("printing is not idempotent:\n--- first\n%s\n--- second\n%s", out, out2)
		}
	})
}

// FuzzParseExpr checks that an expression written on the command line
// (lps2lts's --sweep=EXPR) never panics the reader: it is either a checked
// expression or a well-formed error list within EXPR.
func FuzzParseExpr(f *testing.F) {
	spec, err := parseText("f.lps", []byte("sort D = struct d1 | d2(p: Nat);\nact a: Nat;\nproc P(n: Pos, m: Int, r: Real, l: List(Nat), d: D) = a(n) . P(n = n + 1) + delta;\ninit P(1, -1, 1/2, [], d1);\n"))
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"n", "n + 3 * m", "(n + 3 * m) mod 17", "r * 2", "#l", "if(d == d1, 0, p(d))", "z", "n +", "lambda x: Nat. x", "(", "n whr n = 1 end", "forall x: Nat. x > n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		e, err := ParseExpr(spec, "--sweep", src)
		if err == nil {
			if e == nil {
				t.Fatal("no expression and no error")
			}
			return
		}
		list, ok := err.(lps.ErrorList)
		if !ok || len(list) == 0 || len(list) > lps.MaxErrors {
			t.Fatalf("malformed error %T: %v", err, err)
		}
		for _, e := range list {
			if strings.HasPrefix(e.Msg, "internal error:") {
				t.Fatalf("panic inside ParseExpr: %v", e)
			}
			if e.File != "--sweep" {
				t.Fatalf("error outside EXPR: %v", e)
			}
		}
	})
}

// FuzzParseMultiActions checks that -m's multi-actions, written on the
// command line, give either actions or a list of errors inside the text,
// never a panic.
func FuzzParseMultiActions(f *testing.F) {
	spec, err := parseText("f.lps", []byte(multiActionSpec))
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"withdraw(A, true)|pay(1), tau, c", "withdraw(A, 3", "pay(0 + 1)", "foo", "c(1)", "pay(n)", "tau|c", ",", "pay([] . 0)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		list, err := ParseMultiActions(spec, "-m", src)
		if err == nil {
			if len(list) == 0 {
				t.Fatal("no multi-action and no error")
			}
			return
		}
		errs, ok := err.(lps.ErrorList)
		if !ok || len(errs) == 0 || len(errs) > lps.MaxErrors {
			t.Fatalf("malformed error %T: %v", err, err)
		}
		for _, e := range errs {
			if strings.HasPrefix(e.Msg, "internal error:") {
				t.Fatalf("panic inside ParseMultiActions: %v", e)
			}
			if e.File != "-m" {
				t.Fatalf("error outside the text: %v", e)
			}
		}
	})
}
