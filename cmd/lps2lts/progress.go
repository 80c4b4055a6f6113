package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/visitor"
)

// newProgress returns the progress lines of -v: visitor.Progress's
// throttling with lines that give the time since the run began, the
// states, transitions and states explored, the breadth-first levels
// finished (counted as the summary counts them, so that the last line and
// the summary agree after a stop), the rate since the line before, the
// resident memory, the store's bytes, the term store's bytes and the memory limit that would stop
// the search (limitMB, 0 for none).
func newProgress(x *explore.Explorer, out io.Writer, interval time.Duration, start time.Time, limitMB int) *visitor.Progress {
	return &visitor.Progress{Explorer: x, Out: out, Interval: interval, Format: func(states int, rate float64) string {
		return formatProgress(x, time.Since(start), states, rate, limitMB)
	}}
}

func formatProgress(x *explore.Explorer, elapsed time.Duration, states int, rate float64, limitMB int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%.1fs: %d states, %d transitions, explored %d", elapsed.Seconds(), states, x.Transitions(), x.Explored())
	if lvl := x.Level(); lvl > 0 {
		// Level is the level being explored; the summary counts those
		// finished.
		fmt.Fprintf(&b, ", %d levels done", lvl-1)
	}
	fmt.Fprintf(&b, ", %.0f states/s, memory %s resident", rate, megabytes(residentMemory()))
	if sb := storeBytes(x.Store()); sb > 0 {
		fmt.Fprintf(&b, ", store %s", megabytes(uint64(sb)))
	}
	if tc, ok := x.Generator().(explore.TermCollector); ok {
		tb := tc.TermStoreBytes()
		fmt.Fprintf(&b, ", terms %s", megabytes(uint64(tb)))
	}
	if limitMB > 0 {
		fmt.Fprintf(&b, ", limit %d MB", limitMB)
	}
	return b.String()
}

func megabytes(n uint64) string {
	return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
}

// residentMemory is the process's resident set (VmRSS on Linux); where
// the system does not tell, the memory the Go runtime holds.
func residentMemory() uint64 {
	if data, err := os.ReadFile("/proc/self/statm"); err == nil {
		if f := strings.Fields(string(data)); len(f) >= 2 {
			if pages, err := strconv.ParseUint(f[1], 10, 64); err == nil {
				return pages * uint64(os.Getpagesize())
			}
		}
	}
	return memoryInUse()
}
