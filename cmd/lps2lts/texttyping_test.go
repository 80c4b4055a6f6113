package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/internal/corpus"
)

// autBody runs lps2lts on in and returns the transitions of its .aut (the
// header left out: its padding is not mCRL2's).
func autBody(t *testing.T, args ...string) string {
	t.Helper()
	useLPS(t)
	out := filepath.Join(t.TempDir(), "out.aut")
	if code, _, stderr := lps2lts(append(append([]string{"-q"}, args...), out)...); code != 0 {
		t.Fatalf("lps2lts %v: exit %d: %s", args, code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	_, body, _ := strings.Cut(string(data), "\n")
	return strings.TrimSpace(body)
}

// TestEmptyListElementLabels: lpspp's text with [] . n, the empty list
// typed by its context (lps/testdata/emptylistelem.txt says how it was
// made), gives mCRL2's LTS: the transitions below are what mCRL2's lps2lts
// writes for mcrl22lps's binary file of the same model.
func TestEmptyListElementLabels(t *testing.T) {
	want := `(0,"a(0)",1)
(1,"b(2)",2)
(2,"c(0)",3)
(3,"a(5)",4)
(4,"b([] . 1)",5)
(5,"c([] . 1)",6)
(6,"a([] . 2)",7)
(7,"b([] . 2)",8)
(8,"c([] . 2)",9)`
	if got := autBody(t, "../../lps/testdata/emptylistelem.txt"); got != want {
		t.Errorf("got\n%s\nwant (mCRL2's)\n%s", got, want)
	}
}

var doneStatesRE = regexp.MustCompile(`Done with state space generation \(\d+ levels?, (\d+) states? and`)

// TestERTMSTextPrefix: the text mCRL2's lpspp prints of the six ERTMS
// models of mCRL2's examples (../shared/pipeline) is read (it has
// [] . n, typed by its context) and explored to its prefix: -l max_states
// gives at least min(max_states, ref_states) states (prefix.json, mCRL2's
// figures).
func TestERTMSTextPrefix(t *testing.T) {
	if testing.Short() {
		t.Skip("seconds per model; not with -short")
	}
	tools := filepath.Join(corpus.Dir(), "..", "mcrl2", "bin")
	cases, _ := filepath.Glob(filepath.Join(corpus.Dir(), "..", "pipeline", "default", "ex.industrial.ERTMS.*"))
	if _, err := os.Stat(filepath.Join(tools, "lpspp")); corpus.Dir() == "" || err != nil || len(cases) == 0 {
		t.Skip("mCRL2's lpspp or the ERTMS cases of ../shared/pipeline are not beside the repository")
	}
	useLPS(t)
	for _, c := range cases {
		t.Run(filepath.Base(c), func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join(c, "prefix.json"))
			if err != nil {
				t.Fatal(err)
			}
			var prefix struct {
				MaxStates int `json:"max_states"`
				RefStates int `json:"ref_states"`
			}
			if err := json.Unmarshal(raw, &prefix); err != nil {
				t.Fatal(err)
			}
			text := filepath.Join(t.TempDir(), "m.txt")
			if out, err := exec.Command(filepath.Join(tools, "lpspp"), filepath.Join(c, "mcrl2.lps"), text).CombinedOutput(); err != nil {
				t.Fatalf("lpspp: %v\n%s", err, out)
			}
			code, _, stderr := lps2lts("-l"+strconv.Itoa(prefix.MaxStates), text)
			m := doneStatesRE.FindStringSubmatch(stderr)
			if code != 0 || m == nil {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			want := min(prefix.MaxStates, prefix.RefStates)
			if n, _ := strconv.Atoi(m[1]); n < want {
				t.Errorf("%d states, want at least %d: %s", n, want, stderr)
			}
		})
	}
}
