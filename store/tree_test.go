package store

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/exploretest"
	"github.com/lps2lts/lps2lts/internal/fibhash"
	"github.com/lps2lts/lps2lts/visitor"
)

// treeOptions are the tree stores the tests run with: root pairs as
// words and in the compact table.
var treeOptions = []TreeOptions{{}, {CompactRoots: true}}

// TestTreeStoreRoundTrip: every vector comes back as it went in, states
// are numbered in order of insertion, and a vector inserted again gets
// its number back, for every shape a tree can have up to 17 values and
// for the widths around 64, where the fold's sets of changed entries take
// a second word.
func TestTreeStoreRoundTrip(t *testing.T) {
	for _, opt := range treeOptions {
		rng := rand.New(rand.NewPCG(1, 2))
		widths := []int{31, 32, 33, 63, 64, 65, 100}
		for w := 0; w <= 17; w++ {
			widths = append(widths, w)
		}
		for _, w := range widths {
			s := NewTreeStoreWith(w, opt)
			var stored [][]uint32
			for i := 0; i < 500; i++ {
				v := make([]uint32, w)
				for j := range v {
					v[j] = uint32(rng.IntN(4)) // few values: many shared subtrees
				}
				id, isNew := s.Insert(v)
				stored = checkNumbered(t, w, stored, v, id, isNew)
			}
			checkStates(t, s, w, stored)
		}
	}
}

// TestFoldSmallEqualsFold: the fold by masks of trees with at most 64
// entries above the leaves (foldSmall) gives every vector the root pair,
// and every inner pair the number, that the level by level fold gives,
// for successive vectors that differ in a few values as successors do,
// and in all of them.
func TestFoldSmallEqualsFold(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	small := 0
	for w := 2; w <= 40; w++ {
		masks, levels := NewTreeStore(w), NewTreeStore(w)
		levels.initLevels()
		levels.foldByLevels()
		v := make([]uint32, w)
		for i := 0; i < 300; i++ {
			n := 1 + rng.IntN(3)
			if i%50 == 0 {
				n = w
			}
			for range n {
				v[rng.IntN(w)] = uint32(rng.IntN(5))
			}
			if got, want := masks.rootKey(v), levels.rootKey(v); got != want {
				t.Fatalf("width %d, vector %d %v: root pair %#x, level by level %#x", w, i, v, got, want)
			}
		}
		if masks.above != nil {
			small++
		}
		if masks.inner.Len() != levels.inner.Len() {
			t.Errorf("width %d: %d inner pairs, level by level %d", w, masks.inner.Len(), levels.inner.Len())
		}
	}
	if small < 30 {
		t.Errorf("only %d widths folded by masks", small)
	}
}

// TestAppendRootKeysWritten: the keys of a state's successors computed
// from the masks of the values their transitions wrote are the keys
// AppendRootKeys computes from the whole vectors, for masks that name
// exactly the changed values and for wider ones, before and after the
// store chooses its order, on trees folded by masks and wider ones.
func TestAppendRootKeysWritten(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, w := range []int{2, 3, 7, 18, 40, 63, 64, 70} {
		whole, written := NewTreeStore(w), NewTreeStore(w)
		values := 4 // few: many shared subtrees
		if w < 8 {
			values = 200
		}
		base := make([]uint32, w)
		var vecs []uint32
		var masks, wantKeys, gotKeys []uint64
		for round := 0; whole.Len() < reorderSample+2000; round++ {
			if round > 20000 {
				t.Fatalf("width %d: %d states after %d rounds", w, whole.Len(), round)
			}
			if whole.Len() > 0 {
				base = whole.State(explore.StateID(rng.IntN(whole.Len())))
			}
			n := rng.IntN(8)
			vecs, masks = vecs[:0], masks[:0]
			for range n {
				start := len(vecs)
				vecs = append(vecs, base...)
				var mask uint64
				for range 1 + rng.IntN(3) {
					k := rng.IntN(w)
					vecs[start+k] = uint32(rng.IntN(values))
					mask |= 1 << min(k, 63)
				}
				if rng.IntN(4) == 0 {
					mask |= 1 << rng.IntN(min(w, 64)) // a value written with the value it had
				}
				masks = append(masks, mask)
			}
			wantKeys = whole.AppendRootKeys(wantKeys[:0], vecs, n)
			gotKeys = written.AppendRootKeysWritten(gotKeys[:0], vecs, masks, n)
			if !slices.Equal(gotKeys, wantKeys) {
				t.Fatalf("width %d, round %d: keys %x from masks %b, %x from the vectors %v", w, round, gotKeys, masks, wantKeys, vecs)
			}
			for i := range n {
				want, wantNew := whole.InsertRootKey(wantKeys[i])
				got, gotNew := written.InsertRootKey(gotKeys[i])
				if got != want || gotNew != wantNew {
					t.Fatalf("width %d: (%d, %v) from masks, (%d, %v) from the vectors", w, got, gotNew, want, wantNew)
				}
			}
		}
		if !written.ordered {
			t.Errorf("width %d: the order was never chosen", w)
		}
	}
}

// TestTwoPhaseInsert: inserting by root keys (computed for runs of
// vectors, touched, then inserted in order, sometimes only in part, as a
// search stopped midway does) numbers states as Insert does and stores
// the same vectors.
func TestTwoPhaseInsert(t *testing.T) {
	for _, opt := range treeOptions {
		rng := rand.New(rand.NewPCG(3, 4))
		for _, w := range []int{1, 2, 3, 7, 16} {
			byVec, byKey := NewTreeStoreWith(w, opt), NewTreeStoreWith(w, opt)
			values := 5 // few: many shared subtrees
			if w < 3 {
				values = 200
			}
			var keys []uint64
			for range 300 {
				n := rng.IntN(20)
				vecs := make([]uint32, n*w)
				for j := range vecs {
					vecs[j] = uint32(rng.IntN(values))
				}
				keys = byKey.AppendRootKeys(keys[:0], vecs, n)
				byKey.Touch(keys)
				for i := range n - rng.IntN(2)*rng.IntN(n+1) {
					want, wantNew := byVec.Insert(vecs[i*w : (i+1)*w])
					got, gotNew := byKey.InsertRootKey(keys[i])
					if got != want || gotNew != wantNew {
						t.Fatalf("width %d: %v by key is (%d, %v), by vector (%d, %v)", w, vecs[i*w:(i+1)*w], got, gotNew, want, wantNew)
					}
				}
			}
			if byKey.Len() != byVec.Len() || byKey.Len() < 100 {
				t.Fatalf("width %d: %d states by key, %d by vector", w, byKey.Len(), byVec.Len())
			}
			for id := range byKey.Len() {
				if got, want := byKey.State(explore.StateID(id)), byVec.State(explore.StateID(id)); !slices.Equal(got, want) {
					t.Fatalf("width %d: state %d is %v by key, %v by vector", w, id, got, want)
				}
			}
		}
	}
}

// TestWideRootPairs: root pairs too wide for the compact table (a width
// of 2, whose root pair is the vector's two values) move the roots to
// words, by Insert and by keys computed before the move and inserted
// after it; numbers and vectors stay as inserted.
func TestWideRootPairs(t *testing.T) {
	for _, byKeys := range []bool{false, true} {
		s := NewTreeStoreWith(2, TreeOptions{CompactRoots: true})
		var stored [][]uint32
		var vecs []uint32
		for i := range uint32(3000) {
			v := []uint32{i % 50, i / 50}
			if i >= 2050 && i%3 == 0 { // 32 + 27 bits, among narrow pairs
				v[0] |= 1 << 31
				v[1] |= 1 << 26
			}
			vecs = append(vecs, v...)
		}
		for i := 0; i < len(vecs)/2; i += 100 {
			run := vecs[2*i : 2*(i+100)]
			if !byKeys {
				for k := range 100 {
					id, isNew := s.Insert(run[2*k : 2*k+2])
					stored = checkNumbered(t, 2, stored, run[2*k:2*k+2], id, isNew)
				}
				continue
			}
			keys := s.AppendRootKeys(nil, run, 100)
			s.Touch(keys)
			for k, key := range keys {
				id, isNew := s.InsertRootKey(key)
				stored = checkNumbered(t, 2, stored, run[2*k:2*k+2], id, isNew)
			}
		}
		if s.compact != nil {
			t.Errorf("by keys %v: the roots are still compact", byKeys)
		}
		checkStates(t, s, 2, stored)
	}
}

// TestTreeReorder: a position with many values (a counter, among bits)
// is moved to the end once the store holds reorderSample states, with
// fewer than half the inner pairs; numbers and vectors stay as inserted,
// by Insert and by root keys, before and after the reordering.
func TestTreeReorder(t *testing.T) {
	for _, opt := range treeOptions {
		const w, n = 10, 3 * reorderSample
		vec := func(i int) []uint32 {
			v := make([]uint32, w)
			for p := range v {
				v[p] = uint32(i>>(p+7)) & 1
			}
			v[2] = uint32(i % 997)
			return v
		}
		reordered, fixed := NewTreeStoreWith(w, opt), NewTreeStoreWith(w, opt)
		fixed.ordered = true // never reordered
		var keys []uint64
		for i := 0; i < n; i += 5 {
			// Five states a run: the first by Insert, the others by keys
			// computed together, then one of them inserted again.
			if id, isNew := reordered.Insert(vec(i)); !isNew || int(id) != i {
				t.Fatalf("state %d inserted as %d (new %v)", i, id, isNew)
			}
			var run []uint32
			for j := i + 1; j < i+5; j++ {
				run = append(run, vec(j)...)
			}
			keys = reordered.AppendRootKeys(keys[:0], run, 4)
			for k, key := range keys {
				if id, isNew := reordered.InsertRootKey(key); !isNew || int(id) != i+1+k {
					t.Fatalf("state %d inserted by key as %d (new %v)", i+1+k, id, isNew)
				}
			}
			if id, isNew := reordered.Insert(vec(i + 2)); isNew || int(id) != i+2 {
				t.Fatalf("state %d again: %d (new %v)", i+2, id, isNew)
			}
			for j := i; j < i+5; j++ {
				fixed.Insert(vec(j))
			}
		}
		if reordered.order == nil || reordered.order[w-1] != 2 {
			t.Fatalf("order %v: the counter at position 2 was not moved to the end", reordered.order)
		}
		if a, b := reordered.inner.Len(), fixed.inner.Len(); a*2 >= b {
			t.Errorf("%d inner pairs reordered, %d in the vectors' order", a, b)
		}
		for i := range n {
			if got := reordered.State(explore.StateID(i)); !slices.Equal(got, vec(i)) {
				t.Fatalf("state %d is %v, inserted %v", i, got, vec(i))
			}
		}
	}
}

// TestTreeEqualsTable: the explorer with a tree store gives the default
// store's events in every mode.
func TestTreeEqualsTable(t *testing.T) {
	for _, opt := range treeOptions {
		for _, g := range compactGens(31, 17) {
			for _, mode := range modesAndCycles() {
				gen := g.gen()
				exploretest.SameAsReference(t, gen, mode.Opt, NewTreeStoreWith(gen.Width(), opt))
			}
		}
	}
}

// TestParallelCompact: with several threads, hash compaction and the tree
// store give the events of one thread.
func TestParallelCompact(t *testing.T) {
	for _, threads := range []int{2, 5} {
		for _, max := range []int{0, 300} {
			opt := explore.Options{Threads: threads, MaxStates: max}
			g := exploretest.NewGrid(40, 30)
			hc, err := NewHashCompactStore(64, 4096, 0, true)
			if err != nil {
				t.Fatal(err)
			}
			x := explore.New(g, explore.Options{Threads: threads, Store: hc})
			if n, why := x.Threads(); n != threads {
				t.Fatalf("hash compaction searches on %d threads: %s", n, why)
			}
			hc, _ = NewHashCompactStore(64, 4096, 0, true)
			exploretest.SameAsReference(t, exploretest.NewGrid(40, 30), opt, hc)
			exploretest.SameAsReference(t, exploretest.NewGrid(40, 30), opt, NewTreeStore(2))
		}
	}
}

// TestParallelFoldAhead: past reorderSample states the tree store lets a
// search with threads fold keys ahead of the insertion; the search gives
// the table store's events, also when stopped by a state limit. A
// divergence detector, which decodes states during the search, keeps the
// fold on the inserting goroutine (run under -race by CI).
func TestParallelFoldAhead(t *testing.T) {
	for _, tOpt := range treeOptions {
		for _, threads := range []int{2, 5} {
			for _, max := range []int{0, 3*reorderSample/2 + 7} {
				opt := explore.Options{Threads: threads, MaxStates: max}
				tree := NewTreeStoreWith(2, tOpt)
				exploretest.SameAsReference(t, exploretest.NewGrid(150, 100), opt, tree)
				if !tree.FoldAhead() {
					t.Errorf("%d threads, max %d: the tree store does not allow folding ahead after %d states", threads, max, tree.Len())
				}
			}
		}
		// Four values, so that the tree has inner pairs, some of them new
		// after reorderSample states.
		g := newCounters(4, 12)
		tree := NewTreeStoreWith(4, tOpt)
		x := explore.New(g, explore.Options{Threads: 2, Store: tree})
		var out strings.Builder
		x.AddVisitor(visitor.NewDivergenceDetector(&visitor.Reporter{Out: &out, Explorer: x}, g, tree, nil))
		res, err := x.Run()
		if err != nil || res.States != 12*12*12*12 {
			t.Fatalf("with a divergence detector: %+v, %v", res, err)
		}
		if out.Len() > 0 {
			t.Errorf("the counters have no divergence, but the detector said %q", out.String())
		}
	}
}

// counters is a generator of vectors of width values below limit; each
// transition adds one to one value.
type counters struct {
	limit  uint32
	labels *explore.Labels
	inc    explore.LabelID
	next   []uint32
}

func newCounters(width int, limit uint32) *counters {
	l := explore.NewLabels()
	return &counters{limit: limit, labels: l, inc: l.InternString("inc"), next: make([]uint32, width)}
}

func (g *counters) Fork() explore.Generator {
	f := *g
	f.next = make([]uint32, len(g.next))
	return &f
}

func (g *counters) Width() int              { return len(g.next) }
func (g *counters) Labels() *explore.Labels { return g.labels }
func (g *counters) Initial(dst []uint32) ([]uint32, error) {
	return append(dst, make([]uint32, len(g.next))...), nil
}

func (g *counters) Successors(s []uint32, emit func(explore.LabelID, []uint32)) error {
	for i, v := range s {
		if v+1 < g.limit {
			copy(g.next, s)
			g.next[i]++
			emit(g.inc, g.next)
		}
	}
	return nil
}

// TestBalancedOrder: the padded order holds each value once, in order,
// and splits the values of each subtree in halves that differ by at most
// one.
func TestBalancedOrder(t *testing.T) {
	for w := 1; w <= 40; w++ {
		order := make([]int, w)
		for p := range order {
			order[p] = p
		}
		padded := balancedOrder(order)
		if len(padded) < w || len(padded)&(len(padded)-1) != 0 || len(padded) >= 2*w && w > 1 {
			t.Fatalf("width %d: %d leaves", w, len(padded))
		}
		var values []int
		for _, p := range padded {
			if p >= 0 {
				values = append(values, p)
			}
		}
		if !slices.Equal(values, order) {
			t.Fatalf("width %d: values %v in the leaves", w, values)
		}
		var check func(leaves []int)
		check = func(leaves []int) {
			if len(leaves) == 1 {
				return
			}
			count := func(ls []int) int { return len(ls) - countPadding(ls) }
			l, r := count(leaves[:len(leaves)/2]), count(leaves[len(leaves)/2:])
			if l-r < 0 || l-r > 1 {
				t.Fatalf("width %d: a subtree of %d and %d values: %v", w, l, r, padded)
			}
			check(leaves[:len(leaves)/2])
			check(leaves[len(leaves)/2:])
		}
		check(padded)
	}
}

func countPadding(leaves []int) int {
	n := 0
	for _, p := range leaves {
		if p < 0 {
			n++
		}
	}
	return n
}

// TestBalancedRoundTrip: with the balanced, padded tree, every vector
// comes back as it went in, by Insert and by root keys, and a vector
// inserted again gets its number back.
func TestBalancedRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, w := range []int{5, 6, 7, 9, 13, 18, 20, 33} {
		s := NewTreeStore(w)
		order := make([]int, w)
		for p := range order {
			order[p] = w - 1 - p // reversed as well
		}
		padded := balancedOrder(order)
		s.ordered = true
		s.setOrder(padded, len(padded))
		var stored [][]uint32
		var keys []uint64
		for range 400 {
			v := make([]uint32, w)
			for j := range v {
				v[j] = uint32(rng.IntN(3))
			}
			var id explore.StateID
			var isNew bool
			if rng.IntN(2) == 0 {
				id, isNew = s.Insert(v)
			} else {
				keys = s.AppendRootKeys(keys[:0], v, 1)
				id, isNew = s.InsertRootKey(keys[0])
			}
			stored = checkNumbered(t, w, stored, v, id, isNew)
		}
		checkStates(t, s, w, stored)
	}
}

// TestReorderBalances: 18 values of which the first 14 count in binary.
// Paired as neighbours, the tree's left subtree of 16 leaves is new in
// every state; balanced (9 and 9 values), its subtrees take 512 and 32
// vectors. reorder takes the balanced tree, and the states keep their
// numbers and vectors.
func TestReorderBalances(t *testing.T) {
	const w, n = 18, 1 << 14
	s := NewTreeStore(w)
	vec := func(i int) []uint32 {
		v := make([]uint32, w)
		for p := range 14 {
			v[p] = uint32(i >> p & 1)
		}
		return v
	}
	for i := range n {
		if id, isNew := s.Insert(vec(i)); !isNew || int(id) != i {
			t.Fatalf("state %d inserted as %d (new %v)", i, id, isNew)
		}
	}
	if s.leaves != 32 || s.inner.Len() > 2000 {
		t.Fatalf("%d leaves, %d inner pairs", s.leaves, s.inner.Len())
	}
	for i := range n {
		if got := s.State(explore.StateID(i)); !slices.Equal(got, vec(i)) {
			t.Fatalf("state %d is %v", i, got)
		}
		if id, isNew := s.Insert(vec(i)); isNew || int(id) != i {
			t.Fatalf("state %d again: %d (new %v)", i, id, isNew)
		}
	}
}

// checkNumbered checks that inserting v gave the number of its first
// insertion, or the next number if it is new, and returns the vectors
// stored so far.
func checkNumbered(t *testing.T, w int, stored [][]uint32, v []uint32, id explore.StateID, isNew bool) [][]uint32 {
	t.Helper()
	known := slices.IndexFunc(stored, func(x []uint32) bool { return slices.Equal(x, v) })
	if isNew != (known < 0) || !isNew && int(id) != known || isNew && int(id) != len(stored) {
		t.Fatalf("width %d: %v got id %d new %v; known at %d of %d", w, v, id, isNew, known, len(stored))
	}
	if isNew {
		stored = append(stored, v)
	}
	return stored
}

// checkStates checks that s gives back every stored vector by its number.
func checkStates(t *testing.T, s *TreeStore, w int, stored [][]uint32) {
	t.Helper()
	for id, v := range stored {
		if got := s.State(explore.StateID(id)); !slices.Equal(got, v) {
			t.Fatalf("width %d: state %d is %v, stored %v", w, id, got, v)
		}
	}
}

// TestInnerMemo: with far more inner pairs than the memo has entries
// (pairs of a value below 4 and one below 10^6), so that pairs meet in
// its entries, often with the same left half, and it grows to its most,
// every vector still comes back and gets its number back.
func TestInnerMemo(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	const w = 6
	s := NewTreeStore(w)
	var stored [][]uint32
	ids := map[[w]uint32]int{}
	for i := range 70_000 { // a memo entry per 16 states
		var v [w]uint32 // the first all zeros: the pair (0, 0), as an empty entry holds it
		for j := range v {
			if i == 0 {
				break
			}
			v[j] = uint32(rng.IntN(4))
			if j%2 == 1 {
				v[j] = uint32(rng.IntN(1_000_000))
			}
		}
		id, isNew := s.Insert(v[:])
		known, ok := ids[v]
		if isNew == ok || ok && int(id) != known || isNew && int(id) != len(stored) {
			t.Fatalf("%v inserted as %d (new %v); known %v as %d of %d", v, id, isNew, ok, known, len(stored))
		}
		if isNew {
			ids[v] = len(stored)
			stored = append(stored, v[:])
		}
	}
	checkStates(t, s, w, stored)
	for i, v := range stored {
		if id, isNew := s.Insert(v); isNew || int(id) != i {
			t.Fatalf("vector %d inserted again as %d (new %v)", i, id, isNew)
		}
	}
	if len(s.memo) != 1<<memoBits || s.inner.Len() < 4*len(s.memo) {
		t.Errorf("%d inner pairs, a memo of %d entries", s.inner.Len(), len(s.memo))
	}
}

// BenchmarkTreeFold inserts the successors of every state of six
// counters modulo 6 (46,656 states, 279,936 transitions), as a search
// meets them: each state's successors in turn, each a counter further.
// Nearly all inner pairs the fold looks up were seen before, as in
// counters.lps (TreeStore.innerID's memo).
func BenchmarkTreeFold(b *testing.B) {
	const w, k = 6, 6
	var states [][]uint32
	var rec func(v []uint32, i int)
	rec = func(v []uint32, i int) {
		if i == w {
			states = append(states, slices.Clone(v))
			return
		}
		for c := range uint32(k) {
			v[i] = c
			rec(v, i+1)
		}
	}
	rec(make([]uint32, w), 0)
	succ := make([]uint32, w)
	b.ReportAllocs()
	for b.Loop() {
		s := NewTreeStore(w)
		for _, v := range states {
			for i := range w {
				copy(succ, v)
				succ[i] = (succ[i] + 1) % k
				s.Insert(succ)
			}
		}
	}
}

// TestChangedLeaves: the word-at-a-time compare finds every value that
// changed, in vectors of odd and even widths, with and without a
// permutation of the leaves, and nothing else: prev and the leaves end as
// the new vector, and the mask is the union of the changed leaves' masks.
func TestChangedLeaves(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, w := range []int{1, 2, 3, 7, 18, 31} {
		for _, permuted := range []bool{false, true} {
			var leafOf []int
			if permuted {
				leafOf = rng.Perm(w)
			}
			above := make([]uint64, w)
			for j := range above {
				above[j] = 1 << j
			}
			prev := make([]uint32, w)
			leaves := make([]uint32, w)
			for range 200 {
				state := slices.Clone(prev)
				for range rng.IntN(4) {
					state[rng.IntN(w)] = uint32(rng.IntN(3))
				}
				var want uint64
				for i := range w {
					j := i
					if leafOf != nil {
						j = leafOf[i]
					}
					if state[i] != prev[i] {
						want |= above[j]
					}
				}
				p, l := prev, leaves
				if leafOf == nil {
					p, l = leaves, leaves // the leaves are the previous vector
				}
				got := changedLeaves(state, p, l, leafOf, above)
				if got != want {
					t.Fatalf("w=%d permuted=%v: mask %b, want %b", w, permuted, got, want)
				}
				for i := range w {
					j := i
					if leafOf != nil {
						j = leafOf[i]
					}
					if p[i] != state[i] || leaves[j] != state[i] {
						t.Fatalf("w=%d permuted=%v: value %d is %d in prev and %d in its leaf, want %d", w, permuted, i, p[i], leaves[j], state[i])
					}
				}
				prev = slices.Clone(state)
			}
		}
	}
}

// TestTreeMemoEmptyEntries: a memo's empty entries hold pairs that do not
// hash to them, so that a lookup that compares the pair alone never
// takes an empty entry for pair 0 or 1; and a store whose inner pairs are
// 0 and 1 (vectors of zeros and ones) numbers and decodes its states.
func TestTreeMemoEmptyEntries(t *testing.T) {
	s := NewTreeStore(4)
	for n := 64; n <= 1<<memoBits; n *= 2 {
		s.newMemo(n)
		for j, e := range s.memo {
			if int(e.pair*fibhash.Mul>>(s.memoShift&63)) == j {
				t.Fatalf("memo of %d entries: empty entry %d holds pair %d, which hashes to it", n, j, e.pair)
			}
		}
	}
	s = NewTreeStore(4)
	var vecs [][]uint32
	for k := range 16 {
		vecs = append(vecs, []uint32{uint32(k >> 3 & 1), uint32(k >> 2 & 1), uint32(k >> 1 & 1), uint32(k & 1)})
	}
	for round := range 2 {
		for k, v := range vecs {
			id, isNew := s.Insert(v)
			if int(id) != k || isNew != (round == 0) {
				t.Fatalf("round %d: %v is state %d (new %v), want %d (new %v)", round, v, id, isNew, k, round == 0)
			}
		}
	}
	for k, v := range vecs {
		if got := s.State(explore.StateID(k)); !slices.Equal(got, v) {
			t.Errorf("state %d decodes to %v, want %v", k, got, v)
		}
	}
}
