package explore

import (
	"sync"
	"sync/atomic"
)

// TauLabel is the id of the internal action tau (the empty multi-action);
// every Labels table starts with it.
const TauLabel LabelID = 0

// Labels interns transition labels: the text of a multi-action as mCRL2
// prints it ("a(1, true)|b", "tau") gets a dense LabelID. It is safe for
// concurrent use (the generators of a parallel search intern labels while
// the explorer's writers read them).
//
// Text takes no lock: the .aut writer asks for a label's text once per
// transition, on a goroutine of its own with threads, and a read lock
// there wrote the lock's word on every call, a cache line that the
// generators' Intern wrote too (bakery, whose labels carry ever new
// numbers, interns on most states). The texts lie in chunks that never
// move; the table of chunks is copied when a chunk is added and
// published atomically.
type Labels struct {
	mu     sync.RWMutex
	ids    map[string]LabelID
	chunks atomic.Pointer[[]*labelChunk]
	n      atomic.Uint32 // the number of labels
}

// labelChunkBits sets the number of texts a chunk holds.
const labelChunkBits = 10

type labelChunk [1 << labelChunkBits]string

// NewLabels returns a table holding only tau.
func NewLabels() *Labels {
	l := &Labels{ids: make(map[string]LabelID)}
	l.chunks.Store(new([]*labelChunk))
	l.Intern([]byte("tau"))
	return l
}

// Intern returns the id of the label with the given text, adding it if new.
// It does not allocate when the label is already known.
func (l *Labels) Intern(text []byte) LabelID {
	l.mu.RLock()
	id, ok := l.ids[string(text)]
	l.mu.RUnlock()
	if ok {
		return id
	}
	return l.InternString(string(text))
}

// InternString is Intern for a string.
func (l *Labels) InternString(text string) LabelID {
	l.mu.Lock()
	defer l.mu.Unlock()
	if id, ok := l.ids[text]; ok {
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
	l.ids[text] = id
	l.n.Store(uint32(id) + 1)
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
