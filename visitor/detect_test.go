package visitor_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/exploretest"
	"github.com/lps2lts/lps2lts/store"
	"github.com/lps2lts/lps2lts/visitor"
)

// setup builds an explorer with a trace recorder and a reporter writing
// traces (at most max per detector) into a temporary folder.
func setup(t *testing.T, g explore.Generator, opt explore.Options, max int) (*explore.Explorer, *visitor.Reporter, *bytes.Buffer, string) {
	x := explore.New(g, withTable(g, opt))
	var out bytes.Buffer
	prefix := filepath.Join(t.TempDir(), "model.lps")
	rec := &visitor.TraceRecorder{}
	x.AddVisitor(rec)
	r := &visitor.Reporter{Out: &out, Explorer: x}
	if max > 0 {
		r.Traces = &visitor.TraceWriter{Prefix: prefix, Max: max, Recorder: rec, Labels: g.Labels()}
	}
	return x, r, &out, prefix
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// deadlockGraph: 0 -a-> 1 -b-> 2 (deadlock), 0 -c-> 3 -d-> 4 -e-> 2,
// 3 -f-> 5 (deadlock), 1 -g-> 0.
func deadlockGraph() *exploretest.Graph {
	return exploretest.NewGraph(6, 0, "a", 1, 0, "c", 3, 1, "b", 2, 1, "g", 0, 3, "d", 4, 4, "e", 2, 3, "f", 5)
}

func TestDeadlockDetectorAndShortestTrace(t *testing.T) {
	for _, mode := range exploretest.Strategies {
		t.Run(mode.Name, func(t *testing.T) {
			g := deadlockGraph()
			x, r, out, prefix := setup(t, g, mode.Opt, 100)
			x.AddVisitor(&visitor.DeadlockDetector{Reporter: r})
			if _, err := x.Run(); err != nil {
				t.Fatal(err)
			}
			if r.Found != 2 || strings.Count(out.String(), "Deadlock found (state index: ") != 2 {
				t.Fatalf("found %d:\n%s", r.Found, out)
			}
			if !strings.Contains(out.String(), "and saved trace to '"+prefix+"_dlk_0.trc'.\n") {
				t.Errorf("message:\n%s", out)
			}
			// Both deadlock traces, in some order: "a b" and "c f".
			traces := readFile(t, prefix+"_dlk_0.trc") + "/" + readFile(t, prefix+"_dlk_1.trc")
			if mode.Opt.Strategy == explore.Breadth && !mode.Opt.Cycles {
				if traces != "a\nb\n/c\nf\n" {
					t.Errorf("breadth-first traces %q", traces)
				}
				aut := readFile(t, prefix+"_dlk_0.aut")
				if aut != "des (0,2,3)\n(0,\"a\",1)\n(1,\"b\",2)\n" {
					t.Errorf("trace aut %q", aut)
				}
			}
			for _, tr := range strings.Split(traces, "/") {
				if tr != "a\nb\n" && tr != "c\nf\n" && tr != "c\nd\ne\n" {
					t.Errorf("trace %q is not a path to a deadlock", tr)
				}
			}
		})
	}
}

func TestTraceLimitStops(t *testing.T) {
	g := deadlockGraph()
	x, r, out, prefix := setup(t, g, explore.Options{}, 1)
	x.AddVisitor(&visitor.DeadlockDetector{Reporter: r})
	res, err := x.Run()
	if err != nil {
		t.Fatal(err)
	}
	if !res.Stopped || r.Found != 1 {
		t.Errorf("result %+v found %d\n%s", res, r.Found, out)
	}
	if _, err := os.Stat(prefix + "_dlk_1.trc"); err == nil {
		t.Error("second trace written despite -t1")
	}
}

func TestDeadlockWithoutTraces(t *testing.T) {
	x, r, out, _ := setup(t, deadlockGraph(), explore.Options{}, 0)
	x.AddVisitor(&visitor.DeadlockDetector{Reporter: r})
	x.Run()
	want := "Deadlock found (state index: 3).\nDeadlock found (state index: 5).\n"
	// BFS order: 0, 1 (a), 2 (c: state 3 in the graph), ... ids are
	// discovery order: graph 0->0, 1->1, 3->2, 2->3, 4->4, 5->5.
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

func TestActionDetector(t *testing.T) {
	g := exploretest.NewGraph(4, 0, "a(1)|b", 1, 1, "c", 2, 2, "b", 3, 3, "tau", 0)
	x, r, out, prefix := setup(t, g, explore.Options{}, 10)
	x.AddVisitor(visitor.NewActionDetector(r, g.Labels(), []string{"b"}, []string{"c", "b | a(1)"}))
	x.Run()
	got := out.String()
	for _, want := range []string{
		"Action 'a(1)|b' found (state index: 0) and saved trace to '" + prefix + "_act_0_a(1)|b_b.trc'.\n",
		"Action 'c' found (state index: 1) and saved trace to '" + prefix + "_act_1_c.trc'.\n",
		"Action 'b' found (state index: 2) and saved trace to '" + prefix + "_act_2_b.trc'.\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in\n%s", want, got)
		}
	}
	if r.Found != 3 {
		t.Errorf("found %d", r.Found)
	}
	if tr := readFile(t, prefix+"_act_2_b.trc"); tr != "a(1)|b\nc\nb\n" {
		t.Errorf("trace %q", tr)
	}
}

func TestNondeterminismDetector(t *testing.T) {
	g := exploretest.NewGraph(4, 0, "a", 1, 0, "a", 1, 0, "b", 2, 1, "b", 2, 2, "a", 3, 2, "a", 0)
	x, r, out, prefix := setup(t, g, explore.Options{}, 10)
	x.AddVisitor(&visitor.NondeterminismDetector{Reporter: r})
	x.Run()
	// State 0 has a twice to the same state: deterministic. Graph state 2
	// (id 2) has a to 3 and to 0.
	if r.Found != 1 || !strings.HasPrefix(out.String(), "Nondeterministic state found (state index: 2) and saved trace to") {
		t.Fatalf("found %d:\n%s", r.Found, out)
	}
	if tr := readFile(t, prefix+"_nondeterministic_0.trc"); tr != "b\na\n" {
		t.Errorf("trace %q", tr)
	}
}

func TestDivergenceDetector(t *testing.T) {
	// 0 -a-> 1 -tau-> 2 -i-> 1 ; 2 -b-> 3 ; 3 -tau-> 4 (no loop)
	g := exploretest.NewGraph(5, 0, "a", 1, 1, "tau", 2, 2, "i", 1, 2, "b", 3, 3, "tau", 4)
	t.Run("tau only", func(t *testing.T) {
		x, r, out, _ := setup(t, g, explore.Options{}, 0)
		x.AddVisitor(visitor.NewDivergenceDetector(r, g, x.Store(), nil))
		x.Run()
		if r.Found != 0 {
			t.Errorf("divergence without internal i:\n%s", out)
		}
	})
	for _, tree := range []bool{false, true} {
		name := "i internal"
		var opt explore.Options
		if tree {
			// The tree store gives states back by decoding them.
			name, opt.Store = "i internal, tree store", store.NewTreeStore(g.Width())
		}
		t.Run(name, func(t *testing.T) { divergenceIInternal(t, g, opt) })
	}
}

// divergenceIInternal: with i internal, the loop 1 -tau-> 2 -i-> 1 is
// found once, with its traces.
func divergenceIInternal(t *testing.T, g explore.Generator, opt explore.Options) {
	x, r, out, prefix := setup(t, g, opt, 10)
	d := visitor.NewDivergenceDetector(r, g, x.Store(), []string{"i"})
	x.AddVisitor(d)
	x.Run()
	d.Flush()
	want := "Divergent state found (state index: 1) and saved traces to '" + prefix + "_divergence_0.trc' and '" + prefix + "_divergence_loop0.trc'.\n" +
		"Divergent state found (state index: 2), reachable from divergent state with index 1.\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if tr := readFile(t, prefix+"_divergence_0.trc"); tr != "a\n" {
		t.Errorf("trace %q", tr)
	}
	if tr := readFile(t, prefix+"_divergence_loop0.trc"); tr != "tau\ni\n" {
		t.Errorf("loop trace %q", tr)
	}
}

func TestCycleDetector(t *testing.T) {
	t.Run("acyclic", func(t *testing.T) {
		x, r, _, _ := setup(t, exploretest.NewGrid(5, 5), explore.Options{Cycles: true}, 10)
		x.AddVisitor(&visitor.CycleDetector{Reporter: r})
		x.Run()
		if r.Found != 0 {
			t.Error("cycle in a grid")
		}
	})
	t.Run("lasso", func(t *testing.T) {
		// 0 -a-> 1 -b-> 2 -c-> 3 -d-> 1, 0 -e-> 4
		g := exploretest.NewGraph(5, 0, "a", 1, 1, "b", 2, 2, "c", 3, 3, "d", 1, 0, "e", 4)
		x, r, out, prefix := setup(t, g, explore.Options{Cycles: true}, 10)
		x.AddVisitor(&visitor.CycleDetector{Reporter: r})
		x.Run()
		if r.Found != 1 || !strings.HasPrefix(out.String(), "Cycle found (state index: 1, back edge from state index ") {
			t.Fatalf("found %d\n%s", r.Found, out)
		}
		if tr := readFile(t, prefix+"_cycle_0.trc"); tr != "a\nb\nc\nd\n" {
			t.Errorf("trace %q", tr)
		}
	})
}

// TestTracesNeverOverwrite: a trace whose name an earlier file takes (an
// old trace, or a symbolic link planted beside INFILE) is numbered on;
// the file and the link's target are left as they were, and the budget
// of -t counts the trace once.
func TestTracesNeverOverwrite(t *testing.T) {
	x, r, out, prefix := setup(t, deadlockGraph(), explore.Options{}, 1)
	x.AddVisitor(&visitor.DeadlockDetector{Reporter: r})
	target := filepath.Join(filepath.Dir(prefix), "precious")
	for name, content := range map[string]string{prefix + "_dlk_0.trc": "old trace", target: "precious"} {
		if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(target, prefix+"_dlk_0_1.aut"); err != nil {
		t.Fatal(err)
	}
	if _, err := x.Run(); err != nil {
		t.Fatal(err)
	}
	if got := readFile(t, prefix+"_dlk_0.trc"); got != "old trace" {
		t.Errorf("the old trace was overwritten: %q", got)
	}
	if got := readFile(t, target); got != "precious" {
		t.Errorf("the link's target was written: %q", got)
	}
	if _, err := os.Stat(prefix + "_dlk_0_1.trc"); err == nil {
		t.Error("a .trc was written beside a planted .aut link")
	}
	if want := "saved trace to '" + prefix + "_dlk_0_2.trc'"; !strings.Contains(out.String(), want) {
		t.Errorf("missing %q in\n%s", want, out)
	}
	if r.Found != 1 {
		t.Errorf("found %d, want 1 (-t1)", r.Found)
	}
}

// TestActionTraceName: a multi-action whose data holds '/' (a(1/2)) gives
// a trace file name without a folder in it; the trace was not saved.
func TestActionTraceName(t *testing.T) {
	g := exploretest.NewGraph(2, 0, "a(1/2)", 1)
	x, r, out, prefix := setup(t, g, explore.Options{}, 10)
	x.AddVisitor(visitor.NewActionDetector(r, g.Labels(), nil, []string{"a(1/2)"}))
	if _, err := x.Run(); err != nil {
		t.Fatal(err)
	}
	name := prefix + "_act_0_a(1_2).trc"
	if want := "saved trace to '" + name + "'"; !strings.Contains(out.String(), want) {
		t.Errorf("missing %q in\n%s", want, out)
	}
	if got := readFile(t, name); got != "a(1/2)\n" {
		t.Errorf("trace %q", got)
	}
}
