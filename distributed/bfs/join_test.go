package bfs

import (
	"bytes"
	"cmp"
	"context"
	"os"
	"slices"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
)

// TestJoinRetried runs one shard's join of a level twice, as a runner
// does when it retries a failed bundle: the second run must find the
// same new states with the same ranks, though the first run's new run
// (and its merge with the older ones) is already in the shard.
func TestJoinRetried(t *testing.T) {
	// With one old state the new run is merged with the old one; with
	// ten it is written beside it.
	for _, oldStates := range []int{1, 10} {
		joinRetried(t, oldStates)
	}
}

func joinRetried(t *testing.T, oldStates int) {
	ctx := context.Background()
	dir := t.TempDir()
	fs, err := filesystem.New(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer fs.Close()
	old := fp(100)
	var olds []visitedEntry
	for i := 0; i < oldStates; i++ {
		olds = append(olds, visitedEntry{fp: fp(uint64(100 + i)), rank: uint32(i)})
	}
	if err := addRun(ctx, fs, dir, 0, 0, nil, sortedEntries(olds)); err != nil {
		t.Fatal(err)
	}
	b := newCandidateBatch(1)
	for i, f := range []fingerprint{fp(1), fp(2), old} {
		idx, err := b.addState(f, []string{string(rune('a' + i))})
		if err != nil {
			t.Fatal(err)
		}
		b.addTransition(0, 0, "step", idx)
	}
	batch := b.encode()
	join := &joinFn{Dir: dir, Level: 0, Shards: 1, Width: 1, EmitNext: true}
	run := func() ([][]byte, []byte) {
		var blocks [][]byte
		sent := false
		err := join.ProcessElement(ctx, 0, func(p *[]byte) bool {
			if sent {
				return false
			}
			*p, sent = batch, true
			return true
		}, func(block []byte) { blocks = append(blocks, block) })
		if err != nil {
			t.Fatal(err)
		}
		out, err := os.ReadFile(levelFile(dir, 0, "out", 0))
		if err != nil {
			t.Fatal(err)
		}
		return blocks, out
	}
	blocks1, out1 := run()
	blocks2, out2 := run()
	if !slices.EqualFunc(blocks1, blocks2, bytes.Equal) || !bytes.Equal(out1, out2) {
		t.Fatal("a retried join gave other states or transitions")
	}
	if len(blocks1) != 1 {
		t.Fatalf("%d frontier blocks", len(blocks1))
	}
	fb, err := readFrontierBlock(blocks1[0], 1)
	if err != nil || fb.len() != 2 {
		t.Fatalf("new states: %v, %v", fb, err)
	}
	n, err := readCountRecord(bytes.NewReader(out1))
	if err != nil || n != 2 {
		t.Fatalf("count %d, %v", n, err)
	}
	// The transition into the old state names it by its level and rank.
	var targets [][2]uint32
	readChunks(bytes.NewReader(out1), func(c []byte) error {
		if isCountRecord(c) {
			return nil
		}
		rec, err := readOutRecord(c)
		if err != nil {
			t.Fatal(err)
		}
		for _, tr := range rec.trans {
			targets = append(targets, [2]uint32{tr.dstLevel, tr.dstRank})
		}
		return nil
	})
	slices.SortFunc(targets, func(a, b [2]uint32) int {
		if c := cmp.Compare(a[0], b[0]); c != 0 {
			return c
		}
		return cmp.Compare(a[1], b[1])
	})
	if !slices.Equal(targets, [][2]uint32{{0, 0}, {1, 0}, {1, 1}}) {
		t.Fatalf("targets %v", targets)
	}
	runs, err := listRuns(ctx, fs, dir, 0)
	var entries int64
	for _, r := range runs {
		entries += r.entries
	}
	if err != nil || entries != int64(oldStates+2) {
		t.Fatalf("%d old states: runs %+v, %v", oldStates, runs, err)
	}
}
