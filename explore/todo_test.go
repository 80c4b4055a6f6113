package explore

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestTodoListAgainstSlice drives the chunked todo list and a plain slice
// with the same random operations, across chunk boundaries and with a
// list that empties and fills again, and compares what they give back.
// With width 5 most values fit a byte and a few need two or four, so
// chunks widen with entries already in them (todoChunk).
func TestTodoListAgainstSlice(t *testing.T) {
	for _, width := range []int{0, 3, 5} {
		rng := rand.New(rand.NewPCG(1, uint64(width)))
		l := todoList{width: width}
		var ids []StateID // the list's contents; a vector is a function of its id
		sorted := true    // ids ascend (held needs it)
		next := StateID(0)
		vecOf := func(id StateID, v []uint32) []uint32 {
			v = v[:0]
			for i := range width {
				x := uint32(id)*7 + uint32(i)
				if width == 5 {
					switch {
					case id%3 == 0 && id%97 == 0:
					case id%97 == 0:
						x &= 0xFFFF
					default:
						x &= 0xFF
					}
				}
				v = append(v, x)
			}
			return v
		}
		dst, want, scratch := make([]uint32, width), make([]uint32, width), make([]uint32, width)
		for step := range 4000 {
			switch op := rng.IntN(10); {
			case op < 4 || len(ids) == 0: // a burst of appends
				for range rng.IntN(todoChunkLen) {
					l.append(next, vecOf(next, scratch))
					ids = append(ids, next)
					next++
				}
			case op < 6:
				id := l.popFront(dst)
				if id != ids[0] || !slices.Equal(dst, vecOf(ids[0], want)) {
					t.Fatalf("width %d step %d: popFront %d %v, want %d", width, step, id, dst, ids[0])
				}
				ids = ids[1:]
			case op < 8: // a run of pops from the back, as depth-first search
				for n := rng.IntN(2 * todoChunkLen); n > 0 && len(ids) > 0; n-- {
					k := len(ids) - 1
					id := l.popBack(dst)
					if id != ids[k] || !slices.Equal(dst, vecOf(ids[k], want)) {
						t.Fatalf("width %d step %d: popBack %d, want %d", width, step, id, ids[k])
					}
					ids = ids[:k]
				}
			case op < 9:
				n := rng.IntN(2 * todoChunkLen)
				got := l.popBlock(n, nil)
				n = min(n, len(ids))
				if !slices.Equal(got, ids[:n]) {
					t.Fatalf("width %d step %d: popBlock(%d) differs", width, step, n)
				}
				ids = ids[n:]
			default:
				k := 1 + rng.IntN(len(ids))
				l.replaceFromBack(k, next, vecOf(next, scratch))
				ids[len(ids)-k] = next
				sorted = sorted && k == 1
				next++
			}
			if len(ids) == 0 {
				sorted = true
			}
			if l.len() != len(ids) {
				t.Fatalf("width %d step %d: len %d, want %d", width, step, l.len(), len(ids))
			}
			if width > 0 && len(ids) > 0 && sorted {
				i := rng.IntN(len(ids))
				if v := l.held(ids[i]); !slices.Equal(v, vecOf(ids[i], want)) {
					t.Fatalf("width %d step %d: held(%d) = %v", width, step, ids[i], v)
				}
				if v := l.held(next); v != nil {
					t.Fatalf("width %d step %d: held(%d) of a state not in the list = %v", width, step, next, v)
				}
			}
		}
	}
}
