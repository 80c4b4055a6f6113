package main

import (
	"encoding/json"
	"time"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/outfile"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/store"
)

// runStats are the figures --stats writes, for scripts and plots.
type runStats struct {
	States      int     `json:"states"`
	Transitions uint64  `json:"transitions"`
	Levels      int     `json:"levels,omitempty"`
	Explored    int     `json:"explored"`
	Complete    bool    `json:"complete"`
	Seconds     float64 `json:"seconds"`
	StatesPerS  float64 `json:"states_per_second"`
	PeakRSS     uint64  `json:"peak_rss_bytes,omitempty"`
	Store       string  `json:"store"`
	StoreBytes  int     `json:"store_bytes"`
	BytesState  float64 `json:"store_bytes_per_state"`
	TodoBytes   int     `json:"todo_bytes"`
	StoreReport string  `json:"store_report,omitempty"`
	Omission    float64 `json:"omission_probability,omitempty"`
	// The sweep-line method's figures (--sweep).
	StoredPeak   int    `json:"stored_states_peak,omitempty"`
	Sweeps       int    `json:"sweeps,omitempty"`
	RegressEdges uint64 `json:"regress_edges,omitempty"`
	Persistent   int    `json:"persistent_states,omitempty"`
	// The generator's caches (lpsgen.CacheBytes), threads included.
	GuardCacheBytes int `json:"guard_cache_bytes"`
	StepCacheBytes  int `json:"step_cache_bytes"`
	EnumCacheBytes  int `json:"enumeration_cache_bytes"`
	TermBytes       int `json:"term_store_bytes"`
	CacheFlushes    int `json:"cache_flushes"`
	// Collections of the term store (explore/terms.go) and the terms
	// they gave back.
	TermCollections int `json:"term_collections"`
	TermsFreed      int `json:"terms_freed"`
}

// storeBytes is the memory held by the store's tables.
func storeBytes(st explore.Store) int {
	if s, ok := st.(store.Stats); ok {
		return s.Bytes()
	}
	return 0
}

// writeStats writes the run's figures as JSON to path (written under a
// temporary name and renamed, like OUTFILE).
func writeStats(path string, x *explore.Explorer, res explore.Result, storeName string, elapsed time.Duration) error {
	st := x.Store()
	s := runStats{
		States: res.States, Transitions: res.Transitions, Levels: res.Levels, Explored: res.Explored,
		Complete: !res.Stopped && !res.MaxReached,
		Seconds:  elapsed.Seconds(), StatesPerS: float64(res.States) / max(elapsed.Seconds(), 1e-9),
		PeakRSS: peakRSS(), Store: storeName, StoreBytes: storeBytes(st), TodoBytes: x.QueueBytes(),
	}
	if res.States > 0 {
		s.BytesState = float64(s.StoreBytes) / float64(res.States)
	}
	if d, ok := st.(store.Stats); ok {
		s.StoreReport = d.Describe()
	}
	if o, ok := st.(interface{ OmissionProbability() float64 }); ok {
		s.Omission = o.OmissionProbability()
	}
	if sw, ok := st.(*store.SweepStore); ok {
		f := sw.Stats()
		s.Store, s.StoredPeak, s.Sweeps, s.RegressEdges, s.Persistent = "sweep", f.Peak, f.Sweeps, f.RegressEdges, f.Persistent
	}
	if g, ok := x.Generator().(interface{ CacheBytes() lpsgen.CacheBytes }); ok {
		cb := g.CacheBytes()
		s.GuardCacheBytes, s.StepCacheBytes, s.EnumCacheBytes, s.TermBytes, s.CacheFlushes = cb.Guard, cb.Step, cb.Enumeration, cb.Terms, cb.Flushes
	}
	s.TermCollections, s.TermsFreed = x.TermCollections()
	if _, ok := st.(*store.ComBackStore); ok && s.Store == "" {
		s.Store = "comback"
	}
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	// Written as OUTFILE is: a failed write leaves an existing file as
	// it was and no temporary file behind.
	f, err := outfile.Create(path)
	if err != nil {
		return err
	}
	_, err = f.Writer().Write(append(data, '\n'))
	if cerr := f.Close(err == nil); err == nil {
		err = cerr
	}
	return err
}
