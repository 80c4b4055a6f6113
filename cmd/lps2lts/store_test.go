package main

import (
	"testing"

	"github.com/spf13/pflag"

	"github.com/lps2lts/lps2lts/explore"
)

// TestMemorySizesTables: --memory sizes the hash compaction table and the
// bitstate array when their own size is not given, and never above it.
func TestMemorySizesTables(t *testing.T) {
	cases := []struct {
		args  []string
		ids   bool
		bytes int // the table's size
	}{
		{[]string{"--store=hashcompact", "--memory=1"}, true, 1 << 16 * 9},  // 40-bit values + 4-byte numbers
		{[]string{"--store=hashcompact", "--memory=1"}, false, 1 << 17 * 5}, // 40-bit values alone
		{[]string{"--store=hashcompact", "--memory=3", "--hc-bits=64"}, false, 1 << 18 * 8},
		{[]string{"--store=hashcompact", "--memory=1", "--hc-table=8"}, false, 8 * 5}, // --hc-table wins
		{[]string{"--store=hashcompact"}, false, 1 << 22 * 5},                         // the default
		{[]string{"--store=bitstate", "--memory=2"}, false, 2 << 20},
		{[]string{"--store=bitstate", "--memory=2", "--bs-bits=1024"}, false, 128},
	}
	for _, c := range cases {
		f := pflag.NewFlagSet("t", pflag.ContinueOnError)
		var cfg storeConfig
		addStoreFlags(f, &cfg)
		if err := f.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		st, err := newStore(&cfg, nil, c.ids, false)
		if err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		got := st.(explore.StoreStats).Bytes()
		if got < c.bytes || got > c.bytes+8 { // the hash compaction table has 8 bytes of slack
			t.Errorf("%v: %d bytes, want %d", c.args, got, c.bytes)
		}
	}
}
