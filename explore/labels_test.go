package explore_test

import (
	"fmt"
	"hash/maphash"
	"sync"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
)

// TestThreadsLabelsConcurrent: goroutines intern labels (new ones and
// each other's) while others read every label given out so far; each
// text reads back as interned, across many chunks of the table. Run
// under the race detector in CI (Threads), which checks that Text, which
// takes no lock, reads only what an Intern published.
func TestThreadsLabelsConcurrent(t *testing.T) {
	l := explore.NewLabels()
	const writers, each = 4, 3000
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				text := fmt.Sprintf("a(%d)", i*writers+w)
				if i%3 == 0 {
					text = fmt.Sprintf("a(%d)", i) // also met by the others
				}
				id := l.Intern([]byte(text))
				if got := l.Text(id); got != text {
					t.Errorf("Text(Intern(%q)) = %q", text, got)
					return
				}
			}
		}()
	}
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 50 {
				for id := range l.Len() {
					if l.Text(explore.LabelID(id)) == "" {
						t.Errorf("label %d has no text", id)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	if l.Text(explore.TauLabel) != "tau" {
		t.Error("tau lost")
	}
	seen := map[string]bool{}
	for id := range l.Len() {
		text := l.Text(explore.LabelID(id))
		if seen[text] {
			t.Errorf("%q twice", text)
		}
		seen[text] = true
		if l.Intern([]byte(text)) != explore.LabelID(id) {
			t.Errorf("%q: another id", text)
		}
	}
	if l.Len() < 2*1024 {
		t.Errorf("%d labels: the test meant to fill more than two chunks", l.Len())
	}
}

// BenchmarkLabelsIntern: bakery's labels, c(b, n) with ever new tickets:
// new interns a label not yet in the table, known one that is.
func BenchmarkLabelsIntern(b *testing.B) {
	texts := make([][]byte, 1<<16)
	for i := range texts {
		texts[i] = fmt.Appendf(nil, "c(%v, %d)", i%2 == 0, i/2)
	}
	b.Run("new", func(b *testing.B) {
		var l *explore.Labels
		for i := range b.N {
			if i%len(texts) == 0 {
				b.StopTimer()
				l = explore.NewLabels()
				b.StartTimer()
			}
			l.Intern(texts[i%len(texts)])
		}
	})
	b.Run("known", func(b *testing.B) {
		l := explore.NewLabels()
		for _, t := range texts {
			l.Intern(t)
		}
		b.ResetTimer()
		for i := range b.N {
			l.Intern(texts[i%len(texts)])
		}
	})
}

// TestLabelsCollidingHashes: texts whose hashes are all equal, or agree
// in the bits a slot keeps, still get one id each, across the index's
// growths, and read back.
func TestLabelsCollidingHashes(t *testing.T) {
	for name, h := range map[string]func(maphash.Seed, string) uint64{
		"all equal":                func(maphash.Seed, string) uint64 { return 42 },
		"same kept bits":           func(s maphash.Seed, text string) uint64 { return maphash.String(s, text)&^0xFFFFFFFF | 7 },
		"same slot, not kept bits": func(s maphash.Seed, text string) uint64 { return maphash.String(s, text) & 0xFFFFFFFF },
	} {
		restore := explore.SetLabelHash(h)
		l := explore.NewLabels()
		const n = 1500
		ids := make([]explore.LabelID, n)
		for i := range n {
			ids[i] = l.Intern(fmt.Appendf(nil, "a(%d)", i))
		}
		for i := range n {
			text := fmt.Sprintf("a(%d)", i)
			if got := l.InternString(text); got != ids[i] || l.Text(got) != text {
				t.Errorf("%s: %q: id %d (%q), first %d", name, text, got, l.Text(got), ids[i])
			}
		}
		if l.Len() != n+1 || l.Text(explore.TauLabel) != "tau" {
			t.Errorf("%s: %d labels, tau %q; want %d", name, l.Len(), l.Text(explore.TauLabel), n+1)
		}
		restore()
	}
}

// TestLabelsInternKnownAllocatesNothing: the generators intern a label
// for each transition whose label caches miss.
func TestLabelsInternKnownAllocatesNothing(t *testing.T) {
	l := explore.NewLabels()
	text := []byte("c(true, 12)")
	l.Intern(text)
	if a := testing.AllocsPerRun(100, func() { l.Intern(text) }); a != 0 {
		t.Errorf("Intern of a known label: %v allocations", a)
	}
}
