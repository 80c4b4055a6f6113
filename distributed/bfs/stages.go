package bfs

import (
	"bufio"
	"context"
	"fmt"
	"hash/fnv"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/lps2lts/lps2lts/explore"
)

// The DoFns of the search. Each is registered, so that any worker of any
// runner can build it from its exported fields.
func init() {
	register.DoFn3x1[context.Context, string, func(string), error](&listFn{})
	register.DoFn3x1[context.Context, string, func(string), error](&readLinesFn{})
	register.DoFn3x1[context.Context, string, func(string, string), error](&readLinesByFileFn{})
	register.DoFn2x0[string, func(int, string)](&shardFn{})
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&writeShardFn{})
	register.DoFn4x1[string, func(string, string), func(string), func(string), error](&expandFn{})
	register.DoFn4x1[string, func(*string) bool, func(*int) bool, func(string), error](&joinFn{})
	register.DoFn4x1[context.Context, string, func(*string) bool, func(string, int), error](&numberFn{})
	register.DoFn4x1[string, func(*string) bool, func(*int) bool, func(string, string), error](&resolveSourceFn{})
	register.DoFn4x1[string, func(*string) bool, func(*int) bool, func(string), error](&resolveTargetFn{})
	register.DoFn4x0[string, func(*string) bool, func(*int) bool, func(string)](&deadlockNumberFn{})
	register.Function1x2(visitedKey)
	register.Function1x1(fingerprintOf)
	register.Function1x2(transitionBySource)
	register.Function1x2(deadlockKey)
	register.Emitter1[string]()
	register.Emitter2[string, string]()
	register.Emitter2[int, string]()
	register.Emitter2[string, int]()
	register.Iter1[string]()
	register.Iter1[int]()
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

func openLines(ctx context.Context, name string) (*bufio.Scanner, io.Closer, error) {
	r, err := openRead(ctx, name)
	if err != nil {
		return nil, nil, err
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<30)
	return sc, r, nil
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

// readLinesFn emits the lines of one file.
type readLinesFn struct{}

func (readLinesFn) ProcessElement(ctx context.Context, name string, emit func(string)) error {
	sc, c, err := openLines(ctx, name)
	if err != nil {
		return err
	}
	defer c.Close()
	for sc.Scan() {
		emit(sc.Text())
	}
	return sc.Err()
}

// readLinesByFileFn emits the lines of one file keyed by its name.
type readLinesByFileFn struct{}

func (readLinesByFileFn) ProcessElement(ctx context.Context, name string, emit func(string, string)) error {
	sc, c, err := openLines(ctx, name)
	if err != nil {
		return err
	}
	defer c.Close()
	for sc.Scan() {
		emit(name, sc.Text())
	}
	return sc.Err()
}

// readGlob reads the lines of every file matching glob, spread over the
// workers by file.
func readGlob(s beam.Scope, glob string) beam.PCollection {
	s = s.Scope("read " + glob)
	files := beam.Reshuffle(s, beam.ParDo(s, &listFn{}, beam.Create(s, glob)))
	return beam.ParDo(s, &readLinesFn{}, files)
}

// shardFn keys a line by the shard of the file it goes to.
type shardFn struct {
	Shards int `json:"shards"`
}

func (f *shardFn) ProcessElement(line string, emit func(int, string)) {
	h := fnv.New32a()
	io.WriteString(h, line)
	emit(int(h.Sum32()%uint32(f.Shards)), line)
}

// writeShardFn writes the lines of one shard to Prefix-SSSSS-of-NNNNN and
// their number to the same name with ".count" appended, so that the
// driver learns sizes without reading the data.
type writeShardFn struct {
	Prefix string `json:"prefix"`
	Shards int    `json:"shards"`
}

func (f *writeShardFn) ProcessElement(ctx context.Context, shard int, lines func(*string) bool) error {
	name := fmt.Sprintf("%s-%05d-of-%05d", f.Prefix, shard, f.Shards)
	n := 0
	err := writeFile(ctx, name, func(w *bufio.Writer) error {
		var line string
		for lines(&line) {
			w.WriteString(line)
			if err := w.WriteByte('\n'); err != nil {
				return err
			}
			n++
		}
		return nil
	})
	if err != nil {
		return err
	}
	return writeFile(ctx, name+".count", func(w *bufio.Writer) error {
		_, err := fmt.Fprintf(w, "%d\n", n)
		return err
	})
}

func writeFile(ctx context.Context, name string, fill func(*bufio.Writer) error) error {
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	fd, err := fs.OpenWrite(ctx, name)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(fd, 1<<20)
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

// writeSharded writes the lines of col to shards files named after prefix.
// An empty collection writes no file.
func writeSharded(s beam.Scope, prefix string, shards int, col beam.PCollection) {
	s = s.Scope("write " + prefix)
	keyed := beam.ParDo(s, &shardFn{Shards: shards}, col)
	beam.ParDo0(s, &writeShardFn{Prefix: prefix, Shards: shards}, beam.GroupByKey(s, keyed))
}

// expandFn computes the successors of the states of one level. For each
// state it emits every successor (fingerprint, encoding), every
// transition as a line "source TAB target TAB label" of fingerprints, and
// the fingerprint of a state without successors.
type expandFn struct {
	Name  string `json:"name"`
	Model []byte `json:"model"`

	m *model
}

func (f *expandFn) Setup() error {
	m, err := loadModel(f.Name, f.Model)
	f.m = m
	return err
}

func (f *expandFn) ProcessElement(line string, succ func(string, string), trans func(string), dead func(string)) error {
	fp, enc, err := parseStateLine(line)
	if err != nil {
		return err
	}
	state, err := f.m.decode(enc, nil)
	if err != nil {
		return fmt.Errorf("state %s: %v", fp, err)
	}
	n := 0
	var encErr error
	err = f.m.gen.Successors(state, func(label explore.LabelID, next []uint32) {
		if encErr != nil {
			return
		}
		e, err := f.m.encode(next)
		if err != nil {
			encErr = err
			return
		}
		nfp := fingerprint(e)
		succ(nfp, e)
		trans(fp + "\t" + nfp + "\t" + f.m.gen.Labels().Text(label))
		n++
	})
	if err == nil {
		err = encErr
	}
	if err != nil {
		return fmt.Errorf("while exploring state %s: %v", fp, err)
	}
	if n == 0 {
		dead(fp)
	}
	return nil
}

// visitedKey turns a visited-set line (a fingerprint) into a join input.
func visitedKey(fp string) (string, int) { return fp, 0 }

// fingerprintOf returns the fingerprint of a state line.
func fingerprintOf(line string) string { return line[:32] }

// joinFn keeps the successors whose fingerprint the visited set lacks:
// they are the next level, one state line each.
type joinFn struct{}

func (joinFn) ProcessElement(fp string, succs func(*string) bool, visited func(*int) bool, emit func(string)) error {
	var seen int
	if visited(&seen) {
		return nil
	}
	var first, other string
	if !succs(&first) {
		return nil
	}
	for succs(&other) {
		if other != first {
			return fmt.Errorf("two different states share the fingerprint %s", fp)
		}
	}
	emit(stateLine(fp, first))
	return nil
}

// numberFn gives the states of one visited file their numbers: the
// file's offset (known to the driver from the .count files) plus the
// rank of the fingerprint in the file. Numbers from Max on are dropped
// (a --max run).
type numberFn struct {
	Offsets map[string]int `json:"offsets"`
	Max     int            `json:"max"`
}

func (f *numberFn) ProcessElement(ctx context.Context, file string, fps func(*string) bool, emit func(string, int)) error {
	base, ok := f.Offsets[file]
	if !ok {
		return fmt.Errorf("no offset for %s", file)
	}
	var all []string
	var fp string
	for fps(&fp) {
		all = append(all, fp)
	}
	slices.Sort(all)
	for i, fp := range all {
		if n := base + i; f.Max == 0 || n < f.Max {
			emit(fp, n)
		}
	}
	return nil
}

// transitionBySource keys a transition line by its source.
func transitionBySource(line string) (string, string) {
	src, rest, _ := strings.Cut(line, "\t")
	return src, rest
}

// resolveSourceFn replaces the source fingerprint of transitions by the
// source's number and keys them by their target.
type resolveSourceFn struct{}

func (resolveSourceFn) ProcessElement(fp string, rests func(*string) bool, numbers func(*int) bool, emit func(string, string)) error {
	var n int
	if !numbers(&n) {
		return nil // the source was cut off by --max
	}
	var rest string
	for rests(&rest) {
		dst, label, ok := strings.Cut(rest, "\t")
		if !ok {
			return fmt.Errorf("malformed transition line from %s", fp)
		}
		emit(dst, strconv.Itoa(n)+"\t"+label)
	}
	return nil
}

// resolveTargetFn writes the transitions into a state as .aut lines.
type resolveTargetFn struct{}

func (resolveTargetFn) ProcessElement(fp string, srcs func(*string) bool, numbers func(*int) bool, emit func(string)) error {
	var n int
	if !numbers(&n) {
		return nil // the target was cut off by --max
	}
	var src string
	for srcs(&src) {
		from, label, _ := strings.Cut(src, "\t")
		emit("(" + from + ",\"" + label + "\"," + strconv.Itoa(n) + ")")
	}
	return nil
}

// deadlockKey makes a deadlock fingerprint a join input.
func deadlockKey(fp string) (string, string) { return fp, "" }

// deadlockNumberFn emits the number of a deadlock state.
type deadlockNumberFn struct{}

func (deadlockNumberFn) ProcessElement(fp string, deads func(*string) bool, numbers func(*int) bool, emit func(string)) {
	var d string
	var n int
	if deads(&d) && numbers(&n) {
		emit(strconv.Itoa(n))
	}
}
