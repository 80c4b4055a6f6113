package offheap

import (
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

// MinBytes is the size from which a slice is mapped; smaller ones come
// from Go's heap. A mapping costs a system call and whole pages, and the
// system bounds the number of mappings of a process (65,530 by default
// on Linux), so small arrays stay in the heap, where they cost little
// slack.
const MinBytes = 16 << 10

// Elem is what a slice of this package may hold: plain numbers, which
// the collector need not see.
type Elem interface {
	~uint8 | ~uint16 | ~uint32 | ~uint64 | ~int8 | ~int16 | ~int32 | ~int64
}

// mappedBytes is the process's mapped total, mappings the number of its
// mappings.
var mappedBytes, mappings atomic.Int64

// maxMappings bounds the mappings of the process: a quarter of Linux's
// default bound on a process's mappings (vm.max_map_count), so that the
// Go runtime, whose heap grows by mappings too, is never refused one.
// Past it, slices come from the heap. (Neighbouring mappings that the
// system merges count once there, but each here.)
const maxMappings = 1 << 14

// Bytes returns the memory mapped by every pool of the process.
func Bytes() uint64 { return uint64(mappedBytes.Load()) }

// Pool owns the mappings of one data structure. Its zero value is ready.
type Pool struct {
	// Count, when set before the pool maps anything, also counts its
	// mapped bytes (a package's share of Bytes).
	Count *atomic.Int64
	// Huge, when set before the pool maps anything, asks the system to
	// back its mappings of a huge page (2 MB) or more with huge pages
	// (Linux's transparent huge pages, MADV_HUGEPAGE), which the system
	// grants where they are enabled "always" or "madvise". It is for
	// tables read at random all over, where a lookup with small pages
	// also misses the processor's cache of page translations: the
	// speculating helper's set of hashes (explore/specset.go). A huge
	// page is resident whole once touched, so a pool whose capacity
	// fills in order leaves it unset.
	Huge bool
	mu   sync.Mutex
	r    *registry
}

// registry is what a pool has mapped, kept apart from the Pool so that
// the cleanup that releases it does not keep the Pool reachable.
type registry struct {
	mu    sync.Mutex
	live  map[uintptr][]byte // by the address of the first byte
	count *atomic.Int64
}

// mapFunc maps memory; tests replace it to see the heap taken when the
// system refuses.
var mapFunc = sysMap

// mapBytes maps at least n bytes for p, nil if the system refuses or the
// process has maxMappings.
func (p *Pool) mapBytes(n int) []byte {
	if mappings.Load() >= maxMappings {
		return nil
	}
	b, err := mapFunc(roundToPage(n))
	if err != nil {
		return nil
	}
	if p.Huge {
		adviseHuge(b)
	}
	p.registry().add(b)
	return b
}

// registry returns p's registry, made with the first mapping; the
// mappings are released when the memory holding p becomes unreachable.
func (p *Pool) registry() *registry {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.r == nil {
		p.r = &registry{live: map[uintptr][]byte{}, count: p.Count}
		runtime.AddCleanup(p, (*registry).release, p.r)
	}
	return p.r
}

// add records the new mapping b.
func (r *registry) add(b []byte) {
	r.mu.Lock()
	r.live[addrOf(b)] = b
	r.mu.Unlock()
	r.counted(b, 1)
}

// take removes the mapping at addr from r and returns it, nil if r does
// not hold it (the slice is from the heap). It is still counted.
func (r *registry) take(addr uintptr) []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	b, ok := r.live[addr]
	if !ok {
		return nil
	}
	delete(r.live, addr)
	return b
}

// counted adds mapping b to the counts (sign 1) or takes it away (-1).
func (r *registry) counted(b []byte, sign int) {
	mappedBytes.Add(int64(sign * len(b)))
	mappings.Add(int64(sign))
	if r.count != nil {
		r.count.Add(int64(sign * len(b)))
	}
}

// release unmaps everything r holds.
func (r *registry) release() {
	r.mu.Lock()
	live := r.live
	r.live = map[uintptr][]byte{}
	r.mu.Unlock()
	for _, b := range live {
		sysUnmap(b)
		r.counted(b, -1)
	}
}

// unmap gives back the mapping that starts at addr, if p holds one.
func (p *Pool) unmap(addr uintptr) {
	p.mu.Lock()
	r := p.r
	p.mu.Unlock()
	if r == nil {
		return
	}
	if b := r.take(addr); b != nil {
		sysUnmap(b)
		r.counted(b, -1)
	}
}

// Release gives back every mapping of p now; p may map again.
func (p *Pool) Release() {
	p.mu.Lock()
	r := p.r
	p.mu.Unlock()
	if r != nil {
		r.release()
	}
}

// Adopt makes every mapping of q p's: the slices q handed out are freed
// through p from now on, and released with p. It is how a structure's
// tables move to another structure (a Pool is not copied).
func (p *Pool) Adopt(q *Pool) {
	if p == q {
		return
	}
	q.mu.Lock()
	qr := q.r
	q.mu.Unlock()
	if qr == nil {
		return
	}
	qr.mu.Lock()
	live := qr.live
	qr.live = map[uintptr][]byte{}
	qr.mu.Unlock()
	if len(live) == 0 {
		return
	}
	r := p.registry()
	for _, b := range live {
		qr.counted(b, -1)
		r.add(b)
	}
}

// Bytes returns the memory p has mapped.
func (p *Pool) Bytes() int {
	p.mu.Lock()
	r := p.r
	p.mu.Unlock()
	if r == nil {
		return 0
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, b := range r.live {
		n += len(b)
	}
	return n
}

// Make returns a zeroed slice of n elements, mapped for p if it takes at
// least MinBytes and the system grants it, else from Go's heap.
func Make[T Elem](p *Pool, n int) []T {
	size := sizeOf[T]()
	if !canMap || n < MinBytes/size {
		return make([]T, n)
	}
	b := p.mapBytes(n * size)
	if b == nil {
		return make([]T, n)
	}
	return fromBytes[T](b)[:n]
}

// Free gives s back to the system at once if it was mapped for p; a
// slice from the heap is left to the collector.
func Free[T Elem](p *Pool, s []T) {
	if canMap && cap(s) >= MinBytes/sizeOf[T]() {
		p.unmap(uintptr(unsafe.Pointer(unsafe.SliceData(s))))
	}
}

// Resize returns s with room for at least n elements: its contents, all
// of its capacity, followed by zeros. s is given back (Free) unless the
// result is s itself, as when n is within its capacity; a mapped slice
// grows in place or by moving its pages where the system can (mremap on
// Linux), with no copy and no moment at which both arrays are resident.
func Resize[T Elem](p *Pool, s []T, n int) []T {
	if n <= cap(s) {
		return s
	}
	size := sizeOf[T]()
	if canMap && n >= MinBytes/size && cap(s) >= MinBytes/size {
		if b := p.remap(uintptr(unsafe.Pointer(unsafe.SliceData(s))), n*size); b != nil {
			return fromBytes[T](b)[:len(s)]
		}
	}
	t := Make[T](p, n)
	copy(t, s[:cap(s)])
	Free(p, s)
	return t[:len(s)]
}

// Grow returns s with room for n more elements, as slices.Grow does: a
// capacity that runs out grows as the builtin append's, doubling while
// small and by a quarter once large, so that a table charged by its
// capacity (the caches' bounds) is charged as it was in the heap.
func Grow[T Elem](p *Pool, s []T, n int) []T {
	if n <= cap(s)-len(s) {
		return s
	}
	c := cap(s)
	if c < 256 {
		c = 2*c + 8
	} else {
		c += (c + 3*256) / 4
	}
	return Resize(p, s, max(c, len(s)+n))
}

// Append appends vs to s as the builtin append does, in memory of p.
func Append[T Elem](p *Pool, s []T, vs ...T) []T {
	return append(Grow(p, s, len(vs)), vs...)
}

// remap moves the mapping of p at addr to one of at least n bytes; nil
// if p holds no mapping there or the system cannot.
func (p *Pool) remap(addr uintptr, n int) []byte {
	p.mu.Lock()
	r := p.r
	p.mu.Unlock()
	if r == nil {
		return nil
	}
	old := r.take(addr)
	if old == nil {
		return nil
	}
	b, ok := sysRemap(old, roundToPage(n))
	if !ok {
		b = old // as it was
	}
	r.mu.Lock()
	r.live[addrOf(b)] = b
	r.mu.Unlock()
	if !ok {
		return nil
	}
	r.counted(old, -1)
	r.counted(b, 1)
	return b
}

func sizeOf[T Elem]() int {
	var zero T
	return int(unsafe.Sizeof(zero))
}

// fromBytes views mapped memory as elements of T: a mapping starts on a
// page, so it is aligned for any T.
func fromBytes[T Elem](b []byte) []T {
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(b))), len(b)/sizeOf[T]())
}

func addrOf(b []byte) uintptr { return uintptr(unsafe.Pointer(unsafe.SliceData(b))) }

var pageSize = pageBytes()

func roundToPage(n int) int { return (n + pageSize - 1) &^ (pageSize - 1) }
