package load

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/lps2lts/lps2lts/aterm"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/check"
	"github.com/lps2lts/lps2lts/lps/mcrl2"
	"github.com/lps2lts/lps2lts/lps/syntax"
)

// File reads and checks the LPS in the named file, in either format.
func File(path string) (*lps.Spec, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	src, err := Input(path, f)
	if err != nil {
		return nil, err
	}
	return Read(path, src)
}

// MaxInputSize bounds the size of a specification read by File and
// Input, so that /dev/zero or a wrong file gets an error, not all the
// machine's memory.
const MaxInputSize = 256 << 20

// Input reads a specification from r, refusing more than MaxInputSize
// bytes; name is used in the error.
func Input(name string, r io.Reader) ([]byte, error) {
	return readLimited(name, r, MaxInputSize)
}

func readLimited(name string, r io.Reader, limit int64) ([]byte, error) {
	// A file says its size: read into a buffer of that size, where
	// io.ReadAll doubled its way there and left twice the file's size
	// behind (0.46 MB for the bench's Lamport_3-bit, 222 KB), in pages
	// that a short run faults in one by one. The bound still holds: the
	// buffer grows past a size that was wrong, up to limit+1.
	var buf bytes.Buffer
	if f, ok := r.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() <= limit {
			buf.Grow(int(st.Size()) + bytes.MinRead)
		}
	}
	if _, err := buf.ReadFrom(io.LimitReader(r, limit+1)); err != nil {
		return nil, err
	}
	src := buf.Bytes()
	if int64(len(src)) > limit {
		return nil, fmt.Errorf("%s: input larger than %d bytes; refusing to read it", name, limit)
	}
	return src, nil
}

// Read reads a linear process specification in either of mCRL2's
// formats: the binary one that mcrl22lps and txt2lps write (told apart by
// its first bytes, aterm.IsBinary; package mcrl2 turns its typed terms
// into the IR directly), or the text that lpspp prints (Text). name is
// used in messages.
func Read(name string, src []byte) (*lps.Spec, error) {
	if !aterm.IsBinary(src) {
		return Text(name, src)
	}
	return mcrl2.Read(name, src)
}

// Text reads and checks an LPS in the textual syntax. name is used in
// error positions. On failure the error is an lps.ErrorList. A binary
// file is refused with a message that says so (Read takes either format).
func Text(name string, src []byte) (*lps.Spec, error) {
	tree, err := syntax.Parse(name, src)
	if err != nil {
		return nil, err
	}
	return check.Spec(name, tree)
}
