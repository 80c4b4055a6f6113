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
		gcTuned, loadLimit = false, -1
		loading.Store(false)
	}()
	debug.SetMemoryLimit(math.MaxInt64)
	f()
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
		runtime.GC()
		deadline := time.Now().Add(5 * time.Second)
		for loading.Load() && time.Now().Before(deadline) {
			runtime.GC()
			time.Sleep(time.Millisecond)
		}
		if p, l := gcSettings(); p != loadGCPercent || l != math.MaxInt64 {
			t.Fatalf("after the first collection: GOGC %d, limit %d; want %d and no limit", p, l, loadGCPercent)
		}
		tuneSearchGC()
		if p, l := gcSettings(); p != gcPercent || l != math.MaxInt64 {
			t.Fatalf("searching: GOGC %d, limit %d; want %d and no limit", p, l, gcPercent)
		}
	})
}

// A load that ends before any collection gives the limit back too, and a
// collection during the search leaves the search's GOGC alone.
func TestSearchEndsTheLoadLimit(t *testing.T) {
	withLoadGC(t, func() {
		tuneGC()
		tuneSearchGC()
		if p, l := gcSettings(); p != gcPercent || l != math.MaxInt64 {
			t.Fatalf("searching: GOGC %d, limit %d; want %d and no limit", p, l, gcPercent)
		}
		for range 3 {
			runtime.GC()
			time.Sleep(time.Millisecond)
		}
		if p, _ := gcSettings(); p != gcPercent {
			t.Fatalf("a collection during the search set GOGC %d; want %d", p, gcPercent)
		}
	})
}
