//go:build !unix || race

package offheap

import "errors"

// canMap is false where memory cannot be mapped from the system, and
// under the race detector, which watches only Go's own memory: every
// slice comes from the heap.
const canMap = false

func sysMap(int) ([]byte, error)          { return nil, errors.New("offheap: no mapping here") }
func sysUnmap([]byte)                     {}
func sysRemap([]byte, int) ([]byte, bool) { return nil, false }
func pageBytes() int                      { return 4096 }

func adviseHuge([]byte) {}
