package wordset

// Set numbers words densely in order of first insertion. Its zero value
// is not ready: call Init.
type Set struct {
	chunks [][]uint64
	n      uint32
	index  []uint32
	shift  uint   // 64 - L, for an index of 2^L slots
	idMask uint32 // the low L bits
}

const (
	chunkShift = 16
	chunkLen   = 1 << chunkShift
)

// Init empties the set, with an index of 2^bits slots to begin with.
func (t *Set) Init(bits uint) {
	*t = Set{}
	t.initIndex(bits)
}

func (t *Set) initIndex(bits uint) {
	t.index = make([]uint32, 1<<bits)
	t.shift = 64 - bits
	t.idMask = uint32(1<<bits - 1)
}

// Len returns the number of words in the set.
func (t *Set) Len() int { return int(t.n) }

// Word returns the word numbered id.
func (t *Set) Word(id uint32) uint64 {
	return t.chunks[id>>chunkShift][id&(chunkLen-1)]
}

// slot returns the first slot of key and its tag, in place in an entry.
// The slot is the hash's top L bits and the tag the 32-L bits below them.
func (t *Set) slot(key uint64) (uint64, uint32) {
	key ^= key >> 29
	h := key * 0x9E3779B97F4A7C15
	return h >> t.shift, uint32(h>>(t.shift-32)) &^ t.idMask
}

// Find returns the number of key if the set holds it.
func (t *Set) Find(key uint64) (uint32, bool) {
	id, _, _, ok := t.find(key)
	return id, ok
}

// find returns the number of key, or the empty slot where it would go
// and its tag.
func (t *Set) find(key uint64) (id uint32, slot uint64, tag uint32, ok bool) {
	index, idMask := t.index, t.idMask
	mask := uint64(len(index) - 1)
	i, tag := t.slot(key)
	for e := index[i&mask]; e != 0; e = index[i&mask] {
		if e&^idMask == tag {
			if id := e&idMask - 1; t.Word(id) == key {
				return id, i & mask, tag, true
			}
		}
		i++
	}
	return 0, i & mask, tag, false
}

// Insert returns the number of key, giving it the next one if it is new.
func (t *Set) Insert(key uint64) (uint32, bool) {
	id, i, tag, ok := t.find(key)
	if ok {
		return id, false
	}
	id = t.n
	if id == ^uint32(0)-1 {
		panic("wordset: more than 2^32-2 words")
	}
	c := int(id >> chunkShift)
	if c == len(t.chunks) {
		// The first chunk grows by append, so small sets stay small;
		// later ones are allocated whole.
		size := 0
		if c > 0 {
			size = chunkLen
		}
		t.chunks = append(t.chunks, make([]uint64, 0, size))
	}
	t.chunks[c] = append(t.chunks[c], key)
	t.n++
	t.index[i] = tag | (id + 1)
	if int(t.n)*4 > len(t.index)*3 {
		t.grow()
	}
	return id, true
}

// Touch reads the first index slot of each key and the word it names
// when the tags agree: the memory inserting or finding the key reads
// first. The reads of different keys do not depend on each other, so the
// processor has them all under way at once, and the insertions that
// follow find them in the cache. It returns a sum of what it read, for
// the caller to keep, so that the reads are not dropped.
func (t *Set) Touch(keys []uint64) uint64 {
	var sum uint64
	var entries, tags [touchRun]uint32
	for len(keys) > 0 {
		n := min(len(keys), touchRun)
		for i, key := range keys[:n] {
			var slot uint64
			slot, tags[i] = t.slot(key)
			entries[i] = t.index[slot]
		}
		for i, e := range entries[:n] {
			if e != 0 && e&^t.idMask == tags[i] {
				sum += t.Word(e&t.idMask - 1)
			}
		}
		keys = keys[n:]
	}
	return sum
}

// touchRun is the number of keys whose memory Touch reads together.
const touchRun = 16

func (t *Set) grow() {
	t.initIndex(64 - t.shift + 1)
	mask := uint64(len(t.index) - 1)
	id := uint32(0)
	for _, c := range t.chunks {
		for _, key := range c {
			i, tag := t.slot(key)
			for t.index[i] != 0 {
				i = (i + 1) & mask
			}
			id++
			t.index[i] = tag | id
		}
	}
}

// Bytes returns the memory the set holds.
func (t *Set) Bytes() int {
	b := 4*len(t.index) + 24*cap(t.chunks)
	for _, c := range t.chunks {
		b += 8 * cap(c)
	}
	return b
}
