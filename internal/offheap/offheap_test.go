package offheap

import (
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
)

// large is a number of uint32 that is mapped where mapping is possible.
const large = 1 << 18

func TestSmallSlicesComeFromTheHeap(t *testing.T) {
	var p Pool
	before := Bytes()
	s := Make[uint32](&p, MinBytes/4-1)
	if len(s) != MinBytes/4-1 || p.Bytes() != 0 || Bytes() != before {
		t.Fatalf("small slice: len %d, pool %d bytes, process %d -> %d", len(s), p.Bytes(), before, Bytes())
	}
	Free(&p, s) // a heap slice: nothing to give back, no panic
}

func TestMakeMapsAndFreeUnmaps(t *testing.T) {
	var p Pool
	before := Bytes()
	s := Make[uint64](&p, large)
	if len(s) != large || cap(s) < large {
		t.Fatalf("len %d cap %d, want %d", len(s), cap(s), large)
	}
	for i := range s {
		if s[i] != 0 {
			t.Fatalf("s[%d] = %d, want zeros", i, s[i])
		}
		s[i] = uint64(i)
	}
	if !canMap {
		if p.Bytes() != 0 || Bytes() != before {
			t.Fatalf("heap build mapped %d bytes", p.Bytes())
		}
		return
	}
	if want := 8 * large; p.Bytes() != want || Bytes() != before+uint64(want) {
		t.Fatalf("mapped: pool %d, process +%d, want %d", p.Bytes(), Bytes()-before, want)
	}
	Free(&p, s[:10]) // resliced from its start: still found
	if p.Bytes() != 0 || Bytes() != before {
		t.Fatalf("after Free: pool %d, process +%d", p.Bytes(), Bytes()-before)
	}
}

func TestCapacityRunsToTheEndOfThePage(t *testing.T) {
	if !canMap {
		t.Skip("nothing is mapped in this build")
	}
	var p Pool
	n := MinBytes + 1
	s := Make[byte](&p, n)
	if len(s) != n || cap(s) != roundToPage(n) || p.Bytes() != cap(s) {
		t.Fatalf("len %d cap %d pool %d, want %d, %d", len(s), cap(s), p.Bytes(), n, roundToPage(n))
	}
	s = s[:cap(s)]
	s[len(s)-1] = 1 // the whole page is there
	Free(&p, s)
}

func TestResizeKeepsContents(t *testing.T) {
	for _, tc := range []struct {
		name     string
		from, to int
	}{
		{"heap to heap", 10, 100},
		{"heap to mapped", 1000, large},
		{"mapped to mapped", large, 3 * large},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var p Pool
			s := Make[uint32](&p, tc.from)
			for i := range s {
				s[i] = uint32(i + 1)
			}
			s = s[:tc.from/2]
			r := Resize(&p, s, tc.to)
			if len(r) != tc.from/2 || cap(r) < tc.to {
				t.Fatalf("%s: len %d cap %d", tc.name, len(r), cap(r))
			}
			// The whole capacity of s is kept, then zeros.
			r = r[:cap(r)]
			for i := range r {
				want := uint32(0)
				if i < tc.from {
					want = uint32(i + 1)
				}
				if r[i] != want {
					t.Fatalf("%s: r[%d] = %d, want %d", tc.name, i, r[i], want)
				}
			}
			if canMap && tc.to >= MinBytes/4 && p.Bytes() != roundToPage(4*tc.to) {
				t.Fatalf("%s: pool holds %d bytes, want only the new array's %d", tc.name, p.Bytes(), roundToPage(4*tc.to))
			}
			Free(&p, r)
			if p.Bytes() != 0 {
				t.Fatalf("%s: %d bytes left after Free", tc.name, p.Bytes())
			}
		})
	}
}

func TestResizeWithinCapacityIsTheSameSlice(t *testing.T) {
	var p Pool
	s := Make[uint16](&p, 100)
	if r := Resize(&p, s[:50], 80); &r[0] != &s[0] || len(r) != 50 {
		t.Fatalf("Resize within capacity moved or cut the slice")
	}
}

func TestAppendAsTheBuiltin(t *testing.T) {
	var p Pool
	rng := rand.New(rand.NewPCG(1, 2))
	var got, want []uint32
	for range 200 {
		vs := make([]uint32, rng.IntN(3000))
		for i := range vs {
			vs[i] = rng.Uint32()
		}
		got = Append(&p, got, vs...)
		want = append(want, vs...)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("Append differs from append (len %d against %d)", len(got), len(want))
	}
	if canMap && p.Bytes() != roundToPage(4*cap(got)) {
		t.Fatalf("the pool holds %d bytes, the slice %d: an old array was kept", p.Bytes(), 4*cap(got))
	}
	Free(&p, got)
}

func TestReleaseGivesBackEverything(t *testing.T) {
	var count atomic.Int64
	p := Pool{Count: &count}
	before := Bytes()
	a := Make[uint64](&p, large)
	b := Make[byte](&p, large)
	a[0], b[0] = 1, 1
	if canMap && count.Load() != int64(p.Bytes()) {
		t.Fatalf("Count %d, pool %d", count.Load(), p.Bytes())
	}
	p.Release()
	if p.Bytes() != 0 || Bytes() != before || count.Load() != 0 {
		t.Fatalf("after Release: pool %d, process +%d, Count %d", p.Bytes(), Bytes()-before, count.Load())
	}
	c := Make[uint32](&p, large) // a released pool maps again
	Free(&p, c)
}

// owner is a structure that holds a pool.
type owner struct {
	pool  Pool
	table []uint64
}

func TestAnUnreachableOwnerGivesItsMemoryBack(t *testing.T) {
	if !canMap {
		t.Skip("nothing is mapped in this build")
	}
	var count atomic.Int64
	func() {
		o := &owner{pool: Pool{Count: &count}}
		o.table = Make[uint64](&o.pool, large)
		o.table = Resize(&o.pool, o.table, 2*large)
		o.table[0] = 1
	}()
	if count.Load() == 0 {
		t.Fatal("nothing was mapped")
	}
	// Cleanups run after a collection, on a goroutine of their own.
	for i := 0; i < 100 && count.Load() != 0; i++ {
		runtime.GC()
		runtime.Gosched()
	}
	if count.Load() != 0 {
		t.Fatalf("%d bytes still mapped after the owner was dropped", count.Load())
	}
}

func TestHeapWhenTheSystemRefuses(t *testing.T) {
	defer func(f func(int) ([]byte, error)) { mapFunc = f }(mapFunc)
	mapFunc = func(int) ([]byte, error) { return nil, errors.New("refused") }
	var p Pool
	before := Bytes()
	s := Make[uint32](&p, large)
	s[large-1] = 7
	s = Resize(&p, s, 2*large)
	if s[large-1] != 7 || p.Bytes() != 0 || Bytes() != before {
		t.Fatalf("refused mapping: s[%d] = %d, pool %d bytes", large-1, s[large-1], p.Bytes())
	}
	Free(&p, s)
}

func TestConcurrentPools(t *testing.T) {
	// Each goroutine its own pool and one shared, as the threads of a
	// search and a store they share.
	var shared Pool
	done := make(chan []uint32)
	for g := range 4 {
		go func() {
			var own Pool
			s := Make[uint32](&own, large)
			t := Make[uint32](&shared, large)
			s[0], t[0] = uint32(g), uint32(g)
			Free(&own, s)
			done <- t
		}()
	}
	for range 4 {
		Free(&shared, <-done)
	}
	if shared.Bytes() != 0 {
		t.Fatalf("%d bytes left in the shared pool", shared.Bytes())
	}
}

func TestHeapPastTheMostMappings(t *testing.T) {
	mappings.Add(maxMappings)
	defer mappings.Add(-maxMappings)
	var p Pool
	s := Make[uint64](&p, large)
	if p.Bytes() != 0 {
		t.Fatalf("%d bytes mapped past the most mappings", p.Bytes())
	}
	Free(&p, s)
}

func TestMappingsCounted(t *testing.T) {
	if !canMap {
		t.Skip("nothing is mapped in this build")
	}
	var p Pool
	before := mappings.Load()
	a := Make[uint32](&p, large)
	b := Make[uint32](&p, large)
	a = Resize(&p, a, 4*large)
	if got := mappings.Load() - before; got != 2 {
		t.Fatalf("%d mappings counted, want 2", got)
	}
	Free(&p, a)
	p.Release()
	if mappings.Load() != before {
		t.Fatalf("%d mappings left", mappings.Load()-before)
	}
	_ = b
}

func TestAdoptMovesTheMappings(t *testing.T) {
	var count atomic.Int64
	var from, to Pool
	to.Count = &count
	before := Bytes()
	s := Make[uint32](&from, large)
	s[0] = 1
	to.Adopt(&from)
	if from.Bytes() != 0 || (canMap && (to.Bytes() != roundToPage(4*large) || count.Load() != int64(to.Bytes()))) {
		t.Fatalf("after Adopt: from %d bytes, to %d, Count %d", from.Bytes(), to.Bytes(), count.Load())
	}
	from.Release() // gives back nothing that to holds
	if s[0] != 1 {
		t.Fatal("the adopted slice changed")
	}
	Free(&to, s)
	if to.Bytes() != 0 || Bytes() != before || count.Load() != 0 {
		t.Fatalf("after Free: to %d bytes, process +%d, Count %d", to.Bytes(), Bytes()-before, count.Load())
	}
}
