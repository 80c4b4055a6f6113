package lpsgen

import (
	"slices"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
)

// TestAppendSuccessorsAgree: on the first 300 states of every example,
// AppendSuccessors writes after what the batch held the targets that
// Successors emits, with the same labels, in the same order, and the
// same error where there is one; and each target differs from the state
// only in values its mask of written values names.
func TestAppendSuccessorsAgree(t *testing.T) {
	compared, changes := 0, 0
	for _, file := range shippedExamples(t) {
		g := fileGenerator(t, file, Options{})
		init, err := g.Initial(nil)
		if err != nil {
			t.Fatal(err)
		}
		w := g.Width()
		seen := map[string]bool{vecKey(init): true}
		todo := [][]uint32{init}
		for len(todo) > 0 && len(seen) <= 300 {
			state := todo[0]
			todo = todo[1:]
			var wantLabels []explore.LabelID
			var wantVecs []uint32
			werr := g.Successors(state, func(l explore.LabelID, next []uint32) {
				wantLabels = append(wantLabels, l)
				wantVecs = append(wantVecs, next...)
			})
			prefix := []uint32{7, 7, 7} // what the batch held before
			vecs := slices.Clone(prefix)
			labels := []explore.LabelID{9} // what the batch held before
			written := []uint64{9}
			gerr := g.AppendSuccessors(state, explore.Targets{Vecs: &vecs, Labels: &labels, Written: &written}, func() {
				if len(vecs) != len(prefix)+w*(len(labels)-1) || len(written) != len(labels) {
					t.Fatalf("%s: %d values and %d masks in the batch at label %d, want %d and %d", file, len(vecs), len(written), len(labels)-1, len(prefix)+w*(len(labels)-1), len(labels))
				}
				next, mask := vecs[len(vecs)-w:], written[len(written)-1]
				for i := range next {
					if next[i] != state[i] && mask&(1<<min(i, 63)) == 0 {
						t.Fatalf("%s: target %v of %v changes value %d, outside its mask %b", file, next, state, i, mask)
					}
					if next[i] != state[i] {
						changes++
					}
				}
			})
			if (werr == nil) != (gerr == nil) || labels[0] != 9 || written[0] != 9 || !slices.Equal(labels[1:], wantLabels) || !slices.Equal(vecs[:3], prefix) || !slices.Equal(vecs[3:], wantVecs) {
				t.Fatalf("%s: AppendSuccessors gave %v, %v (%v); Successors %v, %v (%v)", file, labels[1:], vecs[3:], gerr, wantLabels, wantVecs, werr)
			}
			compared += len(labels) - 1
			for i := range wantLabels {
				next := wantVecs[i*w : (i+1)*w]
				if k := vecKey(next); !seen[k] {
					seen[k] = true
					todo = append(todo, slices.Clone(next))
				}
			}
		}
	}
	if compared < 1000 {
		t.Fatalf("%d transitions compared; the examples give more than 1,000", compared)
	}
	if changes < compared {
		t.Fatalf("%d values changed in %d transitions: the masks were hardly tested", changes, compared)
	}
}
