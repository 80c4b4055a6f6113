package syntax

import (
	"fmt"

	"github.com/lps2lts/lps2lts/lps"
)

// Position is a place in the source: line and column, both from 1. The
// file's name is not in it: a parse reads one file, and its errors name
// that file once (lps.Error's File), so that no tree node carries a
// pointer the garbage collector would have to follow.
type Position struct {
	Line, Column int
}

// tokenKind is the kind of a token. Keywords have their own kind so that
// an identifier is never a keyword: `init` starts a section, never names
// a process.
type tokenKind uint8

const (
	tokEOF tokenKind = iota
	tokIdent
	tokKeyword
	tokNumber
	tokPunct
)

// token is one token of the source. text is a substring of the source,
// never a copy: reading a token allocates nothing.
type token struct {
	kind tokenKind
	text string
	pos  Position
	// infix is the operator that the token stands for between two
	// operands (lps.InfixOp), OpNone where it is none. The scanner looks
	// it up once: precedence climbing asks for it at every level that an
	// operand ends in, and the lookups by text were an eighth of parsing
	// the bench's Lamport_3-bit.
	infix lps.Op
}

// keywords are mCRL2's reserved words that occur in the textual LPS form.
// Names of built-in functions (head, count, max, if, ...) are not reserved:
// they are ordinary identifiers, resolved by the checker.
var keywords = map[string]bool{
	"sort": true, "cons": true, "map": true, "var": true, "eqn": true, "act": true,
	"glob": true, "proc": true, "init": true, "struct": true,
	"Bool": true, "Pos": true, "Nat": true, "Int": true, "Real": true,
	"List": true, "Set": true, "Bag": true, "FSet": true, "FBag": true,
	"true": true, "false": true, "whr": true, "end": true,
	"lambda": true, "forall": true, "exists": true,
	"div": true, "mod": true, "in": true,
	"sum": true, "dist": true, "delta": true, "tau": true,
}

// maxKeywordLen is the length of the longest keyword: a longer
// identifier is looked up in no map (most of a specification's are
// longer, s_Register_safe3, and the lookups were 1.7% of loading
// Lamport_3-bit).
const maxKeywordLen = 6

// IsKeyword reports whether name is one of mCRL2's reserved words, which
// no declaration may use: the binary reader refuses such a name as the
// scanner does.
func IsKeyword(name string) bool { return keywords[name] }

// scanner reads tokens on demand: identifiers [A-Za-z_][A-Za-z_0-9']*,
// numerals, mCRL2's operator tokens (longest match) and `%` line
// comments. It is a value of four words, so that the parser saves and
// restores its place (a checkpoint) by copying it.
type scanner struct {
	src       string
	off       int
	line, col int
}

func newScanner(src string) scanner { return scanner{src: src, line: 1, col: 1} }

// isTwoCharOp reports whether c1 c2 is one of -> => == != <= >= && ||
// |> <| ++ <>.
func isTwoCharOp(c1, c2 byte) bool {
	switch c1 {
	case '-', '=':
		return c2 == '>' || (c1 == '=' && c2 == '=')
	case '!', '>':
		return c2 == '='
	case '<':
		return c2 == '=' || c2 == '|' || c2 == '>'
	case '&':
		return c2 == '&'
	case '|':
		return c2 == '|' || c2 == '>'
	case '+':
		return c2 == '+'
	}
	return false
}

const oneCharOps = "()[]{},;:.=<>!-+*/#|@?"

// The classes of a byte for the scanner, one table load where each test
// was a few comparisons (and oneCharOps a loop): the scanner was 9% of
// loading the bench's Lamport_3-bit.
const (
	identStart = 1 << iota // [A-Za-z_]
	identChar              // [A-Za-z_0-9']
	oneCharOp              // a byte of oneCharOps
)

var byteClass = func() (t [256]uint8) {
	for c := range 256 {
		b := byte(c)
		if b == '_' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' {
			t[c] |= identStart | identChar
		}
		if '0' <= b && b <= '9' || b == '\'' {
			t[c] |= identChar
		}
	}
	for i := range len(oneCharOps) {
		t[oneCharOps[i]] |= oneCharOp
	}
	return t
}()

// isIdentStart and isIdentChar are mCRL2's identifier characters:
// [A-Za-z_][A-Za-z_0-9']*.
func isIdentStart(c byte) bool { return byteClass[c]&identStart != 0 }

func isIdentChar(c byte) bool { return byteClass[c]&identChar != 0 }

// scan reads the next token, skipping white space and % comments; at
// the end of the source it returns tokEOF, again and again. A character
// no token starts with is a lexical error.
func (s *scanner) scan() (token, *posError) {
	for s.off < len(s.src) {
		switch c := s.src[s.off]; c {
		case '\n':
			s.off++
			s.line++
			s.col = 1
			continue
		case ' ', '\t', '\r':
			s.off++
			s.col++
			continue
		case '%':
			for s.off < len(s.src) && s.src[s.off] != '\n' {
				s.off++
				s.col++
			}
			continue
		}
		break
	}
	pos := Position{Line: s.line, Column: s.col}
	if s.off >= len(s.src) {
		return token{kind: tokEOF, pos: pos}, nil
	}
	start := s.off
	c := s.src[start]
	end := start + 1
	var kind tokenKind
	switch {
	case isIdentStart(c):
		for end < len(s.src) && isIdentChar(s.src[end]) {
			end++
		}
		kind = tokIdent
		if end-start <= maxKeywordLen && keywords[s.src[start:end]] {
			kind = tokKeyword
		}
	case '0' <= c && c <= '9':
		for end < len(s.src) && '0' <= s.src[end] && s.src[end] <= '9' {
			end++
		}
		kind = tokNumber
	default:
		switch {
		case end < len(s.src) && isTwoCharOp(c, s.src[end]):
			end++
		case byteClass[c]&oneCharOp == 0:
			msg := fmt.Sprintf("unexpected character %q", rune(c))
			if c >= 0x80 {
				msg = "unexpected non-ASCII character"
			}
			return token{}, &posError{pos: pos, msg: msg, lexical: true}
		}
		kind = tokPunct
	}
	// A token never holds a newline, so the column moves by its length.
	s.off, s.col = end, s.col+end-start
	text := s.src[start:end]
	var infix lps.Op
	switch kind {
	case tokPunct:
		infix = punctInfix(text)
	case tokKeyword:
		infix, _ = lps.InfixOp(text) // div, mod, in
	}
	return token{kind: kind, text: text, pos: pos, infix: infix}, nil
}

// punctInfix is the infix operator of the punctuation token text (one or
// two bytes), OpNone where it is none: lps.InfixOp without a map, whose
// hashing of every punctuation token was a tenth of parsing the bench's
// Lamport_3-bit. The tokens' two bytes make a key, and a multiply's top
// bits its slot in infixPunct, which punctMul makes distinct for every
// infix token (found when the package starts, from the operator table).
func punctInfix(text string) lps.Op {
	k := punctKey(text)
	if e := &infixPunct[punctSlot(k, punctMul)]; e.key == k {
		return e.op
	}
	return lps.OpNone
}

func punctKey(text string) uint32 {
	k := uint32(text[0])
	if len(text) > 1 {
		k |= uint32(text[1]) << 8
	}
	return k
}

// punctSlots is infixPunct's size: a power of two, about four times the
// infix punctuation tokens.
const punctSlots = 64

func punctSlot(k, mul uint32) uint32 { return k * mul >> 26 & (punctSlots - 1) }

type punctEntry struct {
	key uint32
	op  lps.Op
}

var infixPunct, punctMul = func() ([punctSlots]punctEntry, uint32) {
	var ops []lps.Op
	for op := range lps.NumOps {
		if t := op.Info().Infix; t != "" && !isIdentStart(t[0]) {
			ops = append(ops, op)
		}
	}
	// About one odd multiplier in twenty places 20 tokens apart in 64
	// slots; a table that no multiplier of many fits fails loudly here
	// (TestScannedInfix), never by a search without end.
	for mul := uint32(0x9E3779B1); mul != 0x9E3779B1+2<<16; mul += 2 {
		var t [punctSlots]punctEntry
		ok := true
		for _, op := range ops {
			k := punctKey(op.Info().Infix)
			e := &t[punctSlot(k, mul)]
			if e.key != 0 {
				ok = false
				break
			}
			*e = punctEntry{k, op}
		}
		if ok {
			return t, mul
		}
	}
	panic("lps/syntax: no multiplier places the infix tokens in distinct slots: make punctSlots larger")
}()
