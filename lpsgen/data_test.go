package lpsgen

import (
	"fmt"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lps"
)

// labelOf explores `act a: sort; proc P(b: Bool) = b -> a(expr) . P(false)`
// with the declarations decls and returns the one label, the value of expr
// in normal form as mCRL2 prints it.
func labelOf(t *testing.T, decls, sort, expr string) string {
	t.Helper()
	src := fmt.Sprintf("%s\nact a: %s;\nproc P(b: Bool) = b -> a(%s) . P(b = false);\ninit P(true);\n", decls, sort, expr)
	spec, err := lps.Parse("data.lps", []byte(src))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	g, err := New(spec, Options{})
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	x := explore.New(g, explore.Options{})
	r, err := x.Run()
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	if r.Transitions != 1 {
		t.Fatalf("%s: %d transitions", expr, r.Transitions)
	}
	return g.Labels().Text(1)
}

// TestDataNormalForms: values reach mCRL2's normal form; the wanted labels
// are what mCRL2's lps2lts prints for the same expressions.
func TestDataNormalForms(t *testing.T) {
	cases := []struct{ decls, sort, expr, want string }{
		// Container literals take the element sort of their context.
		{"", "List(Nat)", "head([[1], [2, 3]]) ++ [9]", "a([1, 9])"},
		{"", "List(Nat)", "rtail([1, 2]) ++ tail([3, 4])", "a([1, 4])"},
		{"", "Set(Nat)", "{12, 11} + {} + {4} * {5}", "a({11, 12})"},
		{"", "Bag(Nat)", "Set2Bag({1, 2})", "a({1: 1, 2: 1})"},
		// Set equality by mCRL2's rule over an infinite element sort.
		{"", "Bool", "!{1, 2} == {1, 2}", "a(false)"},
		{"", "Bool", "!!{1, 2} == {2, 1}", "a(true)"},
		{"", "Bool", "!{1} == !{1}", "a(true)"},
		{"", "Set(Nat)", "!{1} + {2}", "a(!{1})"},
		{"", "Set(Nat)", "!{1} * {1, 2}", "a({2})"},
		// Bag multiplicities of 2^63 and more.
		{"", "Bool", "{:} < {12: 2, 0: 9, 11: 18446744073709551615}", "a(true)"},
		{"", "FBag(Nat)", "{1: 2} - {1: 18446744073709551615}", "a({:})"},
		{"", "FBag(Nat)", "{1: 18446744073709551615} + {1: 1}", "a({1: 18446744073709551616})"},
		{"", "Nat", "count(2, {2: 9223372036854775808} * {2: 9223372036854775809})", "a(9223372036854775808)"},
		// sqrt: Nat -> Nat rounds down.
		{"", "Nat", "sqrt(17)", "a(4)"},
		{"", "Nat", "sqrt(0)", "a(0)"},
		{"", "Nat", "sqrt(exp(10, 40))", "a(100000000000000000000)"},
		// As mCRL2, in floating point below 2^64 (the exact root is
		// 4294967295).
		{"", "Nat", "sqrt(Int2Nat(exp(2, 64) - 1))", "a(4294967296)"},
	}
	for _, c := range cases {
		if got := labelOf(t, c.decls, c.sort, c.expr); got != c.want {
			t.Errorf("%s: got %s, want %s", c.expr, got, c.want)
		}
	}
}
