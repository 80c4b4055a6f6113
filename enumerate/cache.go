package enumerate

import (
	"encoding/binary"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/rewrite"
)

// Cache remembers the solutions of enumerations (Wesselink, "State Space
// Exploration", §8, local and global caching). The note keys a summand's cache by the values of the
// process parameters that occur free in its condition; Cache keys it by
// the condition rewritten under those values instead. Terms are
// hash-consed, so the rewritten condition is one id, which the explorer
// computes anyway (to skip a summand whose condition is false); it is a
// function of the note's key, so it never tells two different enumeration
// problems apart wrongly, and states whose parameters differ but give the
// same condition share an entry. Since enumeration only rewrites the
// condition further under bindings of the sum variables, the solutions
// depend on nothing else.
//
// A local cache serves one summand. A global cache is shared by all
// summands; its key also holds the sum variables, as two summands can
// have the same rewritten condition over different variable lists (the
// note adds the condition itself to the key).
//
// Only complete enumerations are stored: one that failed or was stopped
// by its callback is not. The cache is bounded by bytes: when storing an
// entry would pass its bound (DefaultCacheBytes unless given), it is
// emptied first, so memory stays bounded on models whose conditions
// rarely repeat, where the cache could not pay anyway, and a
// breadth-first search keeps the entries of the levels at hand. A Cache
// is not safe for concurrent use.
type Cache struct {
	entries map[string]span
	vals    []rewrite.Term // the solutions, back to back
	key     []byte         // scratch for building keys
	hits    int
	misses  int
	flushes int

	keyBytes int // the entries' bytes (entryBytes each, and their keys)
	maxBytes int
}

// DefaultCacheBytes is the default bound of a Cache. (It was 2^20 entries
// and 2^24 solution terms, about 160 MB, before it was counted in bytes.)
const DefaultCacheBytes = 32 << 20

// entryBytes is what an entry of the map costs besides its key's bytes:
// the key's string header and the span in a slot (24 bytes), the slot's
// control byte, and the free slots at the map's load (at most 7/8),
// rounded up.
const entryBytes = 32

type span struct {
	start, n int32 // vals[start:start+n*width]
}

// NewCache returns an empty cache bounded by DefaultCacheBytes.
func NewCache() *Cache { return NewCacheBytes(0) }

// NewCacheBytes returns an empty cache bounded by maxBytes (0:
// DefaultCacheBytes).
func NewCacheBytes(maxBytes int) *Cache {
	if maxBytes <= 0 {
		maxBytes = DefaultCacheBytes
	}
	return &Cache{entries: map[string]span{}, maxBytes: maxBytes}
}

// MaxBytes returns the cache's bound.
func (c *Cache) MaxBytes() int { return c.maxBytes }

// Bytes returns the memory the cache holds, as counted against its
// bound: the entries (entryBytes each and their keys) and the solutions.
func (c *Cache) Bytes() int { return c.keyBytes + 4*cap(c.vals) }

// Flushes returns how often the cache was emptied for reaching its bounds.
func (c *Cache) Flushes() int { return c.flushes }

// Stats returns the number of enumerations answered from the cache and
// computed.
func (c *Cache) Stats() (hits, misses int) { return c.hits, c.misses }

// EnumerateCached is Enumerate with the solutions remembered in c (nil:
// no caching). cond must already be rewritten under s, so that it alone
// determines the solutions; a cache hit calls yield with the stored
// solutions, in the order the enumeration found them, and allocates
// nothing. yield must not enumerate with the same cache.
func (e *Enumerator) EnumerateCached(c *Cache, vars []*lps.Var, cond rewrite.Term, s *rewrite.Subst, yield func(vals []rewrite.Term) bool) error {
	if c == nil {
		return e.enumerate(vars, cond, s, false, true, yield)
	}
	c.key = binary.LittleEndian.AppendUint32(c.key[:0], uint32(cond))
	for _, v := range vars {
		c.key = binary.LittleEndian.AppendUint32(c.key, uint32(e.r.VarTerm(v)))
	}
	w := len(vars)
	if sp, ok := c.entries[string(c.key)]; ok {
		c.hits++
		if cap(e.buf) < w {
			e.buf = make([]rewrite.Term, w)
		}
		buf := e.buf[:w]
		if e.active > 0 {
			buf = make([]rewrite.Term, w) // see Enumerator.active
		}
		e.active++
		defer func() { e.active-- }()
		for i := int32(0); i < sp.n; i++ {
			// Copy: yield may keep the slice until the next call, and
			// must not be able to change the cache.
			at := int(sp.start) + int(i)*w
			copy(buf, c.vals[at:at+w])
			if !yield(buf) {
				return nil
			}
		}
		return nil
	}
	c.misses++
	key := string(c.key)
	start := len(c.vals)
	n := 0
	complete := true
	err := e.enumerate(vars, cond, s, false, true, func(vals []rewrite.Term) bool {
		c.vals = append(c.vals, vals...)
		n++
		if !yield(vals) {
			complete = false
			return false
		}
		return true
	})
	if err != nil || !complete || e.cut { // a cut enumeration is not whole
		c.vals = c.vals[:start]
		return err
	}
	if c.keyBytes+entryBytes+len(key)+4*cap(c.vals) > c.maxBytes {
		// Keep the new entry alone, in a new map and a solution array
		// of its size: clearing would keep their memory.
		c.flushes++
		c.entries = map[string]span{}
		c.keyBytes = 0
		c.vals = append([]rewrite.Term(nil), c.vals[start:]...)
		start = 0
		if entryBytes+len(key)+4*cap(c.vals) > c.maxBytes {
			c.vals = nil
			return nil
		}
	}
	c.entries[key] = span{int32(start), int32(n)}
	c.keyBytes += entryBytes + len(key)
	return nil
}

// Empty drops every entry, as reaching the bound does, without counting a
// flush: the rewriter's term store is about to give term ids back
// (rewrite.Rewriter.Collect), and the keys and solutions are term ids.
func (c *Cache) Empty() {
	c.entries = map[string]span{}
	c.keyBytes = 0
	c.vals = nil
}
