package aterm

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/bits"
)

// Version is the BAF version the writer puts in its header: the one the
// installed mCRL2 tools (202x releases since August 2024) read, and the
// only one they accept.
const Version = 0x8308

// ErrTerm is wrapped by every error about a term given to the writer: a
// symbol whose arity differs from its number of arguments, a nil argument,
// an integer term with arguments. The writer checks every term before it
// writes a bit of it, so a rejected term leaves the stream valid.
var ErrTerm = errors.New("term cannot be written")

// Writer writes a binary ATerm stream, as Read reads it and mCRL2's
// binary_aterm_ostream writes it: each output term is written with its
// subterms first, as shared terms that later terms refer to by index.
//
// A subterm written once is not written again as long as the writer
// remembers it: terms are told apart by pointer (build them with a Table
// so that equal terms are one pointer). Forget drops a term from the
// memory, for subterms that will not occur again (a state label's tree),
// so that the writer's memory is that of the terms that recur; a term
// forgotten and met again is written again, which readers accept.
//
// Write errors are sticky: after the first, every call returns it.
type Writer struct {
	w     *bufio.Writer
	acc   uint64 // pending bits, right-aligned
	nacc  int    // number of pending bits in acc (< 8 between calls)
	syms  map[Symbol]uint64
	nsyms uint64 // symbols written, plus the end-of-stream symbol 0
	terms map[*Term]uint64
	nterm uint64 // shared terms written
	err   error
	// stack is the traversal's scratch, kept between calls.
	stack []*Term
}

// NewWriter returns a writer on w and writes the stream's header.
func NewWriter(w io.Writer) *Writer {
	wr := &Writer{w: bufio.NewWriterSize(w, 1<<16), syms: map[Symbol]uint64{}, nsyms: 1, terms: map[*Term]uint64{}}
	for _, b := range Header {
		wr.bits(uint64(b), 8)
	}
	wr.bits(Version, 16)
	return wr
}

// bits appends the n low bits of v, most significant first.
func (w *Writer) bits(v uint64, n int) {
	for n > 0 {
		take := min(n, 56-w.nacc)
		n -= take
		w.acc = w.acc<<take | (v>>n)&(1<<take-1)
		w.nacc += take
		for w.nacc >= 8 {
			w.nacc -= 8
			if err := w.w.WriteByte(byte(w.acc >> w.nacc)); err != nil && w.err == nil {
				w.err = err
			}
		}
		w.acc &= 1<<w.nacc - 1
	}
}

// varint writes v in 7-bit groups, low groups first, the high bit of each
// byte saying that another follows.
func (w *Writer) varint(v uint64) {
	for v > 127 {
		w.bits(v&127|128, 8)
		v >>= 7
	}
	w.bits(v, 8)
}

// symbol returns the index of s, writing it first if new.
func (w *Writer) symbol(s Symbol) uint64 {
	if i, ok := w.syms[s]; ok {
		return i
	}
	w.bits(0, 2)
	w.varint(uint64(len(s.Name)))
	for i := 0; i < len(s.Name); i++ {
		w.bits(uint64(s.Name[i]), 8)
	}
	w.varint(uint64(s.Arity))
	i := w.nsyms
	w.syms[s] = i
	w.nsyms++
	return i
}

func width64(n uint64) int { return bits.Len64(n) }

// check rejects a term the writer cannot write, before anything is
// written; it walks each node once, and none that the writer remembers
// (those were checked when written).
func (w *Writer) check(t *Term) error {
	if t == nil {
		return fmt.Errorf("%w: nil term", ErrTerm)
	}
	var seen map[*Term]bool
	stack := append(w.stack[:0], t)
	defer func() { w.stack = stack[:0] }()
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if _, ok := w.terms[n]; ok {
			continue
		}
		if len(n.Args) > 0 && n != t {
			// Only applications can be met twice in one walk, and the
			// root is not met again (a term does not contain itself):
			// a label written per transition allocates nothing here.
			if seen == nil {
				seen = map[*Term]bool{}
			}
			if seen[n] {
				continue
			}
			seen[n] = true
		}
		if n.IsInt {
			if len(n.Args) != 0 {
				return fmt.Errorf("%w: an integer with arguments", ErrTerm)
			}
			continue
		}
		if n.Sym == nil {
			return fmt.Errorf("%w: a term without a symbol", ErrTerm)
		}
		if n.Sym.Arity != len(n.Args) {
			return fmt.Errorf("%w: symbol %q of arity %d with %d arguments", ErrTerm, n.Sym.Name, n.Sym.Arity, len(n.Args))
		}
		if n.Sym.Name == intSymbol && n.Sym.Arity == 0 {
			return fmt.Errorf("%w: the symbol %s is reserved for integers", ErrTerm, intSymbol)
		}
		for _, a := range n.Args {
			if a == nil {
				return fmt.Errorf("%w: nil argument of %q", ErrTerm, n.Sym.Name)
			}
			stack = append(stack, a)
		}
	}
	return nil
}

// Write writes t as an output term (an integer term as an output
// integer). Its subterms are written first unless the writer remembers
// them.
func (w *Writer) Write(t *Term) error {
	if w.err != nil {
		return w.err
	}
	if err := w.check(t); err != nil {
		return err
	}
	if t.IsInt {
		return w.WriteInt(t.Int)
	}
	// The arguments, bottom up, without recursion: a list of a million
	// elements is a million levels deep.
	for _, a := range t.Args {
		w.shared(a)
	}
	w.appl(t, 2)
	return w.err
}

// shared writes t and its subterms as shared terms, those not remembered.
func (w *Writer) shared(t *Term) {
	if _, ok := w.terms[t]; ok {
		return
	}
	stack := append(w.stack[:0], t)
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		if _, ok := w.terms[n]; ok {
			stack = stack[:len(stack)-1]
			continue
		}
		pending := false
		for i := len(n.Args) - 1; i >= 0; i-- {
			if _, ok := w.terms[n.Args[i]]; !ok {
				stack = append(stack, n.Args[i])
				pending = true
			}
		}
		if pending {
			continue
		}
		stack = stack[:len(stack)-1]
		if n.IsInt {
			si := w.symbol(Symbol{intSymbol, 0})
			w.bits(1, 2)
			w.bits(si, width64(w.nsyms))
			w.varint(n.Int)
		} else {
			w.appl(n, 1)
		}
		w.terms[n] = w.nterm
		w.nterm++
	}
	w.stack = stack[:0]
}

// appl writes the packet of an application whose arguments are written.
func (w *Writer) appl(t *Term, kind uint64) {
	si := w.symbol(*t.Sym)
	w.bits(kind, 2)
	w.bits(si, width64(w.nsyms))
	aw := width64(w.nterm)
	for _, a := range t.Args {
		w.bits(w.terms[a], aw)
	}
}

// WriteInt writes an output integer.
func (w *Writer) WriteInt(v uint64) error {
	if w.err != nil {
		return w.err
	}
	w.bits(3, 2)
	w.varint(v)
	return w.err
}

// Forget drops t (not its subterms) from the terms the writer remembers.
func (w *Writer) Forget(t *Term) { delete(w.terms, t) }

// Remembered is the number of terms the writer remembers.
func (w *Writer) Remembered() int { return len(w.terms) }

// Close ends the stream (the term of symbol 0), pads the last byte with
// zero bits and flushes. It does not close the underlying writer.
func (w *Writer) Close() error {
	if w.err != nil {
		return w.err
	}
	w.bits(1, 2)
	w.bits(0, width64(w.nsyms))
	if w.nacc > 0 {
		w.bits(0, 8-w.nacc)
	}
	if err := w.w.Flush(); err != nil && w.err == nil {
		w.err = err
	}
	return w.err
}
