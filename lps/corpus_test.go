package lps

import (
	"os"
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

func TestTmpRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("/work/shared/corpus/*/*/model.lps")
	exact := 0
	for _, f := range files {
		src, _ := os.ReadFile(f)
		s, err := Parse(f, src)
		if err != nil {
			t.Fatal(err)
		}
		out := s.Print()
		if out == string(src) {
			exact++
			continue
		}
		s2, err := Parse(f+".printed", []byte(out))
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		if out2 := s2.Print(); out2 != out {
			t.Errorf("%s: not idempotent", f)
		}
		os.WriteFile("/tmp/rt/"+filepath.Base(filepath.Dir(f))+".lps", []byte(out), 0o644)
	}
	t.Logf("%d of %d byte-exact", exact, len(files))
}
