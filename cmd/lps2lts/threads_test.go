package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/internal/corpus"
)

// threadsCase is a run of lps2lts that must write the same .aut with
// --threads=2 as with one thread.
type threadsCase struct {
	name  string
	model string
	args  []string
}

// caseArgs are the arguments of a corpus case (expect.json's "args").
func caseArgs(t *testing.T, model string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(filepath.Dir(model), "expect.json"))
	if err != nil {
		t.Fatal(err)
	}
	var e struct {
		Args []string `json:"args"`
	}
	if err := json.Unmarshal(data, &e); err != nil {
		t.Fatal(err)
	}
	return e.Args
}

// threadsRun is one of the runs of oneAndTwoThreads.
type threadsRun struct {
	out, aut, stderr string // OUTFILE, its contents, the standard error
}

// oneAndTwoThreads runs lps2lts with args (INFILE last) and an OUTFILE
// in dir named after name, with --threads=1 and then --threads=2; a run
// that fails fails the test.
func oneAndTwoThreads(t *testing.T, dir, name string, args ...string) (runs [2]threadsRun) {
	t.Helper()
	for i, threads := range []string{"--threads=1", "--threads=2"} {
		out := filepath.Join(dir, name+threads[len("--threads="):]+".aut")
		all := append(append([]string{threads}, args...), out)
		code, _, stderr := lps2ltsLPS(all...)
		if code != 0 {
			t.Fatalf("lps2lts %s: exit %d: %s", strings.Join(all, " "), code, stderr)
		}
		aut, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		runs[i] = threadsRun{out, string(aut), stderr}
	}
	return runs
}

// TestThreadsSameAut: with two threads, the corpus's confluence cases
// (-c), its stochastic cases, highway search (-sh --todo-max) and the
// sweep cases of docs/sweep-line.md write the .aut of one thread, byte
// for byte, and say nothing of threads (no warning that they were not
// used). The big sweep models stop at a state limit (-l), which threads
// must respect as one thread does; scripts/threads-same.sh runs them
// whole.
func TestThreadsSameAut(t *testing.T) {
	if runtime.NumCPU() < 2 {
		t.Skip("one core: --threads=2 runs on one")
	}
	dir := corpus.Dir()
	if dir == "" {
		t.Skip("no reference corpus at ../shared/corpus beside the repository (it lives outside it)")
	}
	var cases []threadsCase
	for _, kind := range []string{"confluence", "stochastic"} {
		models, _ := filepath.Glob(filepath.Join(dir, kind, "*", "model.lps"))
		if len(models) == 0 {
			t.Fatalf("no %s cases in %s", kind, dir)
		}
		for _, m := range models {
			cases = append(cases, threadsCase{kind + "/" + filepath.Base(filepath.Dir(m)), m, caseArgs(t, m)})
		}
	}
	brp := filepath.Join(dir, "plain", "merc.brp_4_4_4-b", "model.lps")
	hesselink := filepath.Join(dir, "confluence", "merc.hesselink_2-b.ctau", "model.lps")
	abp := filepath.Join(dir, "plain", "ex.academic.abp", "model.lps")
	cases = append(cases,
		threadsCase{"highway/brp-100", brp, []string{"-sh", "--todo-max=100"}},
		threadsCase{"highway/brp-5000", brp, []string{"-sh", "--todo-max=5000"}},
		threadsCase{"highway/abp", abp, []string{"-sh", "--todo-max=10"}},
		threadsCase{"highway/hesselink-c", hesselink, append(caseArgs(t, hesselink), "-sh", "--todo-max=300")},
		threadsCase{"sweep/rounds-n", "../../examples/rounds.lps", []string{"--sweep=n", "-l", "60000"}},
		threadsCase{"sweep/rounds-regress", "../../examples/rounds.lps", []string{"--sweep=(x + 3 * y) mod 17", "-l", "60000"}},
		threadsCase{"sweep/seqnum", "../../examples/seqnum.lps", []string{"--sweep=s + r", "-l", "60000"}},
		threadsCase{"sweep/timers", "../../examples/timers.lps", []string{"--sweep=time"}},
		threadsCase{"sweep/brp-rn_S", brp, []string{"--sweep=rn_S", "-l", "60000"}},
		threadsCase{"sweep/brp-s11_T1", brp, []string{"--sweep=s11_T1", "-l", "60000"}},
		threadsCase{"sweep/timed1", filepath.Join(dir, "timed", "own.timed1", "model.lps"), []string{"--sweep=time"}},
	)
	tmp := t.TempDir()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := os.Stat(c.model); err != nil {
				t.Fatalf("model missing: %v", err)
			}
			runs := oneAndTwoThreads(t, tmp, strings.ReplaceAll(c.name, "/", "_"), append(slices.Clip(c.args), c.model)...)
			for i, r := range runs {
				if strings.Contains(r.stderr, "thread") {
					t.Errorf("lps2lts --threads=%d %s: %s", i+1, strings.Join(c.args, " "), r.stderr)
				}
			}
			if runs[0].aut != runs[1].aut {
				t.Errorf("%s: the .aut of two threads differs from one thread's (%d and %d bytes)", c.name, len(runs[1].aut), len(runs[0].aut))
			}
		})
	}
}
