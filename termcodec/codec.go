package termcodec

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"
	"slices"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/rewrite"
)

// Codec encodes and decodes the terms of one rewriter. Like the
// rewriter, it is not safe for concurrent use (decoding may intern sorts
// in the specification's table).
type Codec struct {
	r       *rewrite.Rewriter
	table   *lps.SortTable
	named   []*lps.Sort // basic and structured sorts, in a fixed order
	namedIx map[*lps.Sort]int
	funcs   []*lps.Func // declared functions, in a fixed order
	funcIx  map[*lps.Func]int
}

// maxDepth bounds the nesting of a decoded term (a list of a million
// elements is a million levels deep).
const maxDepth = 1 << 22

// New returns a codec for the terms of r. The numbering of sorts and
// functions follows the specification's declarations, so it is the same
// in every process that read the same file.
func New(r *rewrite.Rewriter) *Codec {
	spec := r.Spec()
	c := &Codec{r: r, table: spec.SortTable, namedIx: map[*lps.Sort]int{}, funcIx: map[*lps.Func]int{}}
	seen := map[*lps.Sort]bool{}
	var walk func(s *lps.Sort)
	addFunc := func(f *lps.Func) {
		if f == nil {
			return
		}
		if _, ok := c.funcIx[f]; !ok {
			c.funcIx[f] = len(c.funcs)
			c.funcs = append(c.funcs, f)
		}
		walk(f.Sort)
	}
	walk = func(s *lps.Sort) {
		if s == nil || seen[s] {
			return
		}
		seen[s] = true
		switch s.Kind {
		case lps.SortBasic, lps.SortStruct:
			c.namedIx[s] = len(c.named)
			c.named = append(c.named, s)
			for _, k := range s.Constructors {
				addFunc(k)
				for _, p := range k.Projections {
					addFunc(p)
				}
				addFunc(k.Recogniser)
			}
		case lps.SortFunc:
			for _, d := range s.Domain {
				walk(d)
			}
			walk(s.Codomain)
		default:
			walk(s.Elem)
		}
	}
	for _, d := range spec.Sorts {
		walk(d.Sort)
	}
	for _, f := range slices.Concat(spec.Cons, spec.Maps) {
		addFunc(f)
	}
	for _, a := range spec.Actions {
		for _, s := range a.Sorts {
			walk(s)
		}
	}
	for _, v := range spec.Params {
		walk(v.S)
	}
	for _, v := range spec.Globals {
		walk(v.S)
	}
	for _, s := range spec.Summands {
		for _, v := range s.SumVars {
			walk(v.S)
		}
	}
	return c
}

// Symbol classes in the encoding.
const (
	symFunc    = iota // a declared function: its index
	symBuiltin        // a built-in lps.Func: operator, sort
	symTrue
	symFalse
	symAnd
	symOr
	symNot
	symCmp // an internal comparison: operator, operand sort
	symOp  // an internal built-in: operator, result sort, arity
)

// AppendTerm appends the encoding of t to dst: its kind (a
// rewrite.TermKind), its sort, then by kind a head symbol, a variable's
// name, a number's value or a code (rewrite.TermView.Int), and the count
// and encodings of its arguments.
func (c *Codec) AppendTerm(dst []byte, t rewrite.Term) ([]byte, error) {
	v := c.r.View(t)
	dst = append(dst, byte(v.Kind))
	var err error
	if dst, err = c.appendSort(dst, v.Sort); err != nil {
		return dst, err
	}
	switch v.Kind {
	case rewrite.KindApp:
		if dst, err = c.appendHead(dst, &v.Head); err != nil {
			return dst, err
		}
	case rewrite.KindVar:
		return appendString(dst, v.Var.Name), nil
	case rewrite.KindNum:
		return binary.AppendVarint(dst, v.Int), nil
	case rewrite.KindBig:
		dst = binary.AppendVarint(dst, int64(v.Big.Sign()))
		return appendString(dst, string(v.Big.Bytes())), nil
	case rewrite.KindReal:
		dst = binary.AppendVarint(dst, int64(v.Rat.Sign()))
		dst = appendString(dst, string(v.Rat.Num().Bytes()))
		return appendString(dst, string(v.Rat.Denom().Bytes())), nil
	default:
		dst = binary.AppendVarint(dst, v.Int)
	}
	dst = binary.AppendUvarint(dst, uint64(len(v.Args)))
	for _, a := range v.Args {
		if dst, err = c.AppendTerm(dst, a); err != nil {
			return dst, err
		}
	}
	return dst, nil
}

func appendString(dst []byte, s string) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(s)))
	return append(dst, s...)
}

func (c *Codec) appendSort(dst []byte, s *lps.Sort) ([]byte, error) {
	if s == nil {
		return append(dst, 0), nil
	}
	dst = append(dst, byte(s.Kind)+1)
	var err error
	switch s.Kind {
	case lps.SortBool, lps.SortPos, lps.SortNat, lps.SortInt, lps.SortReal:
	case lps.SortBasic, lps.SortStruct:
		i, ok := c.namedIx[s]
		if !ok {
			return dst, fmt.Errorf("cannot encode sort %s: not declared in the specification", lps.AppendSort(nil, s))
		}
		dst = binary.AppendUvarint(dst, uint64(i))
	case lps.SortFunc:
		dst = binary.AppendUvarint(dst, uint64(len(s.Domain)))
		for _, d := range s.Domain {
			if dst, err = c.appendSort(dst, d); err != nil {
				return dst, err
			}
		}
		return c.appendSort(dst, s.Codomain)
	default:
		return c.appendSort(dst, s.Elem)
	}
	return dst, nil
}

func (c *Codec) appendHead(dst []byte, h *rewrite.Head) ([]byte, error) {
	switch h.Kind {
	case rewrite.HeadTrue:
		return append(dst, symTrue), nil
	case rewrite.HeadFalse:
		return append(dst, symFalse), nil
	case rewrite.HeadAnd:
		return append(dst, symAnd), nil
	case rewrite.HeadOr:
		return append(dst, symOr), nil
	case rewrite.HeadNot:
		return append(dst, symNot), nil
	case rewrite.HeadCompare:
		dst = append(dst, symCmp)
		dst = binary.AppendUvarint(dst, uint64(h.Op))
		return c.appendSort(dst, h.Sort)
	case rewrite.HeadOp:
		dst = append(dst, symOp)
		dst = binary.AppendUvarint(dst, uint64(h.Op))
		dst = binary.AppendUvarint(dst, uint64(h.Arity))
		return c.appendSort(dst, h.Sort)
	}
	if h.Func.Kind == lps.FuncBuiltin {
		dst = append(dst, symBuiltin)
		dst = binary.AppendUvarint(dst, uint64(h.Func.Op))
		return c.appendSort(dst, h.Func.Sort)
	}
	i, ok := c.funcIx[h.Func]
	if !ok {
		return dst, fmt.Errorf("cannot encode function %s: not declared in the specification", h.Name)
	}
	dst = append(dst, symFunc)
	return binary.AppendUvarint(dst, uint64(i)), nil
}

// errMalformed is wrapped by every decoding error.
var errMalformed = errors.New("malformed term encoding")

// DecodeTerm decodes the term at the start of src and returns it with
// the bytes that follow it. Malformed input gives an error, never a
// panic.
func (c *Codec) DecodeTerm(src []byte) (t rewrite.Term, rest []byte, err error) {
	d := decoder{c: c, src: src}
	defer func() {
		if p := recover(); p != nil {
			if e, ok := p.(decodeError); ok {
				t, rest, err = 0, src, fmt.Errorf("%w: %s", errMalformed, e.msg)
				return
			}
			panic(p)
		}
	}()
	t = d.term(0)
	return t, d.src, nil
}

// decodeError carries a decoding error up the decoder's recursion to
// DecodeTerm, which alone recovers it.
type decodeError struct{ msg string }

type decoder struct {
	c   *Codec
	src []byte
}

func (d *decoder) fail(format string, args ...any) {
	panic(decodeError{fmt.Sprintf(format, args...)})
}

func (d *decoder) byte() byte {
	if len(d.src) == 0 {
		d.fail("unexpected end")
	}
	b := d.src[0]
	d.src = d.src[1:]
	return b
}

func (d *decoder) uvarint(limit uint64) uint64 {
	v, n := binary.Uvarint(d.src)
	if n <= 0 {
		d.fail("bad number")
	}
	if v > limit {
		d.fail("number %d out of range", v)
	}
	d.src = d.src[n:]
	return v
}

func (d *decoder) varint() int64 {
	v, n := binary.Varint(d.src)
	if n <= 0 {
		d.fail("bad number")
	}
	d.src = d.src[n:]
	return v
}

func (d *decoder) bytes() []byte {
	n := d.uvarint(uint64(len(d.src)))
	if n > uint64(len(d.src)) {
		// The limit counted the length's own bytes.
		d.fail("unexpected end")
	}
	b := d.src[:n]
	d.src = d.src[n:]
	return b
}

// integer decodes a sign and the bytes of a magnitude.
func (d *decoder) integer() *big.Int {
	sign := d.varint()
	x := new(big.Int).SetBytes(d.bytes())
	if sign < 0 {
		x.Neg(x)
	}
	return x
}

func (d *decoder) sort(depth int) *lps.Sort {
	if depth > maxDepth {
		d.fail("sort nested too deeply")
	}
	k := d.byte()
	if k == 0 {
		return nil
	}
	kind := lps.SortKind(k - 1)
	t := d.c.table
	switch kind {
	case lps.SortBool, lps.SortPos, lps.SortNat, lps.SortInt, lps.SortReal:
		return t.OfKind(kind)
	case lps.SortBasic, lps.SortStruct:
		i := d.uvarint(uint64(len(d.c.named)))
		if i >= uint64(len(d.c.named)) || d.c.named[i].Kind != kind {
			d.fail("unknown sort %d", i)
		}
		return d.c.named[i]
	case lps.SortList, lps.SortSet, lps.SortBag, lps.SortFSet, lps.SortFBag:
		elem := d.sort(depth + 1)
		if elem == nil {
			d.fail("container without element sort")
		}
		return t.Container(kind, elem)
	case lps.SortFunc:
		n := d.uvarint(uint64(len(d.src)))
		if n == 0 {
			d.fail("function sort without domain")
		}
		dom := make([]*lps.Sort, n)
		for i := range dom {
			if dom[i] = d.sort(depth + 1); dom[i] == nil {
				d.fail("function sort without domain")
			}
		}
		cod := d.sort(depth + 1)
		if cod == nil {
			d.fail("function sort without codomain")
		}
		return t.Func(dom, cod)
	}
	d.fail("unknown sort kind %d", k)
	return nil
}

func (d *decoder) head() rewrite.Head {
	switch class := d.byte(); class {
	case symFunc:
		i := d.uvarint(uint64(len(d.c.funcs)))
		if i >= uint64(len(d.c.funcs)) {
			d.fail("unknown function %d", i)
		}
		return rewrite.Head{Kind: rewrite.HeadFunc, Func: d.c.funcs[i]}
	case symBuiltin:
		op := lps.Op(d.uvarint(1 << 16))
		s := d.sort(0)
		if s == nil {
			d.fail("built-in without sort")
		}
		return rewrite.Head{Kind: rewrite.HeadFunc, Func: d.c.table.Builtin(op, s)}
	case symTrue:
		return rewrite.Head{Kind: rewrite.HeadTrue}
	case symFalse:
		return rewrite.Head{Kind: rewrite.HeadFalse}
	case symAnd:
		return rewrite.Head{Kind: rewrite.HeadAnd}
	case symOr:
		return rewrite.Head{Kind: rewrite.HeadOr}
	case symNot:
		return rewrite.Head{Kind: rewrite.HeadNot}
	case symCmp:
		op := lps.Op(d.uvarint(1 << 16))
		return rewrite.Head{Kind: rewrite.HeadCompare, Op: op, Sort: d.sort(0)}
	case symOp:
		op := lps.Op(d.uvarint(1 << 16))
		arity := int(d.uvarint(1 << 16))
		return rewrite.Head{Kind: rewrite.HeadOp, Op: op, Arity: arity, Sort: d.sort(0)}
	}
	d.fail("unknown symbol class")
	return rewrite.Head{}
}

func (d *decoder) term(depth int) rewrite.Term {
	if depth > maxDepth {
		d.fail("term nested too deeply")
	}
	v := rewrite.TermView{Kind: rewrite.TermKind(d.byte())}
	if v.Kind > rewrite.KindBagEnum {
		d.fail("unknown term kind %d", v.Kind)
	}
	v.Sort = d.sort(0)
	switch v.Kind {
	case rewrite.KindApp:
		v.Head = d.head()
	case rewrite.KindVar:
		v.Var = &lps.Var{Name: string(d.bytes()), S: v.Sort}
		return d.make(v)
	case rewrite.KindNum:
		v.Int = d.varint()
		return d.make(v)
	case rewrite.KindBig:
		v.Big = d.integer()
		return d.make(v)
	case rewrite.KindReal:
		num := d.integer()
		den := new(big.Int).SetBytes(d.bytes())
		if den.Sign() == 0 {
			d.fail("zero denominator")
		}
		v.Rat = new(big.Rat).SetFrac(num, den)
		return d.make(v)
	default:
		v.Int = d.varint()
	}
	n := d.uvarint(uint64(len(d.src)))
	v.Args = make([]rewrite.Term, n)
	for i := range v.Args {
		v.Args[i] = d.term(depth + 1)
	}
	return d.make(v)
}

// make returns the term v describes, failing where the rewriter finds
// that no term has that shape.
func (d *decoder) make(v rewrite.TermView) rewrite.Term {
	t, err := d.c.r.Make(v)
	if err != nil {
		d.fail("%v", err)
	}
	return t
}
