package bfs

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"slices"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
)

func sortedEntries(es []visitedEntry) []visitedEntry {
	slices.SortFunc(es, func(a, b visitedEntry) int { return bytes.Compare(a.fp[:], b.fp[:]) })
	return es
}

// TestVisitedShard adds levels of states to one shard, as the joins do,
// and checks each level's lookups against a map, with both ways of
// looking up (merging and binary search), and that the runs stay few.
func TestVisitedShard(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	fs, err := filesystem.New(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer fs.Close()
	oracle := map[fingerprint]visitedEntry{}
	next := uint64(0)
	for level := 0; level < 60; level++ {
		runs, err := listRuns(ctx, fs, dir, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(runs) > 12 {
			t.Fatalf("level %d: %d runs", level, len(runs))
		}
		// Candidates: some seen (any earlier level), some new.
		var cands []fingerprint
		for i := 0; i < 1+level%7*10; i++ {
			cands = append(cands, fp(next+uint64(i)))
		}
		for i := uint64(0); i < next; i += 1 + next/5 {
			cands = append(cands, fp(i))
		}
		slices.SortFunc(cands, func(a, b fingerprint) int { return bytes.Compare(a[:], b[:]) })
		cands = slices.Compact(cands)
		for _, probe := range []bool{false, true} {
			got := map[fingerprint]visitedEntry{}
			for _, r := range runs {
				data := readAll(t, fs, r.name)
				found := func(i int, e visitedEntry) { got[cands[i]] = e }
				if probe {
					err = probeRun(bytes.NewReader(data), int64(len(data)), cands, uint32(level), found)
				} else { // no ReaderAt: merged
					err = lookupRun(io.MultiReader(bytes.NewReader(data)), int64(len(data)), cands, uint32(level), found)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			for _, c := range cands {
				if want, ok := oracle[c]; ok != (got[c] != visitedEntry{}) || ok && got[c] != want {
					t.Fatalf("level %d, probe %v: %v found as %+v, want %+v (%v)", level, probe, c, got[c], want, ok)
				}
			}
		}
		var fresh []visitedEntry
		for _, c := range cands {
			if _, ok := oracle[c]; !ok {
				fresh = append(fresh, visitedEntry{fp: c, level: uint32(level + 1)})
			}
		}
		for i := range fresh {
			fresh[i].rank = uint32(i)
			oracle[fresh[i].fp] = fresh[i]
		}
		next += uint64(1 + level%7*10)
		if err := addRun(ctx, fs, dir, 0, level+1, runs, fresh); err != nil {
			t.Fatal(err)
		}
	}
}

func readAll(t *testing.T, fs filesystem.Interface, name string) []byte {
	t.Helper()
	r, err := fs.OpenRead(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestCoverRuns(t *testing.T) {
	// A merge stopped before it removed its inputs leaves them beside it.
	got := coverRuns([]visitedRun{{from: 3, to: 3}, {from: 0, to: 2}, {from: 0, to: 3}, {from: 4, to: 4}, {from: 1, to: 2}})
	want := []visitedRun{{from: 0, to: 3}, {from: 4, to: 4}}
	if !slices.Equal(got, want) {
		t.Fatalf("cover %v, want %v", got, want)
	}
	for _, c := range []struct {
		name     string
		from, to int
		ok       bool
	}{{"d/run-000001-000004", 1, 4, true}, {"d/run-000001-000004.tmp", 0, 0, false}, {"d/run-5-2", 0, 0, false}, {"d/other", 0, 0, false}} {
		if from, to, ok := parseRunName(c.name); ok != c.ok || ok && (from != c.from || to != c.to) {
			t.Errorf("%s: %d, %d, %v", c.name, from, to, ok)
		}
	}
}

func FuzzVisitedRun(f *testing.F) {
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	w.WriteString(visitedMagic)
	writeEntries(w, nil, sortedEntries([]visitedEntry{{fp: fp(1), level: 1}, {fp: fp(2), level: 2, rank: 1}}))
	w.Flush()
	f.Add(buf.Bytes())
	f.Add([]byte(visitedMagic + "short"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cands := []fingerprint{fp(1), fp(2)}
		slices.SortFunc(cands, func(a, b fingerprint) int { return bytes.Compare(a[:], b[:]) })
		boundedAllocs(t, data, func() {
			found := func(i int, e visitedEntry) { _ = cands[i] }
			lookupRun(io.MultiReader(bytes.NewReader(data)), int64(len(data)), cands, 5, found)
			probeRun(bytes.NewReader(data), int64(len(data)), cands, 5, found)
			if rr, err := newRunReader(bytes.NewReader(data)); err == nil {
				var out bytes.Buffer
				w := bufio.NewWriter(&out)
				if writeEntries(w, []*runReader{rr}, nil) == nil {
					w.Flush()
					if out.Len()%entrySize != 0 || out.Len() > len(data) {
						t.Fatalf("merged %d bytes of %d", out.Len(), len(data))
					}
				}
			}
		})
	})
}
