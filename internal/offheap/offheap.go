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
const MinBytes = 32 << 10

// Elem is what a slice of this package may hold: plain numbers, which
// the collector need not see.
type Elem interface {
	~uint8 | ~uint16 | ~uint32 | ~uint64 | ~int8 | ~int16 | ~int32 | ~int64
}

// mappedBytes is the process's mapped total.
var mappedBytes atomic.Int64

// Bytes returns the memory mapped by every pool of the process.
func Bytes() uint64 { return uint64(mappedBytes.Load()) }

// Pool owns the mappings of one data structure. Its zero value is ready.
type Pool struct {
	// Count, when set before the pool maps anything, also counts its
	// mapped bytes (a package's share of Bytes).
	Count *atomic.Int64
	mu    sync.Mutex
	r     *registry
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

// mapBytes maps at least n bytes for p, nil if the system refuses.
func (p *Pool) mapBytes(n int) []byte {
	b, err := mapFunc(roundToPage(n))
	if err != nil {
		return nil
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

func (r *registry) add(b []byte) {
	r.mu.Lock()
	r.live[addrOf(b)] = b
	r.mu.Unlock()
	r.counted(len(b))
}

// take removes the mapping at addr from r and returns it, nil if r does
// not hold it (the slice is from the heap).
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

func (r *registry) counted(n int) {
	mappedBytes.Add(int64(n))
	if r.count != nil {
		r.count.Add(int64(n))
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
		r.counted(-len(b))
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
		r.counted(-len(b))
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

// Append appends vs to s as the builtin append does, in memory of p: the
// capacity doubles when it runs out.
func Append[T Elem](p *Pool, s []T, vs ...T) []T {
	if n := len(s) + len(vs); n > cap(s) {
		s = Resize(p, s, max(n, 2*cap(s), 8))
	}
	return append(s, vs...)
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
		r.add(old)
		return nil
	}
	r.counted(-len(old))
	r.add(b)
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
