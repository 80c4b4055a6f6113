package main

import (
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/corpus"
)

// BenchmarkCorpus measures whole runs (parse, rewrite, explore, no output)
// on three corpus models: states/s and the bytes per state held by the
// default store.
func BenchmarkCorpus(b *testing.B) {
	for _, name := range []string{"merc.brp_4_4_4-b", "merc.onebit", "merc.hesselink_2-b"} {
		b.Run(name, func(b *testing.B) {
			path := corpus.Model(b, "plain", name)
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
