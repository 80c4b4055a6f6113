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
		if err := w.state(s); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.finish(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// readToy reads a whole checkpoint; it returns the header and the states.
func readToy(data []byte) (*checkpointHeader, [][]uint32, error) {
	r, h, err := readCheckpointHeader(bytes.NewReader(data), int64(len(data)), toyDecode)
	if err != nil {
		return nil, nil, err
	}
	var states [][]uint32
	for i := range h.snap.States {
		v, err := r.next(i, nil)
		if err != nil {
			return nil, nil, err
		}
		states = append(states, v)
	}
	return h, states, r.end()
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
	out = binary.LittleEndian.AppendUint32(out, crc32.Checksum(body, castagnoli))
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
