package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
)

// corpusDir is where the reference corpus lives beside a checkout of the
// repository; the benchmarks skip without it.
const corpusDir = "../../../shared/corpus/plain"

// BenchmarkCorpus measures whole runs (parse, rewrite, explore, no output)
// on three corpus models: states/s and the bytes per state held by the
// default store.
func BenchmarkCorpus(b *testing.B) {
	for _, name := range []string{"merc.brp_4_4_4-b", "merc.onebit", "merc.hesselink_2-b"} {
		path := filepath.Join(corpusDir, name, "model.lps")
		b.Run(name, func(b *testing.B) {
			if _, err := os.Stat(path); err != nil {
				b.Skip("corpus not found at " + corpusDir)
			}
			b.ReportAllocs()
			var states, storeBytes, width int
			for i := 0; i < b.N; i++ {
				gen, err := loadLPS(path, &config{})
				if err != nil {
					b.Fatal(err)
				}
				x := explore.New(gen, explore.Options{})
				r, err := x.Run()
				if err != nil {
					b.Fatal(err)
				}
				states += r.States
				storeBytes = x.Store().(*explore.ArenaStore).Bytes() / r.States
				width = gen.Width()
			}
			b.ReportMetric(float64(states)/b.Elapsed().Seconds(), "states/s")
			b.ReportMetric(float64(storeBytes), "storeB/state")
			b.ReportMetric(float64(width), "params")
		})
	}
}
