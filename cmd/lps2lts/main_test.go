package main

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
)

// graphGen reads a test "model": one transition per line, "from label to";
// a line "fail N" makes the successors of state N fail.
type graphGen struct {
	labels *explore.Labels
	edges  map[uint32][][2]uint32
	fail   int64
	buf    []uint32
}

func loadGraph(path string, _ *config) (explore.Generator, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	g := &graphGen{labels: explore.NewLabels(), edges: map[uint32][][2]uint32{}, fail: -1, buf: make([]uint32, 1)}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		w := strings.Fields(sc.Text())
		if len(w) == 2 && w[0] == "fail" {
			g.fail, _ = strconv.ParseInt(w[1], 10, 64)
			continue
		}
		if len(w) != 3 {
			continue
		}
		from, _ := strconv.Atoi(w[0])
		to, _ := strconv.Atoi(w[2])
		l := g.labels.InternString(w[1])
		g.edges[uint32(from)] = append(g.edges[uint32(from)], [2]uint32{uint32(l), uint32(to)})
	}
	return g, nil
}

func (g *graphGen) Width() int              { return 1 }
func (g *graphGen) Labels() *explore.Labels { return g.labels }
func (g *graphGen) Initial(dst []uint32) ([]uint32, error) {
	return append(dst, 0), nil
}
func (g *graphGen) Successors(s []uint32, emit func(explore.LabelID, []uint32)) error {
	if int64(s[0]) == g.fail {
		return errors.New("cannot rewrite")
	}
	for _, e := range g.edges[s[0]] {
		g.buf[0] = e[1]
		emit(explore.LabelID(e[0]), g.buf)
	}
	return nil
}

// asCommand, set in the environment, makes the test binary run as the
// lps2lts command itself (tests of signals and pipes need a process).
const asCommand = "LPS2LTS_TEST_AS_COMMAND"

func TestMain(m *testing.M) {
	if os.Getenv(asCommand) == "1" {
		main()
	}
	os.Exit(m.Run())
}

// model: 0 -a-> 1 -b-> 2, 1 -tau-> 3 -tau-> 1, 0 -a-> 4 (deadlock), 2 -c(1)-> 0
const model = "0 a 1\n1 b 2\n1 tau 3\n3 tau 1\n0 a 4\n2 c(1) 0\n"

func writeModel(t *testing.T, text string) (dir, path string) {
	dir = t.TempDir()
	path = filepath.Join(dir, "m.lps")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, path
}

// lps2lts runs the command on a toy graph (loadGraph) as INFILE.
func lps2lts(args ...string) (code int, stdout, stderr string) {
	return lps2ltsWith(loadGraph, args...)
}

// lps2ltsLPS runs the command on a real LPS as INFILE.
func lps2ltsLPS(args ...string) (code int, stdout, stderr string) {
	return lps2ltsWith(loadLPS, args...)
}

// lps2ltsWith runs the command with INFILE read by load.
func lps2ltsWith(load loader, args ...string) (code int, stdout, stderr string) {
	var o, e bytes.Buffer
	code = runWith(load, args, &o, &e)
	return code, o.String(), e.String()
}

func TestWriteAutFile(t *testing.T) {
	dir, in := writeModel(t, model)
	out := filepath.Join(dir, "m.aut")
	code, _, stderr := lps2lts(in, out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "Done with state space generation (3 levels, 5 states and 6 transitions)") {
		t.Errorf("stderr %q", stderr)
	}
	data, _ := os.ReadFile(out)
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if strings.TrimSpace(lines[0]) != "des (0,6,5)" || len(lines) != 7 {
		t.Errorf("aut:\n%s", data)
	}
}

func TestStdoutFormats(t *testing.T) {
	_, in := writeModel(t, model)
	code, stdout, _ := lps2lts(in, "-")
	if code != 0 || !strings.HasPrefix(stdout, "des (0,6,5)\n(0,\"a\",1)\n") {
		t.Errorf("exit %d, aut on stdout:\n%s", code, stdout)
	}
	_, stdout, _ = lps2lts("-ofsm", in, "-")
	if !strings.Contains(stdout, "---\n1 2 \"a\"\n") {
		t.Errorf("fsm:\n%s", stdout)
	}
	_, stdout, _ = lps2lts("--out=dot", in, "-")
	if !strings.HasPrefix(stdout, "digraph G {") {
		t.Errorf("dot:\n%s", stdout)
	}
}

func TestFormatFromExtension(t *testing.T) {
	dir, in := writeModel(t, model)
	for ext, prefix := range map[string]string{".fsm": "p0(5)", ".dot": "digraph", ".aut": "des (0,6,5)"} {
		out := filepath.Join(dir, "x"+ext)
		if code, _, stderr := lps2lts(in, out); code != 0 {
			t.Fatalf("%s: exit %d %s", ext, code, stderr)
		}
		data, _ := os.ReadFile(out)
		if !strings.HasPrefix(string(data), prefix) {
			t.Errorf("%s:\n%s", ext, data)
		}
	}
	if code, _, stderr := lps2lts(in, filepath.Join(dir, "x.lts")); code != 2 || !strings.Contains(stderr, "not supported") {
		t.Errorf(".lts: exit %d %s", code, stderr)
	}
}

func TestDetectorsExitStatusAndTraces(t *testing.T) {
	dir, in := writeModel(t, model)
	code, _, stderr := lps2lts("-D", "-t", in)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	want := "Deadlock found (state index: 2) and saved trace to '" + in + "_dlk_0.trc'.\n"
	if !strings.Contains(stderr, want) {
		t.Errorf("stderr %q, want %q", stderr, want)
	}
	if b, _ := os.ReadFile(in + "_dlk_0.trc"); string(b) != "a\n" {
		t.Errorf("trace %q", b)
	}
	if b, _ := os.ReadFile(in + "_dlk_0.aut"); string(b) != "des (0,1,2)\n(0,\"a\",1)\n" {
		t.Errorf("trace aut %q", b)
	}
	_ = dir

	code, _, stderr = lps2lts("-ac", "-t1", in)
	if code != 1 || !strings.Contains(stderr, "Action 'c(1)' found (state index: 3) and saved trace to '"+in+"_act_0_c.trc'.") {
		t.Errorf("exit %d, %s", code, stderr)
	}
	if b, _ := os.ReadFile(in + "_act_0_c.trc"); string(b) != "a\nb\nc(1)\n" {
		t.Errorf("action trace %q", b)
	}
	code, _, stderr = lps2lts("-m", "c(1)", in)
	if code != 1 || !strings.Contains(stderr, "Action 'c(1)' found") {
		t.Errorf("-m: exit %d %s", code, stderr)
	}
	code, _, stderr = lps2lts("-n", in)
	if code != 1 || !strings.Contains(stderr, "Nondeterministic state found (state index: 0).") {
		t.Errorf("-n: exit %d %s", code, stderr)
	}
	code, _, stderr = lps2lts("-F", in)
	if code != 1 || !strings.Contains(stderr, "Divergent state found (state index: 1).") {
		t.Errorf("-F: exit %d %s", code, stderr)
	}
	code, _, stderr = lps2lts("--cycle", in)
	if code != 1 || !strings.Contains(stderr, "Cycle found (state index: ") {
		t.Errorf("--cycle: exit %d %s", code, stderr)
	}
	code, _, stderr = lps2lts("-D", "-sd", "-aZ", in)
	if code != 1 {
		t.Errorf("-sd -D: exit %d %s", code, stderr)
	}
	// Nothing to report: exit 0.
	_, in2 := writeModel(t, "0 a 1\n1 b 0\n")
	if code, _, stderr := lps2lts("-D", "-n", "-F", "-ax", in2); code != 0 {
		t.Errorf("exit %d: %s", code, stderr)
	}
	_, in3 := writeModel(t, "0 a 1\n1 b 2\n0 c 2\n2 d 3\n3 e 4\n4 f 4\n")
	if code, _, stderr := lps2lts("--cycle", in3); code != 1 || !strings.Contains(stderr, "Cycle found (state index: 4, back edge from state index 4).") {
		t.Errorf("exit %d: %s", code, stderr)
	}
}

func TestMaxAndErrors(t *testing.T) {
	dir, in := writeModel(t, model)
	out := filepath.Join(dir, "m.aut")
	code, _, stderr := lps2lts("-l2", in, out)
	if code != 0 || !strings.Contains(stderr, "Explored the maximum number (2) of states, terminating.") {
		t.Errorf("exit %d %s", code, stderr)
	}
	data, _ := os.ReadFile(out)
	// State 0 is expanded (the current state always finishes), then the
	// search stops with 3 states.
	if !strings.HasPrefix(string(data), "des (0,2,3)") {
		t.Errorf("aut after --max:\n%s", data)
	}
	// A failing state: exit 2, the old .aut left as it was, a summary
	// that says the run failed.
	_, bad := writeModel(t, model+"fail 1\n")
	code, _, stderr = lps2lts(bad, out)
	if code != 2 || !strings.Contains(stderr, "while exploring state 1: cannot rewrite") || !strings.HasSuffix(stderr, "\nState space generation failed (1 level, 3 states and 2 transitions)\n") {
		t.Errorf("exit %d %s", code, stderr)
	}
	data, _ = os.ReadFile(out)
	if !strings.HasPrefix(string(data), "des (0,2,3)") {
		t.Errorf("aut after the failed run:\n%s", data)
	}
	for _, args := range [][]string{
		{"-sh", in},
		{"--todo-max=3", in},
		{"--tau=a", in},
		{"-sx", in},
		{in, "a", "b"},
		{},
		{"--cycle", "-sh", "--todo-max=2", in},
	} {
		if code, _, _ := lps2lts(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if code, _, stderr := lps2lts("-sh", "--todo-max=2", in); code != 0 {
		t.Errorf("highway: exit %d %s", code, stderr)
	}
	// The graph generator has no summands: -c is accepted and changes nothing
	// (confluence on LPS models: confluence_test.go).
	if code, _, stderr := lps2lts("-cctau", in); code != 0 {
		t.Errorf("-cctau: exit %d %s", code, stderr)
	}
}

func TestNormalizeArgs(t *testing.T) {
	got := strings.Join(normalizeArgs([]string{"-t10", "-cctau", "-t", "-sd", "--", "-t3"}), " ")
	if got != "--trace=10 --confluence=ctau -t -sd -- -t3" {
		t.Error(got)
	}
}
