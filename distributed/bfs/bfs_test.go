package bfs

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	_ "github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem/local"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/corpus"
	"github.com/lps2lts/lps2lts/internal/exploretest"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/timed"
)

func TestMain(m *testing.M) {
	flag.Parse()
	beam.Init()
	// Prism's loopback mode leaves an empty file in the temporary folder
	// for each pipeline run; give it a folder of its own.
	private, err := os.MkdirTemp("", "bfs-test-")
	if err == nil {
		os.Setenv("TMPDIR", private)
	}
	code := m.Run()
	if err == nil {
		os.RemoveAll(private)
	}
	os.Exit(code)
}

// runBeam explores src on Beam's embedded Prism runner, with 3 shards.
func runBeam(t *testing.T, name string, src []byte, maxStates, levelsPerRun int) (Result, string) {
	t.Helper()
	return runBeamShards(t, name, src, maxStates, levelsPerRun, 3)
}

func runBeamShards(t *testing.T, name string, src []byte, maxStates, levelsPerRun, shards int) (Result, string) {
	t.Helper()
	var out strings.Builder
	res, err := Run(context.Background(), Config{
		Name: name, Model: src, WorkDir: t.TempDir(), Shards: shards, LevelsPerRun: levelsPerRun, MaxStates: maxStates, Log: logWriter(),
		Execute: func(ctx context.Context, p *beam.Pipeline) error {
			_, err := prism.Execute(ctx, p)
			return err
		},
	}, &out)
	if err != nil {
		t.Fatal(err)
	}
	return res, out.String()
}

// runLocal explores src with lps2lts's own explorer.
func runLocal(t *testing.T, name string, src []byte) (explore.Result, string) {
	t.Helper()
	spec, err := load.Read(name, src)
	if err != nil {
		t.Fatal(err)
	}
	base, err := lpsgen.New(spec, lpsgen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var gen explore.Generator = base
	if timed.IsTimed(spec) {
		if gen, err = timed.New(base); err != nil {
			t.Fatal(err)
		}
	}
	return exploretest.Aut(t, gen, explore.Options{})
}

var autLine = regexp.MustCompile(`^\((\d+),"(.*)",(\d+)\)$`)

// shape describes an LTS independently of its state numbering: the
// sorted multiset of every state's sorted outgoing labels and likewise
// incoming labels, the number of states without successors, and whether
// state 0 has the outgoing labels the initial state should have.
type shape struct {
	states, transitions int
	out, in             []string
	deadlocks           int
	initial             string
}

func shapeOf(t *testing.T, aut string) shape {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(aut), "\n")
	var states, trans int
	var hdr = regexp.MustCompile(`^des \(0,(\d+),(\d+)\)$`).FindStringSubmatch(lines[0])
	if hdr == nil {
		t.Fatalf("bad header %q", lines[0])
	}
	trans, _ = strconv.Atoi(hdr[1])
	states, _ = strconv.Atoi(hdr[2])
	out := make([][]string, states)
	in := make([][]string, states)
	for _, l := range lines[1:] {
		m := autLine.FindStringSubmatch(l)
		if m == nil {
			t.Fatalf("bad line %q", l)
		}
		from, _ := strconv.Atoi(m[1])
		to, _ := strconv.Atoi(m[3])
		if from >= states || to >= states {
			t.Fatalf("line %q: only %d states", l, states)
		}
		out[from] = append(out[from], m[2])
		in[to] = append(in[to], m[2])
	}
	if len(lines)-1 != trans {
		t.Fatalf("header says %d transitions, %d lines", trans, len(lines)-1)
	}
	s := shape{states: states, transitions: trans}
	join := func(ls []string) string { slices.Sort(ls); return strings.Join(ls, "|") }
	for i := range out {
		if len(out[i]) == 0 {
			s.deadlocks++
		}
		o := join(out[i])
		if i == 0 {
			s.initial = o
		}
		s.out = append(s.out, o)
		s.in = append(s.in, join(in[i]))
	}
	slices.Sort(s.out)
	slices.Sort(s.in)
	return s
}

// TestSameLTSAsLps2lts: the pipeline's LTS has the shape of lps2lts's,
// with one and with several levels per pipeline run.
func TestSameLTSAsLps2lts(t *testing.T) {
	for _, name := range []string{"abp.lps", "dining3.lps", "buffer.lps"} {
		src, err := os.ReadFile(filepath.Join("..", "..", "examples", name))
		if err != nil {
			t.Fatal(err)
		}
		want, wantAut := runLocal(t, name, src)
		for _, perRun := range []int{1, 5} {
			res, aut := runBeam(t, name, src, 0, perRun)
			if res.States != want.States || res.Transitions != want.Transitions || res.Levels != want.Levels {
				t.Errorf("%s, %d levels per run: %d states, %d transitions, %d levels; lps2lts: %d, %d, %d",
					name, perRun, res.States, res.Transitions, res.Levels, want.States, want.Transitions, want.Levels)
			}
			got, wantShape := shapeOf(t, aut), shapeOf(t, wantAut)
			if !slices.Equal(got.out, wantShape.out) || !slices.Equal(got.in, wantShape.in) || got.initial != wantShape.initial {
				t.Errorf("%s, %d levels per run: the LTS differs from lps2lts's", name, perRun)
			}
			if len(res.Deadlocks) != got.deadlocks {
				t.Errorf("%s: %d deadlocks reported, %d states without successors", name, len(res.Deadlocks), got.deadlocks)
			}
		}
	}
}

// TestCounters: the two models of the scaling check (docs/distributed.md),
// 118 levels each, one of 118 states and one of 64,000, give lps2lts's
// LTS; and a model with more shards than states in most levels, and one
// shard, as well.
func TestCounters(t *testing.T) {
	for _, c := range []struct {
		file           string
		shards, perRun int
	}{{"counter118.lps", 1, 8}, {"counter118.lps", 5, 50}, {"counters3x40.lps", 4, 8}} {
		src, err := os.ReadFile(filepath.Join("testdata", c.file))
		if err != nil {
			t.Fatal(err)
		}
		want, wantAut := runLocal(t, c.file, src)
		res, aut := runBeamShards(t, c.file, src, 0, c.perRun, c.shards)
		if res.States != want.States || res.Transitions != want.Transitions || res.Levels != want.Levels {
			t.Errorf("%s, %d shards: %d states, %d transitions, %d levels; lps2lts: %d, %d, %d",
				c.file, c.shards, res.States, res.Transitions, res.Levels, want.States, want.Transitions, want.Levels)
		}
		got, wantShape := shapeOf(t, aut), shapeOf(t, wantAut)
		if !slices.Equal(got.out, wantShape.out) || !slices.Equal(got.in, wantShape.in) || got.initial != wantShape.initial {
			t.Errorf("%s, %d shards: the LTS differs from lps2lts's", c.file, c.shards)
		}
	}
}

// TestCorpusFigures runs a few corpus models and compares with the
// figures mCRL2's lps2lts produced.
func TestCorpusFigures(t *testing.T) {
	dir := corpus.Dir()
	if dir == "" {
		t.Skip("no reference corpus at ../shared/corpus beside the repository (it lives outside it)")
	}
	for _, c := range []string{"plain/ex.academic.abp", "plain/ex.academic.block", "plain/ex.academic.cabp", "plain/ex.academic.dining.dining3", "timed/own.timed1", "timed/own.timed2"} {
		for _, file := range []string{"model.lps", "mcrl2.lps"} {
			path := filepath.Join(dir, c, file)
			if _, err := os.Stat(path); err != nil {
				continue
			}
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			var want struct{ States, Transitions, Deadlocks int }
			b, err := os.ReadFile(filepath.Join(dir, c, "expect.json"))
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, &want); err != nil {
				t.Fatal(err)
			}
			res, _ := runBeam(t, path, src, 0, 8)
			if res.States != want.States || int(res.Transitions) != want.Transitions || len(res.Deadlocks) != want.Deadlocks {
				t.Errorf("%s/%s: %d states, %d transitions, %d deadlocks; mCRL2: %d, %d, %d", c, file,
					res.States, res.Transitions, len(res.Deadlocks), want.States, want.Transitions, want.Deadlocks)
			}
		}
	}
}

// TestMaxStates: --max gives exactly that many states, and transitions
// only between them, from fully expanded levels.
func TestMaxStates(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "examples", "dining3.lps"))
	if err != nil {
		t.Fatal(err)
	}
	full, _ := runBeam(t, "dining3.lps", src, 0, 4)
	for _, max := range []int{1, 5, 12} {
		res, aut := runBeam(t, "dining3.lps", src, max, 4)
		s := shapeOf(t, aut) // checks every endpoint is below the state count
		if !res.MaxReached || res.States != max || s.states != max {
			t.Errorf("--max %d: %d states (%d in the .aut), max reached %v", max, res.States, s.states, res.MaxReached)
		}
		if res.Transitions >= full.Transitions || max > 1 && res.Transitions == 0 {
			t.Errorf("--max %d: %d transitions of %d", max, res.Transitions, full.Transitions)
		}
	}
}

// TestBadModel: an LPS error is reported before any pipeline runs.
func TestBadModel(t *testing.T) {
	_, err := Run(context.Background(), Config{Name: "bad.lps", Model: []byte("proc P = a . P;\ninit P;\n"), WorkDir: t.TempDir(),
		Execute: func(context.Context, *beam.Pipeline) error { t.Fatal("a pipeline ran"); return nil }}, &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), "bad.lps:1:") {
		t.Fatalf("error %v, want one with a position", err)
	}
}

// TestWorkDirRemoved: the search's files go when Run returns, after a
// pipeline failed as well as after a success, unless asked to keep them.
func TestWorkDirRemoved(t *testing.T) {
	src := []byte("act a;\nproc P(n: Nat) = (n < 3) -> a . P(n + 1);\ninit P(0);\n")
	for _, c := range []struct {
		name       string
		failAfter  int // pipeline runs that succeed before one fails; -1: none fails
		keep       bool
		wantErr    bool
		wantRemain bool
	}{
		{"success", -1, false, false, false},
		{"failure", 1, false, true, false},
		{"kept", -1, true, false, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			runs := 0
			_, err := Run(context.Background(), Config{Name: "n.lps", Model: src, WorkDir: dir, KeepWorkDir: c.keep,
				Execute: func(ctx context.Context, p *beam.Pipeline) error {
					if runs++; runs > c.failAfter && c.failAfter >= 0 {
						return errors.New("worker lost")
					}
					_, err := prism.Execute(ctx, p)
					return err
				}}, io.Discard)
			if (err != nil) != c.wantErr {
				t.Fatalf("error %v, want one: %v", err, c.wantErr)
			}
			left, _ := os.ReadDir(dir)
			if (len(left) > 0) != c.wantRemain {
				t.Errorf("%d entries left in the work folder, want some: %v", len(left), c.wantRemain)
			}
		})
	}
}

func testLog() *os.File {
	if os.Getenv("BFS_TEST_LOG") != "" {
		return os.Stderr
	}
	return nil
}

func logWriter() io.Writer {
	if f := testLog(); f != nil {
		return f
	}
	return nil
}

// TestCancelWaitsForTheRun: cancelling the search's context during a
// pipeline run lets that run end (Prism panics when cancelled while it
// starts its workers) and stops the search before the next one, with its
// files removed and the context's error returned.
func TestCancelWaitsForTheRun(t *testing.T) {
	src := []byte("act a;\nproc P(n: Nat) = (n < 10) -> a . P(n + 1);\ninit P(0);\n")
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	runs := 0
	_, err := Run(ctx, Config{Name: "n.lps", Model: src, WorkDir: dir, LevelsPerRun: 1,
		Execute: func(runCtx context.Context, p *beam.Pipeline) error {
			runs++
			cancel()
			if runCtx.Err() != nil {
				t.Error("the pipeline run's context was cancelled")
			}
			_, err := prism.Execute(runCtx, p)
			return err
		}}, io.Discard)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error %v, want context.Canceled", err)
	}
	if runs != 1 {
		t.Errorf("%d pipeline runs, want 1", runs)
	}
	if left, _ := os.ReadDir(dir); len(left) > 0 {
		t.Errorf("%d entries left in the work folder", len(left))
	}
}
