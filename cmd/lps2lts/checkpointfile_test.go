package main

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"slices"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
)

// Toy terms for the checkpoint file's tests: value v is written as the
// bytes "t" and v in decimal digits, and read back by a decoder that
// refuses anything else.
func toyEncode(dst []byte, v uint32) ([]byte, error) {
	return binary.AppendUvarint(append(dst, 't'), uint64(v)), nil
}

func toyDecode(b []byte) (uint32, error) {
	if len(b) < 2 || b[0] != 't' {
		return 0, errors.New("not a toy term")
	}
	v, n := binary.Uvarint(b[1:])
	if n != len(b)-1 || v > 1<<32-1 {
		return 0, errors.New("not a toy term")
	}
	return uint32(v) + 1000, nil // another process's ids
}

func writeToyCheckpoint(t testing.TB, states [][]uint32, snap explore.Snapshot) []byte {
	var buf bytes.Buffer
	w := newCheckpointWriter(&buf, toyEncode)
	h := &checkpointHeader{options: "strategy=breadth", width: len(states[0]), snap: snap, autLength: 64, autTransitions: snap.Transitions}
	h.fingerprint[0] = 7
	w.header(h)
	for _, s := range states {
		if err := w.values(s); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.checks(h, &checkpointChecks{}); err != nil {
		t.Fatal(err)
	}
	if err := w.finish(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// readToy reads a whole checkpoint; it returns the header and the states.
func readToy(data []byte) (*checkpointHeader, [][]uint32, error) {
	h, states, _, err := readToyChecks(data)
	return h, states, err
}

// readToyChecks reads a whole checkpoint, the checks' sections too.
func readToyChecks(data []byte) (*checkpointHeader, [][]uint32, *checkpointChecks, error) {
	r, h, err := readCheckpointHeader(bytes.NewReader(data), int64(len(data)), toyDecode)
	if err != nil {
		return nil, nil, nil, err
	}
	var states [][]uint32
	for i := range h.snap.States {
		v, err := r.next(i, nil)
		if err != nil {
			return nil, nil, nil, err
		}
		states = append(states, v)
	}
	cc, err := r.checks(h)
	if err != nil {
		return nil, nil, nil, err
	}
	return h, states, cc, r.end()
}

var toyStates = [][]uint32{{3, 4, 5}, {3, 4, 6}, {9, 4, 5}, {1 << 30, 0, 3}}

// TestCheckpointFileRoundTrip: the states come back in order, each value
// mapped through the decoder, with the header's fields.
func TestCheckpointFileRoundTrip(t *testing.T) {
	snap := explore.Snapshot{States: 4, Explored: 2, Transitions: 9, Level: 2, LevelUp: 3}
	data := writeToyCheckpoint(t, toyStates, snap)
	h, states, err := readToy(data)
	if err != nil {
		t.Fatal(err)
	}
	if h.snap != snap || h.width != 3 || h.options != "strategy=breadth" || h.fingerprint[0] != 7 || h.autLength != 64 || h.autTransitions != 9 {
		t.Fatalf("header %+v", h)
	}
	for i, s := range toyStates {
		want := make([]uint32, len(s))
		for k, v := range s {
			want[k] = v + 1000
		}
		if !slices.Equal(states[i], want) {
			t.Fatalf("state %d: %v, want %v", i, states[i], want)
		}
	}
}

// TestCheckpointFileChecks: the checks' counts and sections come back:
// the labels with their actions, the parents (the initial state's none),
// the divergence detector's states, their values numbered on from the
// states' (value 3 and 4 are defined by the states, 77 by a label).
func TestCheckpointFileChecks(t *testing.T) {
	snap := explore.Snapshot{States: 4, Explored: 2, Transitions: 9, Level: 2, LevelUp: 3}
	h := &checkpointHeader{options: "o", width: 3, snap: snap, journalLength: 123, parents: true, divergence: true}
	h.tally.Found = 7
	h.tally.Traces[1] = 5
	cc := &checkpointChecks{
		labels:  []checkpointLabel{{text: "a(3)", acts: []checkpointAction{{decl: 0, args: []uint32{3}}}}, {text: "b|c(77, 4)", acts: []checkpointAction{{decl: 1}, {decl: 2, args: []uint32{77, 4}}}}},
		parent:  []explore.StateID{explore.NoState, 0, 0, 2},
		label:   []explore.LabelID{0, 1, 2, 0},
		pending: []explore.StateID{3}, knownVecs: []uint32{3, 4, 77, 9, 9, 9}, knownFrom: []explore.StateID{2, explore.NoState},
	}
	var buf bytes.Buffer
	w := newCheckpointWriter(&buf, toyEncode)
	w.header(h)
	for _, s := range toyStates {
		if err := w.values(s); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.checks(h, cc); err != nil {
		t.Fatal(err)
	}
	if err := w.finish(); err != nil {
		t.Fatal(err)
	}
	got, _, gc, err := readToyChecks(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if got.version != checkpointVersion || got.tally != h.tally || got.journalLength != 123 || !got.parents || !got.divergence {
		t.Fatalf("header %+v", got)
	}
	plus := func(vs ...uint32) []uint32 { // toyDecode's ids
		for i := range vs {
			vs[i] += 1000
		}
		return vs
	}
	if len(gc.labels) != 2 || gc.labels[1].text != "b|c(77, 4)" || len(gc.labels[1].acts) != 2 || gc.labels[1].acts[1].decl != 2 ||
		!slices.Equal(gc.labels[1].acts[1].args, plus(77, 4)) || !slices.Equal(gc.labels[0].acts[0].args, plus(3)) || len(gc.labels[1].acts[0].args) != 0 {
		t.Errorf("labels %+v", gc.labels)
	}
	if !slices.Equal(gc.parent, cc.parent) || !slices.Equal(gc.label, cc.label) {
		t.Errorf("parents %v %v", gc.parent, gc.label)
	}
	if !slices.Equal(gc.pending, cc.pending) || !slices.Equal(gc.knownVecs, plus(3, 4, 77, 9, 9, 9)) || !slices.Equal(gc.knownFrom, cc.knownFrom) {
		t.Errorf("divergence %v %v %v", gc.pending, gc.knownVecs, gc.knownFrom)
	}
	// A parent after its child, or a label beyond the table, is refused.
	for _, bad := range []func(c *checkpointChecks){
		func(c *checkpointChecks) { c.parent = []explore.StateID{explore.NoState, 0, 3, 2} },
		func(c *checkpointChecks) { c.label = []explore.LabelID{0, 1, 3, 0} },
	} {
		c := *cc
		bad(&c)
		var buf bytes.Buffer
		w := newCheckpointWriter(&buf, toyEncode)
		w.header(h)
		for _, s := range toyStates {
			w.values(s)
		}
		w.checks(h, &c)
		w.finish()
		if _, _, _, err := readToyChecks(buf.Bytes()); err == nil {
			t.Errorf("parents %v labels %v: no error", c.parent, c.label)
		}
	}
}

// TestCheckpointFileVersion1: a checkpoint of the first format (no
// checks) is still read, as one without checks.
func TestCheckpointFileVersion1(t *testing.T) {
	var buf bytes.Buffer
	w := newCheckpointWriter(&buf, toyEncode)
	w.w.WriteString(checkpointMagics[0])
	w.w.Write(make([]byte, 32))
	w.bytes([]byte("strategy=breadth"))
	for _, x := range []uint64{3, 4, 2, 9, 2, 3, 64, 9} {
		w.uvarint(x)
	}
	for _, s := range toyStates {
		if err := w.values(s); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.finish(); err != nil {
		t.Fatal(err)
	}
	h, states, cc, err := readToyChecks(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if h.version != 1 || h.snap.States != 4 || len(states) != 4 || h.parents || h.divergence || h.tally.Found != 0 || len(cc.labels) != 0 {
		t.Fatalf("version 1: %+v %+v", h, cc)
	}
}

// TestCheckpointFileDamaged: a cut or flipped byte anywhere is an error.
func TestCheckpointFileDamaged(t *testing.T) {
	data := writeToyCheckpoint(t, toyStates, explore.Snapshot{States: 4, Explored: 2, Transitions: 9, Level: 2, LevelUp: 3})
	for i := range data {
		bad := slices.Clone(data)
		bad[i] ^= 0x10
		if _, _, err := readToy(bad); err == nil {
			t.Fatalf("byte %d flipped: no error", i)
		}
		if _, _, err := readToy(data[:i]); err == nil {
			t.Fatalf("cut at %d: no error", i)
		}
	}
}

// withTrailer appends a valid trailer to body, so that the fuzzer
// reaches the parser behind the checksum.
func withTrailer(body []byte) []byte {
	out := slices.Clone(body)
	out = binary.LittleEndian.AppendUint32(out, crc32.Checksum(body, castagnoli()))
	return append(out, checkpointTrailer...)
}

// FuzzCheckpointReader: a checkpoint is outside input; whatever its
// body, reading it gives states or an error, never a panic, and holds no
// more values than the file has bytes.
func FuzzCheckpointReader(f *testing.F) {
	data := writeToyCheckpoint(f, toyStates, explore.Snapshot{States: 4, Explored: 2, Transitions: 9, Level: 2, LevelUp: 3})
	f.Add(data[:len(data)-4-len(checkpointTrailer)])
	f.Add([]byte(checkpointMagics[checkpointVersion-1]))
	f.Add(append([]byte(checkpointMagics[checkpointVersion-1]), bytes.Repeat([]byte{0xff}, 60)...))
	f.Fuzz(func(t *testing.T, body []byte) {
		file := withTrailer(body)
		_, states, err := readToy(file)
		if err != nil {
			return
		}
		n := 0
		for _, s := range states {
			n += len(s)
		}
		if n > len(file) {
			t.Fatalf("%d values from %d bytes", n, len(file))
		}
	})
}
