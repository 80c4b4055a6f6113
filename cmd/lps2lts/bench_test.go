package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/corpus"
	"github.com/lps2lts/lps2lts/store"
)

// BenchmarkCorpus measures whole runs (parse, rewrite, explore, no
// output) on the three largest corpus models that lps2lts explores in
// about a second, with the default tree store and the table store, on one
// and two threads: states/s and the bytes per state held by the store.
func BenchmarkCorpus(b *testing.B) {
	for _, name := range []string{"ex.academic.dining.dining_10", "merc.onebit_3-b", "merc.hesselink_2-b"} {
		for _, kind := range []string{"tree", "table"} {
			for _, threads := range []int{1, 2} {
				b.Run(fmt.Sprintf("%s/%s/threads=%d", name, kind, threads), func(b *testing.B) {
					b.ReportAllocs()
					benchRuns(b, corpus.Model(b, "plain", name), storeConfig{kind: kind}, explore.Options{Threads: threads})
				})
			}
		}
	}
}

// BenchmarkCorpusStores measures whole runs with each visited-state store
// (--store and its defaults) on merc.onebit, breadth- and depth-first:
// states/s and the bytes per state of the store's tables.
func BenchmarkCorpusStores(b *testing.B) {
	path := corpus.Model(b, "plain", "merc.onebit")
	for _, strategy := range []string{"b", "d"} {
		for _, kind := range []string{"tree", "table", "hashcompact", "comback"} {
			b.Run(kind+"/-s"+strategy, func(b *testing.B) {
				// The hash compaction table is sized to the 81,920 states.
				sc := storeConfig{kind: kind, hcBits: 40, hcTable: 81920, bsBits: 1 << 20, bsHashes: 3, cbCache: defaultComBackCache, cbHeld: true}
				var opt explore.Options
				if strategy == "d" {
					opt.Strategy = explore.Depth
				}
				benchRuns(b, path, sc, opt)
			})
		}
	}
}

// benchRuns explores the model at path b.N times with a store of sc and
// the options opt, and reports states/s and the store's bytes per state.
func benchRuns(b *testing.B, path string, sc storeConfig, opt explore.Options) {
	var states int
	var storeBytes, termBytes float64
	for i := 0; i < b.N; i++ {
		gen, err := loadLPS(path, &config{})
		if err != nil {
			b.Fatal(err)
		}
		if opt.Store, err = newStore(&sc, gen, false, false); err != nil {
			b.Fatal(err)
		}
		x := explore.New(gen, opt)
		r, err := x.Run()
		if err != nil {
			b.Fatal(err)
		}
		states += r.States
		if s, ok := x.Store().(store.Stats); ok {
			storeBytes = float64(s.Bytes()) / float64(r.States)
		}
		if tc, ok := gen.(explore.TermCollector); ok {
			tb := tc.TermStoreBytes()
			termBytes = float64(tb) / float64(r.States)
		}
	}
	b.ReportMetric(float64(states)/b.Elapsed().Seconds(), "states/s")
	b.ReportMetric(storeBytes, "storeB/state")
	b.ReportMetric(termBytes, "termB/state")
}

// BenchmarkTermStore measures the term store against the states (issue
// 41): the permutation puzzle of lpsgen/testdata, whose states hold
// lists (its first 100,000 states), and FlexRay's 3_Ideal_trace from
// ../shared/pipeline (all 28,473 states), each with the term store
// collected (explore/terms.go) and without: the term store's bytes per
// state (its high-water mark: chunks are never given back to the
// system) and states/s, one thread.
func BenchmarkTermStore(b *testing.B) {
	models := []struct {
		name, path string
		max        int
	}{
		{"permutations", filepath.Join("..", "..", "lpsgen", "testdata", "permutations.lps"), 100000},
	}
	if dir := corpus.Dir(); dir != "" {
		models = append(models, struct {
			name, path string
			max        int
		}{"flexray_3_Ideal_trace",
			filepath.Join(dir, "..", "pipeline", "default", "ex.industrial.flexray.3_Ideal_trace.expanded", "mcrl2.lps"), 0})
	}
	for _, m := range models {
		if _, err := os.Stat(m.path); err != nil {
			b.Logf("%s: %v", m.name, err)
			continue
		}
		for _, c := range []struct {
			name string
			min  int
		}{{"collected", 0}, {"kept", -1}} {
			b.Run(m.name+"/"+c.name, func(b *testing.B) {
				benchRuns(b, m.path, storeConfig{kind: "tree"}, explore.Options{MaxStates: m.max, TermCollectMin: c.min})
			})
		}
	}
}

// BenchmarkGuardHeavy measures the first 20000 states (breadth-first) of
// two models with about a hundred guarded summands each, with and without
// the guard cache and --cached: states/s of the whole run.
func BenchmarkGuardHeavy(b *testing.B) {
	for _, name := range []string{
		"ex.academic.non-atomic_registers.models.Lamport_3-bit",
		"ex.academic.bounded_ricart-agrawala.RA_fixed+reduced.RA_fixed+reduced_spec",
	} {
		for _, cfg := range []struct {
			name string
			c    config
		}{
			{"plain", config{noGuardCache: true}},
			{"cached", config{cached: true, noGuardCache: true}},
			{"guards", config{}},
			{"guards+cached", config{cached: true}},
		} {
			b.Run(name[strings.LastIndex(name, ".")+1:]+"/"+cfg.name, func(b *testing.B) {
				path := corpus.BenchModel(b, name)
				var states int
				for i := 0; i < b.N; i++ {
					c := cfg.c
					gen, err := loadLPS(path, &c)
					if err != nil {
						b.Fatal(err)
					}
					r, err := explore.New(gen, explore.Options{MaxStates: 20000}).Run()
					if err != nil {
						b.Fatal(err)
					}
					states += r.States
				}
				b.ReportMetric(float64(states)/b.Elapsed().Seconds(), "states/s")
			})
		}
	}
}

// BenchmarkCounters explores examples/counters.lps with K = 6 (1,679,616
// states, 13,436,928 transitions), the model for memory that
// follows the state space: states/s and the store's bytes per state.
func BenchmarkCounters(b *testing.B) {
	src, err := os.ReadFile("../../examples/counters.lps")
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "counters6.lps")
	if err := os.WriteFile(path, bytes.Replace(src, []byte("K  =  10"), []byte("K  =  6"), 1), 0o644); err != nil {
		b.Fatal(err)
	}
	for _, threads := range []int{1, 2} {
		b.Run(fmt.Sprintf("threads=%d", threads), func(b *testing.B) {
			b.ReportAllocs()
			benchRuns(b, path, storeConfig{kind: "tree"}, explore.Options{Threads: threads})
		})
	}
}

// BenchmarkPlainModels measures whole runs (one and two threads, no
// output) on the plain corpus models that docs/stores.md compares with
// mCRL2's lps2lts --cached: the five slowest that mCRL2 explores in 1 to
// 20 seconds, and brp_4_4_4-b, whose store's bytes per state issue 28
// bounds. states/s and the store's bytes per state.
func BenchmarkPlainModels(b *testing.B) {
	for _, name := range []string{
		"merc.onebit_3-b", "merc.franklin_3_2-b", "ex.games.magic_square",
		"ex.project.wafer_stepper", "ex.academic.onebit", "merc.brp_4_4_4-b",
	} {
		for _, threads := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/threads=%d", name, threads), func(b *testing.B) {
				benchRuns(b, corpus.Model(b, "plain", name), storeConfig{kind: "tree"}, explore.Options{Threads: threads})
			})
		}
	}
}

// BenchmarkBenchPrefixes measures the first states of each big model in
// ../shared/bench (as many as its prefix.json's max_states), with one
// thread and with two: states/s and the store's bytes per state. Two
// threads should never be slower than one, also on models whose
// breadth-first levels hold a few states each (bakery, goback).
func BenchmarkBenchPrefixes(b *testing.B) {
	if corpus.Dir() == "" {
		b.Skip("no benchmark models at ../shared/bench beside the repository (they live outside it)")
	}
	dir := filepath.Join(corpus.Dir(), "..", "bench")
	cases, _ := filepath.Glob(filepath.Join(dir, "*", "prefix.json"))
	if len(cases) == 0 {
		b.Skip("no benchmark models at " + dir)
	}
	for _, prefix := range cases {
		data, err := os.ReadFile(prefix)
		if err != nil {
			b.Fatal(err)
		}
		var p struct {
			MaxStates int `json:"max_states"`
		}
		if err := json.Unmarshal(data, &p); err != nil || p.MaxStates <= 0 {
			b.Fatalf("%s: no max_states (%v)", prefix, err)
		}
		name := filepath.Base(filepath.Dir(prefix))
		for _, threads := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/threads=%d", name[strings.LastIndex(name, ".")+1:], threads), func(b *testing.B) {
				benchRuns(b, corpus.BenchModel(b, name), storeConfig{kind: "tree"}, explore.Options{Threads: threads, MaxStates: p.MaxStates})
			})
		}
	}
}

// benchModelsEnv names the variable that lists .lps files (separated by
// commas) for BenchmarkModels.
const benchModelsEnv = "LPS2LTS_BENCH_MODELS"

// BenchmarkModels measures whole runs, one and two threads, on models
// that are not in the corpus: mCRL2's own examples, such as FlexRay and
// commprot, linearised with mcrl22lps (docs/stores.md says how). Their
// files come from the environment, LPS2LTS_BENCH_MODELS=a.lps,b.lps:N,
// where :N explores the first N states only (commprot's state space has
// no end); without it the benchmark is skipped. states/s and the
// store's bytes per state.
func BenchmarkModels(b *testing.B) {
	list := os.Getenv(benchModelsEnv)
	if list == "" {
		b.Skip("set " + benchModelsEnv + " to a comma-separated list of .lps files (FILE:N for the first N states) to measure")
	}
	for _, entry := range strings.Split(list, ",") {
		path, limit := entry, 0
		if i := strings.LastIndexByte(entry, ':'); i >= 0 {
			n, err := strconv.Atoi(entry[i+1:])
			if err != nil || n <= 0 {
				b.Fatalf("%s: %q: the number of states after the colon is not a positive number", benchModelsEnv, entry)
			}
			path, limit = entry[:i], n
		}
		for _, threads := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/threads=%d", strings.TrimSuffix(filepath.Base(path), ".lps"), threads), func(b *testing.B) {
				benchRuns(b, path, storeConfig{kind: "tree"}, explore.Options{Threads: threads, MaxStates: limit})
			})
		}
	}
}
