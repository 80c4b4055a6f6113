package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"hash/crc32"
	"io"

	"github.com/lps2lts/lps2lts/explore"
)

// The checkpoint file (DIR/checkpoint), one idea: a header, the stored
// states in order, a trailer.
//
//	magic      "lps2lts checkpoint 1\n"
//	header     fingerprint (32 bytes: SHA-256 of INFILE), the options
//	           that shape the LTS (a string), the width, the counters
//	           (explore.Snapshot), the .aut spill's length and transitions
//	states     States × width values, each a uvarint: k > 0 is the k-th
//	           value defined so far; 0 defines the next value, followed
//	           by the length and the bytes of its term (rewrite.Codec),
//	           which name it without reference to this process's term ids
//	trailer    CRC-32C of everything before it (4 bytes, little-endian),
//	           then "end\n", checked before the rest is read
//
// Integers are uvarints unless said otherwise. The file is outside
// input when read back: every count is bounded by the bytes left in the
// file before anything is allocated for it, and a malformed file is an
// error, never a panic.

const checkpointMagic = "lps2lts checkpoint 1\n"

const checkpointTrailer = "end\n"

// maxCheckpointOptions bounds the options string of a header.
const maxCheckpointOptions = 1 << 16

// maxCheckpointWidth bounds the width of a state vector in a header.
const maxCheckpointWidth = 1 << 20

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// checkpointHeader is what a checkpoint says besides its states.
type checkpointHeader struct {
	fingerprint    [32]byte
	options        string
	width          int
	snap           explore.Snapshot
	autLength      int64
	autTransitions uint64
}

// checkpointWriter writes a checkpoint file.
type checkpointWriter struct {
	w      *bufio.Writer
	crc    hash.Hash32
	out    io.Writer
	encode func(dst []byte, v uint32) ([]byte, error)
	// index[v] is the number (from 1) of value v once defined; far
	// holds those of values beyond maxDenseValue. (Term ids are dense:
	// far stays empty for an LPS's states; a value past it would make
	// index gigabytes long.)
	index []uint32
	far   map[uint32]uint32
	nvals uint32
	buf   []byte
	term  []byte // scratch for encode
}

func newCheckpointWriter(out io.Writer, encode func([]byte, uint32) ([]byte, error)) *checkpointWriter {
	crc := crc32.New(castagnoli)
	return &checkpointWriter{w: bufio.NewWriterSize(io.MultiWriter(out, crc), 1<<20), crc: crc, out: out, encode: encode}
}

func (c *checkpointWriter) uvarint(x uint64) {
	c.buf = binary.AppendUvarint(c.buf[:0], x)
	c.w.Write(c.buf)
}

func (c *checkpointWriter) bytes(b []byte) {
	c.uvarint(uint64(len(b)))
	c.w.Write(b)
}

func (c *checkpointWriter) header(h *checkpointHeader) {
	c.w.WriteString(checkpointMagic)
	c.w.Write(h.fingerprint[:])
	c.bytes([]byte(h.options))
	s := h.snap
	for _, x := range []uint64{uint64(h.width), uint64(s.States), uint64(s.Explored), s.Transitions, uint64(s.Level), uint64(s.LevelUp), uint64(h.autLength), h.autTransitions} {
		c.uvarint(x)
	}
}

// state writes one state's vector.
func (c *checkpointWriter) state(vec []uint32) error {
	for _, v := range vec {
		var k uint32
		if v < maxDenseValue {
			if int(v) >= len(c.index) {
				c.index = append(c.index, make([]uint32, int(v)+1-len(c.index))...)
			}
			k = c.index[v]
		} else {
			k = c.far[v]
		}
		if k > 0 {
			c.uvarint(uint64(k))
			continue
		}
		var err error
		if c.term, err = c.encode(c.term[:0], v); err != nil {
			return err
		}
		c.uvarint(0)
		c.bytes(c.term)
		c.nvals++
		if v < maxDenseValue {
			c.index[v] = c.nvals
		} else {
			if c.far == nil {
				c.far = map[uint32]uint32{}
			}
			c.far[v] = c.nvals
		}
	}
	return nil
}

// maxDenseValue bounds the values a checkpointWriter numbers through a
// slice indexed by value.
const maxDenseValue = 1 << 24

// finish writes the trailer and flushes.
func (c *checkpointWriter) finish() error {
	if err := c.w.Flush(); err != nil {
		return err
	}
	var t [4]byte
	binary.LittleEndian.PutUint32(t[:], c.crc.Sum32())
	if _, err := c.out.Write(t[:]); err != nil {
		return err
	}
	_, err := io.WriteString(c.out, checkpointTrailer)
	return err
}

// checkpointReader reads a checkpoint file: its header first, then its
// states one by one (next), then its trailer (end).
type checkpointReader struct {
	r      *bufio.Reader
	left   int64 // bytes of the body not yet read
	decode func([]byte) (uint32, error)
	values []uint32
	width  int
	buf    []byte
}

var errCheckpointShort = errors.New("the checkpoint ends early")

// readCheckpointHeader reads the header of a checkpoint of size bytes
// from r (an io.ReaderAt: the trailer is read apart). decode turns a
// term's bytes into this process's value.
func readCheckpointHeader(r io.ReaderAt, size int64, decode func([]byte) (uint32, error)) (*checkpointReader, *checkpointHeader, error) {
	trailer := int64(4 + len(checkpointTrailer))
	body := size - trailer
	if body < int64(len(checkpointMagic)) {
		return nil, nil, errCheckpointShort
	}
	tail := make([]byte, trailer)
	if _, err := r.ReadAt(tail, body); err != nil {
		return nil, nil, err
	}
	// The checksum first: a damaged file is said to be damaged, not
	// read as states that are not the search's.
	crc := crc32.New(castagnoli)
	if _, err := io.Copy(crc, io.NewSectionReader(r, 0, body)); err != nil {
		return nil, nil, err
	}
	if !bytes.Equal(tail[4:], []byte(checkpointTrailer)) || binary.LittleEndian.Uint32(tail) != crc.Sum32() {
		return nil, nil, errors.New("checkpoint: the checksum does not match (a damaged or unfinished file)")
	}
	c := &checkpointReader{r: bufio.NewReaderSize(io.NewSectionReader(r, 0, body), int(min(body, 1<<20))), left: body, decode: decode}
	magic := make([]byte, len(checkpointMagic))
	if err := c.full(magic); err != nil || string(magic) != checkpointMagic {
		return nil, nil, errors.New("not a checkpoint of this lps2lts (wrong magic)")
	}
	h := &checkpointHeader{}
	if err := c.full(h.fingerprint[:]); err != nil {
		return nil, nil, err
	}
	opts, err := c.bytes(maxCheckpointOptions)
	if err != nil {
		return nil, nil, err
	}
	h.options = string(opts)
	var n [8]uint64
	for i := range n {
		if n[i], err = c.uvarint(); err != nil {
			return nil, nil, err
		}
	}
	const maxInt = uint64(^uint32(0)) // state numbers are 32-bit
	if n[0] == 0 || n[0] > maxCheckpointWidth {
		return nil, nil, fmt.Errorf("checkpoint: width %d out of range", n[0])
	}
	for _, k := range []int{1, 2, 4, 5} {
		if n[k] > maxInt {
			return nil, nil, fmt.Errorf("checkpoint: count %d out of range", n[k])
		}
	}
	if n[6] > 1<<62 {
		return nil, nil, fmt.Errorf("checkpoint: .aut length %d out of range", n[6])
	}
	h.width = int(n[0])
	h.snap = explore.Snapshot{States: int(n[1]), Explored: int(n[2]), Transitions: n[3], Level: int(n[4]), LevelUp: int(n[5])}
	h.autLength, h.autTransitions = int64(n[6]), n[7]
	// Every value takes a byte at least: a count of states the file
	// cannot hold is refused before the states are read.
	if uint64(h.snap.States) > uint64(c.left)/n[0] {
		return nil, nil, fmt.Errorf("checkpoint: %d states of width %d do not fit in %d bytes", h.snap.States, h.width, c.left)
	}
	c.width = h.width
	return c, h, nil
}

func (c *checkpointReader) full(b []byte) error {
	if int64(len(b)) > c.left {
		return errCheckpointShort
	}
	if _, err := io.ReadFull(c.r, b); err != nil {
		return errCheckpointShort
	}
	c.left -= int64(len(b))
	return nil
}

func (c *checkpointReader) uvarint() (uint64, error) {
	var x uint64
	for i := 0; i < binary.MaxVarintLen64; i++ {
		if c.left == 0 {
			return 0, errCheckpointShort
		}
		b, err := c.r.ReadByte()
		if err != nil {
			return 0, errCheckpointShort
		}
		c.left--
		if i == binary.MaxVarintLen64-1 && b > 1 {
			break
		}
		x |= uint64(b&0x7f) << (7 * i)
		if b < 0x80 {
			return x, nil
		}
	}
	return 0, errors.New("checkpoint: malformed number")
}

// bytes reads a length and that many bytes, at most limit.
func (c *checkpointReader) bytes(limit int) ([]byte, error) {
	n, err := c.uvarint()
	if err != nil {
		return nil, err
	}
	if n > uint64(limit) || int64(n) > c.left {
		return nil, fmt.Errorf("checkpoint: a field of %d bytes is too long", n)
	}
	c.buf = append(c.buf[:0], make([]byte, n)...)
	return c.buf, c.full(c.buf)
}

// next appends the vector of the next state to dst (explore.Restore's
// source; i counts the states).
func (c *checkpointReader) next(i int, dst []uint32) ([]uint32, error) {
	for range c.width {
		k, err := c.uvarint()
		if err != nil {
			return dst, fmt.Errorf("state %d: %w", i, err)
		}
		if k > uint64(len(c.values)) {
			return dst, fmt.Errorf("state %d: value %d is not defined yet", i, k)
		}
		if k == 0 {
			b, err := c.bytes(int(min(c.left, 1<<30)))
			if err != nil {
				return dst, fmt.Errorf("state %d: %w", i, err)
			}
			v, err := c.decode(b)
			if err != nil {
				return dst, fmt.Errorf("state %d: %w", i, err)
			}
			c.values = append(c.values, v)
			k = uint64(len(c.values))
		}
		dst = append(dst, c.values[k-1])
	}
	return dst, nil
}

// end checks that the states filled the body.
func (c *checkpointReader) end() error {
	if c.left != 0 {
		return fmt.Errorf("checkpoint: %d bytes after the states", c.left)
	}
	return nil
}
