//go:build linux && !race

package offheap

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
	"unsafe"
)

// vmFlags returns the flags (/proc/self/smaps, "VmFlags") of the
// mapping that holds addr.
func vmFlags(t *testing.T, addr uintptr) []string {
	t.Helper()
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skipf("no /proc/self/smaps: %v", err)
	}
	defer f.Close()
	in := false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		var lo, hi uintptr
		if n, _ := fmt.Sscanf(line, "%x-%x", &lo, &hi); n == 2 && !strings.HasSuffix(strings.Fields(line)[0], ":") {
			in = lo <= addr && addr < hi
			continue
		}
		if rest, ok := strings.CutPrefix(line, "VmFlags:"); ok && in {
			return strings.Fields(rest)
		}
	}
	t.Fatalf("no mapping holds %#x", addr)
	return nil
}

// TestHugePoolAdvisesHugePages: a pool marked Huge asks for huge pages
// for its mappings of a huge page or more (the mapping's flags say "hg",
// MADV_HUGEPAGE), and only those; a plain pool's mapping does not.
func TestHugePoolAdvisesHugePages(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage"); err != nil {
		t.Skip("this kernel has no transparent huge pages")
	}
	huge := Pool{Huge: true}
	var plain Pool
	defer huge.Release()
	defer plain.Release()
	cases := []struct {
		name string
		s    []uint64
		want bool
	}{
		{"huge pool, 4 MB", Make[uint64](&huge, 4<<20/8), true},
		{"huge pool, 64 KB", Make[uint64](&huge, 64<<10/8), false},
		{"plain pool, 4 MB", Make[uint64](&plain, 4<<20/8), false},
	}
	for _, c := range cases {
		if plain.Bytes() == 0 && huge.Bytes() == 0 {
			t.Skip("the system refused the mappings")
		}
		flags := vmFlags(t, uintptr(unsafe.Pointer(&c.s[0])))
		got := false
		for _, f := range flags {
			got = got || f == "hg"
		}
		if got != c.want {
			t.Errorf("%s: flags %v; want huge pages advised: %v", c.name, flags, c.want)
		}
		c.s[len(c.s)-1] = 1 // the memory is usable
	}
}
