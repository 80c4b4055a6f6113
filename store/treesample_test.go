package store

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
)

// TestTreeSample: until the order is chosen, the sample holds the vector
// of every state by number and the counts of each position's values, as
// decoding the tree finds them (decodeAll), whether the states come by
// Insert, by keys inserted in the order handed out or in another, or
// again, or by keys of successors of a state stored before with the
// masks of the values they wrote (AppendRootKeysWritten, where only
// those values are counted; at 70 values, bit 63 of a mask stands for
// the values from 63 on); a state inserted by a key that no AppendRootKeys handed out
// turns the sample off, and reorder decodes the tree. Either way the
// states read back as inserted after the order is chosen.
func TestTreeSample(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, opt := range treeOptions {
		for _, c := range []struct {
			w   int
			off bool
		}{{12, false}, {12, true}, {70, false}} {
			w, off := c.w, c.off
			s := NewTreeStoreWith(w, opt)
			var want [][]uint32 // by number
			record := func(id explore.StateID, isNew bool, v []uint32) {
				if isNew {
					if int(id) != len(want) {
						t.Fatalf("new state numbered %d, want %d", id, len(want))
					}
					want = append(want, slices.Clone(v))
				}
			}
			var keys, written []uint64
			var vecs []uint32
			for round := 0; s.Len() < reorderSample-50; round++ {
				n := 1 + rng.IntN(6)
				vecs = vecs[:0]
				for range n * w {
					vecs = append(vecs, uint32(rng.IntN(3))) // states found again too
				}
				switch mode := rng.IntN(6); {
				case off && round == 100:
					// A key of a vector folded outside AppendRootKeys.
					id, isNew := s.InsertRootKey(s.rootKey(vecs[:w]))
					if !isNew {
						t.Fatal("the state of a key no batch handed out is not new")
					}
					record(id, isNew, vecs[:w])
				case mode >= 4 && len(want) > 0:
					// Successors of a stored state, each writing a few
					// values (and naming one more in its mask, unchanged).
					src := want[rng.IntN(len(want))]
					written = written[:0]
					for i := range n {
						v := vecs[i*w : (i+1)*w]
						copy(v, src)
						var mask uint64
						for range 1 + rng.IntN(3) {
							p := rng.IntN(w)
							v[p] = uint32(3 + rng.IntN(1+p%5)) // values the other states lack
							mask |= 1 << min(p, 63)
						}
						mask |= 1 << min(rng.IntN(w), 63)
						written = append(written, mask)
					}
					keys = s.AppendRootKeysWritten(keys[:0], vecs, written, n)
					for i := range n {
						id, isNew := s.InsertRootKey(keys[i])
						record(id, isNew, vecs[i*w:(i+1)*w])
					}
				case mode == 0:
					for i := range n {
						id, isNew := s.Insert(vecs[i*w : (i+1)*w])
						record(id, isNew, vecs[i*w:(i+1)*w])
					}
				default:
					keys = s.AppendRootKeys(keys[:0], vecs, n)
					order := rng.Perm(n)
					if mode < 3 {
						slices.Sort(order)
					}
					for _, i := range order {
						id, isNew := s.InsertRootKey(keys[i])
						record(id, isNew, vecs[i*w:(i+1)*w])
					}
				}
			}
			states, counts, ok := s.sample.states(s.Len(), w)
			if ok == off {
				t.Fatalf("compact %v, width %d, off %v: the sample says %v", opt.CompactRoots, w, off, ok)
			}
			if !off {
				decoded, decodedCounts := s.decodeAll(s.rootKeys())
				if !slices.Equal(states, decoded) || !slices.Equal(counts, decodedCounts) {
					t.Fatalf("compact %v, width %d: the sample's %d values and counts %v differ from the tree's (%d, %v)", opt.CompactRoots, w, len(states), counts, len(decoded), decodedCounts)
				}
			}
			for s.Len() < reorderSample+50 {
				v := make([]uint32, w)
				for p := range v {
					v[p] = uint32(rng.IntN(4))
				}
				id, isNew := s.Insert(v)
				record(id, isNew, v)
			}
			if !s.ordered || s.sample.vecs != nil || s.sample.batchVecs != nil || s.sample.pool.Bytes() != 0 {
				t.Fatalf("compact %v, off %v: ordered %v, the sample still holds %d values", opt.CompactRoots, off, s.ordered, len(s.sample.vecs)+len(s.sample.batchVecs))
			}
			for id, v := range want {
				if got := s.State(explore.StateID(id)); !slices.Equal(got, v) {
					t.Fatalf("compact %v, off %v: state %d reads %v, inserted %v", opt.CompactRoots, off, id, got, v)
				}
			}
		}
	}
}

// TestTreeSampleNarrow: a store of fewer than four values, which reorder
// leaves in their order, keeps no sample.
func TestTreeSampleNarrow(t *testing.T) {
	s := NewTreeStore(3)
	keys := s.AppendRootKeys(nil, []uint32{1, 2, 3, 4, 5, 6}, 2)
	s.InsertRootKey(keys[0])
	s.Insert([]uint32{7, 8, 9})
	if len(s.sample.vecs)+len(s.sample.batchVecs) != 0 {
		t.Errorf("a store of width 3 sampled %d values", len(s.sample.vecs)+len(s.sample.batchVecs))
	}
}

// TestTreeSampleBounded: keys handed out and never inserted keep the
// order unchosen; the sample then stops at its bounds instead of growing
// with the search.
func TestTreeSampleBounded(t *testing.T) {
	const w = 8
	s := NewTreeStore(w)
	vec := make([]uint32, w)
	s.AppendRootKeys(nil, vec, 1) // outstanding for good
	var keys []uint64
	for i := range maxSampleStates + 10 {
		for p := range vec {
			vec[p] = uint32(i >> (3 * p) & 7)
		}
		keys = s.AppendRootKeys(keys[:0], vec, 1)
		if _, isNew := s.InsertRootKey(keys[0]); !isNew {
			t.Fatalf("vector %d not new", i)
		}
	}
	if s.ordered {
		t.Fatal("the order was chosen with a key outstanding")
	}
	if !s.sample.off || len(s.sample.vecs) != 0 || s.sample.pool.Bytes() != 0 {
		t.Errorf("the sample holds %d values (off %v) past its bound", len(s.sample.vecs), s.sample.off)
	}
}
