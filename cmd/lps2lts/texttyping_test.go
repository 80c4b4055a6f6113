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
	out := filepath.Join(t.TempDir(), "out.aut")
	if code, _, stderr := lps2ltsLPS(append(append([]string{"-q"}, args...), out)...); code != 0 {
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
// typed by its context (lps/check/testdata/emptylistelem.txt says how it was
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
	if got := autBody(t, "../../lps/check/testdata/emptylistelem.txt"); got != want {
		t.Errorf("got\n%s\nwant (mCRL2's)\n%s", got, want)
	}
}

// forallText is what mCRL2's lpspp prints for mcrl22lps's linearisation of
//
//	act q: Bool;
//	init q(forall x: Nat. x < 100000 => x < x + 1) . delta;
const forallText = `act  q: Bool;

proc P(s1: Pos) =
       (s1 == 2) ->
         q(forall x: Nat. x < 100000 => x < x + 1) .
         P(s1 = 1)
     + delta;

init P(2);
`

// TestForallFromTextKeepsQuantifier: mCRL2's lps2lts keeps the quantifier
// in the label, on mcrl22lps's binary file and on txt2lps's of the text
// (--qlimit 10 does not decide it); so must we, from the text and from the
// binary file (the latter when mCRL2's txt2lps is at hand).
func TestForallFromTextKeepsQuantifier(t *testing.T) {
	const want = `(0,"q(forall x: Nat. x < 100000 => x < x + 1)",1)`
	dir, text := writeModel(t, forallText)
	if got := autBody(t, text); got != want {
		t.Errorf("from the text: got %s, want (mCRL2's) %s", got, want)
	}
	tools := filepath.Join(corpus.Dir(), "..", "mcrl2", "bin")
	if _, err := os.Stat(filepath.Join(tools, "txt2lps")); corpus.Dir() == "" || err != nil {
		t.Skip("mCRL2's txt2lps is not in ../shared/mcrl2/bin beside the repository: the binary file is not checked")
	}
	bin := filepath.Join(dir, "m.bin.lps")
	if out, err := exec.Command(filepath.Join(tools, "txt2lps"), text, bin).CombinedOutput(); err != nil {
		t.Fatalf("txt2lps: %v\n%s", err, out)
	}
	if got := autBody(t, bin); got != want {
		t.Errorf("from txt2lps's binary file: got %s, want (mCRL2's) %s", got, want)
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
			code, _, stderr := lps2ltsLPS("-l"+strconv.Itoa(prefix.MaxStates), text)
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

// TestUnknownElementInComparisonLabels: a compared operand whose sort
// only the other side gives (head([]), [] . 2) takes that sort, also
// beside a literal and beside an operand typed on its own (abs(-11)).
// The transitions are what mCRL2's lps2lts writes for txt2lps's binary
// file of the same text; before, we refused the first two.
func TestUnknownElementInComparisonLabels(t *testing.T) {
	_, in := writeModel(t, `act b: Bool;
proc P(n: Nat) = b(0 <= head([])) . P(n = n) + b(abs(-11) <= head([])) . P(n = n)
     + b(n < [] . 2) . P(n = n) + b([] . 2 < 1) . P(n = n) + delta;
init P(0);
`)
	want := `(0,"b(true)",0)
(0,"b(11 <= head([]))",0)
(0,"b(0 < [] . 2)",0)
(0,"b(false)",0)`
	if got := autBody(t, in); got != want {
		t.Errorf("got\n%s\nwant (mCRL2's)\n%s", got, want)
	}
}
