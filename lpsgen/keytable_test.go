package lpsgen

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestKeyTableNumbers: a key table numbers its keys as a map would, and
// finds them all, at every width: keys of three to eight values packed
// in a word while their values are small, then moved to a vector set
// when a wide value comes, with their numbers.
func TestKeyTableNumbers(t *testing.T) {
	for width := range maxPackedWidth + 2 {
		rng := rand.New(rand.NewPCG(3, uint64(width)))
		tab := newKeyTable(width)
		want := map[string]int{}
		var keys [][]uint32
		for i := range 20000 {
			bound := uint32(1 << 12)
			if i >= 15000 {
				bound = 1 << 31 // past 16 and 21 bits
			}
			for j := range tab.key {
				tab.key[j] = rng.Uint32N(bound)
				if rng.IntN(2) == 0 {
					tab.key[j] %= 4 // keys repeat
				}
			}
			s := fmt.Sprint(tab.key)
			id, found := tab.find()
			wantID, known := want[s]
			if found != known || found && id != wantID {
				t.Fatalf("width %d: find %v = %d, %v; want %d, %v", width, tab.key, id, found, wantID, known)
			}
			if !found {
				keys = append(keys, append([]uint32(nil), tab.key...))
				want[s] = tab.add() // which makes the key the last
				if want[s] != len(keys)-1 {
					t.Fatalf("width %d: key %v numbered %d, want %d", width, keys[len(keys)-1], want[s], len(keys)-1)
				}
			}
		}
		packed := width >= 3 && width <= maxPackedWidth
		if packed && (tab.keys == nil || tab.short != nil) {
			t.Errorf("width %d: wide values left the keys packed", width)
		}
		for id, k := range keys {
			copy(tab.key, k)
			tab.hasLast = false
			if got, ok := tab.find(); !ok || got != id {
				t.Fatalf("width %d: key %v found %v as %d, want %d", width, k, ok, got, id)
			}
		}
		tab.reset()
		if tab.bytes() != 0 {
			t.Errorf("width %d: %d bytes after reset", width, tab.bytes())
		}
	}
}

// TestKeyTableFindIn: findIn, which reads the key from a state at
// positions, numbers the keys as find does, runs of the same key (the
// last key's shortcut) among them, and leaves the key made for add on a
// miss; in tables of packed keys, of vectors (wider than maxPackedWidth),
// and of packed keys that move to vectors when a value too wide to pack
// comes, half-way.
func TestKeyTableFindIn(t *testing.T) {
	for _, wide := range []bool{false, true} {
		for width := range 11 {
			testKeyTableFindIn(t, width, wide)
		}
	}
}

func testKeyTableFindIn(t *testing.T, width int, wide bool) {
	rng := rand.New(rand.NewPCG(5, uint64(width)))
	in, ref := newKeyTable(width), newKeyTable(width)
	reads := rng.Perm(12)[:width]
	state := make([]uint32, 12)
	for n := range 5000 {
		if rng.IntN(3) != 0 { // else the same state as before
			for p := range state {
				state[p] = rng.Uint32N(5)
				if wide && n >= 2500 && rng.IntN(8) == 0 {
					state[p] = 1<<30 + rng.Uint32N(2)
				}
			}
		}
		for i, p := range reads {
			ref.key[i] = state[p]
		}
		wantID, wantOK := ref.find()
		id, ok := in.findIn(state, reads)
		if ok != wantOK || ok && id != wantID {
			t.Fatalf("width %d: findIn %v = %d, %v; find %d, %v", width, ref.key, id, ok, wantID, wantOK)
		}
		if !ok {
			if got := fmt.Sprint(in.key); got != fmt.Sprint(ref.key) {
				t.Fatalf("width %d: the key after a miss is %s, want %s", width, got, fmt.Sprint(ref.key))
			}
			in.add()
			ref.add()
		}
	}
	if wide && width > 2 && in.keys == nil { // keys of one or two values always pack
		t.Fatalf("width %d: no key moved the table to vectors", width)
	}
}

// TestKeyTableMemoConfirms: a memo entry is only a hint. One planted
// with another key's number under a key's hash (as a collision of the
// vector keys' hash would leave it) is not believed: the vector set's copy
// of the key decides.
func TestKeyTableMemoConfirms(t *testing.T) {
	tab := newKeyTable(6)
	for i := range 10 {
		for j := range tab.key {
			tab.key[j] = uint32(i*10 + j)
		}
		tab.add()
	}
	for j := range tab.key {
		tab.key[j] = uint32(30 + j) // key number 3
	}
	tab.hasLast = false
	h := vectorHash(tab.key)
	tab.memo[h>>(tab.memoShift&63)] = keyMemo{h, 7 + 1}
	if id, ok := tab.findKey(); !ok || id != 3 {
		t.Fatalf("findKey = %d, %v under a planted memo entry; want 3, true", id, ok)
	}
}

// TestTrialDecidesWhenTheRateIsOutOfReach: a cache whose every lookup
// misses is off at the miss after which one hit in minHitRate within the
// trial is out of reach, not before; one that still can reach it is
// decided at the trial's end, as before, kept or dropped by its rate.
func TestTrialDecidesWhenTheRateIsOutOfReach(t *testing.T) {
	for _, c := range []struct{ trial, rate, lastOn int }{{guardTrial, guardMinHitRate, 3072}, {stepTrial, stepMinHitRate, 512}} {
		var n cacheCounts
		for miss := 1; ; miss++ {
			n.lookups++
			off := n.decide(c.trial, c.rate)
			if off != (miss > c.lastOn) {
				t.Fatalf("trial %d: after %d misses off is %v", c.trial, miss, off)
			}
			if off {
				break
			}
		}
		// As many misses as leave the rate in reach, then hits to the
		// trial's end and one more: decided at the miss after, kept.
		n = cacheCounts{}
		misses := c.trial - c.trial/c.rate
		for i := range c.trial + 1 {
			n.lookups++
			if i >= misses {
				n.hits++
				continue
			}
			if n.decide(c.trial, c.rate) {
				t.Fatalf("trial %d: off after %d misses, with its rate still in reach", c.trial, i+1)
			}
		}
		n.lookups++ // the miss that ends the trial
		if n.decide(c.trial, c.rate) || !n.tried {
			t.Errorf("trial %d: %+v; want tried and kept", c.trial, n)
		}
	}
}
