package syntax

import (
	"fmt"
	"io"

	"github.com/alecthomas/participle/v2/lexer"
)

// Token types of the LPS lexer. Keywords get their own type so that the
// grammar's @Ident never swallows the start of the next section.
const (
	tokIdent lexer.TokenType = iota + 1
	tokKeyword
	tokNumber
	tokPunct
)

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

// lpsLexer is a hand-written scanner: identifiers [A-Za-z_][A-Za-z_0-9']*,
// numerals, mCRL2's operator tokens (longest match) and `%` line comments.
// IsKeyword reports whether name is one of mCRL2's reserved words, which
// no declaration may use: the binary reader refuses such a name as the
// lexer does.
func IsKeyword(name string) bool { return keywords[name] }

type lpsLexerDef struct{}

var lpsLexer lexer.Definition = lpsLexerDef{}

// Symbols names the token types for participle's grammar tags.
func (lpsLexerDef) Symbols() map[string]lexer.TokenType {
	return map[string]lexer.TokenType{
		"EOF": lexer.EOF, "Ident": tokIdent, "Keyword": tokKeyword,
		"Number": tokNumber, "Punct": tokPunct,
	}
}

// Lex reads all of r and scans it (specifications are read whole).
func (d lpsLexerDef) Lex(filename string, r io.Reader) (lexer.Lexer, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	return d.LexBytes(filename, b)
}

// LexString scans s.
func (lpsLexerDef) LexString(filename string, s string) (lexer.Lexer, error) {
	return &scanner{file: filename, src: s, line: 1, col: 1}, nil
}

// LexBytes scans b.
func (d lpsLexerDef) LexBytes(filename string, b []byte) (lexer.Lexer, error) {
	return d.LexString(filename, string(b))
}

type scanner struct {
	file      string
	src       string
	off       int
	line, col int
}

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

// isIdentStart and isIdentChar are mCRL2's identifier characters:
// [A-Za-z_][A-Za-z_0-9']*.
func isIdentStart(c byte) bool {
	return c == '_' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}

func isIdentChar(c byte) bool {
	return isIdentStart(c) || ('0' <= c && c <= '9') || c == '\''
}

// advance moves n bytes on, keeping line and column for positions.
func (s *scanner) advance(n int) {
	for i := 0; i < n; i++ {
		if s.src[s.off] == '\n' {
			s.line++
			s.col = 1
		} else {
			s.col++
		}
		s.off++
	}
}

// Next scans one token, skipping white space and % comments.
func (s *scanner) Next() (lexer.Token, error) {
	// Skip whitespace and comments.
	for s.off < len(s.src) {
		c := s.src[s.off]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			s.advance(1)
			continue
		}
		if c == '%' {
			for s.off < len(s.src) && s.src[s.off] != '\n' {
				s.off++
				s.col++
			}
			continue
		}
		break
	}
	pos := lexer.Position{Filename: s.file, Offset: s.off, Line: s.line, Column: s.col}
	if s.off >= len(s.src) {
		return lexer.EOFToken(pos), nil
	}
	start := s.off
	c := s.src[s.off]
	var typ lexer.TokenType
	switch {
	case isIdentStart(c):
		end := start + 1
		for end < len(s.src) && isIdentChar(s.src[end]) {
			end++
		}
		typ = tokIdent
		if keywords[s.src[start:end]] {
			typ = tokKeyword
		}
		s.off, s.col = end, s.col+end-start
	case '0' <= c && c <= '9':
		end := start + 1
		for end < len(s.src) && '0' <= s.src[end] && s.src[end] <= '9' {
			end++
		}
		typ = tokNumber
		s.off, s.col = end, s.col+end-start
	default:
		if start+1 < len(s.src) && isTwoCharOp(c, s.src[start+1]) {
			s.off, s.col = start+2, s.col+2
		} else if indexByte(oneCharOps, c) >= 0 {
			s.off, s.col = start+1, s.col+1
		} else {
			msg := fmt.Sprintf("unexpected character %q", rune(c))
			if c >= 0x80 {
				msg = "unexpected non-ASCII character"
			}
			return lexer.Token{}, &posError{pos: pos, msg: msg}
		}
		typ = tokPunct
	}
	return lexer.Token{Type: typ, Value: s.src[start:s.off], Pos: pos}, nil
}

// indexByte is strings.IndexByte, -1 when c is absent.
func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

// Position is a place in the source: file, offset, line and column. It is
// participle's, named here so that the checker need not import participle.
type Position = lexer.Position
