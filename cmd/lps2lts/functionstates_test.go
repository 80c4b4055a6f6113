package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/internal/corpus"
)

// levelFigures are the states, the transitions and the distinct labels
// of one breadth-first level of an LTS.
type levelFigures struct{ states, transitions, labels int }

// TestMCRL2ExamplesWithFunctionStates: mCRL2's examples whose equations
// we could not rewrite, explored to a bound. The garage models keep
// function-valued states as chains of a user-defined update (ins_upd
// matching update(...) terms; we stopped at state 2, or 2804 for r1),
// four_in_a_row_symbolic steps down a diagonal with max(y - 1, 1) (we
// stopped at state 8). The first levels, complete within the bound, must
// be mCRL2's: the figures are those of mCRL2's lps2lts --cached -l N
// (2ef8439) on the same file, counted level by level from its .aut (the
// state numbers differ, the levels do not). garage-r3 and garage-r2-error
// are the pipeline's binary models (../shared/pipeline); garage-r1 and
// four_in_a_row_symbolic are linearised here with mCRL2's mcrl22lps
// (default options) from mCRL2's sources, a checkout or a git repository
// named by MCRL2_SOURCES. Without -short garage-r1 also runs to 100,000
// states without an error.
func TestMCRL2ExamplesWithFunctionStates(t *testing.T) {
	garageLevels := []levelFigures{{1, 49, 49}, {11, 564, 114}, {50, 2659, 122}}
	for _, c := range []struct {
		name, pipeline, example string
		max                     int
		levels                  []levelFigures
		long                    int // a longer run that must end without an error (0: none)
	}{
		{name: "garage-r3", pipeline: "ex.industrial.garage.garage-r3", max: 500, levels: garageLevels},
		{name: "garage-r2-error", pipeline: "ex.industrial.garage.garage-r2-error", max: 500, levels: garageLevels},
		{name: "garage-r1", example: "industrial/garage/garage-r1.mcrl2", max: 2000,
			levels: []levelFigures{{1, 465, 457}, {465, 929, 913}, {927, 193487, 961}}, long: 100000},
		{name: "four_in_a_row_symbolic", example: "games/four_in_a_row_symbolic/four_in_a_row_symbolic.mcrl2", max: 2000,
			levels: []levelFigures{{1, 7, 1}, {7, 49, 1}, {49, 343, 1}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var model string
			if c.pipeline != "" {
				model = pipelineModel(t, c.pipeline)
			} else {
				model = linearisedExample(t, c.example)
			}
			aut := filepath.Join(t.TempDir(), "out.aut")
			if code, _, stderr := lps2ltsLPS("-q", "-l"+strconv.Itoa(c.max), model, aut); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			got := autLevels(t, aut, len(c.levels))
			for i, want := range c.levels {
				if got[i] != want {
					t.Errorf("level %d: %d states, %d transitions, %d labels; mCRL2 has %d, %d, %d",
						i, got[i].states, got[i].transitions, got[i].labels, want.states, want.transitions, want.labels)
				}
			}
			if c.long == 0 || testing.Short() {
				return
			}
			if code, _, stderr := lps2ltsLPS("-q", "-l"+strconv.Itoa(c.long), model); code != 0 {
				t.Fatalf("-l%d: exit %d: %s", c.long, code, stderr)
			}
		})
	}
}

// pipelineModel returns mCRL2's binary model of a pipeline case
// (../shared/pipeline/default/NAME/mcrl2.lps), or skips.
func pipelineModel(t *testing.T, name string) string {
	t.Helper()
	if corpus.Dir() == "" {
		t.Skip("no ../shared beside the repository (the pipeline's models live outside it)")
	}
	p := filepath.Join(corpus.Dir(), "..", "pipeline", "default", name, "mcrl2.lps")
	if !fileExists(p) {
		t.Skip("pipeline case not found: " + p)
	}
	return p
}

// linearisedExample linearises mCRL2's example (a path under examples/)
// with mCRL2's mcrl22lps, or skips when mCRL2's tools or sources are not
// at hand.
func linearisedExample(t *testing.T, example string) string {
	t.Helper()
	tools := mcrl2Tools(t)
	src := os.Getenv("MCRL2_SOURCES")
	if src == "" {
		t.Skip("MCRL2_SOURCES does not name mCRL2's sources (a checkout or a git repository), where examples/" + example + " is")
	}
	text, err := os.ReadFile(filepath.Join(src, "examples", example))
	if err != nil {
		text, err = exec.Command("git", "-C", src, "show", "HEAD:examples/"+example).Output()
	}
	if err != nil {
		t.Skipf("examples/%s is not in MCRL2_SOURCES (%s): %v", example, src, err)
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "model.mcrl2"), filepath.Join(dir, "model.lps")
	if err := os.WriteFile(in, text, 0o644); err != nil {
		t.Fatal(err)
	}
	mcrl2Tool(t, tools, "mcrl22lps", in, out)
	return out
}

var autTransition = regexp.MustCompile(`^\((\d+),(".*"),(\d+)\)$`)

// autLevels returns the figures of the first n breadth-first levels of
// the .aut file, counted from its initial state 0.
func autLevels(t *testing.T, aut string, n int) []levelFigures {
	t.Helper()
	f, err := os.Open(aut)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type edge struct {
		label string
		to    int
	}
	succ := map[int][]edge{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		m := autTransition.FindStringSubmatch(strings.TrimSpace(sc.Text()))
		if m == nil {
			continue
		}
		from, _ := strconv.Atoi(m[1])
		to, _ := strconv.Atoi(m[3])
		succ[from] = append(succ[from], edge{m[2], to})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	levels := make([]levelFigures, n)
	seen := map[int]bool{0: true}
	layer := []int{0}
	for k := 0; k < n; k++ {
		labels := map[string]bool{}
		var next []int
		for _, s := range layer {
			for _, e := range succ[s] {
				labels[e.label] = true
				if !seen[e.to] {
					seen[e.to] = true
					next = append(next, e.to)
				}
			}
			levels[k].transitions += len(succ[s])
		}
		levels[k].states, levels[k].labels = len(layer), len(labels)
		layer = next
	}
	return levels
}
