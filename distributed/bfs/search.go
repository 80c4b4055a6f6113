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
	// Shards is the number of files each level's outputs are split into.
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
// then the states of each level, numbered within a level by fingerprint.
func Run(ctx context.Context, cfg Config, out io.Writer) (Result, error) {
	var res Result
	if cfg.Shards <= 0 {
		cfg.Shards = 4
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
	s := &search{cfg: cfg, dir: dir}
	if !cfg.KeepWorkDir {
		defer s.remove(context.WithoutCancel(ctx))
	}
	fp := fingerprint(init)
	for _, f := range []struct{ prefix, line string }{
		{s.file(0, "frontier"), stateLine(fp, init)},
		{s.file(0, "visited"), fp},
	} {
		name := f.prefix + "-00000-of-00001"
		if err := writeLines(ctx, name, f.line); err != nil {
			return res, err
		}
		if err := writeLines(ctx, name+".count", "1"); err != nil {
			return res, err
		}
	}

	counts := []int{1} // states per level
	total := 1
	for counts[len(counts)-1] > 0 && (cfg.MaxStates == 0 || total < cfg.MaxStates) {
		start := time.Now()
		from := len(counts) - 1
		if err := cfg.Execute(ctx, s.levelsPipeline(from, cfg.LevelsPerRun)); err != nil {
			return res, fmt.Errorf("levels %d to %d: %w", from, from+cfg.LevelsPerRun-1, err)
		}
		for l := from + 1; l <= from+cfg.LevelsPerRun; l++ {
			n, err := s.count(ctx, s.file(l, "frontier")+"-[0-9]*-of-*.count")
			if err != nil {
				return res, err
			}
			counts = append(counts, n)
			total += n
			if n == 0 || cfg.MaxStates != 0 && total >= cfg.MaxStates {
				break
			}
		}
		if cfg.Log != nil {
			el := time.Since(start)
			fmt.Fprintf(cfg.Log, "level %d: %d st in all, %.2fs for %d levels (%.2fs/level)\n",
				len(counts)-1, total, el.Seconds(), len(counts)-1-from, el.Seconds()/float64(len(counts)-1-from))
		}
	}

	// Levels 0..last hold states; the levels before cut were expanded.
	last := len(counts) - 1
	if counts[last] == 0 {
		last--
	}
	cut := last + 1
	if cfg.MaxStates != 0 && total >= cfg.MaxStates {
		res.MaxReached = true
		sum := 0
		for l, n := range counts {
			sum += n
			if sum >= cfg.MaxStates {
				cut, last = l, l
				break
			}
		}
		res.States = cfg.MaxStates
	} else {
		res.States = total
	}
	res.Levels = cut
	if err := s.finish(ctx, last, cut); err != nil {
		return res, err
	}
	if res.Transitions, err = s.writeAut(ctx, out, res.States); err != nil {
		return res, err
	}
	if res.Deadlocks, err = s.deadlocks(ctx); err != nil {
		return res, err
	}
	return res, nil
}

type search struct {
	cfg Config
	dir string
}

// file is the prefix of the files of one kind of one level.
func (s *search) file(level int, kind string) string {
	return fmt.Sprintf("%s/level-%06d/%s", s.dir, level, kind)
}

// levelsPipeline expands the levels from, ..., from+k-1: level from's
// frontier is read from its files and each level's new states are joined
// against the visited set, which grows inside the pipeline.
func (s *search) levelsPipeline(from, k int) *beam.Pipeline {
	p, root := beam.NewPipelineWithRoot()
	sc := root.Scope(fmt.Sprintf("levels %d-%d", from, from+k-1))
	visited := beam.ParDo(sc, visitedKey, readGlob(sc, s.dir+"/level-*/visited-*-of-*[0-9]"))
	frontier := readGlob(sc, s.file(from, "frontier")+"-*-of-*[0-9]")
	for l := from; l < from+k; l++ {
		ls := sc.Scope(fmt.Sprintf("level %d", l))
		succ, trans, dead := beam.ParDo3(ls, &expandFn{Name: s.cfg.Name, Model: s.cfg.Model}, frontier)
		writeSharded(ls, s.file(l, "trans"), s.cfg.Shards, trans)
		writeSharded(ls, s.file(l, "dead"), 1, dead)
		next := beam.ParDo(ls, &joinFn{}, beam.CoGroupByKey(ls, succ, visited))
		writeSharded(ls, s.file(l+1, "frontier"), s.cfg.Shards, next)
		nextFps := beam.ParDo(ls, fingerprintOf, next)
		writeSharded(ls, s.file(l+1, "visited"), s.cfg.Shards, nextFps)
		visited = beam.Flatten(ls, visited, beam.ParDo(ls, visitedKey, nextFps))
		frontier = next
	}
	return p
}

// finish numbers the states of levels 0..last and writes the transitions
// of levels before cut as .aut lines, and the deadlocks' numbers.
func (s *search) finish(ctx context.Context, last, cut int) error {
	offsets := map[string]int{}
	next := 0
	for l := 0; l <= last; l++ {
		names, err := listFiles(ctx, s.file(l, "visited")+"-*-of-*[0-9]")
		if err != nil {
			return err
		}
		for _, name := range names {
			n, err := readCount(ctx, name+".count")
			if err != nil {
				return err
			}
			offsets[name] = next
			next += n
		}
	}
	p, root := beam.NewPipelineWithRoot()
	sc := root.Scope("number")
	var visitedGlobs, transGlobs, deadGlobs []string
	for l := 0; l <= last; l++ {
		visitedGlobs = append(visitedGlobs, s.file(l, "visited")+"-*-of-*[0-9]")
	}
	for l := 0; l < cut; l++ {
		transGlobs = append(transGlobs, s.file(l, "trans")+"-*-of-*[0-9]")
		deadGlobs = append(deadGlobs, s.file(l, "dead")+"-*-of-*[0-9]")
	}
	files := beam.Reshuffle(sc, beam.ParDo(sc, &listFn{}, beam.Create(sc, toAny(visitedGlobs)...)))
	byFile := beam.GroupByKey(sc, beam.ParDo(sc, &readLinesByFileFn{}, files))
	numbers := beam.ParDo(sc, &numberFn{Offsets: offsets, Max: s.cfg.MaxStates}, byFile)

	trans := beam.ParDo(sc, transitionBySource, readGlobs(sc, transGlobs))
	bySource := beam.ParDo(sc, &resolveSourceFn{}, beam.CoGroupByKey(sc, trans, numbers))
	lines := beam.ParDo(sc, &resolveTargetFn{}, beam.CoGroupByKey(sc, bySource, numbers))
	writeSharded(sc, s.dir+"/aut/part", s.cfg.Shards, lines)

	dead := beam.ParDo(sc, deadlockKey, readGlobs(sc, deadGlobs))
	writeSharded(sc, s.dir+"/deadlocks", 1, beam.ParDo(sc, &deadlockNumberFn{}, beam.CoGroupByKey(sc, dead, numbers)))
	if err := s.cfg.Execute(ctx, p); err != nil {
		return fmt.Errorf("numbering states: %w", err)
	}
	return nil
}

func toAny(xs []string) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// readGlobs reads the lines of the files matching any of globs.
func readGlobs(s beam.Scope, globs []string) beam.PCollection {
	if len(globs) == 0 {
		return beam.CreateList(s, []string{})
	}
	files := beam.Reshuffle(s, beam.ParDo(s, &listFn{}, beam.Create(s, toAny(globs)...)))
	return beam.ParDo(s, &readLinesFn{}, files)
}

// writeAut writes the header and the transition parts and returns the
// number of transitions.
func (s *search) writeAut(ctx context.Context, out io.Writer, states int) (uint64, error) {
	parts, err := listFiles(ctx, s.dir+"/aut/part-*-of-*[0-9]")
	if err != nil {
		return 0, err
	}
	var n uint64
	for _, p := range parts {
		c, err := readCount(ctx, p+".count")
		if err != nil {
			return 0, err
		}
		n += uint64(c)
	}
	w := bufio.NewWriterSize(out, 1<<20)
	fmt.Fprintf(w, "des (0,%d,%d)\n", n, states)
	for _, p := range parts {
		if err := copyFile(ctx, w, p); err != nil {
			return 0, err
		}
	}
	return n, w.Flush()
}

func copyFile(ctx context.Context, w io.Writer, name string) error {
	r, err := openRead(ctx, name)
	if err != nil {
		return err
	}
	defer r.Close()
	_, err = io.Copy(w, r)
	return err
}

func (s *search) deadlocks(ctx context.Context) ([]int, error) {
	names, err := listFiles(ctx, s.dir+"/deadlocks-*-of-*[0-9]")
	if err != nil {
		return nil, err
	}
	var out []int
	for _, name := range names {
		sc, c, err := openLines(ctx, name)
		if err != nil {
			return nil, err
		}
		for sc.Scan() {
			n, err := strconv.Atoi(sc.Text())
			if err != nil {
				c.Close()
				return nil, fmt.Errorf("%s: %v", name, err)
			}
			out = append(out, n)
		}
		c.Close()
	}
	slices.Sort(out)
	return out, nil
}

// count adds up the numbers in the files matching glob.
func (s *search) count(ctx context.Context, glob string) (int, error) {
	names, err := listFiles(ctx, glob)
	if err != nil {
		return 0, err
	}
	total := 0
	for _, name := range names {
		n, err := readCount(ctx, name)
		if err != nil {
			return 0, err
		}
		total += n
	}
	return total, nil
}

func readCount(ctx context.Context, name string) (int, error) {
	r, err := openRead(ctx, name)
	if err != nil {
		return 0, err
	}
	defer r.Close()
	b, err := io.ReadAll(r)
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(strings.TrimSpace(string(b)))
}

func writeLines(ctx context.Context, name string, lines ...string) error {
	return writeFile(ctx, name, func(w *bufio.Writer) error {
		for _, l := range lines {
			w.WriteString(l)
			w.WriteByte('\n')
		}
		return nil
	})
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
	for _, glob := range []string{s.dir + "/level-*/*", s.dir + "/aut/*", s.dir + "/deadlocks-*"} {
		names, _ := fs.List(ctx, glob)
		for _, n := range names {
			rm.Remove(ctx, n)
		}
	}
}
