package syntax

import (
	"github.com/lps2lts/lps2lts/aterm"
	"github.com/lps2lts/lps2lts/lps"
)

// Parse reads an LPS in the textual syntax into its syntax tree, without
// checking it. filename is used in error positions. On failure the error
// is an lps.ErrorList of one syntax error. A binary file is refused with
// a message that says what it is.
func Parse(filename string, src []byte) (tree *Spec, err error) {
	defer lps.RecoverInternal(filename, &tree, &err)
	if aterm.IsBinary(src) {
		return nil, lps.ErrorList{{File: filename, Msg: "this is an LPS in mCRL2's binary format (as mcrl22lps writes it), not text; read it with load.Read, which takes both"}}
	}
	if e := parseWith(string(src), func(p *parser) { tree = p.spec() }); e != nil {
		return nil, syntaxError(filename, e)
	}
	return tree, nil
}

// syntaxError is the parser's error as the package's callers see it: a
// list of one, with the file named once.
func syntaxError(filename string, e *posError) lps.ErrorList {
	return lps.ErrorList{{File: filename, Pos: lps.Pos{Line: e.pos.Line, Col: e.pos.Column}, Msg: "syntax error: " + e.msg}}
}
