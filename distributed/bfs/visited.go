package bfs

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
)

// The visited set stays where it is: it is split by fingerprint into
// shards (shardOf), and each shard is a few sorted runs, files of
// fixed-size entries sorted by fingerprint, in the manner of a
// log-structured merge tree (O'Neil et al., "The log-structured
// merge-tree"). A level's new states in a shard become a new run; runs of
// similar size are merged, so a shard has O(log n) runs and each entry is
// rewritten O(log n) times. A level's join reads only the shards its
// candidates fall in, and in each run either looks its candidates up by
// binary search (few candidates, a large run) or merges them with the run
// in one sequential pass: nothing of the visited set is shuffled.
//
// A run file is the tag "BFSv1\n\0\0" and then entries of 24 bytes: the
// fingerprint, then the state's level and its rank within the level and
// shard (both 32 bits, big-endian), so that a state met again is named
// without asking anyone. A run is named by the levels it covers,
// run-FROM-TO.

const (
	visitedMagic = "BFSv1\n\x00\x00"
	entrySize    = 24
)

type visitedEntry struct {
	fp          fingerprint
	level, rank uint32
}

func appendEntry(dst []byte, e visitedEntry) []byte {
	dst = append(dst, e.fp[:]...)
	dst = binary.BigEndian.AppendUint32(dst, e.level)
	return binary.BigEndian.AppendUint32(dst, e.rank)
}

func decodeEntry(b []byte) visitedEntry {
	var e visitedEntry
	copy(e.fp[:], b)
	e.level = binary.BigEndian.Uint32(b[16:])
	e.rank = binary.BigEndian.Uint32(b[20:])
	return e
}

// runReader reads a run's entries in order and checks that they ascend.
type runReader struct {
	r    *bufio.Reader
	last fingerprint
	n    int
	buf  [entrySize]byte
}

func newRunReader(r io.Reader) (*runReader, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	var tag [len(visitedMagic)]byte
	if _, err := io.ReadFull(br, tag[:]); err != nil || string(tag[:]) != visitedMagic {
		return nil, fmt.Errorf("%w: not a visited run", errWire)
	}
	return &runReader{r: br}, nil
}

// next returns the next entry; ok is false at the end.
func (rr *runReader) next() (e visitedEntry, ok bool, err error) {
	if _, err := io.ReadFull(rr.r, rr.buf[:]); err == io.EOF {
		return e, false, nil
	} else if err != nil {
		return e, false, fmt.Errorf("%w: visited run cut in an entry", errWire)
	}
	e = decodeEntry(rr.buf[:])
	if rr.n > 0 && bytes.Compare(e.fp[:], rr.last[:]) <= 0 {
		return e, false, fmt.Errorf("%w: visited run not sorted at entry %d", errWire, rr.n)
	}
	rr.last = e.fp
	rr.n++
	return e, true, nil
}

// lookupRun finds the sorted, distinct fingerprints fps in a run of size
// bytes and calls found for each one present with a level at most
// maxLevel (entries of later levels are a retried level's, not yet
// valid). It probes by binary search when src can be read at offsets and
// the probes cost less than reading the run.
func lookupRun(src io.Reader, size int64, fps []fingerprint, maxLevel uint32, found func(i int, e visitedEntry)) error {
	n := (size - int64(len(visitedMagic))) / entrySize
	if ra, ok := src.(io.ReaderAt); ok && n > 0 && int64(len(fps))*int64(bits.Len64(uint64(n)))*64 < n {
		return probeRun(ra, size, fps, maxLevel, found)
	}
	rr, err := newRunReader(src)
	if err != nil {
		return err
	}
	i := 0
	for i < len(fps) {
		e, ok, err := rr.next()
		if err != nil || !ok {
			return err
		}
		for i < len(fps) && bytes.Compare(fps[i][:], e.fp[:]) < 0 {
			i++
		}
		if i < len(fps) && fps[i] == e.fp {
			if e.level <= maxLevel {
				found(i, e)
			}
			i++
		}
	}
	return nil
}

// probeRun looks each fingerprint up by binary search over the entries.
func probeRun(ra io.ReaderAt, size int64, fps []fingerprint, maxLevel uint32, found func(i int, e visitedEntry)) error {
	var tag [len(visitedMagic)]byte
	if _, err := ra.ReadAt(tag[:], 0); err != nil || string(tag[:]) != visitedMagic {
		return fmt.Errorf("%w: not a visited run", errWire)
	}
	if (size-int64(len(visitedMagic)))%entrySize != 0 {
		return fmt.Errorf("%w: visited run of %d bytes", errWire, size)
	}
	n := (size - int64(len(visitedMagic))) / entrySize
	var buf [entrySize]byte
	lo := int64(0) // fps ascend, so each search starts where the last ended
	for i, fp := range fps {
		hi := n
		for lo < hi {
			mid := lo + (hi-lo)/2
			if _, err := ra.ReadAt(buf[:], int64(len(visitedMagic))+mid*entrySize); err != nil {
				return fmt.Errorf("%w: visited run: %v", errWire, err)
			}
			c := bytes.Compare(buf[:16], fp[:])
			if c == 0 {
				if e := decodeEntry(buf[:]); e.level <= maxLevel {
					found(i, e)
				}
				lo = mid + 1
				break
			}
			if c < 0 {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
	}
	return nil
}

// A run is a file named run-FROM-TO in its shard's folder.
type visitedRun struct {
	name     string
	from, to int
	size     int64 // bytes
	entries  int64
}

func shardFolder(dir string, shard int) string {
	return fmt.Sprintf("%s/visited/%05d", dir, shard)
}

func runName(dir string, shard, from, to int) string {
	return fmt.Sprintf("%s/run-%06d-%06d", shardFolder(dir, shard), from, to)
}

// parseRunName reads FROM and TO from a run's file name; other files
// (a run being written) are not runs.
func parseRunName(name string) (from, to int, ok bool) {
	f, t, ok := strings.Cut(strings.TrimPrefix(path.Base(name), "run-"), "-")
	if !ok || !strings.HasPrefix(path.Base(name), "run-") {
		return 0, 0, false
	}
	a, err1 := strconv.Atoi(f)
	b, err2 := strconv.Atoi(t)
	return a, b, err1 == nil && err2 == nil && a >= 0 && a <= b
}

// coverRuns keeps, of the runs listed, those that cover the levels
// without overlap, preferring the widest: a merge that wrote its result
// but was stopped before it removed its inputs leaves both, and the
// result wins.
func coverRuns(runs []visitedRun) []visitedRun {
	slices.SortFunc(runs, func(a, b visitedRun) int {
		if a.from != b.from {
			return a.from - b.from
		}
		return b.to - a.to
	})
	var out []visitedRun
	for _, r := range runs {
		if len(out) == 0 || r.from > out[len(out)-1].to {
			out = append(out, r)
		}
	}
	return out
}

// listRuns returns the runs of a shard that cover its levels, oldest first.
func listRuns(ctx context.Context, fs filesystem.Interface, dir string, shard int) ([]visitedRun, error) {
	names, err := fs.List(ctx, shardFolder(dir, shard)+"/run-*")
	if err != nil {
		return nil, err
	}
	var runs []visitedRun
	for _, name := range names {
		from, to, ok := parseRunName(name)
		if !ok {
			continue
		}
		size, err := fs.Size(ctx, name)
		if err != nil {
			return nil, err
		}
		runs = append(runs, visitedRun{name: name, from: from, to: to, size: size, entries: (size - int64(len(visitedMagic))) / entrySize})
	}
	return coverRuns(runs), nil
}

// addRun adds a level's new entries (sorted by fingerprint) to a shard
// whose runs are runs. The newest runs are merged with them while the
// next older run is at most twice the size of what is being merged:
// an entry is then merged again only when the runs after it have grown to
// its size, so a shard keeps O(log n) runs and an entry is rewritten
// O(log n) times (the sizes grow like Fibonacci numbers). Merging as the
// new run is written, rather than writing it and merging after, creates
// one file per level and shard: creating a file is the dearest thing a
// join does on a local disk.
func addRun(ctx context.Context, fs filesystem.Interface, dir string, shard, level int, runs []visitedRun, fresh []visitedEntry) error {
	acc := int64(len(fresh))
	i := len(runs)
	for i > 0 && runs[i-1].entries <= 2*acc {
		i--
		acc += runs[i].entries
	}
	tail := runs[i:]
	if len(tail) == 0 {
		// Written in place: a run cut short by a failure covers only
		// this level, whose entries a retry of the level ignores and
		// rewrites.
		return writeRunFile(ctx, fs, runName(dir, shard, level, level), false, func(w *bufio.Writer) error {
			return writeEntries(w, nil, fresh)
		})
	}
	var readers []*runReader
	for _, r := range tail {
		f, err := fs.OpenRead(ctx, r.name)
		if err != nil {
			return err
		}
		defer f.Close()
		rr, err := newRunReader(f)
		if err != nil {
			return fmt.Errorf("%s: %w", r.name, err)
		}
		readers = append(readers, rr)
	}
	// A merged run replaces others, so it appears whole or not at all.
	name := runName(dir, shard, tail[0].from, level)
	err := writeRunFile(ctx, fs, name, true, func(w *bufio.Writer) error {
		return writeEntries(w, readers, fresh)
	})
	if err != nil {
		return err
	}
	if rm, ok := fs.(filesystem.Remover); ok {
		for _, r := range tail {
			// A retried level merges into the name its first attempt
			// wrote: that run is now the result, not an input.
			if r.name != name {
				rm.Remove(ctx, r.name)
			}
		}
	}
	return nil
}

// writeEntries writes the union of runs and fresh in fingerprint order; a
// state in several keeps its first level (the oldest run's entry).
func writeEntries(w *bufio.Writer, runs []*runReader, fresh []visitedEntry) error {
	heads := make([]visitedEntry, len(runs)+1)
	live := make([]bool, len(runs)+1)
	advance := func(k int) error {
		if k == len(runs) {
			live[k] = len(fresh) > 0
			if live[k] {
				heads[k], fresh = fresh[0], fresh[1:]
			}
			return nil
		}
		var err error
		heads[k], live[k], err = runs[k].next()
		return err
	}
	for k := range heads {
		if err := advance(k); err != nil {
			return err
		}
	}
	var buf []byte
	for {
		best := -1
		for k := range heads {
			if live[k] && (best < 0 || bytes.Compare(heads[k].fp[:], heads[best].fp[:]) < 0) {
				best = k
			}
		}
		if best < 0 {
			return nil
		}
		e := heads[best]
		for k := range heads { // the runs are oldest first: best is the first level
			if live[k] && heads[k].fp == e.fp {
				if err := advance(k); err != nil {
					return err
				}
			}
		}
		buf = appendEntry(buf[:0], e)
		if _, err := w.Write(buf); err != nil {
			return err
		}
	}
}

// writeRunFile writes a run; atomically, under a temporary name renamed at
// the end, when asked and the filesystem can rename.
func writeRunFile(ctx context.Context, fs filesystem.Interface, name string, atomic bool, fill func(w *bufio.Writer) error) error {
	target := name
	rn, canRename := fs.(filesystem.Renamer)
	if atomic && canRename {
		name += ".tmp"
	}
	err := writeOn(ctx, fs, name, func(w *bufio.Writer) error {
		w.WriteString(visitedMagic)
		return fill(w)
	})
	if err != nil {
		return err
	}
	if name != target {
		return rn.Rename(ctx, name, target)
	}
	return nil
}
