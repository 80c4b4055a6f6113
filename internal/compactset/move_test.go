package compactset

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestMoveRun compares moveRun with moving the slots one at a time, for
// every slot width it serves, at every bit offset, with displacement
// fields that straddle two 64-bit words and ones that carry.
func TestMoveRun(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for b := uint64(minHashBits + dispBits); b <= 57; b++ {
		ones := onesEvery(b)
		const slots = 200
		mask := uint64(1)<<b - 1
		get := func(c []byte, p uint64) uint64 {
			at := p * b
			return word(c, at>>3) >> (at & 7) & mask
		}
		set := func(c []byte, p, v uint64) {
			at := p * b
			putWord(c, at>>3, word(c, at>>3)&^(mask<<(at&7))|v<<(at&7))
		}
		for range 300 {
			c := make([]byte, (slots*b+7)/8+9)
			for p := range uint64(slots) {
				// Displacements below dispMax-1, 15 and 7 often
				// (a 1 added carries through their bits).
				d := []uint64{r.Uint64N(dispMax - 1), 15, 7}[r.IntN(3)]
				set(c, p, r.Uint64()&mask&^dispMask|d|1<<dispBits)
			}
			at := r.Uint64N(slots - 1)
			end := at + r.Uint64N(min(40, slots-1-at))
			set(c, end, 0)
			e := r.Uint64()&mask | 1
			want := bytes.Clone(c)
			for p := end; p > at; p-- {
				set(want, p, get(want, p-1)+1)
			}
			set(want, at, e)
			moveRun(c, b, at, end, e, &ones)
			if !bytes.Equal(c, want) {
				t.Fatalf("%d-bit slots, run %d..%d: moved wrong", b, at, end)
			}
		}
	}
}
