package explore

import (
	"hash/maphash"
	"sync"
	"sync/atomic"
	"unsafe"
)

// TauLabel is the id of the internal action tau (the empty multi-action);
// every Labels table starts with it.
const TauLabel LabelID = 0

// Labels interns transition labels: the text of a multi-action as mCRL2
// prints it ("a(1, true)|b", "tau") gets a dense LabelID. It is safe for
// concurrent use (the generators of a parallel search intern labels while
// the explorer's writers read them).
//
// Reads take no lock. Text: the .aut writer asks for a label's text once
// per transition, on a goroutine of its own with threads, and a read lock
// there wrote the lock's word on every call, a cache line that the
// generators' Intern wrote too (bakery, whose labels carry ever new
// numbers, interns on most states). The texts lie in chunks that never
// move; the table of chunks is copied when a chunk is added and
// published atomically. Intern of a known label: the index (labelIndex)
// is read with atomic loads, and a table that outgrows it publishes a
// new one, so a reader finds every label added before its call, and
// looks again under the lock only for a label it did not find. The
// index replaced a map from texts under a read-write lock: a new label
// cost two lookups, four atomic writes of the lock and the map's growth
// (about 500 ns a label on bakery, in the goroutine that bounds its
// speed with two threads).
type Labels struct {
	mu     sync.Mutex // taken by Intern to add a label
	index  atomic.Pointer[labelIndex]
	chunks atomic.Pointer[[]*labelChunk]
	n      atomic.Uint32 // the number of labels
	seed   maphash.Seed
}

// labelChunkBits sets the number of texts a chunk holds.
const labelChunkBits = 10

type labelChunk [1 << labelChunkBits]string

// labelIndex finds a label's id by its text: open addressing with linear
// probing from the slot that the top bits of the text's hash name. A
// slot holds the low 32 bits of the hash above the id plus one (0:
// empty); a lookup compares the text only where those bits agree.
type labelIndex struct {
	slots []atomic.Uint64
	shift uint // 64 - log2(len(slots))
	n     int  // the labels placed (under Labels.mu)
}

func newLabelIndex(bits uint) *labelIndex {
	return &labelIndex{slots: make([]atomic.Uint64, 1<<bits), shift: 64 - bits}
}

// NewLabels returns a table holding only tau.
func NewLabels() *Labels {
	l := &Labels{seed: maphash.MakeSeed()}
	l.index.Store(newLabelIndex(10))
	l.chunks.Store(new([]*labelChunk))
	l.Intern([]byte("tau"))
	return l
}

// labelHash is the index's hash of a text (a variable so that a test can
// make texts collide).
var labelHash = func(seed maphash.Seed, text string) uint64 { return maphash.String(seed, text) }

// find returns the id of text, whose hash is h, if ix holds it.
func (l *Labels) find(ix *labelIndex, text string, h uint64) (LabelID, bool) {
	mask := uint64(len(ix.slots) - 1)
	for i := h >> ix.shift; ; i = (i + 1) & mask {
		w := ix.slots[i].Load()
		if w == 0 {
			return 0, false
		}
		if uint32(w>>32) == uint32(h) {
			if id := LabelID(uint32(w) - 1); l.Text(id) == text {
				return id, true
			}
		}
	}
}

// place puts id, whose text's hash is h, into ix, which has room.
func (ix *labelIndex) place(id LabelID, h uint64) {
	mask := uint64(len(ix.slots) - 1)
	i := h >> ix.shift
	for ix.slots[i].Load() != 0 {
		i = (i + 1) & mask
	}
	ix.slots[i].Store(h<<32 | (uint64(id) + 1))
	ix.n++
}

// Intern returns the id of the label with the given text, adding it if new.
// It does not allocate when the label is already known.
func (l *Labels) Intern(text []byte) LabelID {
	// s views text without a copy; a new label is kept as a copy.
	s := unsafe.String(unsafe.SliceData(text), len(text))
	h := labelHash(l.seed, s)
	if id, ok := l.find(l.index.Load(), s, h); ok {
		return id
	}
	return l.add(string(text), h)
}

// InternString is Intern for a string.
func (l *Labels) InternString(text string) LabelID {
	h := labelHash(l.seed, text)
	if id, ok := l.find(l.index.Load(), text, h); ok {
		return id
	}
	return l.add(text, h)
}

// add gives text, whose hash is h, an id, unless another goroutine did
// since the caller looked.
func (l *Labels) add(text string, h uint64) LabelID {
	l.mu.Lock()
	defer l.mu.Unlock()
	ix := l.index.Load()
	if id, ok := l.find(ix, text, h); ok {
		return id
	}
	id := LabelID(l.n.Load())
	chunks := *l.chunks.Load()
	if int(id>>labelChunkBits) == len(chunks) {
		grown := append(chunks[:len(chunks):len(chunks)], new(labelChunk))
		l.chunks.Store(&grown)
		chunks = grown
	}
	chunks[id>>labelChunkBits][id&(1<<labelChunkBits-1)] = text
	l.n.Store(uint32(id) + 1)
	if 4*(ix.n+1) > 3*len(ix.slots) {
		// Three quarters full: a new index twice the size, filled
		// before it is published, so that readers see either whole.
		grown := newLabelIndex(64 - ix.shift + 1)
		for j := range LabelID(id) {
			grown.place(j, labelHash(l.seed, l.Text(j)))
		}
		ix = grown
		ix.place(id, h)
		l.index.Store(ix)
		return id
	}
	ix.place(id, h)
	return id
}

// Len returns the number of labels.
func (l *Labels) Len() int { return int(l.n.Load()) }

// Text returns the printed multi-action of id, a label this table gave
// out.
func (l *Labels) Text(id LabelID) string {
	chunks := *l.chunks.Load()
	return chunks[id>>labelChunkBits][id&(1<<labelChunkBits-1)]
}
