package bfs

import (
	"encoding/binary"
	"fmt"
)

// A candidate batch is what the expansion of a bundle of frontier states
// sends to one visited-set shard: the distinct successors that fall in
// the shard (fingerprint and entries), the transitions into them, named
// by their source's number within its level (shard and rank) and their
// label, and the states of the bundle in that shard without successors.
// Entries and labels are written once per batch in dictionaries, as in a
// frontier block.
//
//	"BFSc1" width
//	nTerms { len bytes }  nLabels { len bytes }
//	nStates { fingerprint(16 bytes) width × term index }
//	nTrans { sourceShard sourceRank label state }
//	nDead { sourceRank }
type candidateBatch struct {
	width  int
	terms  []string
	labels []string
	fps    []fingerprint
	states []uint32 // width term indices per state (one 0 when width is 0)
	trans  []candidateTransition
	dead   []uint32

	termIndex  map[string]uint32
	labelIndex map[string]uint32
	stateIndex map[fingerprint]uint32
}

type candidateTransition struct {
	srcShard, srcRank, label, state uint32
}

const candidateMagic = "BFSc1"

// candidateBatchStates bounds a batch before it is sent on, so that an
// element of the shuffle stays a few megabytes.
const candidateBatchStates = 1 << 14

func newCandidateBatch(width int) *candidateBatch {
	return &candidateBatch{width: width, termIndex: map[string]uint32{}, labelIndex: map[string]uint32{}, stateIndex: map[fingerprint]uint32{}}
}

func (b *candidateBatch) empty() bool { return len(b.fps) == 0 && len(b.dead) == 0 }

func (b *candidateBatch) reset() {
	b.terms, b.labels, b.fps, b.states, b.trans, b.dead = b.terms[:0], b.labels[:0], b.fps[:0], b.states[:0], b.trans[:0], b.dead[:0]
	clear(b.termIndex)
	clear(b.labelIndex)
	clear(b.stateIndex)
}

// stateEntries returns the dictionary indices of state i.
func (b *candidateBatch) stateEntries(i int) []uint32 {
	per := max(b.width, 1)
	return b.states[i*per : i*per+per]
}

// addState adds a successor (once per fingerprint) and returns its index.
// A fingerprint met again with other entries is a collision, reported.
func (b *candidateBatch) addState(fp fingerprint, entries []string) (uint32, error) {
	if i, ok := b.stateIndex[fp]; ok {
		for k, idx := range b.stateEntries(int(i))[:b.width] {
			if b.terms[idx] != entries[k] {
				return 0, fmt.Errorf("two different states share the fingerprint %v", fp)
			}
		}
		return i, nil
	}
	i := uint32(len(b.fps))
	b.stateIndex[fp] = i
	b.fps = append(b.fps, fp)
	for _, e := range entries {
		t, ok := b.termIndex[e]
		if !ok {
			t = uint32(len(b.terms))
			b.termIndex[e] = t
			b.terms = append(b.terms, e)
		}
		b.states = append(b.states, t)
	}
	if b.width == 0 {
		b.states = append(b.states, 0)
	}
	return i, nil
}

func (b *candidateBatch) addTransition(srcShard, srcRank uint32, label string, state uint32) {
	l, ok := b.labelIndex[label]
	if !ok {
		l = uint32(len(b.labels))
		b.labelIndex[label] = l
		b.labels = append(b.labels, label)
	}
	b.trans = append(b.trans, candidateTransition{srcShard, srcRank, l, state})
}

func (b *candidateBatch) encode() []byte {
	dst := append([]byte(nil), candidateMagic...)
	dst = binary.AppendUvarint(dst, uint64(b.width))
	for _, list := range [][]string{b.terms, b.labels} {
		dst = binary.AppendUvarint(dst, uint64(len(list)))
		for _, s := range list {
			dst = appendString(dst, s)
		}
	}
	dst = binary.AppendUvarint(dst, uint64(len(b.fps)))
	for i, fp := range b.fps {
		dst = append(dst, fp[:]...)
		for _, t := range b.stateEntries(i) {
			dst = binary.AppendUvarint(dst, uint64(t))
		}
	}
	dst = binary.AppendUvarint(dst, uint64(len(b.trans)))
	for _, t := range b.trans {
		for _, v := range []uint32{t.srcShard, t.srcRank, t.label, t.state} {
			dst = binary.AppendUvarint(dst, uint64(v))
		}
	}
	dst = binary.AppendUvarint(dst, uint64(len(b.dead)))
	for _, d := range b.dead {
		dst = binary.AppendUvarint(dst, uint64(d))
	}
	return dst
}

// readCandidateBatch decodes a batch of states with width entries. Every
// index is checked against its dictionary, so a caller may use them.
func readCandidateBatch(src []byte, width int) (*candidateBatch, error) {
	r := &wireReader{src: src}
	r.magic(candidateMagic)
	if w := int(r.uvarint(uint64(width))); r.err == nil && w != width {
		return nil, fmt.Errorf("%w: candidate batch of states of %d entries, want %d", errWire, w, width)
	}
	b := &candidateBatch{width: width}
	for _, list := range []*[]string{&b.terms, &b.labels} {
		n := r.count(1)
		*list = make([]string, 0, n)
		for i := 0; i < n && r.err == nil; i++ {
			*list = append(*list, string(r.bytes()))
		}
	}
	per := max(width, 1)
	n := r.count(len(fingerprint{}) + per)
	if r.err == nil && n > 0 && width > 0 && len(b.terms) == 0 {
		r.fail("states without a dictionary")
	}
	limit := uint64(max(len(b.terms)-1, 0))
	b.fps = make([]fingerprint, 0, n)
	b.states = make([]uint32, 0, n*per)
	for i := 0; i < n && r.err == nil; i++ {
		b.fps = append(b.fps, r.fingerprint())
		for k := 0; k < per; k++ {
			b.states = append(b.states, uint32(r.uvarint(limit)))
		}
	}
	nt := r.count(4)
	if r.err == nil && nt > 0 && (len(b.labels) == 0 || len(b.fps) == 0) {
		r.fail("transitions without labels or states")
	}
	b.trans = make([]candidateTransition, 0, nt)
	for i := 0; i < nt && r.err == nil; i++ {
		b.trans = append(b.trans, candidateTransition{
			srcShard: uint32(r.uvarint(maxShards)),
			srcRank:  uint32(r.uvarint(maxRank)),
			label:    uint32(r.uvarint(uint64(len(b.labels) - 1))),
			state:    uint32(r.uvarint(uint64(len(b.fps) - 1))),
		})
	}
	nd := r.count(1)
	b.dead = make([]uint32, 0, nd)
	for i := 0; i < nd && r.err == nil; i++ {
		b.dead = append(b.dead, uint32(r.uvarint(maxRank)))
	}
	if err := r.end(); err != nil {
		return nil, err
	}
	return b, nil
}
