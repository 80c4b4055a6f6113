// Package corpus locates the reference corpus for tests and benchmarks.
//
// The corpus (mCRL2's figures for real models) lives in the shared folder
// beside a checkout, ../shared/corpus from the module root, not in the
// repository. Tests that read it call Models or Model, which skip the test,
// saying so, when it is absent (a fresh clone).
package corpus

import (
	"os"
	"path/filepath"
	"testing"
)

// Dir returns the corpus folder, found from the working directory (a
// package folder during go test) upwards: beside the first module root
// that has it (the repository's, also from the nested distributed/
// module); "" if absent.
func Dir() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			c := filepath.Join(dir, "..", "shared", "corpus")
			if st, err := os.Stat(c); err == nil && st.IsDir() {
				return c
			}
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}

// Models returns the corpus folder and the model.lps files of every case,
// or skips tb when there is no corpus.
func Models(tb testing.TB) (dir string, files []string) {
	tb.Helper()
	dir = Dir()
	if dir != "" {
		files, _ = filepath.Glob(filepath.Join(dir, "*", "*", "model.lps"))
	}
	if len(files) == 0 {
		tb.Skip("no reference corpus at ../shared/corpus beside the repository (it lives outside it)")
	}
	return dir, files
}

// Model returns the model.lps of the case kind/name (kind: plain, timed,
// stochastic, confluence), or skips tb when it is absent.
func Model(tb testing.TB, kind, name string) string {
	tb.Helper()
	path := filepath.Join(Dir(), kind, name, "model.lps")
	if Dir() == "" {
		tb.Skip("no reference corpus at ../shared/corpus beside the repository (it lives outside it)")
	}
	if _, err := os.Stat(path); err != nil {
		tb.Skip("corpus case not found: " + path)
	}
	return path
}

// BenchModel returns the model.lps of the big benchmark model name (in
// ../shared/bench beside the repository), or skips tb when it is absent.
func BenchModel(tb testing.TB, name string) string {
	tb.Helper()
	c := Dir()
	path := filepath.Join(c, "..", "bench", name, "model.lps")
	if _, err := os.Stat(path); c == "" || err != nil {
		tb.Skip("no benchmark model " + name + " at ../shared/bench beside the repository (it lives outside it)")
	}
	return path
}
