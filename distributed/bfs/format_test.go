package bfs

import (
	"bufio"
	"bytes"
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
)

// The search's files and shuffled records are read back by other
// processes, and a work folder on shared storage can be damaged: their
// readers are tested on round trips, and fuzzed on anything.

func fp(i uint64) (f fingerprint) {
	r := rand.New(rand.NewPCG(i, 7))
	for k := range f {
		f[k] = byte(r.Uint32())
	}
	return f
}

func TestFrontierBlockRoundTrip(t *testing.T) {
	for _, width := range []int{0, 1, 3} {
		var states [][]string
		for i := 0; i < 50; i++ {
			s := make([]string, width)
			for k := range s {
				s[k] = string(rune('a' + (i*k)%7)) // values repeat, as parameters' do
			}
			states = append(states, s)
		}
		if width == 0 {
			states = states[:1]
		}
		enc := appendFrontierBlock(nil, 2, 1000, width, states)
		b, err := readFrontierBlock(enc, width)
		if err != nil {
			t.Fatalf("width %d: %v", width, err)
		}
		if b.shard != 2 || b.first != 1000 || b.len() != len(states) {
			t.Fatalf("width %d: shard %d, first %d, %d states", width, b.shard, b.first, b.len())
		}
		for i, s := range states {
			for k, e := range s {
				if got := string(b.terms[b.states[i*width+k]]); got != e {
					t.Fatalf("width %d: state %d entry %d is %q, want %q", width, i, k, got, e)
				}
			}
		}
		if width == 3 && len(enc) > 50*3+7*2+20 {
			t.Errorf("a block of 50 states of 3 entries from 7 values takes %d bytes", len(enc))
		}
		if _, err := readFrontierBlock(enc, width+1); err == nil {
			t.Errorf("width %d: read as width %d without an error", width, width+1)
		}
	}
}

func TestCandidateBatchRoundTrip(t *testing.T) {
	b := newCandidateBatch(2)
	for i := 0; i < 30; i++ {
		idx, err := b.addState(fp(uint64(i%20)), []string{"x", string(rune('0' + i%20%5))})
		if err != nil {
			t.Fatal(err)
		}
		b.addTransition(uint32(i%3), uint32(i), []string{"a", "b(1)"}[i%2], idx)
	}
	b.dead = append(b.dead, 4, 9)
	if _, err := b.addState(fp(3), []string{"x", "9"}); err == nil {
		t.Error("a fingerprint met with other entries is no collision")
	}
	got, err := readCandidateBatch(b.encode(), 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.fps) != 20 || len(got.trans) != 30 || !slices.Equal(got.dead, []uint32{4, 9}) {
		t.Fatalf("%d states, %d transitions, dead %v", len(got.fps), len(got.trans), got.dead)
	}
	for _, tr := range got.trans {
		i := tr.srcRank
		if tr.srcShard != i%3 || got.labels[tr.label] != []string{"a", "b(1)"}[i%2] || got.fps[tr.state] != fp(uint64(i%20)) {
			t.Fatalf("transition %d read back as %+v", i, tr)
		}
		e := got.stateEntries(int(tr.state))
		if got.terms[e[0]] != "x" || got.terms[e[1]] != string(rune('0'+i%20%5)) {
			t.Fatalf("state of transition %d has other entries", i)
		}
	}
}

func TestOutFileRoundTrip(t *testing.T) {
	rec := outRecord{level: 7, shard: 1, labels: []string{"tau", "a"},
		trans: []outTransition{{0, 3, 1, 8, 2}, {2, 0, 0, 5, 0}}, dead: []uint32{1}}
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	appendChunk(w, appendCountRecord(nil, 12))
	appendChunk(w, rec.encode())
	w.Flush()
	n, err := readCountRecord(bytes.NewReader(buf.Bytes()))
	if err != nil || n != 12 {
		t.Fatalf("count %d, %v", n, err)
	}
	var got []*outRecord
	err = readChunks(bytes.NewReader(buf.Bytes()), func(b []byte) error {
		if isCountRecord(b) {
			return nil
		}
		r, err := readOutRecord(b)
		got = append(got, r)
		return err
	})
	if err != nil || len(got) != 1 || got[0].level != 7 || got[0].shard != 1 ||
		!slices.Equal(got[0].labels, rec.labels) || !slices.Equal(got[0].trans, rec.trans) || !slices.Equal(got[0].dead, rec.dead) {
		t.Fatalf("read back %+v, %v", got, err)
	}
}

func TestNumbering(t *testing.T) {
	// Level 0: one state in shard 1; level 1: 2 in shard 0, 3 in shard 2.
	n := newNumbering([][]uint64{{0, 1, 0}, {2, 0, 3}}, 3)
	for _, c := range []struct {
		level, shard, rank uint32
		want               uint64
	}{{0, 1, 0, 0}, {1, 0, 0, 1}, {1, 0, 1, 2}, {1, 2, 0, 3}, {1, 2, 2, 5}} {
		if got, err := n.number(c.level, c.shard, c.rank); err != nil || got != c.want {
			t.Errorf("state %d of shard %d of level %d: %d, %v; want %d", c.rank, c.shard, c.level, got, err, c.want)
		}
	}
	for _, bad := range [][3]uint32{{0, 0, 0}, {1, 0, 2}, {2, 0, 0}, {1, 3, 0}} {
		if _, err := n.number(bad[0], bad[1], bad[2]); err == nil {
			t.Errorf("%v numbered", bad)
		}
	}
}

// boundedAllocs fails when reading data allocated more than a small
// multiple of its length: a reader must not allocate by a file's claims.
func boundedAllocs(t *testing.T, data []byte, read func()) {
	t.Helper()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	read()
	runtime.ReadMemStats(&after)
	if got, limit := after.TotalAlloc-before.TotalAlloc, uint64(64*len(data)+1<<20); got > limit {
		t.Fatalf("reading %d bytes allocated %d", len(data), got)
	}
}

func FuzzFrontierBlock(f *testing.F) {
	f.Add(appendFrontierBlock(nil, 1, 5, 2, [][]string{{"a", "b"}, {"a", "c"}}), 2)
	f.Add(appendFrontierBlock(nil, 0, 0, 0, [][]string{{}}), 0)
	f.Add([]byte("BFSf1\x00\x00\x02\xff\xff\xff\xff\x0f"), 2)
	f.Fuzz(func(t *testing.T, data []byte, width int) {
		width = int(uint(width) % 8)
		boundedAllocs(t, data, func() {
			b, err := readFrontierBlock(data, width)
			if err != nil {
				if !errors.Is(err, errWire) {
					t.Fatalf("error %v does not say the file is malformed", err)
				}
				return
			}
			for i := 0; i < b.len(); i++ { // every index is usable
				for _, idx := range b.states[i*width : (i+1)*width] {
					_ = b.terms[idx]
				}
			}
		})
	})
}

func FuzzCandidateBatch(f *testing.F) {
	b := newCandidateBatch(1)
	i, _ := b.addState(fp(1), []string{"v"})
	b.addTransition(0, 3, "a", i)
	b.dead = append(b.dead, 2)
	f.Add(b.encode(), 1)
	f.Add([]byte("BFSc1\x01\x00\x00\xff\xff\xff\xff\x0f"), 1)
	f.Fuzz(func(t *testing.T, data []byte, width int) {
		width = int(uint(width) % 8)
		boundedAllocs(t, data, func() {
			b, err := readCandidateBatch(data, width)
			if err != nil {
				return
			}
			for _, tr := range b.trans {
				_, _ = b.labels[tr.label], b.stateEntries(int(tr.state))
			}
			for i := range b.fps {
				for _, idx := range b.stateEntries(i)[:width] {
					_ = b.terms[idx]
				}
			}
		})
	})
}

func FuzzOutFile(f *testing.F) {
	var buf bytes.Buffer
	w := bufio.NewWriter(&buf)
	appendChunk(w, appendCountRecord(nil, 3))
	appendChunk(w, (&outRecord{level: 1, labels: []string{"a"}, trans: []outTransition{{0, 0, 0, 2, 1}}, dead: []uint32{0}}).encode())
	w.Flush()
	f.Add(buf.Bytes())
	f.Add([]byte("\xff\xff\xff\xff\x0fBFSn1"))
	f.Fuzz(func(t *testing.T, data []byte) {
		boundedAllocs(t, data, func() {
			readCountRecord(bytes.NewReader(data))
			num := newNumbering([][]uint64{{1, 2}, {3, 0}}, 2)
			readChunks(bytes.NewReader(data), func(b []byte) error {
				if isCountRecord(b) {
					return nil
				}
				rec, err := readOutRecord(b)
				if err != nil {
					return err
				}
				for _, tr := range rec.trans {
					_ = rec.labels[tr.label]
					num.number(uint32(rec.level), tr.srcShard, tr.srcRank)
					num.number(tr.dstLevel, uint32(rec.shard), tr.dstRank)
				}
				return nil
			})
		})
	})
}
