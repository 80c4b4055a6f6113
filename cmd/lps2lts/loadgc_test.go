package main

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// gcSettings reads the collector's GOGC and memory limit without changing
// them.
func gcSettings() (percent int, limit int64) {
	percent = debug.SetGCPercent(100)
	debug.SetGCPercent(percent)
	return percent, debug.SetMemoryLimit(-1)
}

// withLoadGC runs f with the collector's settings and tuneGC's state
// saved, and restores them after.
func withLoadGC(t *testing.T, f func()) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		t.Skip("the environment sets the collector (GOGC or GOMEMLIMIT), and tuneGC then leaves it")
	}
	percent, limit := gcSettings()
	defer func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
		collector.Lock()
		collector.tuned, collector.free, collector.searching, collector.limit = false, false, false, -1
		collector.Unlock()
	}()
	debug.SetMemoryLimit(math.MaxInt64)
	f()
}

// collectUntilFree collects until the free phase has ended (its
// finalizer runs after the collection, on a goroutine of its own).
func collectUntilFree(t *testing.T) {
	deadline := time.Now().Add(5 * time.Second)
	for {
		runtime.GC()
		collector.Lock()
		free := collector.free
		collector.Unlock()
		if !free {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the free phase outlived 5 s of collections")
		}
		time.Sleep(time.Millisecond)
	}
}

// Loading runs no collection below loadHeapFree; the first collection
// hands loading back to GOGC loadGCPercent and the limit it found; the
// search then runs at gcPercent.
func TestLoadCollectsOnlyPastItsFreeHeap(t *testing.T) {
	withLoadGC(t, func() {
		tuneGC()
		if p, l := gcSettings(); p != -1 || l != loadHeapFree {
			t.Fatalf("while loading: GOGC %d, limit %d; want off and %d", p, l, loadHeapFree)
		}
		collectUntilFree(t)
		if p, l := gcSettings(); p != loadGCPercent || l != math.MaxInt64 {
			t.Fatalf("after the first collection: GOGC %d, limit %d; want %d and no limit", p, l, loadGCPercent)
		}
		tuneSearchGC()
		if p, l := gcSettings(); p != gcPercent || l != math.MaxInt64 {
			t.Fatalf("searching: GOGC %d, limit %d; want %d and no limit", p, l, gcPercent)
		}
	})
}

// A load that ends before any collection leaves the search a free heap of
// searchHeapFree beyond what the runtime holds; the search's first
// collection ends it, at GOGC gcPercent and no limit, and later
// collections leave that alone.
func TestSearchHasAFreeHeap(t *testing.T) {
	withLoadGC(t, func() {
		tuneGC()
		before := int64(runtimeMemory())
		tuneSearchGC()
		after := int64(runtimeMemory())
		p, l := gcSettings()
		if p != -1 || l < before+searchHeapFree || l > after+searchHeapFree {
			t.Fatalf("searching, before a collection: GOGC %d, limit %d; want off and %d-%d", p, l, before+searchHeapFree, after+searchHeapFree)
		}
		collectUntilFree(t)
		for range 3 {
			runtime.GC()
			time.Sleep(time.Millisecond)
		}
		if p, l := gcSettings(); p != gcPercent || l != math.MaxInt64 {
			t.Fatalf("after the search's first collection: GOGC %d, limit %d; want %d and no limit", p, l, gcPercent)
		}
	})
}

// The memory watch's limit (--max-memory) holds in the free phase where it
// is lower than the phase's, and is the limit after the phase in any case.
func TestMemoryLimitInTheFreePhase(t *testing.T) {
	withLoadGC(t, func() {
		tuneGC()
		tuneSearchGC()
		_, free := gcSettings()
		if old := setMemoryLimit(free / 2); old != math.MaxInt64 {
			t.Fatalf("setMemoryLimit returned %d; want the limit before the phase, %d", old, int64(math.MaxInt64))
		}
		if _, l := gcSettings(); l != free/2 {
			t.Fatalf("a lower limit in the free phase: %d; want %d", l, free/2)
		}
		if old := setMemoryLimit(1 << 40); old != free/2 {
			t.Fatalf("setMemoryLimit returned %d; want %d", old, free/2)
		}
		if _, l := gcSettings(); l != free {
			t.Fatalf("a higher limit in the free phase: %d; want the phase's, %d", l, free)
		}
		collectUntilFree(t)
		if p, l := gcSettings(); p != gcPercent || l != 1<<40 {
			t.Fatalf("after the phase: GOGC %d, limit %d; want %d and %d", p, l, gcPercent, int64(1<<40))
		}
	})
}
