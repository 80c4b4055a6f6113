package stochastic

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/store"
)

// distRecorder prints the probabilistic events in a compact form:
// "init 0 1/4 1 3/4" and "0 -a-> 1 1/2 2 1/2" (every probability shown).
type distRecorder struct {
	explore.NopVisitor
	labels *explore.Labels
	probs  *Probabilities
	lines  []string
}

func (r *distRecorder) dist(to []explore.StateID, probs []explore.ProbabilityID) string {
	var b strings.Builder
	for k, s := range to {
		if k > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d %s", s, r.probs.Text(probs[k]))
	}
	return b.String()
}

func (r *distRecorder) InitialDistribution(to []explore.StateID, probs []explore.ProbabilityID) {
	r.lines = append(r.lines, "init "+r.dist(to, probs))
}

func (r *distRecorder) ExamineStochasticTransition(from explore.StateID, label explore.LabelID, to []explore.StateID, probs []explore.ProbabilityID) {
	r.lines = append(r.lines, fmt.Sprintf("%d -%s-> %s", from, r.labels.Text(label), r.dist(to, probs)))
}

func exploreDist(t *testing.T, src string, opt Options, xopt explore.Options) ([]string, explore.Result, error) {
	return exploreDistStore(t, src, opt, xopt, nil)
}

// exploreDistStore is exploreDist with the store mkStore makes for the
// generator (nil: the default table).
func exploreDistStore(t *testing.T, src string, opt Options, xopt explore.Options, mkStore func(explore.Generator) explore.Store) ([]string, explore.Result, error) {
	t.Helper()
	spec, err := load.Text("test.lps", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	base, err := lpsgen.New(spec, lpsgen.Options{})
	if err != nil {
		return nil, explore.Result{}, err
	}
	g, err := New(base, opt)
	if err != nil {
		return nil, explore.Result{}, err
	}
	xopt.Store = store.NewTableStore(g.Width())
	if mkStore != nil {
		xopt.Store = mkStore(g)
	}
	x := explore.New(g, xopt)
	rec := &distRecorder{labels: g.Labels(), probs: g.Probabilities()}
	x.AddVisitor(rec)
	res, err := x.Run()
	return rec.lines, res, err
}

func TestStochasticExploration(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string
		states    int
	}{
		{
			// Zero probabilities are dropped; the initial distribution
			// gives ids to its states first.
			name: "zero entries",
			src: `sort D = struct d0 | d1 | d2 | d3;
act a: Nat;
proc P(n: Nat, d: D) = (n < 2) -> a(n) . dist m: D[if(m == d0, 0, if(m == d1, 1 / 4, if(m == d2, 3 / 4, 0)))] . P(n = n + 1, d = m)
	+ delta;
init dist b: Bool[if(b, 1, 0)] . P(if(b, 0, 7), d0);`,
			want: []string{
				"init 0 1/1",
				"0 -a(0)-> 1 1/4 2 3/4",
				"1 -a(1)-> 3 1/4 4 3/4",
				"2 -a(1)-> 3 1/4 4 3/4",
			},
			states: 5,
		},
		{
			// A distribution over Nat whose support depends on a sum
			// variable, the shape of mCRL2's example sultan_of_persia
			// (which stopped at its 21st state): the support is
			// enumerated for each solution of e. mCRL2 gives the same
			// 6 states and 9 transitions.
			name: "support under a sum variable",
			src: `act a: Nat;
proc P(s: Pos, c: Nat) =
       sum e: Bool. (s == 1) -> a(c) . dist n4: Nat[if(e, if(n4 < 3, 1 / 3, 0), if(n4 < 2, 1 / 2, 0))] . P(s = 2, c = n4)
     + (s == 2) -> a(c) . P(s = 1, c = c)
     + delta;
init P(1, 0);`,
			want: []string{
				"init 0 1/1",
				"0 -a(0)-> 1 1/3 2 1/3 3 1/3",
				"0 -a(0)-> 1 1/2 2 1/2",
				"1 -a(0)-> 0 1/1",
				"2 -a(1)-> 4 1/1",
				"3 -a(2)-> 5 1/1",
				"4 -a(1)-> 1 1/3 2 1/3 3 1/3",
				"4 -a(1)-> 1 1/2 2 1/2",
				"5 -a(2)-> 1 1/3 2 1/3 3 1/3",
				"5 -a(2)-> 1 1/2 2 1/2",
			},
			states: 6,
		},
		{
			// Equal states in one distribution are not merged (as in
			// mCRL2's .aut); enumeration order is true before false.
			name: "equal targets",
			src: `act flip: Bool;
proc P(b: Bool, k: Nat) = (k == 0) -> flip(b) . dist c: Bool, d: Bool[if(c, 1 / 8, 3 / 8)] . P(b = c, k = 1)
	+ delta;
init dist b: Bool[if(b, 1 / 3, 2 / 3)] . P(b, 0);`,
			want: []string{
				"init 0 1/3 1 2/3",
				"0 -flip(true)-> 2 1/8 2 1/8 3 3/8 3 3/8",
				"1 -flip(false)-> 2 1/8 2 1/8 3 3/8 3 3/8",
			},
			states: 4,
		},
		{
			// A variable of an infinite sort ranges over the values
			// whose probability is not 0, in the state at hand.
			name: "infinite sort",
			src: `act a: Nat;
proc P(n: Nat) = (n < 5) -> a(n) . dist m: Nat[if(n < m && m < n + 3, 1 / 2, 0)] . P(n = m) + delta;
init dist k: Nat[if(k < 2, 1 / 2, 0)] . P(k);`,
			want: []string{
				"init 0 1/2 1 1/2",
				"0 -a(0)-> 1 1/2 2 1/2",
				"1 -a(1)-> 2 1/2 3 1/2",
				"2 -a(2)-> 3 1/2 4 1/2",
				"3 -a(3)-> 4 1/2 5 1/2",
				"4 -a(4)-> 5 1/2 6 1/2",
			},
			states: 7,
		},
		{
			// A timed stochastic process: states carry the time stamp
			// (0 initially), a time tag must be later than it and is
			// printed in the label; untimed summands keep the stamp.
			name: "timed",
			src: `act a: Nat; b;
proc P(n: Nat) = (n < 2) -> a(n) @ (n + 1) . dist m: Bool[1 / 2] . P(n = if(m, n + 1, n + 2))
	+ (n == 2) -> b . P(n = 3)
	+ delta;
init dist k: Bool[1 / 2] . P(if(k, 0, 1));`,
			want: []string{
				"init 0 1/2 1 1/2",
				"0 -a(0) @ 1-> 2 1/2 3 1/2",
				"1 -a(1) @ 2-> 4 1/2 5 1/2",
				"2 -a(1) @ 2-> 4 1/2 5 1/2",
				"3 -b-> 6 1/1",
				"4 -b-> 5 1/1",
			},
			// P(3) at time 2 is reached from P(1) at 0 and at 1, and
			// from P(2) at 2: one state; P(3) at 1 is another.
			states: 7,
		},
		{
			// Summands without dist lead to one state with probability 1.
			name: "dirac",
			src: `act a;
proc P(n: Nat) = (n < 2) -> a . P(n = n + 1) + delta;
init dist b: Bool[1 / 2] . P(0);`,
			want: []string{
				"init 0 1/2 0 1/2",
				"0 -a-> 1 1/1",
				"1 -a-> 2 1/1",
			},
			states: 3,
		},
	}
	for _, c := range cases {
		for _, opt := range []explore.Options{{}, {Strategy: explore.Depth}, {Cycles: true}} {
			t.Run(c.name+"/"+opt.Strategy.String(), func(t *testing.T) {
				got, res, err := exploreDist(t, c.src, Options{}, opt)
				if err != nil {
					t.Fatal(err)
				}
				if res.States != c.states || res.Transitions != uint64(len(c.want)-1) {
					t.Errorf("%d states, %d transitions; want %d, %d", res.States, res.Transitions, c.states, len(c.want)-1)
				}
				if opt.Strategy == explore.Breadth && !opt.Cycles && strings.Join(got, "\n") != strings.Join(c.want, "\n") {
					t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(c.want, "\n"))
				}
				if opt.Cycles {
					return
				}
				// ComBack without a cache or held states rebuilds every
				// state it expands by replaying steps from a root, the
				// initial distribution's states among them: the same
				// events as the table store.
				comback, _, err := exploreDistStore(t, c.src, Options{}, opt, func(g explore.Generator) explore.Store {
					return store.NewComBackStore(g, store.ComBackOptions{NoHeld: true})
				})
				if err != nil {
					t.Fatal(err)
				}
				if strings.Join(comback, "\n") != strings.Join(got, "\n") {
					t.Errorf("ComBack store:\n%s\ntable store:\n%s", strings.Join(comback, "\n"), strings.Join(got, "\n"))
				}
			})
		}
	}
}

func TestStochasticErrors(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{
			name: "sum below one",
			src: `act a;
proc P(n: Nat) = (n < 2) -> a . dist b: Bool[if(b, 1 / 2, 1 / 3)] . P(n = n + 1) + delta;
init P(0);`,
			want: "summand 1: the probabilities [1/2, 1/3] do not add up to one, but to 5/6",
		},
		{
			name: "greater than one",
			src: `act a;
proc P(n: Nat) = (n < 2) -> a . dist b: Bool[if(b, 3 / 2, -1 / 2)] . P(n = n + 1) + delta;
init P(0);`,
			want: "summand 1: probability is greater than one: 3 / 2",
		},
		{
			name: "negative",
			src: `act a;
proc P(n: Nat) = (n < 2) -> a . P(n = n + 1) + delta;
init dist b: Bool[if(b, -1, 2)] . P(0);`,
			want: "initial state: probability is smaller than zero: -1",
		},
		{
			name: "all zero",
			src: `act a;
proc P(n: Nat) = a . dist b: Bool[0] . P(n = n + 1);
init P(0);`,
			want: "the distribution is empty",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := exploreDist(t, c.src, Options{}, explore.Options{})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got error %v, want one containing %q", err, c.want)
			}
		})
	}
}

// TestNoProbabilityChecking: with the check off, a distribution that does
// not add up to one is explored as it is.
func TestNoProbabilityChecking(t *testing.T) {
	src := `act a;
proc P(n: Nat) = (n < 1) -> a . dist b: Bool[if(b, 1 / 2, 1 / 3)] . P(n = if(b, 1, 2)) + delta;
init P(0);`
	got, _, err := exploreDist(t, src, Options{NoProbabilityCheck: true}, explore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if want := "0 -a-> 1 1/2 2 1/3"; len(got) != 2 || got[1] != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
