package confluence

import (
	"sort"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/exploretest"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/visitor"
)

// confluentRun explores the LPS text with confluence reduction for action
// name and returns the result and the .aut text.
func confluentRun(t *testing.T, src, name string, opt explore.Options, vs ...explore.Visitor) (explore.Result, string, *Generator) {
	t.Helper()
	spec, err := load.Text("confluence.lps", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	g, err := lpsgen.New(spec, lpsgen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c, err := New(g, name)
	if err != nil {
		t.Fatal(err)
	}
	r, out := exploretest.Aut(t, c, opt, vs...)
	return r, out, c
}

// printedState prints a state vector with the generator's printer.
func printedState(c *Generator, v []uint32) string {
	var parts []string
	for _, x := range v {
		parts = append(parts, string(c.AppendValue(nil, x)))
	}
	return strings.Join(parts, ",")
}

// A diamond of confluent steps: (F,F) -ctau-> (T,F), (F,T) -ctau-> (T,T).
// Regular a is enabled everywhere and b only in the corner (T,T); the
// reduced LTS is the corner alone.
const diamondLPS = `act ctau, a, b;
proc P(x: Bool, y: Bool) =
       (!x) -> ctau . P(x = true)
     + (!y) -> ctau . P(y = true)
     + a . P(x = false, y = false)
     + (x && y) -> b . P()
     + delta;
init P(false, false);
`

func TestConfluenceDiamondCollapses(t *testing.T) {
	for _, opt := range []explore.Options{{Strategy: explore.Breadth}, {Strategy: explore.Depth}, {Cycles: true}} {
		r, aut, c := confluentRun(t, diamondLPS, "ctau", opt)
		if r.States != 1 || r.Transitions != 2 {
			t.Fatalf("%v: %d states, %d transitions:\n%s", opt, r.States, r.Transitions, aut)
		}
		if !strings.Contains(aut, `(0,"a",0)`) || !strings.Contains(aut, `(0,"b",0)`) || strings.Contains(aut, "ctau") {
			t.Errorf("aut:\n%s", aut)
		}
		init, err := c.Initial(nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := printedState(c, init); got != "true,true" {
			t.Errorf("representative of the initial state %s, want true,true", got)
		}
	}
	// Without reduction the diamond is there, with its ctau steps.
	spec, err := load.Text("d.lps", []byte(diamondLPS))
	if err != nil {
		t.Fatal(err)
	}
	g, err := lpsgen.New(spec, lpsgen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := exploretest.Run(t, g, explore.Options{}); r.States != 4 || r.Transitions != 4+4+1 {
		t.Errorf("unreduced: %d states, %d transitions", r.States, r.Transitions)
	}
}

// A confluent τ-cycle 8 -> 9 -> 10 -> 8 (a non-trivial terminal component):
// the search terminates and picks 8 — the least under the fixed order
// (printed values, shorter first), whichever state it starts from and
// whatever order the values' terms were created in.
const cycleLPS = `act ctau; a: Nat;
proc P(n: Nat) =
       (n < 10) -> ctau . P(n = n + 1)
     + (n == 10) -> ctau . P(n = 8)
     + a(n) . P()
     + delta;
init P(%d);
`

func TestConfluenceTauCycleTerminates(t *testing.T) {
	for _, start := range []string{"8", "9", "10"} {
		src := strings.Replace(cycleLPS, "%d", start, 1)
		r, aut, c := confluentRun(t, src, "ctau", explore.Options{})
		if r.States != 1 || r.Transitions != 1 || !strings.Contains(aut, `(0,"a(8)",0)`) {
			t.Errorf("init %s: %d states, %d transitions:\n%s", start, r.States, r.Transitions, aut)
		}
		if st := c.Stats(); st.Searches != 2 || st.Visited != 6 {
			t.Errorf("init %s: stats %+v, want 2 searches over the 3-cycle", start, st)
		}
	}
}

// A confluent chain of 10^6 steps: the iterative finder needs heap, not
// goroutine stack.
func TestConfluenceDeepChain(t *testing.T) {
	if testing.Short() {
		t.Skip("10^6 rewriting steps")
	}
	const src = `act ctau, done;
proc P(n: Nat) =
       (n < 1000000) -> ctau . P(n = n + 1)
     + (n == 1000000) -> done . P()
     + delta;
init P(0);
`
	r, aut, c := confluentRun(t, src, "ctau", explore.Options{})
	if r.States != 1 || r.Transitions != 1 || !strings.Contains(aut, `(0,"done",0)`) {
		t.Fatalf("%d states, %d transitions:\n%s", r.States, r.Transitions, aut)
	}
	if st := c.Stats(); st.Visited != 1000001+1 {
		t.Errorf("stats %+v", st)
	}
}

// Which summands are confluent: the single action NAME with any arguments;
// for NAME tau the empty multi-action; never a multi-action of two.
func TestConfluentSummandSelection(t *testing.T) {
	const src = `act ctau: Nat; a, b;
proc P(n: Nat) =
       (n < 2) -> ctau(n) . P(n = n + 1)
     + (n < 2) -> ctau(n) | a . P(n = n + 1)
     + (n == 2) -> tau . P(n = 3)
     + b . P()
     + delta;
init P(0);
`
	// ctau: 0 and 1 fold into 2 (so ctau|a, enabled at 0 and 1 only, is
	// never taken); tau leads on to 3.
	r, aut, c := confluentRun(t, src, "ctau", explore.Options{})
	if c.ConfluentSummands() != 1 {
		t.Errorf("%d confluent summands, want 1", c.ConfluentSummands())
	}
	labels := autLabels(aut)
	if r.States != 2 || strings.Join(labels, " ") != "b tau" {
		t.Errorf("ctau: %d states, labels %v:\n%s", r.States, labels, aut)
	}
	// tau: state 2 folds into 3; ctau(n) and ctau|a are regular.
	r, aut, c = confluentRun(t, src, "tau", explore.Options{})
	if c.ConfluentSummands() != 1 {
		t.Errorf("%d confluent summands, want 1", c.ConfluentSummands())
	}
	labels = autLabels(aut)
	if r.States != 3 || strings.Join(labels, " ") != "a|ctau(0) a|ctau(1) b ctau(0) ctau(1)" {
		t.Errorf("tau: %d states, labels %v:\n%s", r.States, labels, aut)
	}
	// An action nobody uses: no reduction at all.
	r, _, c = confluentRun(t, src, "nothing", explore.Options{})
	if c.ConfluentSummands() != 0 || r.States != 4 {
		t.Errorf("nothing: %d confluent summands, %d states", c.ConfluentSummands(), r.States)
	}
}

// autLabels lists the distinct labels of an .aut text, sorted.
func autLabels(aut string) []string {
	seen := map[string]bool{}
	for _, l := range strings.Split(aut, "\n")[1:] {
		if i := strings.IndexByte(l, '"'); i >= 0 {
			seen[l[i+1:strings.LastIndexByte(l, '"')]] = true
		}
	}
	var out []string
	for l := range seen {
		out = append(out, l)
	}
	sort.Strings(out)
	return out
}

// Detectors see the reduced LTS: the deadlock of the corner is found, and
// the same figures come out of every strategy.
func TestConfluenceStrategiesAndDetectors(t *testing.T) {
	const src = `act ctau, a, b;
proc P(x: Bool, y: Bool, n: Nat) =
       (!x) -> ctau . P(x = true)
     + (!y) -> ctau . P(y = true)
     + (n < 3) -> a . P(x = false, y = false, n = n + 1)
     + (x && y && n < 3) -> b . P(n = n + 2)
     + delta;
init P(false, false, 0);
`
	// Representatives (T,T,n): n = 0..4; 3 and 4 are deadlocks.
	for _, opt := range []explore.Options{{Strategy: explore.Breadth}, {Strategy: explore.Depth}, {Cycles: true}, {Strategy: explore.Highway, TodoMax: 100, Seed: 1}} {
		var sb strings.Builder
		d := &visitor.DeadlockDetector{Reporter: &visitor.Reporter{Out: &sb}}
		r, aut, _ := confluentRun(t, src, "ctau", opt, d)
		if r.States != 5 || r.Transitions != 6 {
			t.Errorf("%v: %d states, %d transitions:\n%s", opt, r.States, r.Transitions, aut)
		}
		if n := strings.Count(sb.String(), "eadlock"); n != 2 {
			t.Errorf("%v: %d deadlocks reported:\n%s", opt, n, sb.String())
		}
	}
}

// Timed and stochastic processes are refused with a message naming the
// summand.
func TestConfluenceRefusesTimeAndDistributions(t *testing.T) {
	for _, tc := range []struct {
		mutate func(*lps.Spec)
		msg    string
	}{
		{func(s *lps.Spec) { s.Summands[0].Time = s.Summands[0].Cond }, "summand 1 has a time tag (@): confluence reduction (-c) is not supported for timed specifications"},
		{func(s *lps.Spec) { s.Summands[1].Dist = &lps.Distribution{} }, "summand 2 has a distribution (dist): confluence reduction (-c) is not supported for stochastic"},
		{func(s *lps.Spec) { s.InitDist = &lps.Distribution{} }, "initial state has a distribution"},
	} {
		spec, err := load.Text("confluence.lps", []byte(diamondLPS))
		if err != nil {
			t.Fatal(err)
		}
		g, err := lpsgen.New(spec, lpsgen.Options{})
		if err != nil {
			t.Fatal(err)
		}
		tc.mutate(spec) // after construction: the generator itself may accept it
		if _, err := New(g, "ctau"); err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("got %v, want %q", err, tc.msg)
		}
	}
}

// bufferLPS has sum variables in its regular summands and confluent ctau
// steps.
const bufferLPS = `sort D = struct d1 | d2 | d3;
act  ctau; put, get: D;
proc P(b: List(D), n: Nat) =
       sum d: D. (#b < 3) -> put(d) . P(b = b <| d, n = 0)
     + (#b > 0) -> get(head(b)) . P(b = tail(b))
     + (n < 2) -> ctau . P(n = n + 1)
     + delta;
init P([], 0);
`

// TestNoKeysUnasked: transition keys cost a copy per transition, so they
// are computed only for a store that asks for them (the ComBack store's
// tests check the keys themselves).
func TestNoKeysUnasked(t *testing.T) {
	if _, _, c := confluentRun(t, bufferLPS, "ctau", explore.Options{}); c.keys || len(c.bufNames) != 0 {
		t.Errorf("keys recorded without ComBack: %v, %d", c.keys, len(c.bufNames))
	}
}
