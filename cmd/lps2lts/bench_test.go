package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
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
	var storeBytes float64
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
	}
	b.ReportMetric(float64(states)/b.Elapsed().Seconds(), "states/s")
	b.ReportMetric(storeBytes, "storeB/state")
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
