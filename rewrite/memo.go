package rewrite

import (
	"math/bits"
	"unsafe"

	"github.com/lps2lts/lps2lts/internal/fibhash"
)

// An interning memo: each rewriter remembers the small terms it interned
// last, in a direct-mapped array keyed by the whole of what a term's node
// holds (its kind, its head's index and its word: its value or its one
// or two arguments), so that interning a term made again is answered by
// one multiply, one load and a compare, where the store's lookup hashes
// the key, reads the shard's table and then the node, two loads that
// miss the cache on a large store (docs/rewriting.md, "An interning
// memo"). The store stays the truth: the memo only holds what the store
// answered, each rewriter has a memo of its own (no lock, no sharing
// between threads), and a collection, which gives ids back to be made
// again for other terms, empties the memos of all the rewriters of its
// store (clearMemos).

// memoEntry is a key of a small term and its id (0: empty).
type memoEntry struct {
	tag  uint32 // kind, number of arguments and head (memoTag)
	term Term
	word uint64 // the value, or the arguments
}

// headBits is the width of a head's index in a memo entry's tag; the
// terms of heads beyond it are not memoised.
const headBits = 25

// memo is a rewriter's interning memo, with a cache of the indices of
// the heads it met last: a key names its head by pointers, the memo by
// the index the store gave it.
type memo struct {
	entries []memoEntry
	shift   uint // 64 - log2(len(entries))
	// misses counts the lookups that missed since the memo last grew.
	misses int
	heads  [memoHeads]memoHead
}

type memoHead struct {
	h head
	i uint32
}

const (
	// memoHeads is the size of the cache of heads: a model's small
	// terms come with few symbols and sorts at a time.
	memoHeads = 64
	// memoMinBits and memoMaxBits bound the memo: 2^memoMinBits
	// entries (16 kB) at first, doubled each time it has missed four
	// times as often as it has entries, up to 2^memoMaxBits.
	memoMinBits = 10
)

const memoMaxBits = 16

// newMemo makes m's first entries.
func (m *memo) init() { m.resize(1 << memoMinBits) }

// resize makes the memo an empty one of n entries, a power of two.
func (m *memo) resize(n int) {
	m.entries = make([]memoEntry, n)
	m.shift = uint(64 - bits.TrailingZeros(uint(n)))
	m.misses = 0
}

// clear empties the memo: the ids it holds may be given back.
func (m *memo) clear() { clear(m.entries) }

// internArgs is store.internArgs through r's memo.
func (r *Rewriter) internArgs(k *key, args []Term) Term {
	var word uint64
	switch len(args) {
	case 0:
		if k.kind == kBig || k.kind == kReal {
			return r.st.internArgs(k, args)
		}
		word = uint64(k.val)
	case 1:
		word = uint64(args[0])
	case 2:
		word = uint64(args[0]) | uint64(args[1])<<32
	default:
		return r.st.internArgs(k, args)
	}
	if len(args) > 0 && k.val != 0 {
		return r.st.internArgs(k, args)
	}
	m := &r.memo
	hd := head{k.fn, k.sort}
	c := &m.heads[(uint64(uintptr(unsafe.Pointer(k.fn)))^uint64(uintptr(unsafe.Pointer(k.sort))))*fibhash.Mul>>(64-memoHeadBits)]
	tag := uint32(k.kind)<<(headBits+2) | uint32(len(args))<<headBits
	if c.h == hd {
		e := &m.entries[(word+uint64(tag|c.i))*fibhash.Mul>>(m.shift&63)]
		if e.tag == tag|c.i && e.word == word && e.term != 0 {
			return e.term
		}
	}
	t := r.st.internArgs(k, args)
	hi := r.node(t).head
	if hi == 0 || hi >= 1<<headBits {
		return t
	}
	c.h, c.i = hd, hi
	tag |= hi
	m.entries[(word+uint64(tag))*fibhash.Mul>>(m.shift&63)] = memoEntry{tag: tag, term: t, word: word}
	if m.misses++; m.misses > 4*len(m.entries) && m.shift > 64-memoMaxBits {
		m.resize(2 * len(m.entries))
	}
	return t
}

// memoHeadBits is log2(memoHeads).
const memoHeadBits = 6

// intern is internArgs of a term without arguments.
func (r *Rewriter) intern(k *key) Term { return r.internArgs(k, nil) }
