package syntax

import (
	"strings"
	"testing"
)

// chainSpec is a one-summand LPS whose action argument is a chain of n
// terms joined by op.
func chainSpec(n int, op string) []byte {
	var b strings.Builder
	b.WriteString("act a: Nat;\nproc P(b: Bool) = b -> a(1")
	for i := 1; i < n; i++ {
		b.WriteString(op)
		b.WriteString("1")
	}
	b.WriteString(") . P(b = false);\ninit P(true);\n")
	return []byte(b.String())
}

// TestDeepNestingRefused: nesting and chains too deep for the stack get
// an error with a position, not a fatal stack overflow.
func TestDeepNestingRefused(t *testing.T) {
	n := 1_000_000
	nested := "act a: Nat;\nproc P(b: Bool) = b -> a(" + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) + ") . P(b = false);\ninit P(true);\n"
	sorts := "act a: " + strings.Repeat("List(", n) + "Nat" + strings.Repeat(")", n) + ";\nproc P(b: Bool) = b -> tau . P(b = false);\ninit P(true);\n"
	for name, src := range map[string][]byte{
		"parentheses": []byte(nested),
		"sorts":       []byte(sorts),
		"left chain":  chainSpec(n, " + "),
		"right chain": []byte(strings.ReplaceAll(string(chainSpec(n, " |> ")), "a(1", "a([1]")),
	} {
		_, err := Parse("deep.lps", src)
		if err == nil || !strings.Contains(err.Error(), "too deeply nested") || !strings.HasPrefix(err.Error(), "deep.lps:2:") && !strings.HasPrefix(err.Error(), "deep.lps:1:") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestLongChainParses: a chain of 100k terms is accepted (and parsed in
// linear time: BenchmarkLongChain).
func TestLongChainParses(t *testing.T) {
	if _, err := Parse("chain.lps", chainSpec(100_000, " + ")); err != nil {
		t.Fatal(err)
	}
}

func BenchmarkLongChain(b *testing.B) {
	src := chainSpec(100_000, " + ")
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Parse("chain.lps", src); err != nil {
			b.Fatal(err)
		}
	}
}
