package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/internal/corpus"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/timed"
)

const sweepModel = `sort D = struct d1 | d2;
act  a, b: Nat;
     c;
proc P(n: Nat, y: Int, d: D, f: Bool) =
       (n < 5) -> a(n) . P(n = n + 1)
     + (n == 5 && y > -3) -> b(n) . P(n = 0, y = y - 1)
     + (y < -2) -> c . P();
init P(0, 0, d1, true);
`

// TestSweepMeasureErrors: the measure is checked when the model is
// loaded; errors say where in EXPR. What needs forgotten states or
// another search order is refused with the reason.
func TestSweepMeasureErrors(t *testing.T) {
	_, in := writeModel(t, sweepModel)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--sweep=n + m"}, "lps2lts: --sweep:1:5: "},
		{[]string{"--sweep=n +"}, "lps2lts: --sweep:1:4: syntax error"},
		{[]string{"--sweep=f"}, "lps2lts: --sweep:1:1: a progress measure is a number (Pos, Nat, Int or Real); f has sort Bool"},
		{[]string{"--sweep=if(f, d, d)"}, "has sort D"},
		{[]string{"--sweep=time"}, "--sweep=time: the specification has no time tags"},
		{[]string{"--sweep="}, "option --sweep needs a progress measure"},
		{[]string{"--sweep=n", "-sd"}, "cannot be combined with --strategy"},
		{[]string{"--sweep=n", "--store=table"}, "cannot be combined with --store"},
		{[]string{"--sweep=n", "-F"}, "cannot check divergence"},
		{[]string{"--sweep=n", "--cycle"}, "cannot look for cycles"},
		{[]string{"--sweep=n", "-ofsm"}, "cannot write .fsm"},
		{[]string{"--sweep=n", "-olts"}, "add --no-info"},
	} {
		out := filepath.Join(t.TempDir(), "o.aut")
		if strings.HasPrefix(tc.args[len(tc.args)-1], "-o") {
			out = out[:len(out)-4]
		}
		args := append(tc.args, in, out)
		code, _, stderr := lps2ltsLPS(args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", tc.args, code, stderr, tc.want)
		}
	}
	// A measure that is a number but is none on some state: the search
	// stops with an error naming the state.
	code, _, stderr := lps2ltsLPS("--sweep=10 / (5 - n)", in)
	if code != 2 || !strings.Contains(stderr, "while exploring state 4: progress measure: 10 / (5 - n) rewrites to 10 / 0, not a number") {
		t.Errorf("division by zero: exit %d, %s", code, stderr)
	}
}

var autHeader = regexp.MustCompile(`^des \(0,(\d+),(\d+)\)\n`)

// autLabels is the sorted list of the labels of an .aut text.
func autLabels(aut string) []string {
	var ls []string
	for _, l := range strings.Split(aut, "\n")[1:] {
		if i := strings.IndexByte(l, '"'); i >= 0 {
			ls = append(ls, l[i:strings.LastIndexByte(l, '"')+1])
		}
	}
	slices.Sort(ls)
	return ls
}

// TestSweepRounds is the model, examples/rounds.lps (481,600
// states; n counts up to 300, x and y modulo 40): --sweep=n gives the
// same LTS figures as a run without it, holding at most 10% of the states
// at once (3,201: two rounds). With the regressing measure (x + 3 * y)
// mod 17 the LTS is an unfolding, strongly bisimilar to the state space
// (mCRL2's ltscompare, when ../shared/mcrl2 is there).
func TestSweepRounds(t *testing.T) {
	if testing.Short() {
		t.Skip("481,600 states")
	}
	dir := t.TempDir()
	run := func(name string, args ...string) (aut string, st runStats) {
		out, stats := filepath.Join(dir, name+".aut"), filepath.Join(dir, name+".json")
		args = append(args, "--stats="+stats, "../../examples/rounds.lps", out)
		if code, _, stderr := lps2ltsLPS(args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		b, _ := os.ReadFile(out)
		s, _ := os.ReadFile(stats)
		if err := json.Unmarshal(s, &st); err != nil {
			t.Fatal(err)
		}
		return string(b), st
	}
	full, fs := run("full")
	sw, ss := run("sweep", "--sweep=n")
	if fs.States != 481600 || ss.States != fs.States || ss.Transitions != fs.Transitions {
		t.Fatalf("full %d states %d transitions, sweep %d %d", fs.States, fs.Transitions, ss.States, ss.Transitions)
	}
	if !slices.Equal(autLabels(full), autLabels(sw)) {
		t.Error("the labels of the transitions differ")
	}
	if ss.StoredPeak > ss.States/10 || ss.Sweeps != 1 || ss.RegressEdges != 0 {
		t.Errorf("sweep: %d of %d states held at once, %d sweeps, %d regress edges", ss.StoredPeak, ss.States, ss.Sweeps, ss.RegressEdges)
	}
	t.Logf("--sweep=n: at most %d of %d states held", ss.StoredPeak, ss.States)
	reg, rs := run("regress", "--sweep=(x + 3 * y) mod 17")
	t.Logf("regressing measure: %d states (unfolding), %d sweeps, %d regress edges, at most %d held", rs.States, rs.Sweeps, rs.RegressEdges, rs.StoredPeak)
	if rs.Sweeps < 2 || rs.RegressEdges == 0 || rs.States < fs.States {
		t.Errorf("regressing measure: %+v", rs)
	}
	_ = reg
	bin := mcrl2Tools(t)
	out := mcrl2Tool(t, bin, "ltscompare", "-ebisim", filepath.Join(dir, "regress.aut"), filepath.Join(dir, "full.aut"))
	if !strings.Contains(out, "LTSs are equal") {
		t.Errorf("ltscompare: %s", out)
	}
}

// TestSweepExamples: the documented examples with a monotone measure give
// the LTS figures of a run without --sweep, holding few states at once.
func TestSweepExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("430,000 states")
	}
	for _, ex := range []struct {
		file, measure string
		states, peak  int
	}{
		{"seqnum.lps", "s + r", 429949, 63},
		{"timers.lps", "time", 34320, 573},
	} {
		dir := t.TempDir()
		var figs [2]runStats
		for i, args := range [][]string{nil, {"--sweep=" + ex.measure}} {
			stats := filepath.Join(dir, "s.json")
			args = append(args, "--stats="+stats, filepath.Join("../../examples", ex.file))
			if code, _, stderr := lps2ltsLPS(args...); code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, stderr)
			}
			b, _ := os.ReadFile(stats)
			json.Unmarshal(b, &figs[i])
		}
		full, sw := figs[0], figs[1]
		if full.States != ex.states || sw.States != full.States || sw.Transitions != full.Transitions || sw.StoredPeak != ex.peak || sw.Sweeps != 1 {
			t.Errorf("%s: full %d states %d transitions; --sweep=%s %d, %d, %d held at most, %d sweeps; want %d states, %d held",
				ex.file, full.States, full.Transitions, ex.measure, sw.States, sw.Transitions, sw.StoredPeak, sw.Sweeps, ex.states, ex.peak)
		}
	}
}

// TestSweepDeadlockTrace: -D and -t with a measure that goes down and up
// (dining3's first philosopher: 1, 2, 3, 4, back to 1). The deadlock is
// found; its trace (the actions; a sweep keeps no path of states) leads
// to a deadlock of the state space.
func TestSweepDeadlockTrace(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "dining3.lps")
	src, err := os.ReadFile("../../examples/dining3.lps")
	if err != nil {
		t.Fatal(err) // the repository ships it
	}
	os.WriteFile(in, src, 0o644)
	code, full, _ := lps2ltsLPS(in, "-")
	if code != 0 {
		t.Fatal(code)
	}
	code, unf, stderr := lps2ltsLPS("-D", "-t", "--trace-format=text", "--sweep=p1", in, "-")
	if code != 1 || !strings.Contains(stderr, "Deadlock found (state index: ") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stderr, "2 sweeps") || !strings.Contains(stderr, "the LTS is an unfolding") {
		t.Errorf("no regress edges, or not reported: %s", stderr)
	}
	// Follow the trace in the full LTS.
	type key struct{ from, label string }
	next := map[key][]string{}
	out := map[string]bool{}
	for _, l := range strings.Split(full, "\n")[1:] {
		if l == "" {
			continue
		}
		f := strings.SplitN(l[1:len(l)-1], ",", 2)
		i := strings.LastIndexByte(f[1], ',')
		label := strings.Trim(f[1][:i], `"`)
		next[key{f[0], label}] = append(next[key{f[0], label}], f[1][i+1:])
		out[f[0]] = true
	}
	// One deadlock state of the state space; the unfolding may number
	// it more than once, and each report has its trace.
	n := strings.Count(stderr, "Deadlock found")
	for i := range n {
		trace, err := os.ReadFile(fmt.Sprintf("%s_dlk_%d.trc", in, i))
		if err != nil {
			t.Fatal(err)
		}
		cur := map[string]bool{"0": true}
		for _, a := range strings.Split(strings.TrimSpace(string(trace)), "\n") {
			nc := map[string]bool{}
			for s := range cur {
				for _, t := range next[key{s, a}] {
					nc[t] = true
				}
			}
			cur = nc
		}
		dead := false
		for s := range cur {
			dead = dead || !out[s]
		}
		if !dead {
			t.Errorf("trace %q does not lead to a deadlock", trace)
		}
	}
	if m := autHeader.FindStringSubmatch(unf); m == nil || n == 0 {
		t.Errorf("%d deadlocks; .aut %q", n, unf[:min(len(unf), 40)])
	}
	// -a: an action is found, with its trace.
	code, _, stderr = lps2ltsLPS("-aeat", "-t1", "--trace-format=text", "--sweep=p1", in)
	if code != 1 || !strings.Contains(stderr, "Action 'eat(") {
		t.Errorf("-a: exit %d: %s", code, stderr)
	}
}

// TestSweepCorpusBisimilar runs the corpus models of up to 30,000 states
// with --sweep on their first numeric parameter (and, for timed models,
// --sweep=time) and compares each LTS with the run without --sweep:
// strongly bisimilar (mCRL2's ltscompare -ebisim), whether the measure
// regresses or not.
func TestSweepCorpusBisimilar(t *testing.T) {
	if testing.Short() {
		t.Skip("runs mCRL2's ltscompare on a hundred models")
	}
	bin := mcrl2Tools(t)
	dir, models := corpus.Models(t)
	tmp := t.TempDir()
	compared, regressed := 0, 0
	for _, m := range models {
		name, _ := filepath.Rel(dir, filepath.Dir(m))
		if strings.HasPrefix(name, "stochastic/") || strings.HasPrefix(name, "data/") {
			continue
		}
		var want struct {
			States int      `json:"states"`
			Args   []string `json:"args"`
		}
		b, err := os.ReadFile(filepath.Join(filepath.Dir(m), "expect.json"))
		if err != nil || json.Unmarshal(b, &want) != nil || want.States > 30000 {
			continue
		}
		spec, err := load.File(m)
		if err != nil {
			t.Fatal(err)
		}
		var measures []string
		for _, p := range spec.Params {
			if p.Sort().IsNumeric() {
				measures = append(measures, p.Name)
				break
			}
		}
		if timed.IsTimed(spec) {
			measures = append(measures, "time")
		}
		full := filepath.Join(tmp, "full.aut")
		if code, _, stderr := lps2ltsLPS(append(want.Args, m, full)...); code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, stderr)
		}
		for _, measure := range measures {
			sw, stats := filepath.Join(tmp, "sweep.aut"), filepath.Join(tmp, "sweep.json")
			if code, _, stderr := lps2ltsLPS(append(want.Args, "--sweep="+measure, "--stats="+stats, m, sw)...); code != 0 {
				t.Errorf("%s --sweep=%s: exit %d: %s", name, measure, code, stderr)
				continue
			}
			var st runStats
			s, _ := os.ReadFile(stats)
			json.Unmarshal(s, &st)
			if st.Sweeps > 1 {
				regressed++
			}
			out, _ := exec.Command(filepath.Join(bin, "ltscompare"), "-ebisim", sw, full).CombinedOutput()
			if !strings.Contains(string(out), "LTSs are equal") {
				t.Errorf("%s --sweep=%s: not bisimilar to the full LTS: %s", name, measure, out)
			}
			compared++
		}
	}
	t.Logf("%d runs bisimilar to the full LTS, %d of them with more than one sweep", compared, regressed)
}
