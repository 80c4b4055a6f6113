package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/lps2lts/lps2lts/explore"
)

// progress prints a line on stderr at most every interval (-v): the time
// since the run began, the states, transitions and states explored, the
// breadth-first levels finished (counted as the summary counts them, so
// that the last line and the summary agree after a stop), the rate since
// the line before, the resident memory, the store's bytes and the memory
// limit that would stop the search.
type progress struct {
	explore.NopVisitor
	x        *explore.Explorer
	out      io.Writer
	interval time.Duration
	start    time.Time
	limitMB  int // --max-memory, 0 for none
	last     time.Time
	lastN    int
	tick     int
}

func (p *progress) FinishState(explore.StateID) {
	if p.tick == 0 {
		p.last = time.Now()
	}
	p.tick++
	if p.tick&1023 != 0 {
		return // the clock is read once per 1024 states
	}
	now := time.Now()
	if now.Sub(p.last) < p.interval {
		return
	}
	n := p.x.Store().Len()
	rate := float64(n-p.lastN) / now.Sub(p.last).Seconds()
	p.last, p.lastN = now, n
	fmt.Fprintln(p.out, p.line(now.Sub(p.start), n, rate))
}

func (p *progress) line(elapsed time.Duration, states int, rate float64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%.1fs: %d states, %d transitions, explored %d", elapsed.Seconds(), states, p.x.Transitions(), p.x.Explored())
	if lvl := p.x.Level(); lvl > 0 {
		// Level is the level being explored; the summary counts those
		// finished.
		fmt.Fprintf(&b, ", %d levels done", lvl-1)
	}
	fmt.Fprintf(&b, ", %.0f states/s, memory %s resident", rate, megabytes(residentMemory()))
	if sb := storeBytes(p.x.Store()); sb > 0 {
		fmt.Fprintf(&b, ", store %s", megabytes(uint64(sb)))
	}
	if p.limitMB > 0 {
		fmt.Fprintf(&b, ", limit %d MB", p.limitMB)
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
