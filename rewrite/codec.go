package rewrite

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/big"

	"github.com/lps2lts/lps2lts/lps"
)

// Codec turns terms into bytes and back without reference to a term store:
// a term is written as a tree whose symbols, sorts and variables are named
// by what they are (a declared function's position in the specification, a
// built-in's operator and sort, a variable's name and sort), never by a
// term id. So another process that read the same specification decodes the
// bytes into the term its own rewriter would have built, and two processes
// that reach the same normal form write the same bytes: distributed
// exploration compares and hashes states by these bytes.
//
// A Codec belongs to one rewriter and, like it, is not safe for
// concurrent use (decoding may intern sorts in the specification's table).
type Codec struct {
	r       *Rewriter
	table   *lps.SortTable
	named   []*lps.Sort // basic and structured sorts, in a fixed order
	namedIx map[*lps.Sort]int
	funcs   []*lps.Func // declared functions, in a fixed order
	funcIx  map[*lps.Func]int
}

// maxCodecDepth bounds the nesting of a decoded term (a list of a million
// elements is a million levels deep).
const maxCodecDepth = 1 << 22

// NewCodec returns a codec for the terms of r. The numbering of sorts and
// functions follows the specification's declarations, so it is the same in
// every process that read the same file.
func NewCodec(r *Rewriter) *Codec {
	spec := r.spec
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
	for _, f := range spec.Cons {
		addFunc(f)
	}
	for _, f := range spec.Maps {
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

// symbol classes in the encoding
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

// AppendTerm appends the encoding of t to dst.
func (c *Codec) AppendTerm(dst []byte, t Term) ([]byte, error) {
	n := c.r.st.node(t)
	dst = append(dst, byte(n.kind))
	var err error
	if dst, err = c.appendSort(dst, n.sort); err != nil {
		return dst, err
	}
	switch n.kind {
	case kApp:
		if dst, err = c.appendSymbol(dst, n.fn); err != nil {
			return dst, err
		}
	case kVar:
		dst = appendString(dst, n.vi().v.Name)
		return dst, nil
	case kNum:
		return binary.AppendVarint(dst, n.val), nil
	case kBig:
		dst = binary.AppendVarint(dst, int64(n.bigInt().Sign()))
		return appendString(dst, string(n.bigInt().Bytes())), nil
	case kReal:
		dst = binary.AppendVarint(dst, int64(n.rat().Sign()))
		dst = appendString(dst, string(n.rat().Num().Bytes()))
		return appendString(dst, string(n.rat().Denom().Bytes())), nil
	default:
		dst = binary.AppendVarint(dst, n.val)
	}
	dst = binary.AppendUvarint(dst, uint64(len(n.args())))
	for _, a := range n.args() {
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

func (c *Codec) appendSymbol(dst []byte, f *symbol) ([]byte, error) {
	sh := c.r.shared
	switch {
	case f == sh.trueSym:
		return append(dst, symTrue), nil
	case f == sh.falseSym:
		return append(dst, symFalse), nil
	case f == sh.andSym:
		return append(dst, symAnd), nil
	case f == sh.orSym:
		return append(dst, symOr), nil
	case f == sh.notSym:
		return append(dst, symNot), nil
	case f.fn != nil && f.fn.Kind == lps.FuncBuiltin:
		dst = append(dst, symBuiltin)
		dst = binary.AppendUvarint(dst, uint64(f.fn.Op))
		return c.appendSort(dst, f.fn.Sort)
	case f.fn != nil:
		i, ok := c.funcIx[f.fn]
		if !ok {
			return dst, fmt.Errorf("cannot encode function %s: not declared in the specification", f.name)
		}
		dst = append(dst, symFunc)
		return binary.AppendUvarint(dst, uint64(i)), nil
	}
	// An internal symbol: a comparison (result Bool, two arguments of one
	// sort) or a built-in made by the rewriter.
	sh.mu.Lock()
	var cmpSort *lps.Sort
	for k, s := range sh.cmpSyms {
		if s == f {
			cmpSort = k.s
		}
	}
	sh.mu.Unlock()
	if cmpSort != nil {
		dst = append(dst, symCmp)
		dst = binary.AppendUvarint(dst, uint64(f.op))
		return c.appendSort(dst, cmpSort)
	}
	dst = append(dst, symOp)
	dst = binary.AppendUvarint(dst, uint64(f.op))
	dst = binary.AppendUvarint(dst, uint64(f.arity))
	return c.appendSort(dst, f.res)
}

// errCodec is wrapped by every decoding error.
var errCodec = errors.New("malformed term encoding")

// DecodeTerm decodes the term at the start of src and returns it with the
// bytes that follow it. Malformed input gives an error, never a panic.
func (c *Codec) DecodeTerm(src []byte) (t Term, rest []byte, err error) {
	d := decoder{c: c, src: src}
	defer func() {
		if p := recover(); p != nil {
			if e, ok := p.(codecError); ok {
				t, rest, err = 0, src, fmt.Errorf("%w: %s", errCodec, string(e))
				return
			}
			panic(p)
		}
	}()
	t = d.term(0)
	return t, d.src, nil
}

type codecError string

type decoder struct {
	c   *Codec
	src []byte
}

func (d *decoder) fail(format string, args ...any) {
	panic(codecError(fmt.Sprintf(format, args...)))
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
		d.fail("unexpected end")
	}
	b := d.src[:n]
	d.src = d.src[n:]
	return b
}

func (d *decoder) sort(depth int) *lps.Sort {
	if depth > maxCodecDepth {
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

func (d *decoder) symbol() *symbol {
	sh := d.c.r.shared
	switch d.byte() {
	case symFunc:
		i := d.uvarint(uint64(len(d.c.funcs)))
		if i >= uint64(len(d.c.funcs)) {
			d.fail("unknown function %d", i)
		}
		return sh.sym(d.c.funcs[i])
	case symBuiltin:
		op := lps.Op(d.uvarint(1 << 16))
		s := d.sort(0)
		if s == nil {
			d.fail("built-in without sort")
		}
		return sh.sym(d.c.table.Builtin(op, s))
	case symTrue:
		return sh.trueSym
	case symFalse:
		return sh.falseSym
	case symAnd:
		return sh.andSym
	case symOr:
		return sh.orSym
	case symNot:
		return sh.notSym
	case symCmp:
		op := lps.Op(d.uvarint(1 << 16))
		s := d.sort(0)
		if s == nil {
			d.fail("comparison without sort")
		}
		return sh.cmpSym(op, s)
	case symOp:
		op := lps.Op(d.uvarint(1 << 16))
		arity := int(d.uvarint(1 << 16))
		s := d.sort(0)
		if s == nil {
			d.fail("built-in without sort")
		}
		return sh.opSymN(op, s, arity)
	}
	d.fail("unknown symbol class")
	return nil
}

func (d *decoder) term(depth int) Term {
	if depth > maxCodecDepth {
		d.fail("term nested too deeply")
	}
	k := kind(d.byte())
	if k > kBagEnum {
		d.fail("unknown term kind %d", k)
	}
	key := node{kind: k, sort: d.sort(0)}
	switch k {
	case kApp:
		key.fn = d.symbol()
	case kVar:
		name := string(d.bytes())
		if key.sort == nil || name == "" {
			d.fail("variable without name or sort")
		}
		return d.c.variable(name, key.sort)
	case kNum:
		key.val = d.varint()
		return d.c.r.st.intern(&key)
	case kBig:
		sign := d.varint()
		x := new(big.Int).SetBytes(d.bytes())
		if sign < 0 {
			x.Neg(x)
		}
		return d.c.r.st.intern(bigNode(key.sort, x))
	case kReal:
		sign := d.varint()
		num := new(big.Int).SetBytes(d.bytes())
		den := new(big.Int).SetBytes(d.bytes())
		if den.Sign() == 0 {
			d.fail("zero denominator")
		}
		if sign < 0 {
			num.Neg(num)
		}
		return d.c.r.st.intern(ratNode(key.sort, new(big.Rat).SetFrac(num, den)))
	default:
		key.val = d.varint()
	}
	n := d.uvarint(uint64(len(d.src)))
	args := make([]Term, n)
	for i := range args {
		args[i] = d.term(depth + 1)
	}
	if k == kApp && len(args) != 0 && key.fn.arity != len(args) {
		d.fail("%s applied to %d arguments", key.fn.name, len(args))
	}
	d.checkShape(k, args)
	if k == kApp && len(args) == 0 {
		switch key.fn {
		case d.c.r.trueSym:
			return d.c.r.trueT
		case d.c.r.falseSym:
			return d.c.r.falseT
		}
	}
	return d.c.r.st.internArgs(&key, args)
}

// variable returns the variable named name of sort s, looked up by name
// and sort so that decoding adds nothing to the rewriter's tables for a
// variable it knows.
func (c *Codec) variable(name string, s *lps.Sort) Term {
	sh := c.r.shared
	sh.mu.Lock()
	vi, ok := sh.varsByName[varKey{name, s}]
	sh.mu.Unlock()
	if ok {
		return vi.term
	}
	return c.r.VarTerm(&lps.Var{Name: name, S: s})
}

// checkShape fails unless args fit a node of kind k, so that no malformed
// node reaches the store (whose code trusts the shapes it builds).
func (d *decoder) checkShape(k kind, args []Term) {
	n := len(args)
	ok := true
	switch k {
	case kNil, kFnConst:
		ok = n == 0
	case kCons, kSet, kBag:
		ok = n == 2
	case kUpdate, kUpdateStable:
		ok = n == 3
	case kHOApp, kFnOp:
		ok = n >= 2 || k == kFnOp && n == 1
	case kWhere:
		ok = n >= 3 && n%2 == 1
	case kFBag, kBagEnum:
		ok = n%2 == 0
	case kBinder:
		ok = n >= 2
		for _, v := range args[:max(n-1, 0)] {
			if d.c.r.st.node(v).kind != kVar {
				ok = false
			}
		}
	}
	if !ok {
		d.fail("a node of kind %d with %d arguments", k, n)
	}
}
