package mcrl2

import (
	"fmt"
	"math/big"

	"github.com/lps2lts/lps2lts/aterm"
)

// binError is a malformed or unsupported term, raised by panic inside
// binReader and returned by Read.
type binError struct{ error }

// binConv walks the ATerm stream of a binary LPS (package aterm): mCRL2's
// internal term structure (libraries/lps/source/lps_io.cpp,
// libraries/data/source/data_io.cpp), read item by item, with the bounds
// and the decoding of numbers and finite containers that binReader uses.
type binConv struct {
	out []aterm.Output
	pos int
	// depth and nodes bound the recursion and the size of what is built:
	// the terms of a file are shared, so a small file can describe a tree
	// far too deep or too large to build.
	depth, nodes int
}

const (
	maxBinDepth = 100000
	// maxBinNodes bounds the nodes of the IR built of a binary file,
	// counted as a tree (the reader shares the IR of a term the file
	// shares, but later stages walk it as a tree): eight times those of
	// mcrl22lps -lstack's file of mCRL2's example ERTMS section I SU
	// (5,578,759 from 117 kB), the largest we know.
	maxBinNodes = 1 << 25
)

// enter counts a node of the tree being printed; leave ends it.
func (c *binConv) enter() {
	c.depth++
	c.nodes++
	if c.depth > maxBinDepth {
		c.fail("terms nested more than %d deep", maxBinDepth)
	}
	if c.nodes > maxBinNodes {
		c.fail("the specification has more than %d nodes", maxBinNodes)
	}
}

func (c *binConv) leave() { c.depth-- }

func (c *binConv) fail(format string, args ...any) {
	panic(binError{fmt.Errorf("%w: "+format, append([]any{aterm.ErrFormat}, args...)...)})
}

func (c *binConv) next() aterm.Output {
	if c.pos >= len(c.out) {
		c.fail("the stream ends before the specification does")
	}
	o := c.out[c.pos]
	c.pos++
	return o
}

func (c *binConv) term() *aterm.Term {
	o := c.next()
	if o.Term == nil {
		c.fail("a term expected, found the number %d", o.Int)
	}
	return o.Term
}

func (c *binConv) count() int {
	o := c.next()
	if !o.IsInt || o.Int > uint64(len(c.out)-c.pos) {
		c.fail("a count of the items that follow expected")
	}
	return int(o.Int)
}

// is reports whether t is the symbol name with arity n.
func is(t *aterm.Term, name string, n int) bool {
	return !t.IsInt && t.Sym.Name == name && len(t.Args) == n
}

// list returns the elements of an ATerm list.
func (c *binConv) list(t *aterm.Term) []*aterm.Term {
	var out []*aterm.Term
	for !is(t, "<empty_list>", 0) {
		if !is(t, "<list_constructor>", 2) {
			c.fail("a list expected, found %s", t.Sym.Name)
		}
		out = append(out, t.Args[0])
		t = t.Args[1]
	}
	return out
}

func (c *binConv) name(t *aterm.Term) string {
	if t.IsInt || len(t.Args) != 0 {
		c.fail("a name expected")
	}
	n := t.Sym.Name
	for i := 0; i < len(n); i++ {
		if forgesStructure(n[i]) {
			// No mCRL2 name (identifier, operator, internal symbol)
			// holds one; printed in a label it would end the .aut's or
			// .dot's quoted label, or the line, and forge transitions.
			c.fail("the name %q holds the character %q, which no mCRL2 name has", n, n[i])
		}
	}
	return n
}

// forgesStructure reports whether the byte c could change the structure
// of an output file around a name written into it: a quote, a backslash,
// or a control character (a newline above all). The bytes of a UTF-8
// sequence beyond ASCII are all 0x80 or more.
func forgesStructure(c byte) bool {
	return c == '"' || c == '\\' || c < 0x20 || c == 0x7f
}

// two64 is 2^64, the base of mCRL2's multi-word numbers.
var two64 = new(big.Int).Lsh(big.NewInt(1), 64)

// number evaluates mCRL2's internal encoding of a numeral: machine words
// (@most_significant_digit, @concat_digit), @c1, @cNat, @cInt, @cNeg,
// @cReal; ok is false for anything else.
func (c *binConv) number(t *aterm.Term) (*big.Rat, bool) {
	c.enter()
	defer c.leave()
	if is(t, "OpIdNoIndex", 2) {
		switch c.name(t.Args[0]) {
		case "@c1":
			return big.NewRat(1, 1), true
		case "@c0":
			return new(big.Rat), true
		}
		return nil, false
	}
	if !is(t, "DataAppl", len(t.Args)) || len(t.Args) < 2 || !is(t.Args[0], "OpIdNoIndex", 2) {
		return nil, false
	}
	args := t.Args[1:]
	switch c.name(t.Args[0].Args[0]) {
	case "@most_significant_digit", "@most_significant_digitNat":
		if len(args) == 1 && args[0].IsInt {
			return new(big.Rat).SetInt(new(big.Int).SetUint64(args[0].Int)), true
		}
	case "@concat_digit":
		if len(args) == 2 && args[1].IsInt {
			if hi, ok := c.number(args[0]); ok && hi.IsInt() {
				v := new(big.Int).Mul(hi.Num(), two64)
				return new(big.Rat).SetInt(v.Add(v, new(big.Int).SetUint64(args[1].Int))), true
			}
		}
	case "@cNat", "@cInt":
		if len(args) == 1 {
			return c.number(args[0])
		}
	case "@cNeg":
		if len(args) == 1 {
			if v, ok := c.number(args[0]); ok {
				return v.Neg(v), true
			}
		}
	case "@cReal", "@creal":
		if len(args) == 2 {
			n, ok1 := c.number(args[0])
			d, ok2 := c.number(args[1])
			if ok1 && ok2 && d.Sign() != 0 {
				return n.Quo(n, d), true
			}
		}
	}
	return nil, false
}

// isEmptyFinite reports whether t is the empty finite set or bag.
func (c *binConv) isEmptyFinite(t *aterm.Term) bool {
	if !is(t, "OpIdNoIndex", 2) && !is(t, "OpId", 3) {
		return false
	}
	switch c.name(t.Args[0]) {
	case "{}", "{:}", "@fset_empty", "@fbag_empty":
		return true
	}
	return false
}
