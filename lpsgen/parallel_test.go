package lpsgen

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/corpus"
	"github.com/lps2lts/lps2lts/internal/exploretest"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/store"
)

// TestParallelSameLTS: with 4 threads the search gives the .aut of one
// thread byte for byte (same state numbers), on the examples and a few
// corpus models, with the table store, the tree store (lps2lts's default) and
// ComBack; run under -race by CI.
func TestParallelSameLTS(t *testing.T) {
	for _, f := range modelFiles("merc.onebit", "merc.brp_4_4_4-b", "ex.academic.dining.dining_3") {
		spec, err := load.File(f)
		if err != nil {
			t.Fatal(err)
		}
		if timedOrStochastic(spec) {
			continue
		}
		options := func(threads int, cached bool, kind string) (*Generator, explore.Options) {
			g, err := New(spec, Options{Cached: cached})
			if err != nil {
				t.Fatal(err)
			}
			opt := explore.Options{Threads: threads, MaxStates: 20000}
			switch kind {
			case "tree":
				opt.Store = store.NewTreeStore(g.Width())
			case "comback":
				// Transition keys made from the workers' portable names;
				// a small cache, so that states are rebuilt by replay.
				opt.Store = store.NewComBackStore(g, store.ComBackOptions{Cache: 16})
			}
			return g, opt
		}
		run := func(threads int, cached bool, kind string) (explore.Result, string) {
			if threads > 1 {
				if g, opt := options(threads, cached, kind); !parallel(g, opt) {
					t.Fatalf("%s: the %s store does not search in parallel", f, kind)
				}
			}
			g, opt := options(threads, cached, kind)
			return exploretest.Aut(t, g, opt)
		}
		r1, aut1 := run(1, false, "table")
		for _, kind := range []string{"table", "tree", "comback"} {
			r4, aut4 := run(4, true, kind)
			if r1 != r4 || aut1 != aut4 {
				t.Errorf("%s (%s store): 1 thread %+v, 4 threads %+v; same .aut: %v", f, kind, r1, r4, aut1 == aut4)
			}
		}
	}
}

// timedOrStochastic says whether spec has time tags or distributions (explored
// by packages timed and stochastic, not by this package alone).
func timedOrStochastic(spec *lps.Spec) bool {
	if spec.InitDist != nil {
		return true
	}
	for _, s := range spec.Summands {
		if s.Dist != nil || s.Time != nil {
			return true
		}
	}
	return false
}

// modelFiles returns the examples' models and those of the plain corpus
// models named that are on this machine.
func modelFiles(corpusNames ...string) []string {
	files, _ := filepath.Glob("../examples/*.lps")
	if dir := corpus.Dir(); dir != "" {
		for _, name := range corpusNames {
			if p := filepath.Join(dir, "plain", name, "model.lps"); fileExists(p) {
				files = append(files, p)
			}
		}
	}
	return files
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// parallel says whether a search of g with opt runs on several threads.
func parallel(g explore.Generator, opt explore.Options) bool {
	n, _ := explore.New(g, exploretest.WithStore(opt)).Threads()
	return n > 1
}
