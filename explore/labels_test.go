package explore_test

import (
	"fmt"
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
