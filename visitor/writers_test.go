package visitor_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/exploretest"
	"github.com/lps2lts/lps2lts/store"
	"github.com/lps2lts/lps2lts/visitor"
)

type autFile struct {
	init, ntrans, nstates int
	trans                 [][3]string
}

var (
	autHeader = regexp.MustCompile(`^des \((\d+),(\d+),(\d+)\) *$`)
	autTrans  = regexp.MustCompile(`^\((\d+),"([^"]*)",(\d+)\)$`)
)

// parseAut checks an .aut text strictly: header counts match the lines and
// every state number is in range.
func parseAut(t *testing.T, text string) autFile {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	m := autHeader.FindStringSubmatch(lines[0])
	if m == nil {
		t.Fatalf("bad aut header %q", lines[0])
	}
	var a autFile
	a.init, _ = strconv.Atoi(m[1])
	a.ntrans, _ = strconv.Atoi(m[2])
	a.nstates, _ = strconv.Atoi(m[3])
	for _, l := range lines[1:] {
		tm := autTrans.FindStringSubmatch(l)
		if tm == nil {
			t.Fatalf("bad aut line %q", l)
		}
		for _, s := range []string{tm[1], tm[3]} {
			if n, _ := strconv.Atoi(s); n >= a.nstates {
				t.Fatalf("state %d out of range in %q", n, l)
			}
		}
		a.trans = append(a.trans, [3]string{tm[1], tm[2], tm[3]})
	}
	if len(a.trans) != a.ntrans {
		t.Fatalf("header says %d transitions, file has %d", a.ntrans, len(a.trans))
	}
	return a
}

// writeAutFile explores g with opt and returns the .aut written to a file.
func writeAutFile(t *testing.T, g *exploretest.Grid, opt explore.Options) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "grid.aut")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	x := explore.New(g, withTable(g, opt))
	if n, why := x.Threads(); n != max(opt.Threads, 1) {
		t.Fatalf("%d threads asked, %d used: %s", opt.Threads, n, why)
	}
	aw := visitor.NewAutWriter(f, g.Labels())
	x.AddVisitor(aw)
	r, err := x.Run()
	if err != nil {
		t.Fatal(err)
	}
	if err := aw.Close(r); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestAutWriterFileAndBuffer(t *testing.T) {
	// A file is streamed with a placeholder header.
	data := writeAutFile(t, exploretest.NewGrid(4, 3), explore.Options{})
	a := parseAut(t, data)
	if a.init != 0 || a.nstates != 12 || a.ntrans != 17 {
		t.Fatalf("header %+v", a)
	}
	if !strings.Contains(data, `(0,"right",1)`) || !strings.Contains(data, `"up(1, true)"`) {
		t.Errorf("unexpected lines:\n%s", data)
	}
	// A pipe-like writer buffers and gives the same text, header trimmed.
	var buf bytes.Buffer
	x := explore.New(exploretest.NewGrid(4, 3), explore.Options{Store: store.NewTableStore(2)})
	aw := visitor.NewAutWriter(&buf, x.Generator().Labels())
	x.AddVisitor(aw)
	r, _ := x.Run()
	if err := aw.Close(r); err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitN(data, "\n", 2)
	want := strings.TrimRight(lines[0], " ") + "\n" + lines[1]
	if buf.String() != want {
		t.Errorf("buffered aut differs:\n%s\nvs\n%s", buf.String(), want)
	}
}

// TestParallelAutWriter: with threads, the .aut lines are written by
// a goroutine of the writer's own, in batches; the file is the one a
// single thread writes, byte for byte, also when the search stops early.
func TestParallelAutWriter(t *testing.T) {
	write := func(threads, max int) string {
		return writeAutFile(t, exploretest.NewGrid(150, 100), explore.Options{Threads: threads, MaxStates: max})
	}
	for _, max := range []int{0, 5000} {
		one, two := write(1, max), write(2, max)
		if n := strings.Count(one, "\n"); n < 2*4096 {
			t.Fatalf("only %d lines: too few for several batches", n)
		}
		if one != two {
			t.Errorf("max %d: the .aut of 2 threads differs from 1 thread's (%d and %d bytes)", max, len(two), len(one))
		}
	}
}

func TestMaxStatesGivesValidAut(t *testing.T) {
	for _, mode := range exploretest.Strategies {
		t.Run(mode.Name, func(t *testing.T) {
			g := exploretest.NewGrid(50, 50)
			opt := mode.Opt
			opt.MaxStates = 100
			x := explore.New(g, withTable(g, opt))
			var buf bytes.Buffer
			aw := visitor.NewAutWriter(&buf, g.Labels())
			x.AddVisitor(aw)
			r, err := x.Run()
			if err != nil {
				t.Fatal(err)
			}
			if !r.MaxReached || r.States < 100 || r.States > 102 {
				t.Fatalf("result %+v", r)
			}
			if err := aw.Close(r); err != nil {
				t.Fatal(err)
			}
			a := parseAut(t, buf.String())
			if a.nstates != r.States {
				t.Errorf("aut has %d states, result %d", a.nstates, r.States)
			}
		})
	}
}

func TestFSMAndDot(t *testing.T) {
	g := exploretest.NewGraph(3, 0, "a", 1, 1, "b(2)", 2, 2, "tau", 0)
	x := explore.New(g, withTable(g, explore.Options{}))
	var fsm, dot bytes.Buffer
	fw := visitor.NewFSMWriter(&fsm, x.Store(), g)
	dw := visitor.NewDotWriter(&dot, g)
	x.AddVisitor(fw)
	x.AddVisitor(dw)
	r, _ := x.Run()
	if err := fw.Close(r); err != nil {
		t.Fatal(err)
	}
	if err := dw.Close(r); err != nil {
		t.Fatal(err)
	}
	wantFSM := "p0(3) Value  \"0\" \"1\" \"2\"\n---\n0\n1\n2\n---\n1 2 \"a\"\n2 3 \"b(2)\"\n3 1 \"tau\"\n"
	if fsm.String() != wantFSM {
		t.Errorf("fsm:\n%s\nwant:\n%s", fsm.String(), wantFSM)
	}
	if !strings.Contains(dot.String(), "S0 [ peripheries=2 ];\n") || !strings.Contains(dot.String(), "S1 -> S2[label=\"b(2)\"];\n") {
		t.Errorf("dot:\n%s", dot.String())
	}
}

func TestProgressLines(t *testing.T) {
	g := exploretest.NewGrid(200, 200)
	x := explore.New(g, withTable(g, explore.Options{}))
	var out bytes.Buffer
	x.AddVisitor(&visitor.Progress{Explorer: x, Out: &out, Interval: 1})
	r, _ := x.Run()
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) < 2 || !regexp.MustCompile(`^\d+ st, \d+ tr, explored \d+, level \d+, \d+ st/s$`).MatchString(lines[0]) {
		t.Errorf("progress output:\n%s", out.String())
	}
	if s := visitor.Summary(r, true); s != "Done with state space generation (399 levels, 40000 states and 79600 transitions)" {
		t.Error(s)
	}
	if s := visitor.Summary(explore.Result{States: 1}, false); s != "Done with state space generation (1 state and 0 transitions)" {
		t.Error(s)
	}
}

// withTable gives opt a table store for g when it has none.
func withTable(g explore.Generator, opt explore.Options) explore.Options {
	if opt.Store == nil {
		opt.Store = store.NewTableStore(g.Width())
	}
	return opt
}

// TestAutSpill: the .aut written through a spill file (standard output,
// a pipe) is the file the in-memory records give: the header first,
// unpadded, then every line in order.
func TestAutSpill(t *testing.T) {
	labels := explore.NewLabels()
	a, b := labels.InternString("a"), labels.InternString("b(1)")
	run := func(w *visitor.AutWriter) {
		for i := range 1000 {
			w.ExamineTransition(explore.StateID(i), a, explore.StateID(i+1))
			w.ExamineTransition(explore.StateID(i+1), b, 0)
		}
		if err := w.Close(explore.Result{States: 1001, Transitions: 2000}); err != nil {
			t.Fatal(err)
		}
	}
	var kept, spilled bytes.Buffer
	run(visitor.NewAutWriter(&kept, labels)) // a bytes.Buffer cannot seek: records
	spill, err := os.CreateTemp(t.TempDir(), "spill")
	if err != nil {
		t.Fatal(err)
	}
	defer spill.Close()
	run(visitor.NewAutWriterSpill(&spilled, spill, labels))
	if !bytes.HasPrefix(spilled.Bytes(), []byte("des (0,2000,1001)\n(0,\"a\",1)\n")) {
		t.Fatalf("spilled output starts %q", spilled.Bytes()[:40])
	}
	if !bytes.Equal(kept.Bytes(), spilled.Bytes()) {
		t.Errorf("spilled output (%d bytes) differs from the kept one (%d bytes)", spilled.Len(), kept.Len())
	}
}

// TestSummaryWithoutLevels: a search that failed on its initial state
// (an initial distribution that cannot be enumerated) has done no level;
// the summary said 18446744073709551615.
func TestSummaryWithoutLevels(t *testing.T) {
	got := visitor.Summary(explore.Result{Levels: -1}, true)
	if want := "Done with state space generation (0 levels, 0 states and 0 transitions)"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
}

// TestAutCloseAdopting: a padded spill that becomes the output holds,
// byte for byte, the file a streamed run writes (the header over its
// placeholder), and nothing is copied to the output; when the spill
// cannot be adopted, the lines are copied as Close copies them.
func TestAutCloseAdopting(t *testing.T) {
	labels := explore.NewLabels()
	a, b := labels.InternString("a"), labels.InternString("b(1)")
	res := explore.Result{States: 301, Transitions: 600}
	feed := func(w *visitor.AutWriter) {
		for i := range 300 {
			w.ExamineTransition(explore.StateID(i), a, explore.StateID(i+1))
			w.ExamineTransition(explore.StateID(i+1), b, 0)
		}
	}
	dir := t.TempDir()
	streamed, err := os.Create(filepath.Join(dir, "streamed.aut"))
	if err != nil {
		t.Fatal(err)
	}
	sw := visitor.NewAutWriter(streamed, labels)
	feed(sw)
	if err := sw.Close(res); err != nil {
		t.Fatal(err)
	}
	streamed.Close()
	want, err := os.ReadFile(streamed.Name())
	if err != nil {
		t.Fatal(err)
	}
	for _, adoptFails := range []bool{false, true} {
		spill, err := os.Create(filepath.Join(dir, "spill.aut"))
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		w := visitor.NewAutWriterSpill(&out, spill, labels)
		w.PadHeader()
		feed(w)
		adopted := false
		err = w.CloseAdopting(res, func() error {
			if adoptFails {
				return errors.New("another file system")
			}
			adopted = true
			return nil
		})
		spill.Close()
		if err != nil {
			t.Fatal(err)
		}
		got, _ := os.ReadFile(spill.Name())
		if !adoptFails {
			if !adopted || out.Len() != 0 {
				t.Errorf("adopted %v, %d bytes copied to the output", adopted, out.Len())
			}
		} else {
			got = out.Bytes()
		}
		if !bytes.Equal(got, want) {
			t.Errorf("adopt fails %v: %d bytes starting %.80q, want the streamed file's %d starting %.80q", adoptFails, len(got), got, len(want), want)
		}
	}
}
