package bfs

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
)

// Config describes one distributed search.
type Config struct {
	// Name is the LPS file's name (for messages); Model its contents, text
	// or mCRL2's binary format. The contents travel inside the pipeline,
	// so workers need no access to the driver's files.
	Name  string
	Model []byte
	// WorkDir is a folder on any filesystem Beam supports (a local path,
	// gs://...); the search makes a fresh folder inside it for its files.
	WorkDir string
	// Shards is the number of parts the visited set, each level's joins
	// and its files are split into, by fingerprint; every level reads
	// and writes only the shards its successors fall in.
	Shards int
	// LevelsPerRun is the number of breadth-first levels one pipeline run
	// explores; more levels per run save the runner's per-job start-up.
	LevelsPerRun int
	// MaxStates stops the search once this many states are discovered
	// (0: no limit); the LTS then has exactly MaxStates states.
	MaxStates int
	// Execute runs a pipeline to completion (beamx.Run, prism.Execute).
	Execute func(context.Context, *beam.Pipeline) error
	// Log, if set, receives a progress line per pipeline run.
	Log io.Writer
	// KeepWorkDir keeps the search's files; otherwise they are removed
	// when Run returns, also after an error.
	KeepWorkDir bool
}

// Result sums up a distributed search, as lps2lts's explorer does.
type Result struct {
	States      int
	Transitions uint64
	// Levels is the number of breadth-first levels, counted as lps2lts
	// counts them.
	Levels     int
	Deadlocks  []int // numbers of the states without successors, ascending
	MaxReached bool
}

// Run explores the state space of the LPS level by level on Beam and
// writes the LTS in the Aldebaran format to out: the initial state is 0,
// then the states of each level, shard by shard, and within a shard in
// the order of their fingerprints. Cancelling ctx stops the search once
// the pipeline run in progress has ended (Execute gets a context that is
// never cancelled), and Run returns ctx's error.
func Run(ctx context.Context, cfg Config, out io.Writer) (Result, error) {
	var res Result
	if cfg.Shards <= 0 {
		cfg.Shards = 4
	}
	if cfg.Shards > maxShards {
		return res, fmt.Errorf("at most %d shards", maxShards)
	}
	if cfg.LevelsPerRun <= 0 {
		cfg.LevelsPerRun = 1
	}
	m, err := loadModel(cfg.Name, cfg.Model)
	if err != nil {
		return res, err
	}
	init, err := m.initial()
	if err != nil {
		return res, err
	}
	var tag [6]byte
	rand.Read(tag[:])
	dir := strings.TrimSuffix(cfg.WorkDir, "/") + "/lps2lts-beam-" + hex.EncodeToString(tag[:])
	s := &search{cfg: cfg, dir: dir, width: m.width}
	if !cfg.KeepWorkDir {
		defer s.remove(context.WithoutCancel(ctx))
	}
	if err := s.start(ctx, m.fingerprint(init), init); err != nil {
		return res, err
	}

	total := uint64(1)
	limit := uint64(cfg.MaxStates)
	for s.levelSize(len(s.counts)-1) > 0 && (limit == 0 || total < limit) {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		start := time.Now()
		from := len(s.counts) - 1
		// The run itself is never cancelled: Prism panics when its context
		// ends while it starts its workers ("unable to start sdk worker",
		// Beam v2.77.0), which would kill the process with temporary files
		// left. A cancelled ctx stops the search between runs instead.
		if err := cfg.Execute(context.WithoutCancel(ctx), s.levelsPipeline(from, cfg.LevelsPerRun)); err != nil {
			return res, fmt.Errorf("levels %d to %d: %w", from, from+cfg.LevelsPerRun-1, err)
		}
		if err := ctx.Err(); err != nil {
			return res, err
		}
		for l := from + 1; l <= from+cfg.LevelsPerRun; l++ {
			counts, err := s.readCounts(ctx, l)
			if err != nil {
				return res, err
			}
			s.counts = append(s.counts, counts)
			n := s.levelSize(l)
			total += n
			if n == 0 || limit != 0 && total >= limit {
				break
			}
		}
		if cfg.Log != nil {
			el := time.Since(start)
			k := len(s.counts) - 1 - from
			fmt.Fprintf(cfg.Log, "level %d: %d st in all, %.2fs for %d levels (%.2fs/level)\n",
				len(s.counts)-1, total, el.Seconds(), k, el.Seconds()/float64(k))
		}
	}

	// Levels 0..last hold states; the levels before cut were expanded.
	last := len(s.counts) - 1
	if s.levelSize(last) == 0 {
		last--
	}
	cut := last + 1
	states := total
	if limit != 0 && total >= limit {
		res.MaxReached = true
		var sum uint64
		for l := range s.counts {
			sum += s.levelSize(l)
			if sum >= limit {
				cut, last = l, l
				break
			}
		}
		states = limit
	}
	res.States = int(states)
	res.Levels = cut
	if cfg.Log != nil {
		s.logFrontierBytes(ctx, last)
	}
	num := newNumbering(s.counts[:last+1], cfg.Shards)
	if res.Transitions, res.Deadlocks, err = s.writeAut(ctx, out, num, cut, states); err != nil {
		return res, err
	}
	return res, nil
}

type search struct {
	cfg   Config
	dir   string
	width int
	// counts[l][s] is the number of states of level l in shard s.
	counts [][]uint64
}

func (s *search) levelSize(l int) uint64 {
	var n uint64
	for _, c := range s.counts[l] {
		n += c
	}
	return n
}

// start writes level 0: the initial state's frontier block, visited run
// and count.
func (s *search) start(ctx context.Context, fp fingerprint, init []string) error {
	shard := shardOf(fp, s.cfg.Shards)
	block := appendFrontierBlock(nil, shard, 0, s.width, [][]string{init})
	if err := writeFile(ctx, levelFile(s.dir, 0, "frontier", shard), func(w *bufio.Writer) error {
		return appendChunk(w, block)
	}); err != nil {
		return err
	}
	fs, err := filesystem.New(ctx, s.dir)
	if err != nil {
		return err
	}
	defer fs.Close()
	if err := addRun(ctx, fs, s.dir, shard, 0, nil, []visitedEntry{{fp: fp}}); err != nil {
		return err
	}
	counts := make([]uint64, s.cfg.Shards)
	counts[shard] = 1
	s.counts = append(s.counts, counts)
	return nil
}

// levelsPipeline expands the levels from, ..., from+k-1: level from's
// frontier is read from its files, and each later level's comes straight
// from the join before it.
func (s *search) levelsPipeline(from, k int) *beam.Pipeline {
	p, root := beam.NewPipelineWithRoot()
	sc := root.Scope(fmt.Sprintf("levels %d-%d", from, from+k-1))
	glob := fmt.Sprintf("%s/level-%06d/frontier-*", s.dir, from)
	files := beam.Reshuffle(sc, beam.ParDo(sc, &listFn{}, beam.Create(sc, glob)))
	frontier := beam.ParDo(sc, &readFrontierFn{}, files)
	for l := from; l < from+k; l++ {
		ls := sc.Scope(fmt.Sprintf("level %d", l))
		cands := beam.ParDo(ls, &expandFn{Name: s.cfg.Name, Model: s.cfg.Model, Level: l, Shards: s.cfg.Shards}, frontier)
		join := &joinFn{Dir: s.dir, Level: l, Shards: s.cfg.Shards, Width: s.width, EmitNext: l+1 < from+k}
		frontier = beam.ParDo(ls, join, beam.GroupByKey(ls, cands))
	}
	return p
}

// readCounts reads the number of states of each shard of a level from
// the out files of the level before. A shard without an out file got no
// successor of that level.
func (s *search) readCounts(ctx context.Context, level int) ([]uint64, error) {
	counts := make([]uint64, s.cfg.Shards)
	names, err := listFiles(ctx, fmt.Sprintf("%s/level-%06d/out-*", s.dir, level-1))
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		shard, err := shardOfFile(name, s.cfg.Shards)
		if err != nil {
			return nil, err
		}
		r, err := openRead(ctx, name)
		if err != nil {
			return nil, err
		}
		n, err := readCountRecord(r)
		r.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		counts[shard] = n
	}
	return counts, nil
}

// shardOfFile reads the shard from a level file's name (levelFile).
func shardOfFile(name string, shards int) (int, error) {
	i := strings.LastIndexByte(name, '-')
	n, err := strconv.Atoi(name[i+1:])
	if err != nil || n < 0 || n >= shards {
		return 0, fmt.Errorf("%s: not a file of one of %d shards", name, shards)
	}
	return n, nil
}

// logFrontierBytes reports the size of the frontier files per state.
// They are written for the last level of each pipeline run (the levels
// in between go from join to expansion inside the pipeline, as the same
// blocks).
func (s *search) logFrontierBytes(ctx context.Context, last int) {
	fsys, err := filesystem.New(ctx, s.dir)
	if err != nil {
		return
	}
	defer fsys.Close()
	var bytes int64
	var states uint64
	for l := 0; l <= last; l++ {
		names, _ := fsys.List(ctx, fmt.Sprintf("%s/level-%06d/frontier-*", s.dir, l))
		for _, n := range names {
			size, _ := fsys.Size(ctx, n)
			bytes += size
		}
		if len(names) > 0 {
			states += s.levelSize(l)
		}
	}
	fmt.Fprintf(s.cfg.Log, "frontier files: %d bytes for %d states, %.1f bytes per state\n", bytes, states, float64(bytes)/float64(max(states, 1)))
}

// writeAut writes the .aut file from the transitions of the levels
// before cut, numbering the states as it goes; states numbered from
// states on (cut off by --max) and their transitions are left out. A
// first pass counts the transitions for the header and collects the
// deadlocks, a second writes the lines.
func (s *search) writeAut(ctx context.Context, out io.Writer, num *numbering, cut int, states uint64) (uint64, []int, error) {
	var names []string
	for l := 0; l < cut; l++ {
		level, err := listFiles(ctx, fmt.Sprintf("%s/level-%06d/out-*", s.dir, l))
		if err != nil {
			return 0, nil, err
		}
		names = append(names, level...)
	}
	// each calls fn on every transition and deadlock of the out files.
	each := func(trans func(from uint64, label string, to uint64) error, dead func(uint64)) error {
		for _, name := range names {
			r, err := openRead(ctx, name)
			if err != nil {
				return err
			}
			err = readChunks(r, func(b []byte) error {
				if isCountRecord(b) {
					return nil
				}
				rec, err := readOutRecord(b)
				if err != nil {
					return err
				}
				for _, t := range rec.trans {
					from, err := num.number(uint32(rec.level), t.srcShard, t.srcRank)
					if err != nil {
						return err
					}
					to, err := num.number(t.dstLevel, uint32(rec.shard), t.dstRank)
					if err != nil {
						return err
					}
					if from < states && to < states {
						if err := trans(from, rec.labels[t.label], to); err != nil {
							return err
						}
					}
				}
				for _, d := range rec.dead {
					n, err := num.number(uint32(rec.level), uint32(rec.shard), d)
					if err != nil {
						return err
					}
					if n < states {
						dead(n)
					}
				}
				return nil
			})
			r.Close()
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		}
		return nil
	}
	var n uint64
	var deadlocks []int
	if err := each(func(uint64, string, uint64) error { n++; return nil }, func(d uint64) { deadlocks = append(deadlocks, int(d)) }); err != nil {
		return 0, nil, err
	}
	slices.Sort(deadlocks)
	w := bufio.NewWriterSize(out, 1<<20)
	fmt.Fprintf(w, "des (0,%d,%d)\n", n, states)
	var line []byte
	err := each(func(from uint64, label string, to uint64) error {
		line = append(line[:0], '(')
		line = strconv.AppendUint(line, from, 10)
		line = append(line, ",\""...)
		line = append(line, label...)
		line = append(line, "\","...)
		line = strconv.AppendUint(line, to, 10)
		line = append(line, ")\n"...)
		_, err := w.Write(line)
		return err
	}, func(uint64) {})
	if err != nil {
		return 0, nil, err
	}
	return n, deadlocks, w.Flush()
}

// remove deletes the search's files where the filesystem can: a local
// folder entirely, elsewhere (object stores have no folders) every file.
func (s *search) remove(ctx context.Context) {
	if !strings.Contains(s.dir, "://") {
		os.RemoveAll(s.dir)
		return
	}
	fs, err := filesystem.New(ctx, s.dir)
	if err != nil {
		return
	}
	defer fs.Close()
	rm, ok := fs.(filesystem.Remover)
	if !ok {
		return
	}
	for _, glob := range []string{s.dir + "/level-*/*", s.dir + "/visited/*/*"} {
		names, _ := fs.List(ctx, glob)
		for _, n := range names {
			rm.Remove(ctx, n)
		}
	}
}
