package rewrite

import (
	"slices"
	"sync"
	"testing"

	"github.com/lps2lts/lps2lts/internal/fibhash"
	"github.com/lps2lts/lps2lts/lps"
)

// memoLeaves are the numbers 0..n-1 and the lists [0]..[n-1] that the
// keys of memoKeys name.
type memoLeaves struct {
	nat, list   *lps.Sort
	nilT        Term
	nums, lists []Term
}

func newMemoLeaves(r *Rewriter, b *irb, n int) *memoLeaves {
	l := &memoLeaves{nat: b.Nat, list: b.container(lps.SortList, b.Nat)}
	l.nilT = r.st.intern(&key{kind: kNil, sort: l.list})
	for i := range int64(n) {
		num := r.st.intern(&key{kind: kNum, sort: b.Nat, val: i})
		l.nums = append(l.nums, num)
		l.lists = append(l.lists, r.st.internArgs(&key{kind: kCons, sort: l.list}, []Term{num, l.nilT}))
	}
	return l
}

// memoKey is a key and its arguments.
type memoKey struct {
	k    key
	args []Term
}

// memoKeys returns the keys of small terms over l: numbers from base
// on, cells i |> [i+shift], and terms the memo passes to the store (an
// operation with a code and an argument, an update of three arguments).
func memoKeys(l *memoLeaves, shift int, base int64) []memoKey {
	var ks []memoKey
	for i, num := range l.nums {
		j := (i + shift) % len(l.nums)
		ks = append(ks,
			memoKey{key{kind: kNum, sort: l.nat, val: base + int64(i)}, nil},
			memoKey{key{kind: kCons, sort: l.list}, []Term{num, l.lists[j]}},
			memoKey{key{kind: kFnOp, sort: l.list, val: 3}, []Term{l.lists[j]}},
			memoKey{key{kind: kUpdate, sort: l.nat}, []Term{num, l.nums[j], l.nilT}},
		)
	}
	return ks
}

// internChecked interns k through rw's memo and checks the answer
// against the store's, and that the term is the key's.
func internChecked(t *testing.T, rw *Rewriter, k memoKey) Term {
	t.Helper()
	got := rw.internArgs(&k.k, k.args)
	if want := rw.st.internArgs(&k.k, k.args); got != want {
		t.Fatalf("memo gives %d for a term of kind %d, the store %d", got, k.k.kind, want)
	}
	if !rw.st.sameKey(rw.st.node(got), &k.k, k.args) {
		t.Fatalf("memo gives %d, which is not its key's term", got)
	}
	return got
}

// TestMemo checks that the interning memo answers with the store's ids:
// for terms made and made again, in more terms than its first size
// holds, through two rewriters of one store, and across a collection
// that gives the ids of the memo's terms to other terms.
func TestMemo(t *testing.T) {
	b := newIRB()
	r, err := New(b.spec)
	if err != nil {
		t.Fatal(err)
	}
	c := r.Clone()
	leaves := newMemoLeaves(r, b, 3000)
	r.SealTerms()
	old := append(memoKeys(leaves, 1, 10_000), memoKeys(leaves, 2, 20_000)...) // the memo grows
	ids := map[int]Term{}
	for _, rw := range []*Rewriter{r, c, r} {
		for i, k := range old {
			id := internChecked(t, rw, k)
			if prev, ok := ids[i]; ok && prev != id {
				t.Fatalf("key %d: ids %d and %d", i, prev, id)
			}
			ids[i] = id
		}
	}
	if len(r.memo.entries) <= 1<<memoMinBits {
		t.Errorf("the memo did not grow: %d entries", len(r.memo.entries))
	}
	// The memo holds the cell made last.
	last := len(old) - 3
	cell := old[last]
	tag := uint32(kCons)<<(headBits+2) | 2<<headBits | r.st.node(ids[last]).head
	word := uint64(cell.args[0]) | uint64(cell.args[1])<<32
	if e := r.memo.entries[(word+uint64(tag))*fibhash.Mul>>r.memo.shift]; e.term != ids[last] {
		t.Errorf("the memo's entry of the cell made last holds %d, want %d", e.term, ids[last])
	}

	// A collection that keeps nothing made since SealTerms frees all
	// of them; new terms, made by the store alone, take all their ids
	// (had some been left, the store would give the old terms made again
	// their old ids: it hands out the lowest free id first).
	made := map[Term]bool{}
	for _, id := range ids {
		made[id] = true
	}
	if cs := r.Collect(func(func(Term)) {}); cs.Freed < len(made) {
		t.Fatalf("the collection freed %d terms, want at least %d", cs.Freed, len(made))
	}
	var fresh []memoKey
	for shift := 3; r.st.nfree.Load() > 0; shift++ {
		ks := memoKeys(leaves, shift, int64(shift)*10_000)
		for _, k := range ks {
			r.st.internArgs(&k.k, k.args)
		}
		fresh = append(fresh, ks...)
	}
	// The old keys, made again by either rewriter, are new terms: a memo
	// that kept its entries would answer with the ids new terms took.
	// The keys made last come first: the memo holds them (its misses
	// may make it grow, and empty it).
	for _, rw := range []*Rewriter{c, r} {
		for _, k := range slices.Backward(old) {
			internChecked(t, rw, k)
		}
		for _, k := range fresh {
			internChecked(t, rw, k)
		}
	}
}

// TestMemoThreads interns the same keys from several rewriters of one
// store at once (go test -race): each memo is its own, and every
// rewriter gets the store's ids.
func TestMemoThreads(t *testing.T) {
	b := newIRB()
	r, err := New(b.spec)
	if err != nil {
		t.Fatal(err)
	}
	keys := memoKeys(newMemoLeaves(r, b, 500), 1, 1000)
	const workers = 4
	got := make([][]Term, workers)
	var wg sync.WaitGroup
	for w := range workers {
		rw := r.Clone()
		wg.Go(func() {
			for range 2 {
				got[w] = got[w][:0]
				for _, k := range keys {
					got[w] = append(got[w], rw.internArgs(&k.k, k.args))
				}
			}
		})
	}
	wg.Wait()
	for i, k := range keys {
		want := r.st.internArgs(&k.k, k.args)
		for w := range workers {
			if got[w][i] != want {
				t.Fatalf("rewriter %d: key %d is %d, the store's %d", w, i, got[w][i], want)
			}
		}
	}
}
