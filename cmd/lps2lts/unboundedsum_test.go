package main

import (
	"bufio"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Sums over recursive sorts (lists, a structured sort that contains
// itself), against what mCRL2's lps2lts writes: testdata/unboundedsum
// holds the models (linearised by mCRL2's mcrl22lps) and mCRL2's .aut
// files, see its README.

const unboundedDir = "testdata/unboundedsum"

// autTransitions returns the header and the transition lines of an .aut
// file (gzip-compressed when its name ends in .gz).
func autTransitions(t *testing.T, path string) (header string, lines []string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		r = z
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "des") {
			header = strings.Join(strings.Fields(line), "")
			continue
		}
		lines = append(lines, line)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return header, lines
}

// exploreTestdata runs lps2lts on a model of testdata/unboundedsum and
// returns its .aut.
func exploreTestdata(t *testing.T, model string, args ...string) (header string, lines []string) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out.aut")
	args = append(append([]string{"-q"}, args...), filepath.Join(unboundedDir, model), out)
	if code, _, stderr := lps2ltsLPS(args...); code != 0 {
		t.Fatalf("lps2lts %v: exit %d: %s", args, code, stderr)
	}
	return autTransitions(t, out)
}

// TestUnboundedSumPrefix: a sum that no conjunct of its condition bounds
// has infinitely many solutions; mCRL2 enumerates them breadth-first and
// for ever, even with -l, writing transitions as it goes. With -l N we
// write the transitions mCRL2 writes first, in its order, up to the one
// that discovers the N-th state, and stop there without an error.
// listbool is a list of Bools (l != [true]), listall a structured sort
// with a constant, a Bool, a list and itself as arguments, garage
// mCRL2's industrial/garage (sum over List(Instruction), valid(l)).
func TestUnboundedSumPrefix(t *testing.T) {
	for _, c := range []struct {
		model, ref string
		max        int
	}{
		{"listbool.lps", "listbool-l30.aut", 30},
		{"listall.lps", "listall-l20.aut", 20},
		{"garage.lps", "garage-l1000.aut.gz", 1000},
	} {
		t.Run(c.model, func(t *testing.T) {
			header, got := exploreTestdata(t, c.model, "-l"+strconv.Itoa(c.max))
			_, want := autTransitions(t, filepath.Join(unboundedDir, c.ref))
			wantHeader := "des(0," + strconv.Itoa(len(want)) + "," + strconv.Itoa(c.max) + ")"
			if header != wantHeader {
				t.Errorf("header %s, want %s", header, wantHeader)
			}
			for i := range min(len(got), len(want)) {
				if got[i] != want[i] {
					t.Fatalf("transition %d: %s; mCRL2 writes %s", i+1, got[i], want[i])
				}
			}
			if len(got) != len(want) {
				t.Errorf("%d transitions; mCRL2 writes %d before the %d-th state", len(got), len(want), c.max)
			}
		})
	}
}

// TestBoundedListSum: sums over lists that the conjuncts bound (#l < 3,
// #m <= n) give mCRL2's LTS. The transitions of each state are compared
// as a set: mCRL2 writes state 0's lists of one length with false before
// true here ([false] before [true]), and true first when the model does
// not mention [false]; we always take true first (see
// rewrite/solvebfs.go).
func TestBoundedListSum(t *testing.T) {
	header, got := exploreTestdata(t, "listshort.lps")
	wantHeader, want := autTransitions(t, filepath.Join(unboundedDir, "listshort.aut"))
	slices.Sort(got)
	slices.Sort(want)
	if header != wantHeader || !slices.Equal(got, want) {
		t.Errorf("got %s\n%s\nmCRL2: %s\n%s", header, strings.Join(got, "\n"), wantHeader, strings.Join(want, "\n"))
	}
}

// TestWideStateWithLimit: a state whose bounded sum has more transitions
// than -l leaves states gets all of them, as in mCRL2, which checks the
// limit between states only.
func TestWideStateWithLimit(t *testing.T) {
	header, got := exploreTestdata(t, "wide.lps", "-l10")
	wantHeader, want := autTransitions(t, filepath.Join(unboundedDir, "wide-l10.aut"))
	if header != wantHeader || !slices.Equal(got, want) {
		t.Errorf("got %s\n%s\nmCRL2: %s\n%s", header, strings.Join(got, "\n"), wantHeader, strings.Join(want, "\n"))
	}
}

// TestUnboundedSumWithoutLimit: without -l an unbounded sum is given up
// at the enumeration bound with an error that names the variable no
// conjunct bounds (mCRL2 runs for ever); the transitions found so far are
// in the output.
func TestUnboundedSumWithoutLimit(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.aut")
	code, _, stderr := lps2ltsLPS("-q", "--enum-limit=20000", filepath.Join(unboundedDir, "listbool.lps"), out)
	if code == 0 || !strings.Contains(stderr, "the sum is probably infinite: no conjunct of the condition bounds l_P") || !strings.Contains(stderr, "--enum-limit") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	_, got := autTransitions(t, out)
	_, want := autTransitions(t, filepath.Join(unboundedDir, "listbool-l30.aut"))
	if len(got) < len(want) || !slices.Equal(got[:len(want)], want) {
		t.Errorf("the output does not start with mCRL2's first %d transitions: %v", len(want), got[:min(len(got), len(want))])
	}
}

// TestGarageFirst100000States: mCRL2's industrial/garage with -l100000
// ends without an error, with 100,000 states (all discovered from state
// 0, whose sum over List(Instruction) is infinite).
func TestGarageFirst100000States(t *testing.T) {
	if testing.Short() {
		t.Skip("100,000 states: a few seconds")
	}
	code, _, stderr := lps2ltsLPS("-l100000", filepath.Join(unboundedDir, "garage.lps"))
	if code != 0 || !strings.Contains(stderr, "100000 states") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}

// TestStateLimitKeepsFiniteListSums: a sum over lists whose condition is
// a mapping (ok(l), which unfolds to #l < 2 on the tail) looks unbounded
// to the cut but is finite; a state limit reached inside its expansion
// must not drop its transitions: all seven, and the eight states, as
// mCRL2 writes them, with one thread and with two.
func TestStateLimitKeepsFiniteListSums(t *testing.T) {
	_, want := autTransitions(t, filepath.Join(unboundedDir, "listfinite-l3.aut"))
	for _, threads := range []string{"--threads=1", "--threads=2"} {
		header, got := exploreTestdata(t, "listfinite.lps", "-l3", threads)
		if header != "des(0,7,8)" || !slices.Equal(got, want) {
			t.Errorf("%s: got %s\n%s\nmCRL2: des(0,7,8)\n%s", threads, header, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestGarageR3LimitThreads: mCRL2's garage-r3 with -l5000 reaches the
// limit inside the expansion of a state (3441) whose sum over
// List(Instruction) is finite there; mCRL2 writes des (0,173409,5001).
// One thread and two write that LTS, byte for byte the same.
func TestGarageR3LimitThreads(t *testing.T) {
	if testing.Short() {
		t.Skip("5,000 garage states twice: a few seconds")
	}
	model := pipelineModel(t, "ex.industrial.garage.garage-r3")
	runs := oneAndTwoThreads(t, t.TempDir(), "garage", "-q", "-l5000", model)
	for i, r := range runs {
		if header, _ := autTransitions(t, r.out); header != "des(0,173409,5001)" {
			t.Errorf("--threads=%d: %s, mCRL2 writes des(0,173409,5001)", i+1, header)
		}
	}
	if runs[0].aut != runs[1].aut {
		t.Error("two threads wrote another .aut than one")
	}
}

// TestThreadsCutLikeOneThread: the state limit is reached inside the
// expansion of P(200), in a level of 200 states that the threads compute
// in blocks; its sum over lists is infinite. One thread cuts it at the
// limit; a fork does not cut and fails at the enumeration bound, so the
// search computes P(200) again on one thread: the same .aut, no error.
func TestThreadsCutLikeOneThread(t *testing.T) {
	src := `act  b: Nat;
     a: List(Bool);
proc P(s: Nat, m: List(Bool)) =
       sum k: Nat. (s == 0 && k < 200) -> b(k) . P(s = k + 1, m = [])
     + (0 < s && s < 200) -> b(s) . P(s = s + 1000, m = [])
     + sum l: List(Bool). (s == 200 && !(l == [true])) -> a(l) . P(s = 2000, m = l);
init P(0, []);
`
	dir, in := writeModel(t, src)
	runs := oneAndTwoThreads(t, dir, "cut", "-q", "-l500", "--enum-limit=100000", in)
	if first, _, _ := strings.Cut(runs[0].aut, "\n"); strings.TrimSpace(first) != "des (0,499,500)" {
		t.Errorf("one thread: %q, want des (0,499,500)", first)
	}
	if runs[0].aut != runs[1].aut {
		t.Error("two threads wrote another .aut than one")
	}
}

// TestStateLimitKeepsFiniteNumberSums: a state limit reached inside an
// expansion cuts only breadth-first sums (recursive sorts); a sum of
// numbers bounded through a mapping (i + 1 < N, N = 5), which the
// conjuncts do not bound visibly, still gives all its transitions, as in
// mCRL2 (its limit is checked between states).
func TestStateLimitKeepsFiniteNumberSums(t *testing.T) {
	src := `map  N: Nat;
eqn  N  =  5;
act  a: Nat;
proc P(n: Nat) =
       sum i: Nat.
         (i + 1 < N) ->
         a(i) .
         P(n = i + 10 * n + 1);
init P(0);
`
	dir, in := writeModel(t, src)
	out := filepath.Join(dir, "out.aut")
	code, _, stderr := lps2ltsLPS("-l2", in, out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	aut, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if first, _, _ := strings.Cut(string(aut), "\n"); strings.TrimSpace(first) != "des (0,4,5)" {
		t.Errorf("header %q, want des (0,4,5): the state at the limit gives all four transitions", first)
	}
}
