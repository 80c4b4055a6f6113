package store

import "github.com/lps2lts/lps2lts/internal/offheap"

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
// The vectors are mapped off Go's heap (offheap), room for reorderSample
// of them from the start, and given back as reorder is done with them:
// grown by append on the heap, the arrays left behind stayed resident
// until the first collection (swp_fgpbp's first 200,000 states peaked
// 1.4 MB higher, merc.onebit_3-b 1.9 MB).
type treeSample struct {
	pool      offheap.Pool
	vecs      []uint32 // the vectors of states 0, 1, ..., one after another
	batchKeys []uint64 // the keys handed out since none was outstanding
	batchVecs []uint32 // their vectors
	next      int      // where the next key inserted is looked for first
	off       bool     // no sample: a state's vector is not in vecs, or none is kept
}

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
	t.batchKeys, t.batchVecs, t.next = t.batchKeys[:0], t.batchVecs[:0], 0
}

// handedOut records the keys handed out for vecs, one vector of w
// values each.
func (t *treeSample) handedOut(keys []uint64, vecs []uint32, w int) {
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
		t.add(t.batchVecs[j*w : (j+1)*w])
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

// add records the vector of a new state stored from its vector.
func (t *treeSample) add(vec []uint32) {
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
	t.vecs = offheap.Append(&t.pool, t.vecs, vec...)
}

// free gives the sample's memory back and keeps no more.
func (t *treeSample) free() {
	offheap.Free(&t.pool, t.vecs)
	t.pool.Release()
	t.vecs, t.batchKeys, t.batchVecs, t.off = nil, nil, nil, true
}

// states returns the vectors of the n states stored, of w values each,
// and the number of distinct values at each position; false if the
// sample does not hold them all. The vectors are the sample's, valid
// until free.
func (t *treeSample) states(n, w int) ([]uint32, []int, bool) {
	if t.off || len(t.vecs) != n*w || n == 0 {
		return nil, nil, false
	}
	counted := newValueSets(w)
	for p, v := range t.vecs[:w] {
		counted.add(p, v)
	}
	// A value that is its position's in the state before is counted.
	for i := w; i < len(t.vecs); i += w {
		prev, cur := t.vecs[i-w:i], t.vecs[i:i+w]
		for p, v := range cur {
			if v != prev[p] {
				counted.add(p, v)
			}
		}
	}
	return t.vecs, counted.counts, true
}
