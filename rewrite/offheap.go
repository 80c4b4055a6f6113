package rewrite

import (
	"sync/atomic"

	"github.com/lps2lts/lps2lts/lps"
)

// The nodes of the term store live outside Go's heap (offheap_mmap.go)
// where the system allows it. Go's collector paces itself by the live
// heap: at GOGC=50 a heap of 100 MB may grow to 150 MB before a
// collection, and the nodes, which die only by the store's own
// collection (collect.go), were most of the heap of a data-heavy search:
// the permutation puzzle of issue 41 kept 94 MB of terms and peaked at
// 166 MB. Off the heap they cost their bytes and no slack, and the
// collector no longer scans them at each cycle.
//
// The collector does not see the pointers a node holds, so what they
// point to is kept alive by the store itself: the symbols and sorts of
// its terms (pinned, below, the first time a term uses them), the ext
// of each node (the shard's exts) and the slabs of arguments (the
// shard's slabs). The collection of the store (collect.go) rebuilds the
// last two from the terms it keeps.

// offHeapBytes counts the bytes of nodes held outside Go's heap by every
// store of the process.
var offHeapBytes atomic.Int64

// OffHeapBytes returns the memory the term stores of the process hold
// outside Go's heap, which the runtime's own figures leave out.
func OffHeapBytes() uint64 { return uint64(offHeapBytes.Load()) }

// pinned keeps alive, for as long as the shard, the symbols and sorts
// that its nodes point to; sh.mu is held. The last one pinned is
// remembered, so that the terms of one symbol made in a row look the
// map up once.
type pinned struct {
	set      map[any]struct{}
	lastFn   *symbol
	lastSort *lps.Sort
}

func (p *pinned) pin(fn *symbol, s *lps.Sort) {
	if fn != nil && fn != p.lastFn {
		p.add(fn)
		p.lastFn = fn
	}
	if s != nil && s != p.lastSort {
		p.add(s)
		p.lastSort = s
	}
}

func (p *pinned) add(x any) {
	if p.set == nil {
		p.set = make(map[any]struct{})
	}
	p.set[x] = struct{}{}
}
