package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/store"
	"github.com/spf13/pflag"
)

// TestMemorySizesTables: --memory sizes the hash compaction table and the
// bitstate array when their own size is not given, and never above it.
func TestMemorySizesTables(t *testing.T) {
	// A hash compaction table has a prime number of slots: below a
	// --memory ceiling it is within a prime gap (< 300 slots at these
	// sizes) of it; from --hc-table it is the next prime.
	cases := []struct {
		args     []string
		ids      bool
		min, max int // the table's size in bytes
	}{
		{[]string{"--store=hashcompact", "--memory=1"}, true, 1<<20 - 300*9, 1 << 20},  // 40-bit values + 4-byte numbers
		{[]string{"--store=hashcompact", "--memory=1"}, false, 1<<20 - 300*5, 1 << 20}, // 40-bit values alone
		{[]string{"--store=hashcompact", "--memory=3", "--hc-bits=64"}, false, 3<<20 - 300*8, 3 << 20},
		{[]string{"--store=hashcompact", "--memory=1", "--hc-table=8"}, false, 11 * 5, 11 * 5}, // --hc-table wins
		{[]string{"--store=hashcompact"}, false, 4194319 * 5, 4194319 * 5},                     // the default, 2^22 rounded up
		{[]string{"--store=bitstate", "--memory=2"}, false, 2 << 20, 2 << 20},
		{[]string{"--store=bitstate", "--memory=2", "--bs-bits=1024"}, false, 128, 128},
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
		got := st.(store.Stats).Bytes()
		if got < c.min || got > c.max+8 { // the hash compaction table has 8 bytes of slack
			t.Errorf("%v: %d bytes, want %d to %d", c.args, got, c.min, c.max)
		}
	}
}

// TestTreeRoots: the tree store with its root pairs in the compact table
// (the default) writes the .aut and the .fsm (which decodes every state)
// of the root pairs as words, byte for byte, with one and two threads;
// an unknown --tree-roots is a usage error.
func TestTreeRoots(t *testing.T) {
	dir, model := writeSmallCounters(t)
	for _, ext := range []string{"aut", "fsm"} {
		for _, threads := range []string{"--threads=1", "--threads=2"} {
			var outs [2][]byte
			for i, roots := range []string{"--tree-roots=words", "--tree-roots=compact"} {
				out := filepath.Join(dir, fmt.Sprintf("out%d.%s", i, ext))
				if code, _, stderr := lps2ltsLPS("-q", threads, roots, model, out); code != 0 {
					t.Fatalf("%s %s: exit %d: %s", roots, threads, code, stderr)
				}
				var err error
				if outs[i], err = os.ReadFile(out); err != nil {
					t.Fatal(err)
				}
			}
			if len(outs[0]) < 1000 || !bytes.Equal(outs[0], outs[1]) {
				t.Errorf(".%s %s: compact roots wrote %d bytes, words %d, or they differ", ext, threads, len(outs[1]), len(outs[0]))
			}
		}
	}
	if code, _, stderr := lps2ltsLPS("--tree-roots=cleary", model); code != 2 || !strings.Contains(stderr, "--tree-roots") {
		t.Errorf("--tree-roots=cleary: exit %d: %s", code, stderr)
	}
	// The default is the compact table: its store takes the bytes that
	// --tree-roots=compact's does, fewer than the words'.
	storeLine := func(args ...string) string {
		code, stdout, stderr := lps2ltsLPS(append([]string{"-v"}, append(args, model)...)...)
		for _, l := range strings.Split(stdout+stderr, "\n") {
			if strings.HasPrefix(l, "tree store:") {
				return l
			}
		}
		t.Fatalf("%v: exit %d, no tree store line: %s", args, code, stderr)
		return ""
	}
	def, compact, words := storeLine(), storeLine("--tree-roots=compact"), storeLine("--tree-roots=words")
	if def != compact || def == words {
		t.Errorf("the default's store %q, compact's %q, words' %q", def, compact, words)
	}
}
