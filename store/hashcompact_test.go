package store

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/exploretest"
)

// modesAndCycles is exploretest.Modes and cycle mode.
func modesAndCycles() []exploretest.Mode {
	return append(exploretest.Modes[:len(exploretest.Modes):len(exploretest.Modes)], exploretest.Mode{Name: "cycles", Opt: explore.Options{Cycles: true}})
}

// compactGens are the generators the compact stores are compared on: a
// grid of n x m (no cycles) and a torus whose jumps lead to states stored
// long ago.
func compactGens(n, m int) []namedGen {
	return []namedGen{
		{"grid", func() explore.Generator { return exploretest.NewGrid(n, m) }},
		{"torus", func() explore.Generator { return newTorus(23, 17) }},
	}
}

type namedGen struct {
	name string
	gen  func() explore.Generator
}

func TestHashCompactEqualsTable(t *testing.T) {
	modes, gens := modesAndCycles(), compactGens(40, 50)
	for _, g := range gens {
		for _, bits := range []int{32, 40, 64} {
			for _, mode := range modes {
				t.Run(fmt.Sprintf("%s/%d/%s", g.name, bits, mode.Name), func(t *testing.T) {
					s, err := NewHashCompactStore(bits, 1<<16, 0, true)
					if err != nil {
						t.Fatal(err)
					}
					exploretest.SameAsReference(t, g.gen(), mode.Opt, s)
					if p := s.OmissionProbability(); p > 1e-3 {
						t.Errorf("omission estimate %g for 2000 states in 65536 slots", p)
					}
				})
			}
		}
	}
}

// TestCyclesNeedIDs: cycle detection is refused by stores that do not
// number the states they have seen.
func TestCyclesNeedIDs(t *testing.T) {
	hc, _ := NewHashCompactStore(40, 1<<10, 0, false)
	bs, _ := NewBitstateStore(1<<16, 3)
	for _, s := range []explore.Store{hc, bs} {
		_, err := explore.New(newTorus(5, 5), explore.Options{Store: s, Cycles: true}).Run()
		if err == nil || !strings.Contains(err.Error(), "numbers states") {
			t.Errorf("%T: %v", s, err)
		}
	}
}

// TestHashCompactTinyTableOmits: 8-bit compressed values in a small table
// make different states look equal; the search misses states and the
// estimate says an omission is all but certain.
func TestHashCompactTinyTableOmits(t *testing.T) {
	s, err := NewHashCompactStore(8, 2048, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[[2]uint32]bool{}
	rec := &exploretest.Record{}
	x := explore.New(exploretest.NewGrid(40, 50), explore.Options{Store: s})
	x.AddVisitor(rec)
	r, err := x.Run()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range rec.Discovered {
		seen[[2]uint32{v[0], v[1]}] = true
	}
	if len(seen) >= 2000 {
		t.Fatalf("no state omitted: %d distinct of 2000 (%d observed)", len(seen), r.States)
	}
	if p := s.OmissionProbability(); p < 0.99 {
		t.Errorf("omitted %d states, yet estimate %g", 2000-len(seen), p)
	}
	t.Logf("%d of 2000 states found; %s", len(seen), s.Describe())
	// Old states have no id without ids.
	for _, tr := range rec.Transitions {
		if explore.StateID(tr[2]) != explore.NoState && tr[2] >= uint32(r.States) {
			t.Fatalf("bad target %d", tr[2])
		}
	}
}

// TestHashCompactLimitedReplaces: a table smaller than the state space with
// t = 1 replaces slots; the states are explored again, the search still
// finds them all and ends.
func TestHashCompactLimitedReplaces(t *testing.T) {
	s, err := NewHashCompactStore(64, 512, 1, false)
	if err != nil {
		t.Fatal(err)
	}
	rec := &exploretest.Record{}
	x := explore.New(exploretest.NewGrid(20, 20), explore.Options{Store: s, Strategy: explore.Depth})
	x.AddVisitor(rec)
	r, err := x.Run()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[[2]uint32]bool{}
	for _, v := range rec.Discovered {
		seen[[2]uint32{v[0], v[1]}] = true
	}
	if len(seen) != 400 || s.Replaced() == 0 || r.States <= 400 {
		t.Errorf("%d distinct states, %d observed, %d replaced", len(seen), r.States, s.Replaced())
	}
}

// TestHashCompactOmissionFormula checks the estimate against the figures
// quoted by Stern and Dill: 800 million states, 1-limited, 400 MB of 5-byte
// values: 0.07%; 80 million states filling the table, plain scheme:
// below 0.13%.
func TestHashCompactOmissionFormula(t *testing.T) {
	m := 400e6 / 5
	if p := HashCompactOmission(800e6, m, 40, 1); math.Abs(p-0.0007) > 0.0001 {
		t.Errorf("1-limited, 800M states: %g, Stern and Dill say 0.07%%", p)
	}
	if p := HashCompactOmission(80e6, m, 40, m); p > 0.0013 || p < 0.0008 {
		t.Errorf("plain scheme, 80M states: %g, Stern and Dill say < 0.13%%", p)
	}
	if HashCompactOmission(0, m, 40, 3) != 0 {
		t.Error("no states, no omission")
	}
	// One bit more roughly halves the probability.
	a, b := HashCompactOmission(1e6, 2e6, 32, 3), HashCompactOmission(1e6, 2e6, 40, 3)
	if r := a / b; r < 200 || r > 300 {
		t.Errorf("8 more bits divide by %g, want about 256", r)
	}
}

func TestBitstate(t *testing.T) {
	for _, mode := range exploretest.Modes {
		t.Run(mode.Name, func(t *testing.T) {
			s, err := NewBitstateStore(1<<20, 3)
			if err != nil {
				t.Fatal(err)
			}
			opt := mode.Opt
			opt.Store = s
			r, err := explore.New(exploretest.NewGrid(40, 50), opt).Run()
			if err != nil {
				t.Fatal(err)
			}
			want, _ := exploretest.Run(t, exploretest.NewGrid(40, 50), mode.Opt)
			if r.States != want.States || r.Transitions != want.Transitions {
				t.Errorf("bitstate %+v, table %+v", r, want)
			}
			if p := s.OmissionProbability(); p > 1e-3 {
				t.Errorf("estimate %g", p)
			}
		})
	}
	// A tiny array omits states.
	s, _ := NewBitstateStore(64, 1)
	r, err := explore.New(exploretest.NewGrid(40, 50), explore.Options{Store: s}).Run()
	if err != nil {
		t.Fatal(err)
	}
	if r.States >= 2000 || s.OmissionProbability() < 0.99 {
		t.Errorf("tiny bit array: %d states, estimate %g", r.States, s.OmissionProbability())
	}
	if _, err := explore.New(exploretest.NewGrid(3, 3), explore.Options{Store: s, Cycles: true}).Run(); err == nil {
		t.Error("cycle mode accepted with a store without states")
	}
}

// TestHashCompactFullTable: a table sized to exactly the number of states
// (rounded up to a prime) holds them all, at 40 bits in 5 bytes per
// state: the probe sequence of a prime-sized table visits every slot.
func TestHashCompactFullTable(t *testing.T) {
	s, err := NewHashCompactStore(40, 10000, 0, false)
	if err != nil {
		t.Fatal(err)
	}
	r, err := explore.New(exploretest.NewGrid(100, 100), explore.Options{Store: s}).Run()
	if err != nil {
		t.Fatal(err)
	}
	if r.States != 10000 || s.Slots() != 10007 {
		t.Fatalf("%d states in %d slots, want 10000 in 10007", r.States, s.Slots())
	}
	if b := float64(s.Bytes()) / float64(r.States); b > 5.01 {
		t.Errorf("%.3f bytes/state", b)
	}
}

func TestPrimes(t *testing.T) {
	const n = 5000
	composite := make([]bool, n+1)
	for i := 2; i*i <= n; i++ {
		for j := i * i; j <= n; j += i {
			composite[j] = true
		}
	}
	for i := uint64(0); i < n-100; i++ {
		up, down := PrimeAtLeast(i), PrimeAtMost(i)
		if up < max(i, 2) || composite[up] {
			t.Fatalf("PrimeAtLeast(%d) = %d", i, up)
		}
		for j := max(i, 2); j < up; j++ {
			if !composite[j] {
				t.Fatalf("PrimeAtLeast(%d) = %d skips %d", i, up, j)
			}
		}
		if i < 2 {
			if down != 0 {
				t.Fatalf("PrimeAtMost(%d) = %d", i, down)
			}
			continue
		}
		if down > i || composite[down] {
			t.Fatalf("PrimeAtMost(%d) = %d", i, down)
		}
		for j := down + 1; j <= i; j++ {
			if !composite[j] {
				t.Fatalf("PrimeAtMost(%d) = %d skips %d", i, down, j)
			}
		}
	}
}
