package lps

import (
	"path/filepath"
	"testing"
)

func TestCorpusParses(t *testing.T) {
	files, _ := filepath.Glob("/work/shared/corpus/*/*/model.lps")
	fail := 0
	for _, f := range files {
		_, err := ParseFile(f)
		if err != nil {
			fail++
			t.Errorf("%v", err)
		}
	}
	t.Logf("%d files, %d failed", len(files), fail)
}
