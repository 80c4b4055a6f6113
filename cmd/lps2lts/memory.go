package main

import (
	"bufio"
	"bytes"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/offheap"
)

// memoryPoll is how often the memory watcher looks at the process's
// memory. Exploration allocates at most a few hundred MB/s, so the limit
// is passed by little before the search stops.
var memoryPoll = 50 * time.Millisecond

// defaultMaxMemoryMB is --max-memory's default: 90 % of the memory of the
// machine or of the container (cgroup), whichever is smaller; 0 if
// neither can be read (no limit). Tests set a smaller default.
var defaultMaxMemoryMB = func() int {
	avail := availableMemory()
	return int(avail / 10 * 9 >> 20)
}

// availableMemory reads the cgroup v2 limit and /proc/meminfo's MemTotal;
// 0 if neither is known.
func availableMemory() uint64 {
	var avail uint64
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		sc := bufio.NewScanner(bytes.NewReader(b))
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			if len(f) >= 2 && f[0] == "MemTotal:" {
				if kb, err := strconv.ParseUint(f[1], 10, 64); err == nil {
					avail = kb << 10
				}
			}
		}
	}
	if b, err := os.ReadFile("/sys/fs/cgroup/memory.max"); err == nil {
		if v, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64); err == nil && (avail == 0 || v < avail) {
			avail = v
		}
	}
	return avail
}

// gcPercent is the collector's GOGC during the search unless the
// environment sets one. The heap of a search is mostly tables without
// pointers (the store's words, the todo list's values), which the
// collector does not scan, so collecting at half the live heap instead of
// all of it costs little time and keeps less garbage resident: peak RSS
// of dining_10 15.0-16.6 MB -> 14.2-14.7, user time equal (three
// alternating runs each).
const gcPercent = 50

// loadGCPercent is the collector's GOGC while the specification is read,
// checked and compiled, unless the environment sets one. That heap is
// small and full of pointers (syntax trees, sorts, symbols), and at
// GOGC 50 its collections were most of the work of loading (613 of the
// 750 million instructions of Lamport_3-bit's first state). At 200 the
// first 20,000 states of the bench's Lamport_3-bit take 1.82 -> 1.45
// billion instructions, Dijkstra's 0.90 -> 0.78, for 1-4 MB more peak
// RSS; 400 saved little more for 4-13 MB (docs/rewriting.md, "An
// interning memo").
const loadGCPercent = 200

// loadHeapFree is the heap below which loading runs no collection at all:
// GOGC is off while the specification loads, and the collector first
// runs when the heap reaches this size, through a memory limit. Most
// specifications load in less (the bench's Lamport_3-bit allocates 16-19
// MB), and their loading collected once or twice at GOGC 200: the first
// 20,000 states of Lamport_3-bit take 8% fewer instructions without, of
// Aravind_BLRU 6% (cachegrind, the least of three runs; peak RSS equal on
// the issue 41 models, a few MB more at -l1 on the pipeline's largest
// specifications, e.g. 1394-fin 27 -> 34 MB). After that first
// collection, if it comes, loading goes on at GOGC loadGCPercent
// (gcAfterFirst), so that a large specification's heap stays within a
// few times its live size.
const loadHeapFree = 32 << 20

// gcTuned says that tuneGC set the collector's GOGC, which tuneSearchGC
// then lowers for the search; loadLimit is the memory limit to restore
// when loading ends (-1: tuneGC set none).
var (
	gcTuned   bool
	loading   atomic.Bool
	loadLimit = int64(-1)
)

func tuneGC() {
	if os.Getenv("GOGC") != "" {
		return
	}
	gcTuned = true
	if os.Getenv("GOMEMLIMIT") != "" {
		debug.SetGCPercent(loadGCPercent)
		return
	}
	loading.Store(true)
	debug.SetGCPercent(-1)
	loadLimit = debug.SetMemoryLimit(loadHeapFree)
	gcAfterFirst()
}

// gcAfterFirst returns the collector to GOGC loadGCPercent and the memory
// limit to what it was at the first collection while loading: a
// finalizer runs after the collection that finds its object unreachable.
func gcAfterFirst() {
	// An object with a pointer: the tiny allocator, which may never
	// finalize, takes only objects without.
	type sentinel struct{ _ *byte }
	runtime.SetFinalizer(new(sentinel), func(*sentinel) {
		if loading.CompareAndSwap(true, false) {
			debug.SetGCPercent(loadGCPercent)
			debug.SetMemoryLimit(loadLimit)
		}
	})
}

// tuneSearchGC sets the collector's GOGC for the search, once the
// specification is loaded.
func tuneSearchGC() {
	if !gcTuned {
		return
	}
	if loading.CompareAndSwap(true, false) {
		debug.SetMemoryLimit(loadLimit)
	}
	debug.SetGCPercent(gcPercent)
}

// memoryInUse is the memory the Go runtime holds from the system, less
// what it has given back, and the tables mapped outside its heap (the
// term stores' nodes, the state stores', the todo list's and the caches'
// large arrays: package offheap): close to the resident set of the
// process.
func memoryInUse() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64() - s[1].Value.Uint64() + offheap.Bytes()
}

// memoryStop says which limit, if any, stopped a search.
type memoryStop int32

const (
	memoryOK           memoryStop = iota
	memoryLimit                   // --max-memory, given or by default
	memoryAddressSpace            // the address-space limit (ulimit -v)
)

// addressSpaceShare is the part of the address space left free at the
// start of the search (RLIMIT_AS less what the Go runtime and the C
// library have already reserved, over a gigabyte) that the search may
// take. The rest is for the reservations that follow the heap and for the
// next growth of a table, which for a moment holds the old table and the
// new: an allocation past RLIMIT_AS is a fatal error of the runtime, with
// no output and no summary.
const addressSpaceShare = 0.6

// watchMemory stops x cleanly, as Ctrl-C does, once the process uses more
// than limitMB megabytes (0: no limit), or, under an address-space limit
// (ulimit -v, RLIMIT_AS), once its address space comes near that limit,
// so that a run that would run out of memory still writes a valid LTS and
// its summary. It also sets the Go runtime's soft memory limit, so that
// the garbage collector works harder before a limit is reached. reached
// says which limit stopped the run; done ends the watching.
func watchMemory(x *explore.Explorer, limitMB int) (reached func() memoryStop, done func()) {
	var hit atomic.Int32
	reached = func() memoryStop { return memoryStop(hit.Load()) }
	limit := uint64(max(limitMB, 0)) << 20
	soft := limit     // the collector's target
	var asStop uint64 // the address space at which to stop; 0: none
	if as := addressSpaceLimit(); as > 0 {
		base, share := virtualSize(), uint64(0)
		if as > base {
			share = uint64(float64(as-base) * addressSpaceShare)
		}
		asStop = base + share
		if share > 0 && (soft == 0 || share < soft) {
			soft = share
		}
	}
	if limit == 0 && asStop == 0 {
		return reached, func() {}
	}
	old := int64(-1)
	if soft > 0 {
		old = debug.SetMemoryLimit(int64(soft))
	}
	check := func() bool {
		switch {
		case limit > 0 && memoryInUse() > limit:
			hit.Store(int32(memoryLimit))
		case asStop > 0 && virtualSize() > asStop:
			hit.Store(int32(memoryAddressSpace))
		default:
			return false
		}
		x.Stop()
		return true
	}
	fin := make(chan struct{})
	if !check() {
		go func() {
			t := time.NewTicker(memoryPoll)
			defer t.Stop()
			for {
				select {
				case <-fin:
					return
				case <-t.C:
					if check() {
						return
					}
				}
			}
		}()
	}
	return reached, func() {
		close(fin)
		if old >= 0 {
			debug.SetMemoryLimit(old)
		}
	}
}

// virtualSize is the process's address space (VmSize), 0 where the
// system does not tell.
func virtualSize() uint64 {
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return 0
	}
	pages, _ := strconv.ParseUint(f[0], 10, 64)
	return pages * uint64(os.Getpagesize())
}

// peakRSS is the process's peak resident set (VmHWM on Linux), 0 where
// the system does not tell.
func peakRSS() uint64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			f := strings.Fields(rest)
			if len(f) == 2 && f[1] == "kB" {
				kb, _ := strconv.ParseUint(f[0], 10, 64)
				return kb << 10
			}
		}
	}
	return 0
}

// writeHeapProfile writes a profile of the live heap to path (the hidden
// --memprofile flag, for finding what holds memory in a run).
func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	runtime.GC()
	if err := pprof.Lookup("heap").WriteTo(f, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
