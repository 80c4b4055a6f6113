package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/internal/corpus"
)

// mcrl2Tools returns the folder of mCRL2's tools (../shared/mcrl2/bin
// beside the repository, where the reference corpus is), or skips.
func mcrl2Tools(t *testing.T) string {
	t.Helper()
	c := corpus.Dir()
	dir := filepath.Join(filepath.Dir(c), "mcrl2", "bin")
	if _, err := os.Stat(filepath.Join(dir, "ltsconvert")); c == "" || err != nil {
		t.Skip("mCRL2's tools are not in ../shared/mcrl2/bin beside the repository")
	}
	return dir
}

// mcrl2Tool runs one of mCRL2's tools and returns what it printed.
func mcrl2Tool(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(filepath.Join(dir, name), args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

// TestMCRL2ReadsCorpusLTS: the .lts of a few corpus models, from the
// textual and from mCRL2's binary model file, has one state label per
// state for ltsinfo, and ltsconvert turns it into an .aut with mCRL2's
// own figures (expect.json, made by mCRL2's lps2lts; counted by the
// corpus's corpus-check), plain and stochastic.
func TestMCRL2ReadsCorpusLTS(t *testing.T) {
	tools := mcrl2Tools(t)
	check := filepath.Join(corpus.Dir(), "..", "bin", "corpus-check")
	if _, err := os.Stat(check); err != nil {
		t.Skip("corpus-check is not in ../shared/bin beside the repository")
	}
	for _, c := range []struct{ kind, name string }{
		{"plain", "ex.academic.abp"},
		{"plain", "ex.games.bridge_crossing"},
		{"plain", "merc.brp_4_3_3-e"},
		{"stochastic", "ex.probabilistic.monty_hall_tv_show.monty_hall"},
		{"stochastic", "ex.probabilistic.self_stabilisation"},
	} {
		caseDir := filepath.Dir(corpus.Model(t, c.kind, c.name))
		raw, err := os.ReadFile(filepath.Join(caseDir, "expect.json"))
		if err != nil {
			t.Fatal(err)
		}
		var want map[string]any
		if err := json.Unmarshal(raw, &want); err != nil {
			t.Fatal(err)
		}
		for _, model := range []string{"model.lps", "mcrl2.lps"} {
			t.Run(c.name+"/"+model, func(t *testing.T) {
				tmp := t.TempDir()
				lts, aut := filepath.Join(tmp, "out.lts"), filepath.Join(tmp, "out.aut")
				if code, _, stderr := lps2ltsLPS("-q", filepath.Join(caseDir, model), lts); code != 0 {
					t.Fatalf("exit %d: %s", code, stderr)
				}
				info := mcrl2Tool(t, tools, "ltsinfo", lts)
				if line := fmt.Sprintf("Number of state labels: %v.", want["states"]); !strings.Contains(info, line) {
					t.Errorf("ltsinfo says\n%s\nwant %q", info, line)
				}
				mcrl2Tool(t, tools, "ltsconvert", lts, aut)
				out, err := exec.Command(check, "--summary", aut).Output()
				if err != nil {
					t.Fatalf("corpus-check --summary: %v", err)
				}
				var got map[string]any
				if err := json.Unmarshal(out, &got); err != nil {
					t.Fatalf("corpus-check --summary: %v: %s", err, out)
				}
				for _, key := range []string{"states", "transitions", "labels", "label_sha", "out_sha", "in_sha"} {
					if w, ok := want[key]; ok && fmt.Sprint(got[key]) != fmt.Sprint(w) {
						t.Errorf("%s: ltsconvert's .aut has %v, mCRL2's lps2lts %v", key, got[key], w)
					}
				}
			})
		}
	}
}

// TestTracepp: the trace of -D -t on examples/dining3.lps is one that
// mCRL2's tracepp prints with the parameter values of every state.
func TestTracepp(t *testing.T) {
	tools := mcrl2Tools(t)
	src, err := os.ReadFile("../../examples/dining3.lps")
	if err != nil {
		t.Skip("examples folder not found")
	}
	in := filepath.Join(t.TempDir(), "dining3.lps")
	if err := os.WriteFile(in, src, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := lps2ltsLPS("-D", "-t", in); code != 1 {
		t.Fatalf("exit %d, want 1 (a deadlock): %s", code, stderr)
	}
	got := mcrl2Tool(t, tools, "tracepp", "-fstates", in+"_dlk_0.trc")
	want := "(1,1,1,true,true,true) -get(1, 1)-> \n" +
		"(2,1,1,false,true,true) -get(2, 2)-> \n" +
		"(2,2,1,false,false,true) -get(3, 3)-> \n" +
		"(2,2,2,false,false,false)"
	if strings.TrimSpace(got) != want {
		t.Errorf("tracepp -fstates prints\n%s\nwant\n%s", got, want)
	}
}
