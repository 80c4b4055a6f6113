package bfs

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// The search's own files and the elements it shuffles are short binary
// records of unsigned varints, raw 16-byte fingerprints and
// length-prefixed byte strings (frontier.go, candidates.go, visited.go,
// transitions.go). wireReader reads them from bytes that may come from
// anywhere: every count a record claims is checked against the bytes that
// are left before anything is allocated for it, so a damaged or hostile
// file gives an error, never a panic or an allocation larger than itself.

// errWire is wrapped by every error about a malformed record.
var errWire = errors.New("malformed search file")

type wireReader struct {
	src []byte
	err error
}

func (r *wireReader) fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("%w: %s", errWire, fmt.Sprintf(format, args...))
	}
	r.src = nil
}

// uvarint reads a number no greater than limit.
func (r *wireReader) uvarint(limit uint64) uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.src)
	if n <= 0 {
		r.fail("bad number")
		return 0
	}
	if v > limit {
		r.fail("number %d out of range (at most %d)", v, limit)
		return 0
	}
	r.src = r.src[n:]
	return v
}

// count reads the number of the items that follow, each at least min
// bytes long: a count the remaining bytes cannot hold is an error, so a
// caller may allocate for it.
func (r *wireReader) count(min int) int {
	return int(r.uvarint(uint64(len(r.src) / min)))
}

// bytes reads a length-prefixed byte string; the result shares r's bytes.
func (r *wireReader) bytes() []byte {
	n := r.uvarint(uint64(len(r.src)))
	if r.err != nil {
		return nil
	}
	if n > uint64(len(r.src)) { // the length's own bytes are gone now
		r.fail("unexpected end")
		return nil
	}
	b := r.src[:n:n]
	r.src = r.src[n:]
	return b
}

// fingerprint reads 16 raw bytes.
func (r *wireReader) fingerprint() (fp fingerprint) {
	if r.err != nil {
		return fp
	}
	if len(r.src) < len(fp) {
		r.fail("unexpected end")
		return fp
	}
	copy(fp[:], r.src)
	r.src = r.src[len(fp):]
	return fp
}

// magic checks a record's leading tag (a format's name and version).
func (r *wireReader) magic(tag string) {
	if r.err != nil {
		return
	}
	if len(r.src) < len(tag) || string(r.src[:len(tag)]) != tag {
		r.fail("not a %q record", tag)
		return
	}
	r.src = r.src[len(tag):]
}

// end checks that nothing follows the record.
func (r *wireReader) end() error {
	if r.err == nil && len(r.src) != 0 {
		r.fail("%d bytes after the end", len(r.src))
	}
	return r.err
}

func appendBytes(dst, b []byte) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(b)))
	return append(dst, b...)
}

func appendString(dst []byte, s string) []byte {
	dst = binary.AppendUvarint(dst, uint64(len(s)))
	return append(dst, s...)
}
