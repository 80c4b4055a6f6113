package rewrite

import (
	"iter"
	"maps"
	"math/bits"
	"runtime"
	"sync/atomic"
)

// Collection of the term store: the terms that no state, label, cache or
// rewriter still needs are given back, and their ids made again for new
// terms. A search keeps every normal form it meets as a term, and most
// are intermediate (the list a swap builds before the second swap, the
// numbers of an index computation): on a permutation puzzle of 362,880
// states the store held 606 MB for the 3 MB of the visited-state store.
//
// The collection is a mark and sweep (McCarthy's, over the ids): the
// caller names the roots (the values of the stored states, the labels'
// actions, the caches it keeps), the terms made before SealTerms are
// roots (the equations, the summands, the globals), and so are the
// rewriters' own tables (their constants and small numbers, the
// variables). A kept term's cached normal form is forgotten when the
// normal form is not kept, so that no node points at a freed id.
//
// An id given back is made again for another term: whoever holds a term
// the roots did not name sees it change. Collect is therefore only safe
// where nothing else does, between two rewrites of one goroutine, with no
// other rewriter of the store at work, and only for holders that keep
// terms themselves: a store of hashes of states (hash compaction,
// bitstate, ComBack) would take a new term for an old one.

// SealTerms makes the terms stored now permanent: Collect never frees
// them. Call it once the terms that outlive every rewrite without being
// named as roots (compiled summands, initial values) are made.
func (r *Rewriter) SealTerms() { r.st.sealed = Term(r.st.next.Load()) }

// CollectStats are the figures of one collection.
type CollectStats struct {
	Kept, Freed int // terms
}

// Collect frees every term made since SealTerms that the terms roots
// passes to keep do not reach, nor the rewriters sharing r's store. No
// rewriter of the store may be at work during the call, and no term that
// roots does not name may be used after it.
func (r *Rewriter) Collect(roots func(keep func(Term))) CollectStats {
	st := r.st
	n := Term(st.next.Load())
	marked := make([]uint64, (n+63)/64)
	var stack []Term
	keep := func(t Term) {
		if t == 0 || t >= n || marked[t/64]&(1<<(t%64)) != 0 {
			return
		}
		marked[t/64] |= 1 << (t % 64)
		stack = append(stack, t)
	}
	for t := Term(1); t < st.sealed && t < n; t++ {
		keep(t)
	}
	r.keepOwn(keep)
	roots(keep)
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, a := range st.node(t).args() {
			keep(a)
		}
	}
	cs := st.sweep(marked, n)
	r.clearMemos()
	return cs
}

// clearMemos empties the interning memos of the rewriters sharing r's
// store: a collection gives ids back, to be made again for other terms.
func (r *Rewriter) clearMemos() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, rw := range r.rewriters {
		rw.memo.clear()
	}
}

// keepOwn passes keep the terms the rewriters sharing r's store hold
// between rewrites: Booleans, globals, variables and their pooled fresh
// ones, and each rewriter's constants and small numbers.
func (r *Rewriter) keepOwn(keep func(Term)) {
	sh := r.shared
	sh.mu.Lock()
	defer sh.mu.Unlock()
	keepAll := func(ts iter.Seq[Term]) {
		for t := range ts {
			keep(t)
		}
	}
	keep(sh.trueT)
	keep(sh.falseT)
	keepAll(maps.Values(sh.globals))
	keepAll(maps.Values(sh.pool))
	for _, vi := range sh.varsByName {
		keep(vi.term)
	}
	for _, rw := range sh.rewriters {
		keepAll(maps.Values(rw.consts))
		for i := range rw.small.terms {
			for _, t := range rw.small.terms[i] {
				keep(t)
			}
		}
	}
}

// sweep frees the ids below n that marked does not hold, forgets the
// cached normal forms that are freed, and rebuilds the shards' tables,
// argument slabs and numbers from the kept terms alone. marked becomes
// the store's set of free ids.
func (s *store) sweep(marked []uint64, n Term) CollectStats {
	isMarked := func(t Term) bool { return marked[t/64]&(1<<(t%64)) != 0 }
	var cs CollectStats
	var counts [numShards]int
	for t := Term(1); t < n; t++ {
		nd := s.node(t)
		if !isMarked(t) {
			if nd.hash != 0 || nd.kind != 0 || nd.head != 0 {
				cs.Freed++
			}
			*nd = node{}
			continue
		}
		cs.Kept++
		counts[nd.hash%numShards]++
		if nf := Term(nd.nf.Load()); nf != 0 && nd.flags&nodeGround != 0 && !isMarked(nf) {
			nd.nf.Store(0)
		}
	}
	// The old slabs stay reachable until the kept terms are moved to
	// new ones: the collector does not see the nodes' pointers. The
	// numbers are made again from the kept terms alone, in a new table.
	// A shard's table is sized for the kept terms and half as many
	// again at most half full, as the store may grow by half before the
	// next collection (explore/terms.go). The old table is emptied and
	// used again when it is big enough and not too big: a new one
	// beside the old added to the tables' memory at the collection,
	// where the nodes are at their peak.
	var oldSlabs [][]Term
	for i := range s.shards {
		sh := &s.shards[i]
		oldSlabs = append(oldSlabs, sh.slabs...)
		sh.slabs = nil
		size := max(minTable, 3*counts[i]+2)
		if tab := *sh.table.Load(); len(tab) >= size && len(tab) <= 2*size {
			clear(tab)
		} else {
			tab := make([]atomic.Uint32, size)
			sh.table.Store(&tab)
		}
		sh.count = counts[i]
		sh.argSlab = nil
	}
	var oldNumbers []number
	if p := s.numbers.items.Load(); p != nil {
		oldNumbers = *p
	}
	s.numbers.reset()
	for t := Term(1); t < n; t++ {
		if !isMarked(t) {
			continue
		}
		nd := s.node(t)
		sh := &s.shards[nd.hash%numShards]
		if nd.nargs > 0 && nd.flags&nodeInline == 0 {
			nd.setArgs(sh.copyArgs(nd.args()))
		}
		if nd.kind == kBig || nd.kind == kReal {
			nd.word = int64(s.numbers.add(oldNumbers[nd.word]))
		}
		insert(*sh.table.Load(), nd.hash, uint32(t))
	}
	runtime.KeepAlive(oldSlabs)
	// The ids not marked are free: the bitmap, complemented, is the
	// free set (id 0 is no term, and the word's bits from n on are no
	// ids yet).
	for w := range marked {
		marked[w] = ^marked[w]
	}
	marked[0] &^= 1
	if n%64 != 0 {
		marked[len(marked)-1] &= 1<<(n%64) - 1
	}
	s.freeMu.Lock()
	s.free, s.freeFrom = marked, 1
	s.nfree.Store(int64(n) - 1 - int64(cs.Kept))
	s.freeMu.Unlock()
	return cs
}

// reuse hands out the lowest free id, or 0 when there is none left:
// terms made together stay near each other in the chunks.
func (s *store) reuse() Term {
	s.freeMu.Lock()
	defer s.freeMu.Unlock()
	if s.nfree.Load() == 0 {
		return 0
	}
	for w := int(s.freeFrom / 64); w < len(s.free); w++ {
		if b := s.free[w]; b != 0 {
			i := bits.TrailingZeros64(b)
			s.free[w] = b &^ (1 << i)
			t := Term(w*64 + i)
			s.freeFrom = t + 1
			s.nfree.Add(-1)
			return t
		}
	}
	return 0 // not reached: nfree counts the bits set
}
