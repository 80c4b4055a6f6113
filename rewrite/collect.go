package rewrite

import (
	"iter"
	"maps"
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
	return st.sweep(marked, n)
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
// cached normal forms that are freed, and rebuilds the shards' tables
// and argument slabs from the kept terms alone.
func (s *store) sweep(marked []uint64, n Term) CollectStats {
	isMarked := func(t Term) bool { return marked[t/64]&(1<<(t%64)) != 0 }
	var cs CollectStats
	free := s.free[:0]
	for t := Term(1); t < n; t++ {
		nd := s.node(t)
		if !isMarked(t) {
			if nd.hash != 0 || nd.kind != 0 || nd.head != 0 {
				cs.Freed++
			}
			*nd = node{}
			free = append(free, t)
			continue
		}
		cs.Kept++
		if nf := Term(nd.nf.Load()); nf != 0 && !isMarked(nf) {
			nd.nf.Store(0)
		}
	}
	// Hand the lowest ids out first: terms made together stay near
	// each other in the chunks.
	for i, j := 0, len(free)-1; i < j; i, j = i+1, j-1 {
		free[i], free[j] = free[j], free[i]
	}
	s.free = free
	s.nfree.Store(int32(len(free)))
	var counts [numShards]int
	for t := Term(1); t < n; t++ {
		if isMarked(t) {
			counts[s.node(t).hash%numShards]++
		}
	}
	// The old slabs stay reachable until the kept terms are moved to
	// new ones: the collector does not see the nodes' pointers. The
	// numbers are made again from the kept terms alone, in a new table.
	var oldSlabs [][]Term
	for i := range s.shards {
		sh := &s.shards[i]
		oldSlabs = append(oldSlabs, sh.slabs...)
		sh.slabs = nil
		size := 1024
		for size < 2*counts[i]+2 {
			size *= 2
		}
		tab := make([]atomic.Uint32, size)
		sh.table.Store(&tab)
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
		tab := *sh.table.Load()
		mask := uint64(len(tab) - 1)
		i := uint64(nd.hash/numShards) & mask
		for tab[i].Load() != 0 {
			i = (i + 1) & mask
		}
		tab[i].Store(uint32(t))
	}
	runtime.KeepAlive(oldSlabs)
	return cs
}

// reuse hands out a freed id, or 0 when there is none left.
func (s *store) reuse() Term {
	s.freeMu.Lock()
	defer s.freeMu.Unlock()
	k := len(s.free)
	if k == 0 {
		return 0
	}
	t := s.free[k-1]
	s.free = s.free[:k-1]
	s.nfree.Store(int32(k - 1))
	return t
}
