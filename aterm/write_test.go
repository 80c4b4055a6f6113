package aterm

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
)

// equal compares two terms structurally, each pair of shared subterms
// once (a small stream can describe an exponentially large tree).
func equal(a, b *Term) bool { return equalMemo(a, b, map[[2]*Term]bool{}) }

func equalMemo(a, b *Term, done map[[2]*Term]bool) bool {
	if a.IsInt || b.IsInt {
		return a.IsInt == b.IsInt && a.Int == b.Int
	}
	if a.Sym.Name != b.Sym.Name || a.Sym.Arity != b.Sym.Arity || len(a.Args) != len(b.Args) {
		return false
	}
	if done[[2]*Term{a, b}] {
		return true
	}
	for i := range a.Args {
		if !equalMemo(a.Args[i], b.Args[i], done) {
			return false
		}
	}
	done[[2]*Term{a, b}] = true
	return true
}

func equalOutputs(t *testing.T, got, want []Output) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d outputs read back, %d written", len(got), len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.IsInt != w.IsInt || g.Int != w.Int || (w.Term == nil) != (g.Term == nil) || w.Term != nil && !equal(g.Term, w.Term) {
			t.Fatalf("output %d: read back %+v, wrote %+v", i, g, w)
		}
	}
}

// write writes outs with a Writer and returns the stream.
func write(t *testing.T, outs []Output) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := NewWriter(&buf)
	for _, o := range outs {
		var err error
		if o.Term == nil {
			err = w.WriteInt(o.Int)
		} else {
			err = w.Write(o.Term)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestWriteRead: terms with sharing, integers inside and outside terms,
// long lists (deep terms) and many symbols (index widths that grow) come
// back from Read as written.
func TestWriteRead(t *testing.T) {
	tb := NewTable()
	a := tb.Appl("a")
	f := tb.Appl("f", a, tb.Int(1<<40))
	var elems []*Term
	for i := range 300 {
		elems = append(elems, tb.Appl(fmt.Sprintf("c%d", i), tb.Int(uint64(i))))
	}
	long := tb.List(elems...)
	outs := []Output{
		{Term: tb.Appl("g", f, f)},
		{Int: 7, IsInt: true},
		{Term: tb.Int(1<<64 - 1)},
		{Term: long},
		{Term: tb.Appl("h", long, a)},
		{Term: a},
		{Term: tb.Appl("")},
	}
	src := write(t, outs)
	got, err := Read(src)
	if err != nil {
		t.Fatal(err)
	}
	// An output integer term comes back as an output integer.
	outs[2] = Output{Int: 1<<64 - 1, IsInt: true}
	equalOutputs(t, got, outs)
	if g := got[0].Term; g.Args[0] != g.Args[1] {
		t.Errorf("the shared subterm was read twice")
	}
}

// TestWriteShares: a subterm written once is referred to afterwards, and
// written again after Forget.
func TestWriteShares(t *testing.T) {
	tb := NewTable()
	big := tb.List(tb.Appl("x"), tb.Appl("y"), tb.Appl("z"))
	size := func(outs ...*Term) (int, *Writer) {
		var buf bytes.Buffer
		w := NewWriter(&buf)
		for _, o := range outs {
			w.Write(tb.Appl("f", o))
		}
		w.Close()
		return buf.Len(), w
	}
	once, _ := size(big)
	twice, w := size(big, big)
	if twice-once > 3 {
		t.Errorf("the second output of a written subterm took %d more bytes", twice-once)
	}
	n := w.Remembered()
	w.Forget(big)
	if w.Remembered() != n-1 {
		t.Errorf("Forget left %d remembered of %d", w.Remembered(), n)
	}
}

// TestWriteRejects: malformed terms are errors wrapping ErrTerm, and the
// stream stays readable.
func TestWriteRejects(t *testing.T) {
	bad := []*Term{
		nil,
		{Sym: &Symbol{"f", 2}, Args: []*Term{{Sym: &Symbol{"a", 0}}}},
		{Sym: &Symbol{"f", 1}, Args: []*Term{nil}},
		{Args: []*Term{{IsInt: true}}, IsInt: true},
		{},
		{Sym: &Symbol{intSymbol, 0}},
	}
	var buf bytes.Buffer
	w := NewWriter(&buf)
	for i, b := range bad {
		if err := w.Write(b); !errors.Is(err, ErrTerm) {
			t.Errorf("case %d: %v", i, err)
		}
	}
	w.Write(NewTable().Appl("ok"))
	w.Close()
	got, err := Read(buf.Bytes())
	if err != nil || len(got) != 1 || got[0].Term.Sym.Name != "ok" {
		t.Errorf("after rejected terms: %v %v", got, err)
	}
}

// fuzzTerms builds outputs from src: a small stack machine whose
// instructions push a constant, an integer, or apply a symbol to the top
// of the stack, and output the top.
func fuzzTerms(src []byte, tb *Table) []Output {
	var stack []*Term
	var outs []Output
	for i := 0; i+1 < len(src); i += 2 {
		op, arg := src[i]%5, src[i+1]
		switch op {
		case 0:
			stack = append(stack, tb.Appl(fmt.Sprintf("c%d", arg%8)))
		case 1:
			stack = append(stack, tb.Int(uint64(arg)<<(arg%57)))
		case 2:
			n := min(int(arg%4), len(stack))
			args := stack[len(stack)-n:]
			t := tb.Appl(fmt.Sprintf("f%d", arg%3), args...)
			stack = append(stack[:len(stack)-n], t)
		case 3:
			if len(stack) > 0 {
				outs = append(outs, Output{Term: stack[len(stack)-1]})
			}
		case 4:
			outs = append(outs, Output{Int: uint64(arg) * 1e15, IsInt: true})
		}
	}
	return outs
}

// FuzzRoundTrip: what the writer writes, Read reads back equal; and what
// Read accepts, the writer writes so that Read gives the same outputs.
func FuzzRoundTrip(f *testing.F) {
	f.Add([]byte{0, 1, 1, 200, 2, 2, 3, 0, 4, 9, 0, 3, 2, 1, 3, 0})
	w := newWriter()
	a := w.term(false, "a")
	w.term(true, "f", a, a)
	f.Add(w.end())
	f.Fuzz(func(t *testing.T, src []byte) {
		outs := fuzzTerms(src, NewTable())
		got, err := Read(write(t, outs))
		if err != nil {
			t.Fatalf("reading what was written: %v", err)
		}
		for i, o := range outs {
			if o.Term != nil && o.Term.IsInt {
				outs[i] = Output{Int: o.Term.Int, IsInt: true}
			}
		}
		equalOutputs(t, got, outs)
		if read, err := Read(src); err == nil {
			again, err := Read(write(t, read))
			if err != nil {
				t.Fatalf("reading a rewritten stream: %v", err)
			}
			equalOutputs(t, again, read)
		}
	})
}
