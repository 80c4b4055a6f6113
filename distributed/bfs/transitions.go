package bfs

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// The join of level L and shard S writes the transitions into the
// states of S that leave states of level L, and the states of level L in
// S without successors, to the file level-L/out-S. Every state is named
// by its level, shard and rank, which the join knows (a new state's rank
// is its place among the shard's new states, sorted by fingerprint; an
// old one's is in the visited set), so numbering needs no join at the
// end: the driver adds each level's and shard's offset as it writes the
// .aut lines.
//
// The file is a sequence of chunks: first the number of the shard's new
// states (of level L+1), which is all the driver reads of it while the
// search runs,
//
//	"BFSn1" count
//
// then records of transitions and deadlocks
//
//	"BFSt1" level shard
//	nLabels { len bytes }
//	nTrans { sourceShard sourceRank label targetLevel targetRank }
//	nDead { rank }
type outRecord struct {
	level, shard int
	labels       []string
	trans        []outTransition
	dead         []uint32
}

type outTransition struct {
	srcShard, srcRank, label, dstLevel, dstRank uint32
}

const (
	outMagic   = "BFSt1"
	countMagic = "BFSn1"
)

func appendCountRecord(dst []byte, n int) []byte {
	dst = append(dst, countMagic...)
	return binary.AppendUvarint(dst, uint64(n))
}

func isCountRecord(b []byte) bool { return bytes.HasPrefix(b, []byte(countMagic)) }

// errStop ends readChunks early.
var errStop = errors.New("stop")

// readCountRecord reads the count at the start of an out file.
func readCountRecord(r io.Reader) (uint64, error) {
	var n uint64
	found := false
	err := readChunks(r, func(b []byte) error {
		w := &wireReader{src: b}
		w.magic(countMagic)
		n = w.uvarint(maxRank + 1)
		if err := w.end(); err != nil {
			return err
		}
		found = true
		return errStop
	})
	if err != nil && err != errStop {
		return 0, err
	}
	if !found {
		return 0, fmt.Errorf("%w: no count", errWire)
	}
	return n, nil
}

// outRecordTransitions bounds a record, so that the driver holds one
// record's worth of transitions at a time.
const outRecordTransitions = 1 << 16

func (o *outRecord) encode() []byte {
	dst := append([]byte(nil), outMagic...)
	dst = binary.AppendUvarint(dst, uint64(o.level))
	dst = binary.AppendUvarint(dst, uint64(o.shard))
	dst = binary.AppendUvarint(dst, uint64(len(o.labels)))
	for _, l := range o.labels {
		dst = appendString(dst, l)
	}
	dst = binary.AppendUvarint(dst, uint64(len(o.trans)))
	for _, t := range o.trans {
		for _, v := range []uint32{t.srcShard, t.srcRank, t.label, t.dstLevel, t.dstRank} {
			dst = binary.AppendUvarint(dst, uint64(v))
		}
	}
	dst = binary.AppendUvarint(dst, uint64(len(o.dead)))
	for _, d := range o.dead {
		dst = binary.AppendUvarint(dst, uint64(d))
	}
	return dst
}

// readOutRecord decodes a record; every label index is checked.
func readOutRecord(src []byte) (*outRecord, error) {
	r := &wireReader{src: src}
	r.magic(outMagic)
	o := &outRecord{level: int(r.uvarint(maxLevel)), shard: int(r.uvarint(maxShards))}
	n := r.count(1)
	o.labels = make([]string, 0, n)
	for i := 0; i < n && r.err == nil; i++ {
		o.labels = append(o.labels, string(r.bytes()))
	}
	nt := r.count(5)
	if r.err == nil && nt > 0 && len(o.labels) == 0 {
		r.fail("transitions without labels")
	}
	o.trans = make([]outTransition, 0, nt)
	for i := 0; i < nt && r.err == nil; i++ {
		o.trans = append(o.trans, outTransition{
			srcShard: uint32(r.uvarint(maxShards)),
			srcRank:  uint32(r.uvarint(maxRank)),
			label:    uint32(r.uvarint(uint64(len(o.labels) - 1))),
			dstLevel: uint32(r.uvarint(maxLevel)),
			dstRank:  uint32(r.uvarint(maxRank)),
		})
	}
	nd := r.count(1)
	o.dead = make([]uint32, 0, nd)
	for i := 0; i < nd && r.err == nil; i++ {
		o.dead = append(o.dead, uint32(r.uvarint(maxRank)))
	}
	if err := r.end(); err != nil {
		return nil, err
	}
	return o, nil
}

// numbering gives states their numbers from the sizes of the levels'
// shards: the initial state is 0, then level by level, within a level
// shard by shard, within a shard by rank (the order of fingerprints).
type numbering struct {
	shards int
	offset []uint64 // level*shards + shard
	counts []uint64
}

func newNumbering(counts [][]uint64, shards int) *numbering {
	n := &numbering{shards: shards}
	var next uint64
	for _, level := range counts {
		for s := 0; s < shards; s++ {
			var c uint64
			if s < len(level) {
				c = level[s]
			}
			n.offset = append(n.offset, next)
			n.counts = append(n.counts, c)
			next += c
		}
	}
	return n
}

// number returns the number of a state, or an error when its level,
// shard or rank names no state.
func (n *numbering) number(level, shard, rank uint32) (uint64, error) {
	i := uint64(level)*uint64(n.shards) + uint64(shard)
	if int(shard) >= n.shards || i >= uint64(len(n.offset)) || uint64(rank) >= n.counts[i] {
		return 0, fmt.Errorf("%w: no state %d in shard %d of level %d", errWire, rank, shard, level)
	}
	return n.offset[i] + uint64(rank), nil
}
