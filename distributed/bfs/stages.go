package bfs

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/lps2lts/lps2lts/explore"
)

// The DoFns of the search. Each is registered, so that any worker of any
// runner can build it from its exported fields.
func init() {
	register.DoFn3x1[context.Context, string, func(string), error](&listFn{})
	register.DoFn3x1[context.Context, string, func([]byte), error](&readFrontierFn{})
	register.DoFn2x1[[]byte, func(int, []byte), error](&expandFn{})
	register.DoFn4x1[context.Context, int, func(*[]byte) bool, func([]byte), error](&joinFn{})
	register.Emitter1[string]()
	register.Emitter1[[]byte]()
	register.Emitter2[int, []byte]()
	register.Iter1[[]byte]()
}

// listFn expands a file pattern into file names; a pattern that matches
// nothing gives nothing (an empty level), not an error.
type listFn struct{}

func (listFn) ProcessElement(ctx context.Context, glob string, emit func(string)) error {
	names, err := listFiles(ctx, glob)
	if err != nil {
		return err
	}
	for _, n := range names {
		emit(n)
	}
	return nil
}

// listFiles returns the names of the files matching glob, sorted, on any
// filesystem Beam supports.
func listFiles(ctx context.Context, glob string) ([]string, error) {
	fs, err := filesystem.New(ctx, glob)
	if err != nil {
		return nil, err
	}
	defer fs.Close()
	names, err := fs.List(ctx, glob)
	slices.Sort(names)
	return names, err
}

// openRead opens a file on any filesystem Beam supports; closing the
// reader closes the filesystem too.
func openRead(ctx context.Context, name string) (io.ReadCloser, error) {
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return nil, err
	}
	r, err := fs.OpenRead(ctx, name)
	if err != nil {
		fs.Close()
		return nil, err
	}
	return readCloser{r, closers{r, fs}}, nil
}

type readCloser struct {
	io.Reader
	io.Closer
}

type closers []io.Closer

func (cs closers) Close() error {
	var first error
	for _, c := range cs {
		if err := c.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// readFrontierFn emits the blocks of one frontier file.
type readFrontierFn struct{}

func (readFrontierFn) ProcessElement(ctx context.Context, name string, emit func([]byte)) error {
	r, err := openRead(ctx, name)
	if err != nil {
		return err
	}
	defer r.Close()
	err = readChunks(r, func(b []byte) error {
		emit(slices.Clone(b)) // readChunks reuses its buffer
		return nil
	})
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

func writeFile(ctx context.Context, name string, fill func(*bufio.Writer) error) error {
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	return writeOn(ctx, fs, name, fill)
}

// writeOn writes the file name on fs through a buffer that fill fills,
// and closes it; the first error wins.
func writeOn(ctx context.Context, fs filesystem.Interface, name string, fill func(*bufio.Writer) error) error {
	fd, err := fs.OpenWrite(ctx, name)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(fd, 1<<16)
	if err := fill(w); err != nil {
		fd.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		fd.Close()
		return err
	}
	return fd.Close()
}

// expandFn computes the successors of the frontier blocks of one level
// and sends them, in candidate batches, to the visited-set shards they
// fall in; a state without successors goes, as its rank, to its own
// shard's batch. A batch gathers a bundle's successors of a shard (up to
// candidateBatchStates), so that the dictionaries of terms and labels are
// shared by many states.
type expandFn struct {
	Name   string `json:"name"`
	Model  []byte `json:"model"`
	Level  int    `json:"level"`
	Shards int    `json:"shards"`

	m       *model
	batches []*candidateBatch // by shard
	terms   []uint32          // the block's dictionary, decoded
	state   []uint32
	entries []string
}

// StartBundle takes a model from the process's pool (parsing the LPS
// only when the pool has none) and FinishBundle gives it back.
func (f *expandFn) StartBundle(emit func(int, []byte)) error {
	m, err := takeModel(f.Name, f.Model)
	if err != nil {
		return err
	}
	f.m = m
	if len(f.batches) != f.Shards || len(f.entries) != m.width {
		f.batches = make([]*candidateBatch, f.Shards)
		for i := range f.batches {
			f.batches[i] = newCandidateBatch(m.width)
		}
		f.entries = make([]string, m.width)
	}
	for _, b := range f.batches {
		b.reset()
	}
	return nil
}

func (f *expandFn) ProcessElement(block []byte, emit func(int, []byte)) error {
	b, err := readFrontierBlock(block, f.m.width)
	if err != nil {
		return fmt.Errorf("level %d: %w", f.Level, err)
	}
	if b.shard >= f.Shards {
		return fmt.Errorf("level %d: %w: frontier block of shard %d of %d", f.Level, errWire, b.shard, f.Shards)
	}
	// Each distinct entry of the block is decoded once.
	f.terms = f.terms[:0]
	for _, t := range b.terms {
		v, err := f.m.decodeTerm(t)
		if err != nil {
			return fmt.Errorf("level %d: frontier block of shard %d: %w", f.Level, b.shard, err)
		}
		f.terms = append(f.terms, v)
	}
	for i := 0; i < b.len(); i++ {
		f.state = f.state[:0]
		for _, idx := range b.states[i*f.m.width : (i+1)*f.m.width] {
			f.state = append(f.state, f.terms[idx])
		}
		rank := uint32(b.first + i)
		if err := f.expand(uint32(b.shard), rank, emit); err != nil {
			return fmt.Errorf("while exploring state %d of shard %d of level %d: %v", rank, b.shard, f.Level, err)
		}
	}
	return nil
}

func (f *expandFn) expand(shard, rank uint32, emit func(int, []byte)) error {
	n := 0
	var stepErr error
	err := f.m.gen.Successors(f.state, func(label explore.LabelID, next []uint32) {
		if stepErr != nil {
			return
		}
		for i, v := range next {
			if f.entries[i], stepErr = f.m.termBytes(v); stepErr != nil {
				return
			}
		}
		fp := f.m.fingerprint(f.entries)
		to := shardOf(fp, f.Shards)
		b := f.batches[to]
		var idx uint32
		if idx, stepErr = b.addState(fp, f.entries); stepErr != nil {
			return
		}
		b.addTransition(shard, rank, f.m.label(label), idx)
		n++
		if len(b.fps) >= candidateBatchStates {
			emit(to, b.encode())
			b.reset()
		}
	})
	if err == nil {
		err = stepErr
	}
	if err != nil {
		return err
	}
	if n == 0 {
		f.batches[shard].dead = append(f.batches[shard].dead, rank)
	}
	return nil
}

func (f *expandFn) FinishBundle(emit func(int, []byte)) error {
	for s, b := range f.batches {
		if !b.empty() {
			emit(s, b.encode())
			b.reset()
		}
	}
	releaseModel(f.m)
	f.m = nil
	return nil
}

// joinFn is the visited-set shard's side of a level: it gathers the
// shard's candidate batches, looks their fingerprints up in the shard's
// runs, numbers the new states (by fingerprint), adds them to the runs,
// and writes the out file: their count, and the level's transitions into
// the shard with both ends named. The new states' frontier blocks go to
// the next level in this pipeline (EmitNext) or to a frontier file.
type joinFn struct {
	Dir      string `json:"dir"`
	Level    int    `json:"level"`
	Shards   int    `json:"shards"`
	Width    int    `json:"width"`
	EmitNext bool   `json:"emitNext"`
}

// candidate is a successor met by a join.
type candidate struct {
	fp          fingerprint
	entries     []string
	level, rank uint32
	seen        bool
}

func (f *joinFn) ProcessElement(ctx context.Context, shard int, batches func(*[]byte) bool, emit func([]byte)) error {
	if err := f.join(ctx, shard, batches, emit); err != nil {
		return fmt.Errorf("level %d, shard %d: %w", f.Level, shard, err)
	}
	return nil
}

func (f *joinFn) join(ctx context.Context, shard int, batches func(*[]byte) bool, emit func([]byte)) error {
	var (
		cands    []candidate
		index    = map[fingerprint]int{}
		labels   []string
		labelIdx = map[string]uint32{}
		trans    []outTransition // dstLevel unset, dstRank the candidate's index until resolved
		dead     []uint32
		local    []int
		raw      []byte
	)
	for batches(&raw) {
		b, err := readCandidateBatch(raw, f.Width)
		if err != nil {
			return err
		}
		local = local[:0]
		for i, fp := range b.fps {
			entries := make([]string, f.Width)
			for k, t := range b.stateEntries(i)[:f.Width] {
				entries[k] = b.terms[t]
			}
			if j, ok := index[fp]; ok {
				if !slices.Equal(cands[j].entries, entries) {
					return fmt.Errorf("two different states share the fingerprint %v", fp)
				}
				local = append(local, j)
				continue
			}
			index[fp] = len(cands)
			local = append(local, len(cands))
			cands = append(cands, candidate{fp: fp, entries: entries})
		}
		for _, t := range b.trans {
			if int(t.srcShard) >= f.Shards {
				return fmt.Errorf("%w: a transition from shard %d of %d", errWire, t.srcShard, f.Shards)
			}
			l, ok := labelIdx[b.labels[t.label]]
			if !ok {
				l = uint32(len(labels))
				labelIdx[b.labels[t.label]] = l
				labels = append(labels, b.labels[t.label])
			}
			trans = append(trans, outTransition{srcShard: t.srcShard, srcRank: t.srcRank, label: l, dstRank: uint32(local[t.state])})
		}
		dead = append(dead, b.dead...)
	}

	// Look the candidates up, in fingerprint order, in the shard's runs.
	order := make([]int, len(cands))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return bytes.Compare(cands[a].fp[:], cands[b].fp[:]) })
	fps := make([]fingerprint, len(order))
	for i, j := range order {
		fps[i] = cands[j].fp
	}
	fs, err := filesystem.New(ctx, f.Dir)
	if err != nil {
		return err
	}
	defer fs.Close()
	runs, err := listRuns(ctx, fs, f.Dir, shard)
	if err != nil {
		return err
	}
	for _, run := range runs {
		if run.from > f.Level {
			continue // a retried level's run
		}
		r, err := fs.OpenRead(ctx, run.name)
		if err != nil {
			return err
		}
		err = lookupRun(r, run.size, fps, uint32(f.Level), func(i int, e visitedEntry) {
			c := &cands[order[i]]
			c.seen, c.level, c.rank = true, e.level, e.rank
		})
		r.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", run.name, err)
		}
	}

	// The new states, numbered in fingerprint order.
	next := uint32(f.Level + 1)
	var fresh []int
	for _, j := range order {
		if c := &cands[j]; !c.seen {
			c.level, c.rank = next, uint32(len(fresh))
			fresh = append(fresh, j)
		}
	}
	if len(fresh) > 0 {
		entries := make([]visitedEntry, len(fresh))
		for i, j := range fresh {
			entries[i] = visitedEntry{cands[j].fp, next, cands[j].rank}
		}
		var old []visitedRun
		for _, r := range runs {
			if r.from <= f.Level {
				old = append(old, r)
			}
		}
		if err := addRun(ctx, fs, f.Dir, shard, int(next), old, entries); err != nil {
			return err
		}
	}
	// The next level's states in the shard go on in this pipeline, or,
	// after its last level, to a file that the next pipeline run reads.
	var blocks [][]byte
	states := make([][]string, 0, min(frontierBlockStates, len(fresh)))
	for first := 0; first < len(fresh); first += frontierBlockStates {
		states = states[:0]
		for _, j := range fresh[first:min(first+frontierBlockStates, len(fresh))] {
			states = append(states, cands[j].entries)
		}
		blocks = append(blocks, appendFrontierBlock(nil, shard, first, f.Width, states))
	}
	if f.EmitNext {
		for _, b := range blocks {
			emit(b)
		}
	} else if len(blocks) > 0 {
		err := writeFile(ctx, levelFile(f.Dir, int(next), "frontier", shard), func(w *bufio.Writer) error {
			for _, b := range blocks {
				if err := appendChunk(w, b); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}

	// The level's transitions into the shard, and its states without
	// successors, in records of a bounded size with their own labels.
	for i := range trans {
		c := &cands[trans[i].dstRank]
		trans[i].dstLevel, trans[i].dstRank = c.level, c.rank
	}
	return writeFile(ctx, levelFile(f.Dir, f.Level, "out", shard), func(w *bufio.Writer) error {
		if err := appendChunk(w, appendCountRecord(nil, len(fresh))); err != nil {
			return err
		}
		for k := 0; k == 0 || k*outRecordTransitions < max(len(trans), len(dead)); k++ {
			lo, hi := k*outRecordTransitions, (k+1)*outRecordTransitions
			rec := outRecord{level: f.Level, shard: shard}
			recLabel := map[uint32]uint32{}
			for _, t := range trans[min(lo, len(trans)):min(hi, len(trans))] {
				l, ok := recLabel[t.label]
				if !ok {
					l = uint32(len(rec.labels))
					recLabel[t.label] = l
					rec.labels = append(rec.labels, labels[t.label])
				}
				t.label = l
				rec.trans = append(rec.trans, t)
			}
			rec.dead = dead[min(lo, len(dead)):min(hi, len(dead))]
			if err := appendChunk(w, rec.encode()); err != nil {
				return err
			}
		}
		return nil
	})
}

// levelFile names a file of one level and one shard: its frontier, the
// count of its states, or the transitions out of it.
func levelFile(dir string, level int, kind string, shard int) string {
	return fmt.Sprintf("%s/level-%06d/%s-%05d", dir, level, kind, shard)
}
