package aterm

import (
	"errors"
	"math/bits"
	"os"
	"path/filepath"
	"testing"
)

// writer builds binary ATerm streams for the tests, as mCRL2 writes them.
type writer struct {
	buf   []byte
	nbits int
	syms  map[Symbol]int
	nsyms int
	terms int
}

func newWriter() *writer {
	w := &writer{syms: map[Symbol]int{}, nsyms: 1}
	w.put(0, 8)
	w.put(0x8baf, 16)
	w.put(0x8308, 16)
	return w
}

func (w *writer) put(v uint64, n int) {
	for i := n - 1; i >= 0; i-- {
		if w.nbits%8 == 0 {
			w.buf = append(w.buf, 0)
		}
		if v>>uint(i)&1 == 1 {
			w.buf[len(w.buf)-1] |= 1 << (7 - uint(w.nbits%8))
		}
		w.nbits++
	}
}

func (w *writer) varint(v uint64) {
	for v > 127 {
		w.put(v&127|128, 8)
		v >>= 7
	}
	w.put(v, 8)
}

func (w *writer) sym(name string, arity int) int {
	s := Symbol{name, arity}
	if i, ok := w.syms[s]; ok {
		return i
	}
	w.put(0, 2)
	w.varint(uint64(len(name)))
	for _, b := range []byte(name) {
		w.put(uint64(b), 8)
	}
	w.varint(uint64(arity))
	w.syms[s] = w.nsyms
	w.nsyms++
	return w.syms[s]
}

// term writes a shared term (output: an output term) and returns its index.
func (w *writer) term(output bool, name string, args ...int) int {
	si := w.sym(name, len(args))
	kind := uint64(1)
	if output {
		kind = 2
	}
	w.put(kind, 2)
	w.put(uint64(si), bits.Len(uint(w.nsyms)))
	for _, a := range args {
		w.put(uint64(a), bits.Len(uint(w.terms)))
	}
	if output {
		return -1
	}
	w.terms++
	return w.terms - 1
}

func (w *writer) intTerm(v uint64) int {
	si := w.sym(intSymbol, 0)
	w.put(1, 2)
	w.put(uint64(si), bits.Len(uint(w.nsyms)))
	w.varint(v)
	w.terms++
	return w.terms - 1
}

func (w *writer) end() []byte {
	w.put(1, 2)
	w.put(0, bits.Len(uint(w.nsyms)))
	return w.buf
}

// TestRead: symbols, shared terms, integers and outputs come back in
// order, with sharing.
func TestRead(t *testing.T) {
	w := newWriter()
	a := w.term(false, "a")
	seven := w.intTerm(7)
	f := w.term(false, "f", a, seven)
	w.term(true, "g", f, f)
	w.put(3, 2)
	w.varint(300)
	out, err := Read(w.end())
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 2 || out[0].Term.String() != "g(f(a,7),f(a,7))" || out[0].Term.Args[0] != out[0].Term.Args[1] || !out[1].IsInt || out[1].Int != 300 {
		t.Fatalf("outputs %+v", out)
	}
}

// TestMalformed: truncation, bad indices and bad headers are errors.
func TestMalformed(t *testing.T) {
	w := newWriter()
	a := w.term(false, "a")
	w.term(true, "f", a)
	good := w.end()
	bad := [][]byte{
		nil,
		{0},
		{1, 0x8b, 0xaf, 0x83, 0x08},
		{0, 0x8b, 0xaf, 0x12, 0x34},
		good[:len(good)-2],
		good[:7],
	}
	// An argument index beyond the terms read: f's argument is the only
	// term, index 0; make the writer claim index 1.
	w2 := newWriter()
	x := w2.term(false, "a")
	w2.term(false, "b")
	w2.term(true, "f", x+2)
	bad = append(bad, w2.end())
	for i, src := range bad {
		if _, err := Read(src); err == nil || !errors.Is(err, ErrFormat) {
			t.Errorf("case %d: %v", i, err)
		}
	}
}

func FuzzRead(f *testing.F) {
	w := newWriter()
	a := w.term(false, "a")
	w.term(true, "f", a, a)
	f.Add(w.end())
	files, _ := filepath.Glob("../../shared/corpus/plain/ex.language.*/mcrl2.lps")
	for _, p := range files {
		if src, err := os.ReadFile(p); err == nil && len(src) < 4096 {
			f.Add(src)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		out, err := Read(src)
		if err != nil && !errors.Is(err, ErrFormat) {
			t.Fatalf("error without ErrFormat: %v", err)
		}
		for _, o := range out {
			if o.Term != nil {
				_ = o.Term.String()
			}
		}
	})
}
