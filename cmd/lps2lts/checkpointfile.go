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
	"slices"
	"sync"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/visitor"
)

// The checkpoint file (DIR/checkpoint), one idea: a header, the stored
// states in order, what the checks need to go on, a trailer.
//
//	magic      "lps2lts checkpoint 2\n"
//	header     fingerprint (32 bytes: SHA-256 of INFILE), the options
//	           that shape the LTS and the findings (a string), the
//	           width, the counters (explore.Snapshot), the .aut spill's
//	           length and transitions; then the checks' counts
//	           (visitor.Tally: the findings, the number of checks and
//	           the traces each wrote), the length of the trace journal,
//	           and two flags: the trace parents and the divergence
//	           detector's memory follow the labels
//	states     States × width values, each a uvarint: k > 0 is the k-th
//	           value defined so far; 0 defines the next value, followed
//	           by the length and the bytes of its term (package termcodec),
//	           which name it without reference to this process's term ids
//	labels     their number, then from id 1 on (0 is tau) each label's
//	           text and actions: their number, each its declaration (an
//	           index into the act section) and its arguments (their
//	           number and values, numbered on as the states' are)
//	parents    if flagged, per state: the distance back to its parent
//	           (0: none, the initial state) and the label from it
//	divergence if flagged: the unchecked states (their number, each a
//	           state number) and the states on divergent paths (their
//	           number, each width values and one more than the divergent
//	           state it was found from, 0 once reported)
//	trailer    CRC-32C of everything before it (4 bytes, little-endian),
//	           then "end\n", checked before the rest is read
//
// Version 1 (magic "lps2lts checkpoint 1\n") ends its header at the
// .aut spill's transitions and its body at the states: it is read, as a
// checkpoint of a run without checks (checkpointChecks refuses it to a
// run with checks).
// Integers are uvarints unless said otherwise. The file is outside
// input when read back: every count is bounded by the bytes left in the
// file before anything is allocated for it, and a malformed file is an
// error, never a panic.

// The magic of each version, the last the one written.
var checkpointMagics = []string{"lps2lts checkpoint 1\n", "lps2lts checkpoint 2\n"}

// checkpointVersion is the version written.
const checkpointVersion = 2

const checkpointTrailer = "end\n"

// maxCheckpointOptions bounds the options string of a header.
const maxCheckpointOptions = 1 << 16

// maxCheckpointWidth bounds the width of a state vector in a header.
const maxCheckpointWidth = 1 << 20

// castagnoli is the checksums' table, made on first use: making it
// (the SSE 4.2 tables) was a tenth of the CPU time of a run on a
// one-state model, and only checkpoints use it.
var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// checkpointHeader is what a checkpoint says besides its states.
type checkpointHeader struct {
	version        int
	fingerprint    [32]byte
	options        string
	width          int
	snap           explore.Snapshot
	autLength      int64
	autTransitions uint64
	// The checks (version 2).
	tally         visitor.Tally
	journalLength int64 // the trace journal's bytes at the checkpoint
	parents       bool  // the trace parents follow the labels
	divergence    bool  // the divergence detector's memory follows
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
	crc := crc32.New(castagnoli())
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
	c.w.WriteString(checkpointMagics[checkpointVersion-1])
	c.w.Write(h.fingerprint[:])
	c.bytes([]byte(h.options))
	s := h.snap
	for _, x := range []uint64{uint64(h.width), uint64(s.States), uint64(s.Explored), s.Transitions, uint64(s.Level), uint64(s.LevelUp), uint64(h.autLength), h.autTransitions} {
		c.uvarint(x)
	}
	c.uvarint(uint64(h.tally.Found))
	c.uvarint(uint64(len(h.tally.Traces)))
	for _, n := range h.tally.Traces {
		c.uvarint(uint64(n))
	}
	c.uvarint(uint64(h.journalLength))
	c.flag(h.parents)
	c.flag(h.divergence)
}

func (c *checkpointWriter) flag(b bool) {
	if b {
		c.uvarint(1)
	} else {
		c.uvarint(0)
	}
}

// values writes values, each numbered by the first that defines it.
func (c *checkpointWriter) values(vec []uint32) error {
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
	r       *bufio.Reader
	left    int64 // bytes of the body not yet read
	decode  func([]byte) (uint32, error)
	defined []uint32 // the values defined so far, in order
	width   int
	buf     []byte
}

var errCheckpointShort = errors.New("the checkpoint ends early")

// readCheckpointHeader reads the header of a checkpoint of size bytes
// from r (an io.ReaderAt: the trailer is read apart). decode turns a
// term's bytes into this process's value.
func readCheckpointHeader(r io.ReaderAt, size int64, decode func([]byte) (uint32, error)) (*checkpointReader, *checkpointHeader, error) {
	trailer := int64(4 + len(checkpointTrailer))
	body := size - trailer
	if body < int64(len(checkpointMagics[0])) {
		return nil, nil, errCheckpointShort
	}
	tail := make([]byte, trailer)
	if _, err := r.ReadAt(tail, body); err != nil {
		return nil, nil, err
	}
	// The checksum first: a damaged file is said to be damaged, not
	// read as states that are not the search's.
	crc := crc32.New(castagnoli())
	if _, err := io.Copy(crc, io.NewSectionReader(r, 0, body)); err != nil {
		return nil, nil, err
	}
	if !bytes.Equal(tail[4:], []byte(checkpointTrailer)) || binary.LittleEndian.Uint32(tail) != crc.Sum32() {
		return nil, nil, errors.New("checkpoint: the checksum does not match (a damaged or unfinished file)")
	}
	c := &checkpointReader{r: bufio.NewReaderSize(io.NewSectionReader(r, 0, body), int(min(body, 1<<20))), left: body, decode: decode}
	magic := make([]byte, len(checkpointMagics[0]))
	if err := c.full(magic); err != nil {
		return nil, nil, errors.New("not a checkpoint of this lps2lts (wrong magic)")
	}
	h := &checkpointHeader{version: slices.Index(checkpointMagics, string(magic)) + 1}
	if h.version == 0 {
		return nil, nil, errors.New("not a checkpoint of this lps2lts (wrong magic)")
	}
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
	if h.version >= 2 {
		if err := c.checksHeader(h); err != nil {
			return nil, nil, err
		}
	}
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

// checksHeader reads the checks' fields of a version 2 header.
func (c *checkpointReader) checksHeader(h *checkpointHeader) error {
	var err error
	if h.tally.Found, err = c.count(); err != nil {
		return err
	}
	checks, err := c.count()
	if err != nil {
		return err
	}
	if checks > len(h.tally.Traces) {
		return fmt.Errorf("checkpoint: the counts of %d checks, this lps2lts has %d", checks, len(h.tally.Traces))
	}
	for i := range checks {
		if h.tally.Traces[i], err = c.count(); err != nil {
			return err
		}
	}
	n, err := c.uvarint()
	if err != nil {
		return err
	}
	if n > 1<<62 {
		return fmt.Errorf("checkpoint: trace journal length %d out of range", n)
	}
	h.journalLength = int64(n)
	if h.parents, err = c.flag(); err != nil {
		return err
	}
	h.divergence, err = c.flag()
	return err
}

// count reads a count of things, each of which takes a byte of the file
// at least: a count the bytes left cannot hold is refused before
// anything is allocated for it.
func (c *checkpointReader) count() (int, error) {
	n, err := c.uvarint()
	if err == nil && n > uint64(c.left) {
		err = fmt.Errorf("checkpoint: a count of %d in %d bytes", n, c.left)
	}
	return int(n), err
}

func (c *checkpointReader) flag() (bool, error) {
	n, err := c.uvarint()
	if err == nil && n > 1 {
		err = fmt.Errorf("checkpoint: a flag of %d", n)
	}
	return n == 1, err
}

// next appends the vector of the next state to dst (explore.Restore's
// source; i counts the states).
func (c *checkpointReader) next(i int, dst []uint32) ([]uint32, error) {
	dst, err := c.values(c.width, dst)
	if err != nil {
		return dst, fmt.Errorf("state %d: %w", i, err)
	}
	return dst, nil
}

// values appends n values to dst.
func (c *checkpointReader) values(n int, dst []uint32) ([]uint32, error) {
	for range n {
		k, err := c.uvarint()
		if err != nil {
			return dst, err
		}
		if k > uint64(len(c.defined)) {
			return dst, fmt.Errorf("value %d is not defined yet", k)
		}
		if k == 0 {
			b, err := c.bytes(int(min(c.left, 1<<30)))
			if err != nil {
				return dst, err
			}
			v, err := c.decode(b)
			if err != nil {
				return dst, err
			}
			c.defined = append(c.defined, v)
			k = uint64(len(c.defined))
		}
		dst = append(dst, c.defined[k-1])
	}
	return dst, nil
}

// end checks that the sections filled the body.
func (c *checkpointReader) end() error {
	if c.left != 0 {
		return fmt.Errorf("checkpoint: %d bytes after the last section", c.left)
	}
	return nil
}

// checkpointChecks is what a checkpoint holds after its states (version
// 2): the labels and what the checks need to go on (visitor/checkpoint.go).
type checkpointChecks struct {
	labels []checkpointLabel // from id 1 on
	// parent and label of each state, when the header's parents flag is
	// set (the trace recorder's slices).
	parent []explore.StateID
	label  []explore.LabelID
	// The divergence detector's memory, when the divergence flag is set:
	// its unchecked states, and the states on divergent paths, width
	// values each in knownVecs, with the state each was found from.
	pending   []explore.StateID
	knownVecs []uint32
	knownFrom []explore.StateID
}

// checkpointLabel is a label: its text and its multi-action.
type checkpointLabel struct {
	text string
	acts []checkpointAction
}

// checkpointAction is an action of a label: its declaration's index in
// the act section and its arguments' values.
type checkpointAction struct {
	decl int
	args []uint32
}

// maxCheckpointLabel bounds a label's text.
const maxCheckpointLabel = 1 << 30

// checks writes the sections after the states; h's flags say which.
func (c *checkpointWriter) checks(h *checkpointHeader, cc *checkpointChecks) error {
	c.uvarint(uint64(len(cc.labels)))
	for _, l := range cc.labels {
		c.bytes([]byte(l.text))
		c.uvarint(uint64(len(l.acts)))
		for _, a := range l.acts {
			c.uvarint(uint64(a.decl))
			c.uvarint(uint64(len(a.args)))
			if err := c.values(a.args); err != nil {
				return err
			}
		}
	}
	if h.parents {
		for i, p := range cc.parent {
			// A state's parent was discovered before it: the distance
			// back is positive and, in a breadth-first search, small
			// next to the state numbers.
			back := uint64(0)
			if p != explore.NoState {
				back = uint64(i) - uint64(p)
			}
			c.uvarint(back)
			c.uvarint(uint64(cc.label[i]))
		}
	}
	if h.divergence {
		c.uvarint(uint64(len(cc.pending)))
		for _, s := range cc.pending {
			c.uvarint(uint64(s))
		}
		c.uvarint(uint64(len(cc.knownFrom)))
		for i, from := range cc.knownFrom {
			if err := c.values(cc.knownVecs[i*h.width : (i+1)*h.width]); err != nil {
				return err
			}
			c.uvarint(uint64(from + 1)) // NoState + 1 is 0
		}
	}
	return nil
}

// checks reads the sections after the states: none in a version 1
// checkpoint. The labels' texts and values, the states' numbers and the
// actions' declarations are checked for range here; whether they fit the
// specification is the caller's to check.
func (c *checkpointReader) checks(h *checkpointHeader) (*checkpointChecks, error) {
	cc := &checkpointChecks{}
	if h.version < 2 {
		return cc, nil
	}
	n, err := c.count()
	if err != nil {
		return nil, fmt.Errorf("labels: %w", err)
	}
	cc.labels = make([]checkpointLabel, n)
	for i := range cc.labels {
		l := &cc.labels[i]
		text, err := c.bytes(int(min(c.left, maxCheckpointLabel)))
		if err != nil {
			return nil, fmt.Errorf("label %d: %w", i+1, err)
		}
		l.text = string(text)
		acts, err := c.count()
		if err != nil {
			return nil, fmt.Errorf("label %d: %w", i+1, err)
		}
		l.acts = make([]checkpointAction, acts)
		for k := range l.acts {
			if l.acts[k].decl, err = c.count(); err != nil {
				return nil, fmt.Errorf("label %d: %w", i+1, err)
			}
			args, err := c.count()
			if err != nil {
				return nil, fmt.Errorf("label %d: %w", i+1, err)
			}
			if l.acts[k].args, err = c.values(args, make([]uint32, 0, args)); err != nil {
				return nil, fmt.Errorf("label %d: %w", i+1, err)
			}
		}
	}
	states := h.snap.States
	if h.parents {
		if uint64(states) > uint64(c.left)/2 {
			return nil, fmt.Errorf("checkpoint: the parents of %d states do not fit in %d bytes", states, c.left)
		}
		cc.parent = make([]explore.StateID, states)
		cc.label = make([]explore.LabelID, states)
		for i := range states {
			back, err := c.uvarint()
			if err != nil {
				return nil, fmt.Errorf("parent of state %d: %w", i, err)
			}
			l, err := c.uvarint()
			if err != nil {
				return nil, fmt.Errorf("parent of state %d: %w", i, err)
			}
			switch {
			case back > uint64(i) || back == 0 && i > 0:
				return nil, fmt.Errorf("checkpoint: state %d has no parent before it (%d back)", i, back)
			case l > uint64(len(cc.labels)):
				return nil, fmt.Errorf("checkpoint: state %d is reached by label %d of %d", i, l, len(cc.labels)+1)
			}
			cc.parent[i], cc.label[i] = explore.NoState, explore.LabelID(l)
			if back > 0 {
				cc.parent[i] = explore.StateID(uint64(i) - back)
			}
		}
	}
	if h.divergence {
		n, err := c.count()
		if err != nil {
			return nil, fmt.Errorf("divergence: %w", err)
		}
		cc.pending = make([]explore.StateID, n)
		for i := range cc.pending {
			s, err := c.uvarint()
			if err == nil && s >= uint64(states) {
				err = fmt.Errorf("unchecked state %d of %d", s, states)
			}
			if err != nil {
				return nil, fmt.Errorf("divergence: %w", err)
			}
			cc.pending[i] = explore.StateID(s)
		}
		if n, err = c.count(); err != nil {
			return nil, fmt.Errorf("divergence: %w", err)
		}
		if uint64(n) > uint64(c.left)/uint64(h.width) {
			return nil, fmt.Errorf("checkpoint: %d divergent states do not fit in %d bytes", n, c.left)
		}
		cc.knownFrom = make([]explore.StateID, n)
		for i := range cc.knownFrom {
			if cc.knownVecs, err = c.values(h.width, cc.knownVecs); err != nil {
				return nil, fmt.Errorf("divergence: %w", err)
			}
			from, err := c.uvarint()
			if err == nil && from > uint64(states) {
				err = fmt.Errorf("a divergent state %d of %d", from-1, states)
			}
			if err != nil {
				return nil, fmt.Errorf("divergence: %w", err)
			}
			cc.knownFrom[i] = explore.StateID(from - 1) // 0 - 1 is NoState
		}
	}
	return cc, nil
}
