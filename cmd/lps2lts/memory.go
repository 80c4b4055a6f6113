package main

import (
	"bufio"
	"bytes"
	"os"
	"runtime"
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

// memoryInUse is the memory the Go runtime holds from the system, less
// what it has given back, and the tables mapped outside its heap (the
// term stores' nodes, the state stores', the todo list's and the caches'
// large arrays: package offheap): close to the resident set of the
// process.
func memoryInUse() uint64 {
	return runtimeMemory() + offheap.Bytes()
}

// runtimeMemory is the memory the Go runtime holds from the system, less
// what it has given back: what its memory limit counts.
func runtimeMemory() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64() - s[1].Value.Uint64()
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
		old = setMemoryLimit(int64(soft))
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
			setMemoryLimit(old)
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
