package aterm

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"
)

// Symbol is a function symbol: a name and an arity.
type Symbol struct {
	Name  string
	Arity int
}

// Term is a term: a symbol applied to arguments, or an integer (IsInt).
// Terms are shared: a subterm read once is one *Term.
type Term struct {
	Sym   *Symbol
	Args  []*Term
	Int   uint64
	IsInt bool
}

// Output is one item of the stream: a term or an integer.
type Output struct {
	Term  *Term // nil for an integer
	Int   uint64
	IsInt bool
}

// Header is the first five bytes of a binary ATerm stream: a zero byte and
// the magic number 0x8baf.
var Header = []byte{0x00, 0x8b, 0xaf}

// IsBinary says whether src starts like a binary ATerm stream.
func IsBinary(src []byte) bool {
	return len(src) >= 3 && src[0] == Header[0] && src[1] == Header[1] && src[2] == Header[2]
}

// intSymbol is the name of the symbol of integer terms.
const intSymbol = "<aterm_int>"

// ErrFormat is wrapped by every error about the contents of a stream.
var ErrFormat = errors.New("malformed mCRL2 binary file")

type reader struct {
	src []byte
	pos int // in bits
}

func (r *reader) left() int { return len(r.src)*8 - r.pos }

func (r *reader) bits(n int) (uint64, error) {
	if n > 64 || n > r.left() {
		return 0, fmt.Errorf("%w: unexpected end of the stream", ErrFormat)
	}
	var v uint64
	for n > 0 {
		i, off := r.pos>>3, r.pos&7
		take := min(8-off, n)
		b := uint64(r.src[i]>>(8-off-take)) & (1<<take - 1)
		v = v<<take | b
		r.pos += take
		n -= take
	}
	return v, nil
}

func (r *reader) varint() (uint64, error) {
	var v uint64
	for i := 0; i < 10; i++ {
		b, err := r.bits(8)
		if err != nil {
			return 0, err
		}
		if i == 9 && b > 1 {
			return 0, fmt.Errorf("%w: integer too large", ErrFormat)
		}
		v |= (b & 127) << (7 * i)
		if b&128 == 0 {
			return v, nil
		}
	}
	return 0, fmt.Errorf("%w: integer too large", ErrFormat)
}

// width is the number of bits of an index into a table of n entries.
func width(n int) int { return bits.Len(uint(n)) }

// Versions lists the BAF versions the reader accepts.
var Versions = []uint64{0x8306, 0x8307, 0x8308}

// Read reads a whole stream and returns its outputs in order.
func Read(src []byte) ([]Output, error) {
	r := &reader{src: src}
	zero, err := r.bits(8)
	if err != nil {
		return nil, err
	}
	magic, err := r.bits(16)
	if err != nil || zero != 0 || magic != 0x8baf {
		return nil, fmt.Errorf("%w: no binary ATerm header", ErrFormat)
	}
	version, err := r.bits(16)
	if err != nil {
		return nil, err
	}
	known := false
	for _, v := range Versions {
		known = known || v == version
	}
	if !known {
		return nil, fmt.Errorf("%w: binary format version %#x is not supported (supported: 0x8306 to 0x8308)", ErrFormat, version)
	}
	syms := []*Symbol{nil} // index 0 ends the stream
	var terms []*Term
	var out []Output
	for {
		kind, err := r.bits(2)
		if err != nil {
			return nil, err
		}
		switch kind {
		case 0: // a function symbol
			n, err := r.varint()
			if err != nil {
				return nil, err
			}
			if n > uint64(r.left()/8) {
				return nil, fmt.Errorf("%w: a name of %d bytes with %d bits left", ErrFormat, n, r.left())
			}
			name := make([]byte, n)
			for i := range name {
				b, err := r.bits(8)
				if err != nil {
					return nil, err
				}
				name[i] = byte(b)
			}
			arity, err := r.varint()
			if err != nil {
				return nil, err
			}
			if arity > uint64(r.left()) {
				return nil, fmt.Errorf("%w: symbol %q of arity %d", ErrFormat, name, arity)
			}
			syms = append(syms, &Symbol{Name: string(name), Arity: int(arity)})
		case 3: // an output integer
			v, err := r.varint()
			if err != nil {
				return nil, err
			}
			out = append(out, Output{Int: v, IsInt: true})
		default: // a term, shared (1) or output (2)
			si, err := r.bits(width(len(syms)))
			if err != nil {
				return nil, err
			}
			if si >= uint64(len(syms)) {
				return nil, fmt.Errorf("%w: function symbol %d of %d", ErrFormat, si, len(syms))
			}
			if si == 0 {
				return out, nil // the end of the stream
			}
			s := syms[si]
			t := &Term{Sym: s}
			if s.Name == intSymbol && s.Arity == 0 {
				if t.Int, err = r.varint(); err != nil {
					return nil, err
				}
				t.IsInt = true
			} else if s.Arity > 0 {
				w := width(len(terms))
				if len(terms) == 0 || s.Arity > r.left()/w {
					return nil, fmt.Errorf("%w: term of symbol %q with %d arguments and %d earlier terms", ErrFormat, s.Name, s.Arity, len(terms))
				}
				t.Args = make([]*Term, s.Arity)
				for i := range t.Args {
					ai, err := r.bits(w)
					if err != nil {
						return nil, err
					}
					if ai >= uint64(len(terms)) {
						return nil, fmt.Errorf("%w: argument %d of %d earlier terms", ErrFormat, ai, len(terms))
					}
					t.Args[i] = terms[ai]
				}
			}
			if kind == 2 {
				out = append(out, Output{Term: t})
			} else {
				terms = append(terms, t)
			}
		}
	}
}

// String prints t in the ATerm text syntax, f(a, b), for messages; deep
// or large terms are cut short with "...".
func (t *Term) String() string {
	var b strings.Builder
	budget := 200
	t.print(&b, 0, &budget)
	return b.String()
}

func (t *Term) print(b *strings.Builder, depth int, budget *int) {
	*budget--
	if depth > 8 || *budget < 0 {
		b.WriteString("...")
		return
	}
	if t.IsInt {
		fmt.Fprint(b, t.Int)
		return
	}
	b.WriteString(t.Sym.Name)
	if len(t.Args) == 0 {
		return
	}
	b.WriteString("(")
	for i, a := range t.Args {
		if i > 0 {
			b.WriteString(",")
		}
		a.print(b, depth+1, budget)
	}
	b.WriteString(")")
}
