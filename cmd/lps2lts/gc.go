package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"sync"
)

// gcPercent is the collector's GOGC during the search, once its free heap
// (searchHeapFree) is spent, unless the environment sets one. The heap of
// a search is mostly tables without pointers (the store's words, the
// todo list's values), which the collector does not scan, so collecting
// at half the live heap instead of all of it costs little time and keeps
// less garbage resident: peak RSS of dining_10 15.0-16.6 MB -> 14.2-14.7,
// user time equal (three alternating runs each).
const gcPercent = 50

// loadGCPercent is the collector's GOGC while the specification is read,
// checked and compiled, once loadHeapFree is spent, unless the
// environment sets one. That heap is small and full of pointers (syntax
// trees, sorts, symbols), and at GOGC 50 its collections were most of the
// work of loading (613 of the 750 million instructions of Lamport_3-bit's
// first state). At 200 the first 20,000 states of the bench's
// Lamport_3-bit take 1.82 -> 1.45 billion instructions, Dijkstra's 0.90
// -> 0.78, for 1-4 MB more peak RSS; 400 saved little more for 4-13 MB
// (docs/rewriting.md, "An interning memo").
const loadGCPercent = 200

// loadHeapFree is the Go runtime's memory below which loading runs no
// collection at all: GOGC is off from the start, and the collector first
// runs when the runtime's memory reaches this size, through a memory
// limit. Most specifications load in less (the bench's Lamport_3-bit
// allocates 16-19 MB), and their loading collected once or twice at GOGC
// 200: the first 20,000 states of Lamport_3-bit take 8% fewer
// instructions without, of Aravind_BLRU 6% (cachegrind, the least of
// three runs; peak RSS equal on the issue 41 models, a few MB more at -l1
// on the pipeline's largest specifications, e.g. 1394-fin 27 -> 34 MB).
// After that first collection, if it comes, loading goes on at GOGC
// loadGCPercent, so that a large specification's heap stays within a few
// times its live size.
const loadHeapFree = 32 << 20

// searchHeapFree is what the search may add to the runtime's memory
// before its first collection, when loading ran none: the collection that
// GOGC 50 started as soon as the search began, and the ones after it
// every megabyte or two of a small heap, cost 10-20% of the CPU time of
// the short runs of issue 41's figure (Dijkstra's first 20,000 states
// 0.104 -> 0.080 s, franklin_3_2-b 0.060 -> 0.053, medians of ten
// alternating runs; docs/rewriting.md, "The collector's first
// collection"), more than their instructions say: on two processors
// each cycle wakes workers, switches and shoots down TLB entries. A
// search that makes little garbage (the tables are off the heap) never
// collects; one that makes much collects first here, and then at GOGC
// gcPercent, so that its peak RSS moves by this at most.
const searchHeapFree = 16 << 20

// collector is the collector's state as tuneGC set it. In the free
// phase, from tuneGC to the first collection, GOGC is off and the memory
// limit is the free heap's (or the user's, if lower); the collection
// ends it, and the finalizer of a sentinel then sets GOGC and the limit
// that the phase held back (limit).
var collector struct {
	sync.Mutex
	tuned     bool  // tuneGC set GOGC, which tuneSearchGC sets for the search
	free      bool  // the free phase
	freeLimit int64 // its memory limit
	searching bool
	limit     int64 // the limit wanted after the phase (-1: none set)
}

// tuneGC sets the collector for loading, unless the environment sets
// GOGC; under GOMEMLIMIT there is no free phase (the user's limit stays).
func tuneGC() {
	if os.Getenv("GOGC") != "" {
		return
	}
	c := &collector
	c.Lock()
	defer c.Unlock()
	c.tuned, c.searching, c.limit = true, false, -1
	if os.Getenv("GOMEMLIMIT") != "" {
		debug.SetGCPercent(loadGCPercent)
		return
	}
	c.free, c.freeLimit = true, loadHeapFree
	debug.SetGCPercent(-1)
	c.limit = debug.SetMemoryLimit(loadHeapFree)
	armFirstCollection()
}

// armFirstCollection ends the free phase at the first collection: a
// finalizer runs after the collection that finds its object unreachable.
func armFirstCollection() {
	// An object with a pointer: the tiny allocator, which may never
	// finalize, takes only objects without.
	type sentinel struct{ _ *byte }
	runtime.SetFinalizer(new(sentinel), func(*sentinel) {
		c := &collector
		c.Lock()
		defer c.Unlock()
		if !c.free {
			return
		}
		c.free = false
		if c.searching {
			debug.SetGCPercent(gcPercent)
		} else {
			debug.SetGCPercent(loadGCPercent)
		}
		debug.SetMemoryLimit(c.limit)
	})
}

// tuneSearchGC sets the collector for the search, once the specification
// is loaded: GOGC gcPercent, or, while loading has not collected, a free
// heap of searchHeapFree more than the runtime holds now.
func tuneSearchGC() {
	c := &collector
	c.Lock()
	defer c.Unlock()
	if !c.tuned {
		return
	}
	c.searching = true
	if !c.free {
		debug.SetGCPercent(gcPercent)
		return
	}
	c.freeLimit = int64(runtimeMemory()) + searchHeapFree
	debug.SetMemoryLimit(c.freeLimit)
}

// setMemoryLimit sets the runtime's memory limit and returns the one
// before, as debug.SetMemoryLimit does; in the free phase the lower of
// limit and the phase's is set, and limit is kept for after it.
func setMemoryLimit(limit int64) int64 {
	c := &collector
	c.Lock()
	defer c.Unlock()
	if !c.free {
		return debug.SetMemoryLimit(limit)
	}
	old := c.limit
	c.limit = limit
	debug.SetMemoryLimit(min(limit, c.freeLimit))
	return old
}
