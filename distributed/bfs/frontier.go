package bfs

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
)

// A frontier block holds up to frontierBlockStates consecutive states of
// one level and one shard, numbered within the shard from First on. The
// states' entries are written once each in the block's dictionary and
// named by their index there, so a state costs about one byte per
// parameter: the values of a parameter repeat from state to state (the
// 220 bytes a state took as a base64 tree shrink to its width in bytes
// plus its share of the dictionary).
//
//	"BFSf1" shard first width
//	nTerms { len bytes }          the dictionary, codec bytes of terms
//	nStates { width × index }     indices into the dictionary
//
// all numbers unsigned varints. A frontier file is a sequence of blocks,
// each preceded by its length (chunks, below).
type frontierBlock struct {
	shard, first int
	width        int
	terms        [][]byte
	states       []uint32 // width indices per state
}

const frontierMagic = "BFSf1"

// frontierBlockStates bounds a block: a block is one element of the
// pipeline and is expanded by one worker at a time.
const frontierBlockStates = 4096

func (b *frontierBlock) len() int {
	if b.width == 0 {
		return len(b.states) // see appendFrontierBlock: one dummy index per state
	}
	return len(b.states) / b.width
}

// appendFrontierBlock encodes the states (each width entries of codec
// bytes) numbered first, first+1, ... in shard.
func appendFrontierBlock(dst []byte, shard, first, width int, states [][]string) []byte {
	dict := map[string]uint64{}
	var terms []string
	var body []byte
	for _, s := range states {
		for _, e := range s {
			i, ok := dict[e]
			if !ok {
				i = uint64(len(terms))
				dict[e] = i
				terms = append(terms, e)
			}
			body = binary.AppendUvarint(body, i)
		}
		if width == 0 {
			// A state of no parameters still takes a byte, so that a
			// block's state count is bounded by its length.
			body = append(body, 0)
		}
	}
	dst = append(dst, frontierMagic...)
	dst = binary.AppendUvarint(dst, uint64(shard))
	dst = binary.AppendUvarint(dst, uint64(first))
	dst = binary.AppendUvarint(dst, uint64(width))
	dst = binary.AppendUvarint(dst, uint64(len(terms)))
	for _, t := range terms {
		dst = appendString(dst, t)
	}
	dst = binary.AppendUvarint(dst, uint64(len(states)))
	return append(dst, body...)
}

// readFrontierBlock decodes a block whose states have width entries.
func readFrontierBlock(src []byte, width int) (*frontierBlock, error) {
	r := &wireReader{src: src}
	r.magic(frontierMagic)
	b := &frontierBlock{
		shard: int(r.uvarint(maxShards)),
		first: int(r.uvarint(maxRank)),
		width: int(r.uvarint(uint64(width))),
	}
	if r.err == nil && b.width != width {
		return nil, fmt.Errorf("%w: frontier block of states of %d entries, want %d", errWire, b.width, width)
	}
	nTerms := r.count(1)
	b.terms = make([][]byte, 0, nTerms)
	for i := 0; i < nTerms && r.err == nil; i++ {
		b.terms = append(b.terms, r.bytes())
	}
	per := max(width, 1)
	n := r.count(per)
	if r.err == nil && uint64(b.first)+uint64(n) > maxRank {
		r.fail("state numbers beyond %d", maxRank)
	}
	if r.err == nil && n > 0 && width > 0 && len(b.terms) == 0 {
		r.fail("states without a dictionary")
	}
	limit := uint64(max(len(b.terms)-1, 0))
	b.states = make([]uint32, 0, min(n*per, len(r.src)))
	for i := 0; i < n*per && r.err == nil; i++ {
		b.states = append(b.states, uint32(r.uvarint(limit)))
	}
	if err := r.end(); err != nil {
		return nil, err
	}
	return b, nil
}

// Limits of the numbers in the search's files: shard numbers and ranks
// (a state's number within its level and shard) fit in 32 bits, levels
// too, which keeps every bound check below free of overflow.
const (
	maxShards = 1 << 20
	maxRank   = 1<<32 - 1
	maxLevel  = 1<<31 - 1
)

// Files of records are sequences of chunks: a record's length as an
// unsigned varint, then the record. A chunk reader takes memory as the
// bytes arrive, never as a length claims.
const maxChunk = 1 << 30

func appendChunk(w *bufio.Writer, rec []byte) error {
	var n [binary.MaxVarintLen64]byte
	if _, err := w.Write(n[:binary.PutUvarint(n[:], uint64(len(rec)))]); err != nil {
		return err
	}
	_, err := w.Write(rec)
	return err
}

// readChunks calls fn on each record of a chunked stream.
func readChunks(r io.Reader, fn func([]byte) error) error {
	br := bufio.NewReaderSize(r, 1<<16)
	var buf bytes.Buffer
	for {
		n, err := binary.ReadUvarint(br)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%w: chunk length: %v", errWire, err)
		}
		if n > maxChunk {
			return fmt.Errorf("%w: chunk of %d bytes", errWire, n)
		}
		buf.Reset()
		if m, err := io.CopyN(&buf, br, int64(n)); err != nil {
			return fmt.Errorf("%w: chunk of %d bytes ends after %d", errWire, n, m)
		}
		if err := fn(buf.Bytes()); err != nil {
			return err
		}
	}
}
