package store

import (
	"math/bits"

	"github.com/lps2lts/lps2lts/internal/offheap"
)

// treeSample keeps the vectors of the states a tree store holds, by
// number, until reorder chooses the order of the values: reorder tries
// its candidates on these vectors. Decoding them from the tree instead
// (decodeAll, a lookup of the inner table for every entry that differs
// from the state before) was 5% of the run of the first 20,000 states of
// the bounded Ricart-Agrawala bench model and of merc.franklin_3_2-b,
// and 3% of Lamport_3-bit's; the vectors are at hand when the states are
// stored, and the sample holds as many words as the decoded copy did.
//
// A state stored from its vector (Insert) gives it at once. One stored
// by its root pair (InsertRootKey) gives the vector that its key was
// folded from: the keys handed out by AppendRootKeys and not all
// inserted yet are kept in order with a copy of their vectors (the
// batch), and a key inserted is looked for from the one after the last
// found, where the explorer's order puts it. Equal keys are equal
// vectors, so any key of the batch equal to it will do. A state whose
// vector is not found (a key that no batch handed out) makes the sample
// off, and reorder decodes the tree as before. A store too narrow to
// reorder (fewer than four values) keeps none.
//
// The sample also counts the distinct values of each position as the
// states come (reorder moves those with the most). A state whose key came
// with the mask of the values its transition wrote (AppendRootKeysWritten)
// has the values of its source elsewhere, and its source is a state of
// the sample, counted before: only the written values are counted. Any
// other state is compared with the one before it, whose values are
// counted. Comparing each state of the sample with the one before once
// the sample was full was 3.6% of the first 20,000 states of the bounded
// Ricart-Agrawala bench model (57 values), 2.5% of merc.franklin_3_2-b:
// a few of the values differ, at places that follow no pattern.
//
// The vectors are mapped off Go's heap (offheap), room for reorderSample
// of them from the start, and given back as reorder is done with them:
// grown by append on the heap, the arrays left behind stayed resident
// until the first collection (swp_fgpbp's first 200,000 states peaked
// 1.4 MB higher, merc.onebit_3-b 1.9 MB).
type treeSample struct {
	pool    offheap.Pool
	vecs    []uint32   // the vectors of states 0, 1, ..., one after another
	counted *valueSets // the distinct values of each position in vecs
	// The batch: the keys handed out since none was outstanding, their
	// vectors, and the masks of the values their transitions wrote
	// (allWritten where none came).
	batchKeys    []uint64
	batchVecs    []uint32
	batchWritten []uint64
	next         int  // where the next key inserted is looked for first
	off          bool // no sample: a state's vector is not in vecs, or none is kept
}

// allWritten is the mask of a vector whose transition's writes are not
// known: it is compared with the state before it. (A transition that
// writes every value of 64 or more may have this mask too: comparing is
// exact for any vector.)
const allWritten = ^uint64(0)

// maxBatchKeys and maxSampleStates bound the sample where the order is
// not chosen when it should be, at reorderSample states (reorder waits
// for a moment when no key is outstanding): far more keys or states
// than a search between two such moments holds turn the sample off.
const (
	maxBatchKeys    = 1 << 20
	maxSampleStates = 4 * reorderSample
)

// resetBatch starts a new batch: no key is outstanding.
func (t *treeSample) resetBatch() {
	t.batchKeys, t.batchVecs, t.batchWritten, t.next = t.batchKeys[:0], t.batchVecs[:0], t.batchWritten[:0], 0
}

// handedOut records the keys handed out for vecs, one vector of w
// values each, and written, the masks of the values that their
// transitions wrote (explore.WrittenFolder), or nil.
func (t *treeSample) handedOut(keys []uint64, vecs []uint32, written []uint64, w int) {
	if t.off {
		return
	}
	if len(t.batchKeys) > maxBatchKeys {
		// Keys handed out and never inserted keep the batch open (and
		// the order unchosen): the sample stops rather than grow.
		t.free()
		return
	}
	t.batchKeys = append(t.batchKeys, keys...)
	t.batchVecs = append(t.batchVecs, vecs[:len(keys)*w]...)
	if written != nil {
		t.batchWritten = append(t.batchWritten, written[:len(keys)]...)
		return
	}
	for range keys {
		t.batchWritten = append(t.batchWritten, allWritten)
	}
}

// inserted is told that key was inserted, making a new state if isNew:
// the state's vector joins the sample.
func (t *treeSample) inserted(key uint64, isNew bool, w int) {
	if t.off {
		return
	}
	j := t.find(key)
	if j < 0 {
		t.off = isNew
		return
	}
	t.next = j + 1
	if isNew {
		t.add(t.batchVecs[j*w:(j+1)*w], t.batchWritten[j])
	}
}

// find returns the place of key in the batch, -1 if it is not there:
// from next on first, then from the start.
func (t *treeSample) find(key uint64) int {
	for j := t.next; j < len(t.batchKeys); j++ {
		if t.batchKeys[j] == key {
			return j
		}
	}
	for j := range min(t.next, len(t.batchKeys)) {
		if t.batchKeys[j] == key {
			return j
		}
	}
	return -1
}

// add records the vector of a new state, whose transition wrote the
// values of mask (allWritten where that is not known), and counts its
// values.
func (t *treeSample) add(vec []uint32, mask uint64) {
	if t.off {
		return
	}
	if t.vecs == nil {
		t.vecs = offheap.Make[uint32](&t.pool, reorderSample*len(vec))[:0]
	}
	if len(t.vecs) >= maxSampleStates*len(vec) {
		t.free() // the order is not chosen in time: see handedOut
		return
	}
	t.count(vec, mask)
	t.vecs = offheap.Append(&t.pool, t.vecs, vec...)
}

// count counts the values of vec, the next state of the sample, that
// the states before it may not have: all of the first state's, those
// of mask (bit 63 stands for the positions from 63 on, as in a
// summand's mask), or with allWritten those that differ from the state
// before.
func (t *treeSample) count(vec []uint32, mask uint64) {
	w := len(vec)
	switch {
	case t.counted == nil:
		t.counted = newValueSets(w)
		for p, v := range vec {
			t.counted.add(p, v)
		}
	case mask == allWritten:
		prev := t.vecs[len(t.vecs)-w:]
		for p, v := range vec {
			if v != prev[p] {
				t.counted.add(p, v)
			}
		}
	default:
		for m := mask &^ (1 << 63); m != 0; m &= m - 1 {
			if p := bits.TrailingZeros64(m); p < w {
				t.counted.add(p, vec[p])
			}
		}
		if mask>>63 != 0 {
			for p := 63; p < w; p++ {
				t.counted.add(p, vec[p])
			}
		}
	}
}

// free gives the sample's memory back and keeps no more.
func (t *treeSample) free() {
	offheap.Free(&t.pool, t.vecs)
	t.pool.Release()
	t.vecs, t.counted, t.batchKeys, t.batchVecs, t.batchWritten, t.off = nil, nil, nil, nil, nil, true
}

// states returns the vectors of the n states stored, of w values each,
// and the number of distinct values at each position; false if the
// sample does not hold them all. The vectors are the sample's, valid
// until free.
func (t *treeSample) states(n, w int) ([]uint32, []int, bool) {
	if t.off || len(t.vecs) != n*w || n == 0 {
		return nil, nil, false
	}
	return t.vecs, t.counted.counts, true
}
