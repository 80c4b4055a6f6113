package lps

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/lps2lts/lps2lts/aterm"
)

// Read reads a linear process specification in either of mCRL2's
// formats: the binary one that mcrl22lps and txt2lps write (detected by
// its first bytes; its typed terms become the IR directly, see
// readBinary), or the text that lpspp prints. name is used in messages.
func Read(name string, src []byte) (*Spec, error) {
	if !aterm.IsBinary(src) {
		return Parse(name, src)
	}
	spec, err := readBinary(name, src)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return spec, nil
}

// BinaryToText turns an LPS in mCRL2's binary format into the textual
// syntax Parse reads: the ATerm stream (package aterm) holds the data
// specification, the action labels, the global variables, the linear
// process and the initial state in mCRL2's internal term structure
// (libraries/lps/source/lps_io.cpp, libraries/data/source/data_io.cpp),
// with numbers and containers in their internal encodings; they are
// printed back in the surface syntax, fully parenthesised, and the
// checker types them again.
func BinaryToText(src []byte) (text string, err error) {
	out, err := aterm.Read(src)
	if err != nil {
		return "", err
	}
	c := &binConv{out: out}
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(binError); ok {
				err = e
				return
			}
			panic(r)
		}
	}()
	c.spec()
	return c.b.String(), nil
}

// binError is a malformed or unsupported term, raised by panic inside the
// converter and returned by BinaryToText.
type binError struct{ error }

type binConv struct {
	out []aterm.Output
	pos int
	b   strings.Builder
	// depth and nodes bound the recursion and the size of the text: the
	// terms of a file are shared, so a small file can describe a tree
	// far too deep or too large to print.
	depth, nodes int
	// maxNodes, when not 0, bounds nodes instead of maxBinNodes.
	maxNodes int
}

const (
	maxBinDepth = 100000
	maxBinNodes = 1 << 24
	// maxReadNodes bounds the nodes of the IR that Read builds of a
	// binary file (about 100 bytes each): seven times those of the
	// largest model of the reference corpus (604,513, from a file of
	// 58 kB).
	maxReadNodes = 1 << 22
)

// enter counts a node of the tree being printed; leave ends it.
func (c *binConv) enter() {
	c.depth++
	c.nodes++
	if c.depth > maxBinDepth {
		c.fail("terms nested more than %d deep", maxBinDepth)
	}
	limit := maxBinNodes
	if c.maxNodes != 0 {
		limit = c.maxNodes
	}
	if c.nodes > limit {
		c.fail("the specification has more than %d nodes", limit)
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
	return t.Sym.Name
}

func (c *binConv) spec() {
	if m := c.term(); !is(m, "linear_process_specification", 0) {
		c.fail("not a linear process specification (found %s)", m.Sym.Name)
	}
	b := &c.b
	// The data specification: sorts, aliases, constructors, mappings,
	// equations, each a count and its items.
	for range c.count() {
		fmt.Fprintf(b, "sort %s;\n", c.sort(c.term()))
	}
	for range c.count() {
		t := c.term()
		if !is(t, "SortRef", 2) {
			c.fail("a sort alias expected")
		}
		fmt.Fprintf(b, "sort %s = %s;\n", c.sort(t.Args[0]), c.sort(t.Args[1]))
	}
	for range c.count() {
		fmt.Fprintf(b, "cons %s;\n", c.opDecl(c.term()))
	}
	for range c.count() {
		fmt.Fprintf(b, "map %s;\n", c.opDecl(c.term()))
	}
	for range c.count() {
		c.equation(c.term())
	}
	acts := c.list(c.term())
	for _, a := range acts {
		if !is(a, "ActId", 2) {
			c.fail("an action label expected")
		}
		b.WriteString("act " + c.name(a.Args[0]))
		if sorts := c.list(a.Args[1]); len(sorts) > 0 {
			b.WriteString(": " + joinMap(sorts, " # ", c.sort))
		}
		b.WriteString(";\n")
	}
	for range c.count() {
		fmt.Fprintf(b, "glob %s;\n", c.varDecl(c.term()))
	}
	b.WriteString("proc P(" + joinMap(c.list(c.term()), ", ", c.varDecl) + ") =\n")
	first := true
	plus := func() {
		if !first {
			b.WriteString("\n  + ")
		} else {
			b.WriteString("    ")
		}
		first = false
	}
	for range c.count() {
		dist, sumVars, cond, acts, time, assigns := c.term(), c.term(), c.term(), c.term(), c.term(), c.term()
		plus()
		c.sumCond(sumVars, cond)
		multi := c.list(acts)
		if len(multi) == 0 {
			b.WriteString("tau")
		}
		for i, a := range multi {
			if i > 0 {
				b.WriteString("|")
			}
			c.action(a)
		}
		c.time(time)
		b.WriteString(" . ")
		c.dist(dist)
		b.WriteString("P(")
		for i, a := range c.list(assigns) {
			if !is(a, "DataVarIdInit", 2) {
				c.fail("an assignment expected")
			}
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, "%s = %s", c.varName(a.Args[0]), c.expr(a.Args[1]))
		}
		b.WriteString(")")
	}
	for range c.count() {
		sumVars, cond, time := c.term(), c.term(), c.term()
		plus()
		c.sumCond(sumVars, cond)
		b.WriteString("delta")
		c.time(time)
	}
	if first {
		b.WriteString("    delta")
	}
	b.WriteString(";\n")
	init := c.term()
	if !is(init, "LinearProcessInit", 2) {
		c.fail("the initial state expected")
	}
	b.WriteString("init ")
	c.dist(init.Args[1])
	b.WriteString("P(" + joinMap(c.list(init.Args[0]), ", ", c.expr) + ");\n")
}

func (c *binConv) sumCond(sumVars, cond *aterm.Term) {
	if vs := c.list(sumVars); len(vs) > 0 {
		c.b.WriteString("sum " + c.varDecls(vs) + ". ")
	}
	c.b.WriteString("(" + c.expr(cond) + ") -> ")
}

func (c *binConv) time(t *aterm.Term) {
	if is(t, "DataVarId", 2) && c.name(t.Args[0]) == "@undefined_real" {
		return
	}
	c.b.WriteString(" @ (" + c.expr(t) + ")")
}

func (c *binConv) dist(t *aterm.Term) {
	if !is(t, "Distribution", 2) {
		c.fail("a distribution expected")
	}
	vs := c.list(t.Args[0])
	if len(vs) == 0 {
		return
	}
	fmt.Fprintf(&c.b, "dist %s[%s] . ", c.varDecls(vs), c.expr(t.Args[1]))
}

func (c *binConv) action(a *aterm.Term) {
	if !is(a, "Action", 2) || !is(a.Args[0], "ActId", 2) {
		c.fail("an action expected")
	}
	c.b.WriteString(c.name(a.Args[0].Args[0]))
	if args := c.list(a.Args[1]); len(args) > 0 {
		c.b.WriteString("(" + joinMap(args, ", ", c.expr) + ")")
	}
}

func (c *binConv) equation(t *aterm.Term) {
	if !is(t, "DataEqn", 4) {
		c.fail("an equation expected")
	}
	if vs := c.list(t.Args[0]); len(vs) > 0 {
		fmt.Fprintf(&c.b, "var %s;\n", strings.ReplaceAll(c.varDecls(vs), ", ", ";\n    "))
	}
	c.b.WriteString("eqn ")
	if cond := t.Args[1]; !(is(cond, "OpIdNoIndex", 2) && c.name(cond.Args[0]) == "true") && !is(cond, "@NoValue", 0) {
		c.b.WriteString(c.expr(cond) + " -> ")
	}
	fmt.Fprintf(&c.b, "%s = %s;\n", c.expr(t.Args[2]), c.expr(t.Args[3]))
}

func (c *binConv) opDecl(t *aterm.Term) string {
	if !is(t, "OpIdNoIndex", 2) && !is(t, "OpId", 3) {
		c.fail("a function symbol expected")
	}
	return c.name(t.Args[0]) + ": " + c.sort(t.Args[1])
}

func (c *binConv) varName(t *aterm.Term) string {
	if !is(t, "DataVarId", 2) && !is(t, "DataVarId", 3) {
		c.fail("a variable expected, found %s", t.Sym.Name)
	}
	return c.name(t.Args[0])
}

func (c *binConv) varDecl(t *aterm.Term) string {
	return c.varName(t) + ": " + c.sort(t.Args[1])
}

func (c *binConv) varDecls(vs []*aterm.Term) string { return joinMap(vs, ", ", c.varDecl) }

// joinMap prints each term with f and joins the results with sep.
func joinMap(ts []*aterm.Term, sep string, f func(*aterm.Term) string) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = f(t)
	}
	return strings.Join(parts, sep)
}

var consSorts = map[string]string{"SortList": "List", "SortSet": "Set", "SortBag": "Bag", "SortFSet": "FSet", "SortFBag": "FBag"}

func (c *binConv) sort(t *aterm.Term) string {
	c.enter()
	defer c.leave()
	switch {
	case is(t, "SortId", 1):
		return c.name(t.Args[0])
	case is(t, "SortCons", 2):
		k, ok := consSorts[c.name(t.Args[0])]
		if !ok {
			c.fail("unknown sort constructor %s", t.Args[0].Sym.Name)
		}
		return k + "(" + c.sort(t.Args[1]) + ")"
	case is(t, "SortArrow", 2):
		return "(" + joinMap(c.list(t.Args[0]), " # ", c.sort) + " -> " + c.sort(t.Args[1]) + ")"
	case is(t, "SortStruct", 1):
		var alts []string
		for _, k := range c.list(t.Args[0]) {
			if !is(k, "StructCons", 3) {
				c.fail("a constructor of a structured sort expected")
			}
			s := c.name(k.Args[0])
			if projs := c.list(k.Args[1]); len(projs) > 0 {
				parts := make([]string, len(projs))
				for i, p := range projs {
					if !is(p, "StructProj", 2) {
						c.fail("an argument of a constructor expected")
					}
					if n := c.name(p.Args[0]); n != "" && n != "@NoValue" {
						parts[i] = n + ": "
					}
					parts[i] += c.sort(p.Args[1])
				}
				s += "(" + strings.Join(parts, ", ") + ")"
			}
			if r := c.name(k.Args[2]); r != "" && r != "@NoValue" {
				s += "?" + r
			}
			alts = append(alts, s)
		}
		return "struct " + strings.Join(alts, " | ")
	}
	c.fail("a sort expected, found %s", t.Sym.Name)
	return ""
}

// numericCasts are the conversions to a wider number sort, which lpspp
// leaves out: the number constructors applied to an expression (@cNat,
// @cInt) and the conversion functions.
var numericCasts = map[string]bool{
	"@cNat": true, "@cInt": true, "Pos2Nat": true, "Pos2Int": true, "Pos2Real": true,
	"Nat2Int": true, "Nat2Real": true, "Int2Real": true,
}

// binInfix are the binary operators printed between their arguments.
var binInfix = map[string]bool{
	"==": true, "!=": true, "<": true, "<=": true, ">": true, ">=": true, "&&": true, "||": true, "=>": true,
	"+": true, "-": true, "*": true, "/": true, "div": true, "mod": true, "in": true, "++": true, ".": true,
	"|>": true, "<|": true,
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

func ratText(v *big.Rat) string {
	if v.IsInt() {
		if v.Sign() < 0 {
			return "(" + v.Num().String() + ")"
		}
		return v.Num().String()
	}
	return "(" + v.Num().String() + " / " + v.Denom().String() + ")"
}

// expr prints a data expression.
func (c *binConv) expr(t *aterm.Term) string {
	c.enter()
	defer c.leave()
	if v, ok := c.number(t); ok {
		return ratText(v)
	}
	switch {
	case is(t, "DataVarId", 2), is(t, "DataVarId", 3):
		return c.name(t.Args[0])
	case is(t, "OpIdNoIndex", 2), is(t, "OpId", 3):
		switch n := c.name(t.Args[0]); n {
		case "{:}":
			return "{:}"
		default:
			if strings.HasPrefix(n, "@") {
				c.fail("unsupported internal function %s", n)
			}
			return n
		}
	case is(t, "Binder", 3):
		kind := t.Args[0].Sym.Name
		vars := c.varDecls(c.list(t.Args[1]))
		body := c.expr(t.Args[2])
		switch kind {
		case "Lambda":
			return "(lambda " + vars + ". " + body + ")"
		case "Forall":
			return "(forall " + vars + ". " + body + ")"
		case "Exists":
			return "(exists " + vars + ". " + body + ")"
		case "SetComp", "BagComp":
			return "{ " + vars + " | " + body + " }"
		}
		c.fail("unknown binder %s", kind)
	case is(t, "Whr", 2):
		var defs []string
		for _, d := range c.list(t.Args[1]) {
			if !is(d, "DataVarIdInit", 2) {
				c.fail("a where clause definition expected")
			}
			defs = append(defs, c.varName(d.Args[0])+" = "+c.expr(d.Args[1]))
		}
		return "(" + c.expr(t.Args[0]) + " whr " + strings.Join(defs, ", ") + " end)"
	case !t.IsInt && t.Sym.Name == "DataAppl" && len(t.Args) >= 2:
		return c.appl(t)
	}
	c.fail("a data expression expected, found %s", t.Sym.Name)
	return ""
}

func (c *binConv) appl(t *aterm.Term) string {
	head, args := t.Args[0], t.Args[1:]
	if is(head, "OpIdNoIndex", 2) || is(head, "OpId", 3) {
		n := c.name(head.Args[0])
		switch {
		case binInfix[n] && len(args) == 2:
			return "(" + c.expr(args[0]) + " " + n + " " + c.expr(args[1]) + ")"
		case (n == "!" || n == "-" || n == "#") && len(args) == 1:
			return n + "(" + c.expr(args[0]) + ")"
		case n == "@func_update" && len(args) == 3:
			return "(" + c.expr(args[0]) + ")[" + c.expr(args[1]) + " -> " + c.expr(args[2]) + "]"
		case n == "@set" || n == "@bag":
			return c.setOrBag(n, head, args)
		case numericCasts[n] && len(args) == 1:
			// An upcast mCRL2's type checker inserted (or one written
			// out, which lpspp does not print either): the checker
			// inserts it again where the context needs it. Printed, it
			// would give its argument a context the original text did
			// not have (Pos2Nat(max(-4294967296, 12)) asks max for a Pos
			// where mCRL2 typed it in an Int comparison).
			return c.expr(args[0])
		case n == "@cNeg" && len(args) == 1:
			return "-(" + c.expr(args[0]) + ")"
		case (n == "@cReal" || n == "@creal") && len(args) == 2:
			if d, ok := c.number(args[1]); ok && d.Cmp(big.NewRat(1, 1)) == 0 {
				return c.expr(args[0])
			}
			return "(" + c.expr(args[0]) + " / " + c.expr(args[1]) + ")"
		case n == "@setfset" || n == "@bagfbag":
			if len(args) == 1 {
				return c.expr(args[0])
			}
		case n == "@fset_insert" || n == "@fbag_cinsert" || n == "@fset_cons" || n == "@fbag_cons":
			return c.enumeration(t)
		case strings.HasPrefix(n, "@"):
			c.fail("unsupported internal function %s", n)
		}
	}
	h := c.expr(head)
	if !is(head, "OpIdNoIndex", 2) && !is(head, "OpId", 3) && !is(head, "DataVarId", 2) {
		h = "(" + h + ")"
	}
	return h + "(" + joinMap(args, ", ", c.expr) + ")"
}

// setOrBag prints @set(f, s) and @bag(f, b): x is in @set(f, s) when
// f(x) differs from x in s, and @bag(f, {:}) counts f(x) of x. With the
// constant function parts @false_ and @zero_ they are the finite set or
// bag; @true_ gives a complement; otherwise a comprehension.
func (c *binConv) setOrBag(n string, head *aterm.Term, args []*aterm.Term) string {
	if len(args) != 2 {
		c.fail("%s of %d arguments", n, len(args))
	}
	f, fin := args[0], args[1]
	if is(f, "OpIdNoIndex", 2) {
		switch c.name(f.Args[0]) {
		case "@false_", "@zero_":
			return c.expr(fin)
		case "@true_":
			if n == "@set" {
				return "!(" + c.expr(fin) + ")"
			}
		}
	}
	// The element sort, from the sort of the function part S -> Bool.
	fs := head.Args[1]
	if !is(fs, "SortArrow", 2) {
		c.fail("%s without a sort", n)
	}
	doms := c.list(fs.Args[0])
	if len(doms) == 0 || !is(doms[0], "SortArrow", 2) || len(c.list(doms[0].Args[0])) != 1 {
		c.fail("%s without an element sort", n)
	}
	elem := c.sort(c.list(doms[0].Args[0])[0])
	// A comprehension { x: S | b } is @set(lambda x: S. b, {}) (or
	// @bag(lambda x: S. b, {:})): keep the file's name for its variable,
	// which labels show.
	if is(f, "Binder", 3) && f.Args[0].Sym.Name == "Lambda" {
		if vs := c.list(f.Args[1]); len(vs) == 1 && c.isEmptyFinite(fin) {
			return "{ " + c.varDecl(vs[0]) + " | " + c.expr(f.Args[2]) + " }"
		}
	}
	fn := "(" + c.expr(f) + ")"
	if n == "@set" {
		return "{ x_: " + elem + " | " + fn + "(x_) != (x_ in " + c.expr(fin) + ") }"
	}
	if e := c.expr(fin); e != "{:}" {
		c.fail("unsupported @bag with a function part and a finite part")
	}
	return "{ x_: " + elem + " | " + fn + "(x_) }"
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

// enumeration prints a finite set @fset_insert(x, ...{}) or finite bag
// @fbag_cinsert(x, n, ...{:}) (or their constructors @fset_cons and
// @fbag_cons) as {x, ...} or {x: n, ...}.
func (c *binConv) enumeration(t *aterm.Term) string {
	var parts []string
	for {
		if c.isEmptyFinite(t) {
			break
		}
		if !is(t, "DataAppl", len(t.Args)) || len(t.Args) < 3 || !is(t.Args[0], "OpIdNoIndex", 2) {
			c.fail("a finite set or bag expected")
		}
		// @fset_cons and @fbag_cons are the constructors (mcrl22lps
		// writes them for literals); @fset_insert and @fbag_cinsert the
		// functions that keep the elements sorted (txt2lps writes those).
		switch c.name(t.Args[0].Args[0]) {
		case "@fset_insert", "@fset_cons":
			if len(t.Args) != 3 {
				c.fail("a finite set expected")
			}
			parts = append(parts, c.expr(t.Args[1]))
			t = t.Args[2]
		case "@fbag_cinsert", "@fbag_cons":
			if len(t.Args) != 4 {
				c.fail("a finite bag expected")
			}
			parts = append(parts, c.expr(t.Args[1])+": "+c.expr(t.Args[2]))
			t = t.Args[3]
		default:
			c.fail("a finite set or bag expected")
		}
	}
	if len(parts) == 0 {
		return "{}"
	}
	return "{" + strings.Join(parts, ", ") + "}"
}
