package ltsfile

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/aterm"
	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/corpus"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/stochastic"
	"github.com/lps2lts/lps2lts/store"
	"github.com/lps2lts/lps2lts/timed"
	"github.com/lps2lts/lps2lts/visitor"
)

// plainSpec has structured, numeric, container and Int values, an action
// declared with two signatures and a multi-action.
const plainSpec = `sort D = struct d1 | d2(n: Nat);
act a: D; b: Int # Bool; c; s: D # Bool; s: List(Nat);
proc P(s: Pos, d: D, i: Int, l: List(Nat)) =
    (s < 3) -> a(d) . P(s = s + 1, d = d2(3), i = -i, l = if(#l < 2, s |> l, l))
  + (s == 3) -> b(i, true)|c . P(s = 1, i = 2)
  + (s == 2) -> s(d, false) . P(s = 3)
  + (s == 1) -> s(l) . P(s = 2, l = [])
  + (s == 3 && i < 0) -> tau . P(s = 1, i = 0);
init P(1, d1, -1, [7]);
`

// stochasticSpec has an initial distribution and a distribution after
// an action.
// timedSpec has time tags: labels "a(0) @ 1" are an action and a time,
// which the .lts keeps apart (TimedMultAct).
const timedSpec = `act a: Nat; b;
proc P(n: Nat) = (n < 2) -> a(n) @ (n + 1) . P(n = n + 1)
  + (n == 2) -> b @ (7 / 2) . P(n = 3);
init P(0);
`

const stochasticSpec = `act flip: Bool; done;
proc P(c: Bool, n: Nat) =
    (n < 2) -> flip(c) . dist b: Bool[1/2] . P(c = b, n = n + 1)
  + (n == 2) -> done . P(n = 3);
init dist c: Bool[if(c, 1/3, 2/3)] . P(c, 0);
`

// run explores spec, writing the .lts (and the .aut, as lps2lts would)
// to buffers.
func run(t *testing.T, spec string, noInfo bool) (lts []byte, aut string, res explore.Result, src Source) {
	t.Helper()
	s, err := load.Text("spec.txt", []byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	base, err := lpsgen.New(s, lpsgen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var gen explore.Generator = base
	var autW visitor.LTSWriter
	var autBuf, ltsBuf bytes.Buffer
	src = Source{Gen: base, Width: len(s.Params)}
	if stochastic.IsStochastic(s) {
		sg, err := stochastic.New(base, stochastic.Options{})
		if err != nil {
			t.Fatal(err)
		}
		gen = sg
		src.Probability = sg.Probabilities().Value
		autW = stochastic.NewAutWriter(&autBuf, base.Labels(), sg.Probabilities())
	} else if timed.IsTimed(s) {
		tg, err := timed.New(base)
		if err != nil {
			t.Fatal(err)
		}
		gen = tg
		src.Timed = tg.LabelParts
		autW = visitor.NewAutWriter(&autBuf, base.Labels())
	} else {
		autW = visitor.NewAutWriter(&autBuf, base.Labels())
	}
	x := explore.New(gen, explore.Options{Store: store.NewTableStore(gen.Width())})
	src.Store = x.Store()
	w, err := NewWriter(&ltsBuf, src)
	if err != nil {
		t.Fatal(err)
	}
	w.NoInfo = noInfo
	x.AddVisitor(w)
	x.AddVisitor(autW)
	res, err = x.Run()
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(res); err != nil {
		t.Fatal(err)
	}
	if err := autW.Close(res); err != nil {
		t.Fatal(err)
	}
	return ltsBuf.Bytes(), autBuf.String(), res, src
}

// lts is an .lts file read back with package aterm.
type lts struct {
	params, actions *aterm.Term
	trans           []string // "from label-names to" per transition
	states          []*aterm.Term
	init            []uint64
}

func listElems(t *aterm.Term) []*aterm.Term {
	var out []*aterm.Term
	for t.Sym.Name == aterm.ListCons {
		out = append(out, t.Args[0])
		t = t.Args[1]
	}
	return out
}

// actionNames prints a TimedMultAct as its action names joined by "|".
func actionNames(ma *aterm.Term) string {
	var names []string
	for _, a := range listElems(ma.Args[0]) {
		names = append(names, a.Args[0].Args[0].Sym.Name)
	}
	if len(names) == 0 {
		return "tau"
	}
	return strings.Join(names, "|")
}

// readLTS reads src in the layout the package documentation gives,
// failing on anything else.
func readLTS(t *testing.T, src []byte) *lts {
	t.Helper()
	out, err := aterm.Read(src)
	if err != nil {
		t.Fatal(err)
	}
	i := 0
	next := func() aterm.Output {
		if i >= len(out) {
			t.Fatalf("the stream ends at item %d", i)
		}
		i++
		return out[i-1]
	}
	term := func(what string) *aterm.Term {
		o := next()
		if o.Term == nil {
			t.Fatalf("item %d: %s expected, found the integer %d", i-1, what, o.Int)
		}
		return o.Term
	}
	num := func() uint64 {
		o := next()
		if !o.IsInt {
			t.Fatalf("item %d: an integer expected, found %s", i-1, o.Term)
		}
		return o.Int
	}
	if m := term("the mark"); m.Sym.Name != "labelled_transition_system" {
		t.Fatalf("mark %s", m)
	}
	for range 5 {
		for range num() {
			term("a declaration")
		}
	}
	l := &lts{params: term("parameters"), actions: term("action labels")}
	dist := func() string {
		n := num()
		if n == 1 {
			return fmt.Sprint(num())
		}
		var parts []string
		for range n {
			s := num()
			p := term("a probability")
			parts = append(parts, fmt.Sprintf("%d:%s", s, p.Args[0].Args[0].Sym.Name))
		}
		return strings.Join(parts, " ")
	}
	for i < len(out) {
		m := term("a mark or state label")
		switch m.Sym.Name {
		case "transition":
			from := num()
			l.trans = append(l.trans, fmt.Sprintf("%d %s %d", from, actionNames(term("a multi-action")), num()))
		case "probabilistic_transition":
			from := num()
			l.trans = append(l.trans, fmt.Sprintf("%d %s %s", from, actionNames(term("a multi-action")), dist()))
		case aterm.ListCons:
			l.states = append(l.states, m)
		case "initial_state":
			n := num()
			for range n {
				l.init = append(l.init, num())
				if n > 1 {
					term("a probability")
				}
			}
			if i != len(out) {
				t.Fatalf("%d items after the initial state", len(out)-i)
			}
		default:
			t.Fatalf("unexpected %s", m)
		}
	}
	return l
}

// autTransitions gives "from names to" for each line of a plain .aut.
func autTransitions(aut string) []string {
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(aut), "\n")[1:] {
		line = strings.TrimSuffix(strings.TrimPrefix(line, "("), ")")
		first, last := strings.Index(line, ","), strings.LastIndex(line, ",")
		label := strings.Trim(line[first+1:last], `"`)
		var names []string
		for _, a := range visitor.SplitMultiAction(label) {
			names = append(names, visitor.ActionName(a))
		}
		out = append(out, line[:first]+" "+strings.Join(names, "|")+" "+line[last+1:])
	}
	return out
}

// TestRoundTrip: read back, the .lts has the transitions of the .aut
// (same states, same action names), one state label per state, a tree
// of as many values as parameters, and the initial state 0; --no-info
// leaves the labels out.
func TestRoundTrip(t *testing.T) {
	src, aut, res, _ := run(t, plainSpec, false)
	l := readLTS(t, src)
	if got, want := l.trans, autTransitions(aut); !slices.Equal(got, want) {
		t.Errorf("transitions\n%v\nwant (from the .aut)\n%v", got, want)
	}
	if len(l.states) != res.States {
		t.Errorf("%d state labels for %d states", len(l.states), res.States)
	}
	leaves := func(t *aterm.Term) int {
		n := 0
		var walk func(*aterm.Term)
		walk = func(t *aterm.Term) {
			if t.Sym != nil && t.Sym.Name == "@node@" {
				walk(t.Args[0])
				walk(t.Args[1])
				return
			}
			n++
		}
		walk(t)
		return n
	}
	for i, s := range l.states {
		if elems := listElems(s); len(elems) != 1 || leaves(elems[0]) != 4 {
			t.Errorf("state %d: label %s", i, s)
		}
	}
	if !slices.Equal(l.init, []uint64{0}) {
		t.Errorf("initial state %v", l.init)
	}
	if got := len(listElems(l.params)); got != 4 {
		t.Errorf("%d parameters", got)
	}
	if got := len(listElems(l.actions)); got != 5 {
		t.Errorf("%d action labels", got)
	}
	src, _, _, _ = run(t, plainSpec, true)
	if l := readLTS(t, src); len(l.states) != 0 {
		t.Errorf("--no-info: %d state labels", len(l.states))
	}
}

// TestStochastic: distributions are probabilistic transitions and a
// probabilistic initial state, with one label per state.
func TestStochastic(t *testing.T) {
	src, _, res, _ := run(t, stochasticSpec, false)
	l := readLTS(t, src)
	if len(l.init) != 2 || len(l.states) != res.States {
		t.Fatalf("initial state %v, %d labels for %d states", l.init, len(l.states), res.States)
	}
	prob := 0
	for _, tr := range l.trans {
		if strings.Contains(tr, "@cReal") {
			prob++
		}
	}
	if prob == 0 || len(l.trans) != int(res.Transitions) {
		t.Errorf("transitions %v", l.trans)
	}
}

// mcrl2Tools returns the folder of mCRL2's tools (../shared/mcrl2/bin beside
// the repository, where the reference corpus is), or skips the test.
func mcrl2Tools(t *testing.T) string {
	c := corpus.Dir()
	dir := filepath.Join(filepath.Dir(c), "mcrl2", "bin")
	if _, err := os.Stat(filepath.Join(dir, "ltsconvert")); c == "" || err != nil {
		t.Skip("mCRL2's tools are not in ../shared/mcrl2/bin beside the repository")
	}
	return dir
}

func tool(t *testing.T, dir, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(filepath.Join(dir, name), args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

// sortedLines returns the transition lines of an .aut, sorted.
func sortedLines(aut string) []string {
	lines := strings.Split(strings.TrimSpace(aut), "\n")[1:]
	slices.Sort(lines)
	return lines
}

// TestMCRL2ReadsLTS: ltsinfo finds one state label per state, and
// ltsconvert turns the .lts into the .aut lps2lts writes (the labels
// printed by mCRL2 from our terms as we print them), plain, stochastic
// and timed.
func TestMCRL2ReadsLTS(t *testing.T) {
	dir := mcrl2Tools(t)
	for _, spec := range []string{plainSpec, stochasticSpec, timedSpec} {
		src, aut, res, _ := run(t, spec, false)
		tmp := t.TempDir()
		ltsFile, autFile := filepath.Join(tmp, "x.lts"), filepath.Join(tmp, "x.aut")
		if err := os.WriteFile(ltsFile, src, 0o644); err != nil {
			t.Fatal(err)
		}
		info := tool(t, dir, "ltsinfo", ltsFile)
		if want := fmt.Sprintf("Number of state labels: %d.", res.States); !strings.Contains(info, want) {
			t.Errorf("ltsinfo:\n%s\nwant %q", info, want)
		}
		tool(t, dir, "ltsconvert", ltsFile, autFile)
		conv, err := os.ReadFile(autFile)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := sortedLines(string(conv)), sortedLines(aut); !slices.Equal(got, want) {
			t.Errorf("ltsconvert gives\n%s\nlps2lts wrote\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestTrace: a trace with its states is a path that tracepp prints with
// the parameter values of every state; read back, it has one transition
// per step and one label per state.
func TestTrace(t *testing.T) {
	_, _, _, src := run(t, plainSpec, false)
	gen := src.Gen
	// The path from the initial state by the first transition each time.
	vec, err := gen.Initial(nil)
	if err != nil {
		t.Fatal(err)
	}
	states := [][]uint32{vec}
	var labels []explore.LabelID
	for range 3 {
		var next []uint32
		var label explore.LabelID
		if err := gen.Successors(states[len(states)-1], func(l explore.LabelID, n []uint32) {
			if next == nil {
				next, label = slices.Clone(n), l
			}
		}); err != nil {
			t.Fatal(err)
		}
		states, labels = append(states, next), append(labels, label)
	}
	var buf bytes.Buffer
	if err := WriteTrace(&buf, src, states, labels); err != nil {
		t.Fatal(err)
	}
	l := readLTS(t, buf.Bytes())
	if len(l.trans) != 3 || len(l.states) != 4 || l.trans[2] != fmt.Sprintf("2 %s 3", actionNames(mustLabel(t, src, labels[2]))) {
		t.Fatalf("trace read back: %v, %d states", l.trans, len(l.states))
	}
	// What tracepp -fstates prints: each state's values, then the action.
	var want strings.Builder
	for i, s := range states {
		want.WriteString("(")
		for j, v := range s {
			if j > 0 {
				want.WriteString(",")
			}
			want.Write(gen.AppendValue(nil, v))
		}
		want.WriteString(")")
		if i < len(labels) {
			fmt.Fprintf(&want, " -%s-> \n", gen.Labels().Text(labels[i]))
		}
	}
	dir := mcrl2Tools(t)
	trc := filepath.Join(t.TempDir(), "x.trc")
	if err := os.WriteFile(trc, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(tool(t, dir, "tracepp", "-fstates", trc)); got != want.String() {
		t.Errorf("tracepp -fstates:\n%s\nwant\n%s", got, want.String())
	}
}

func mustLabel(t *testing.T, src Source, id explore.LabelID) *aterm.Term {
	e := newEncoder(src, aterm.NewWriter(io.Discard))
	l, err := e.label(id)
	if err != nil {
		t.Fatal(err)
	}
	return l
}
