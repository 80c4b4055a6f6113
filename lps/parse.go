package lps

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/lps2lts/lps2lts/aterm"
)

// ParseFile reads and checks the LPS in the named file.
func ParseFile(path string) (*Spec, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	src, err := ReadInput(path, f)
	if err != nil {
		return nil, err
	}
	return Read(path, src)
}

// MaxInputSize bounds the size of a specification read by ParseFile and
// ReadInput, so that /dev/zero or a wrong file gets an error, not all the
// machine's memory.
const MaxInputSize = 256 << 20

// ReadInput reads a specification from r, refusing more than MaxInputSize
// bytes; name is used in the error.
func ReadInput(name string, r io.Reader) ([]byte, error) {
	return readLimited(name, r, MaxInputSize)
}

func readLimited(name string, r io.Reader, limit int64) ([]byte, error) {
	src, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(src)) > limit {
		return nil, fmt.Errorf("%s: input larger than %d bytes; refusing to read it", name, limit)
	}
	return src, nil
}

// Parse reads and checks an LPS in the textual syntax. filename is used in
// error positions. On failure the error is an ErrorList. (Read takes
// either format.)
func Parse(filename string, src []byte) (spec *Spec, err error) {
	if aterm.IsBinary(src) {
		return nil, ErrorList{{File: filename, Msg: "this is an LPS in mCRL2's binary format (as mcrl22lps writes it), not text; read it with lps.Read, which takes both"}}
	}
	defer func() {
		// Last resort: the parser and checker are meant never to panic,
		// but a bug must not take the caller down.
		if r := recover(); r != nil {
			spec = nil
			err = ErrorList{{File: filename, Msg: fmt.Sprintf("internal error: %v", r)}}
		}
	}()
	ast, perr := specParser.ParseBytes(filename, src)
	if perr != nil {
		return nil, ErrorList{syntaxError(filename, perr)}
	}
	return check(filename, ast)
}

// syntaxError turns a participle or scanner error into our Error.
func syntaxError(filename string, err error) *Error {
	var pe interface {
		Position() lexer.Position
		Message() string
	}
	if errors.As(err, &pe) {
		p := pe.Position()
		msg := pe.Message()
		var ut *participle.UnexpectedTokenError
		if errors.As(err, &ut) {
			msg = unexpectedMessage(ut)
		}
		return &Error{File: filename, Pos: Pos{p.Line, p.Column}, Msg: "syntax error: " + msg}
	}
	return &Error{File: filename, Msg: "syntax error: " + err.Error()}
}

func unexpectedMessage(ut *participle.UnexpectedTokenError) string {
	msg := ut.Message()
	msg = strings.Replace(msg, `unexpected token "<EOF>"`, "unexpected end of file", 1)
	msg = strings.Replace(msg, "unexpected token ", "unexpected ", 1)
	if i := strings.Index(msg, " (expected "); i >= 0 && strings.HasSuffix(msg, ")") {
		what := msg[i+len(" (expected ") : len(msg)-1]
		// participle lists a whole expected sequence; its first element
		// is what was missing.
		if strings.HasPrefix(what, `"`) && !strings.Contains(what, " | ") {
			if j := strings.Index(what[1:], `"`); j >= 0 {
				what = what[:j+2]
			}
		}
		msg = msg[:i] + ", expected " + grammarNames.Replace(what)
	}
	return msg
}

// grammarNames turns grammar type names in participle's messages into
// words.
var grammarNames = strings.NewReplacer(
	"astSortExpr", "a sort", "astExpr", "a data expression", "astUnit", "a data expression",
	"astIdent", "an identifier", "astVarsList", "variable declarations",
	"astSummand", "a summand", "astAction", "an action", "astArg", "an argument",
	"astSortDecl", "a sort declaration", "astIdsDecl", "a declaration", "astActDecl", "an action declaration",
	"astEqn", "an equation", "astProc", "a process declaration", "astInit", "an initial state",
	"astDist", "a distribution", "astNext", "a next state",
)
