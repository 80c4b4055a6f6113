package ltsfile

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/aterm"
)

// containerSpecs have state parameters holding sets, bags, finite sets
// and bags, sets of sets, lists of sets and structured values with sets,
// empty and not, each value inside a value of sort Set(S) or Bag(S).
var containerSpecs = map[string]string{
	"items": `sort Item = struct apple | pear;
act x: Set(Item);
proc P(s: Set(Item)) = (s == {}) -> x({apple}) . P(s = {apple});
init P({});
`,
	"mixed": `sort S = struct c(Set(Nat));
act x: Set(Nat) # Bag(Nat) # FSet(Nat) # FBag(Nat);
    y: Set(Set(Nat)) # List(Set(Nat)) # S # Set(Bag(Nat));
proc P(s: Set(Nat), b: Bag(Nat), f: FSet(Nat), g: FBag(Nat), ss: Set(Set(Nat)), l: List(Set(Nat)), v: S, sb: Set(Bag(Nat)), n: Nat) =
    (n < 2) -> x(s, b, f, g) . P(s = !{1} + s, b = {1: 2}, f = {n}, g = {n: 2}, n = n + 1)
  + (n < 2) -> y(ss, l, v, sb) . P(ss = {{}, {n}}, l = [{}, {n}], v = c({n}), sb = {{:}, {n: 1}}, n = n + 1);
init P({}, {:}, {}, {:}, {{}}, [{}], c({}), {{:}}, 0);
`,
	// Functions whose bodies hold set and bag enumerations with a bound
	// variable: they stay enumerations (@fset_insert, @fbag_cinsert).
	"functions": `act x: Set(Nat) # Bag(Nat) # FBag(Nat);
proc P(h: Nat -> Set(Nat), g: Set(Nat) -> Bag(Nat), b: Nat -> Bag(Nat), c: Nat -> FBag(Nat), n: Nat) =
    (n < 2) -> x(h(n), b(n), c(n)) . P(h = h[n -> {}], g = g[{n} -> {n: 2}], b = b[n -> {:}], n = n + 1);
init P(lambda k: Nat. {k, 3}, lambda s: Set(Nat). {:}, lambda k: Nat. {k: 2, 1: k}, lambda k: Nat. {k: k}, 0);
`,
}

// finiteSortOf returns the sort mCRL2 gives an internal constructor of a
// finite set or bag: the sort of {} or {:}, the result sort of
// @fset_cons or @fbag_cons; nil for other terms.
func finiteSortOf(t *aterm.Term) *aterm.Term {
	if t.Sym == nil || t.Sym.Name != "OpIdNoIndex" || len(t.Args) != 2 {
		return nil
	}
	switch t.Args[0].Sym.Name {
	case "{}", "{:}":
		return t.Args[1]
	case "@fset_cons", "@fbag_cons":
		return t.Args[1].Args[1] // SortArrow(domains, codomain)
	}
	return nil
}

// TestFiniteSortsInLTS: the finite part of a set or bag is written with
// mCRL2's sort FSet(S) or FBag(S) (mCRL2's lps2lts writes it so; with
// Set(S), ltscompare finds the LTSs of the same model different).
func TestFiniteSortsInLTS(t *testing.T) {
	for name, spec := range containerSpecs {
		src, _, _, _ := run(t, spec, false)
		l := readLTS(t, src)
		seen := 0
		var walk func(*aterm.Term)
		walk = func(t2 *aterm.Term) {
			if t2 == nil {
				return
			}
			if s := finiteSortOf(t2); s != nil {
				seen++
				if kind := s.Args[0].Sym.Name; s.Sym.Name != "SortCons" || kind != "SortFSet" && kind != "SortFBag" {
					t.Errorf("%s: %s has the sort %s, want FSet or FBag", name, t2.Args[0], s)
				}
			}
			for _, a := range t2.Args {
				walk(a)
			}
		}
		for _, s := range l.states {
			walk(s)
		}
		if seen == 0 {
			t.Errorf("%s: no finite set or bag in the state labels", name)
		}
	}
}

// TestContainerLTSAgainstMCRL2: mCRL2's ltscompare finds our .lts and
// mCRL2's lps2lts's (from the same text, by txt2lps) strongly bisimilar
// with their state labels, and ltsinfo reads ours.
func TestContainerLTSAgainstMCRL2(t *testing.T) {
	dir := mcrl2Tools(t)
	for name, spec := range containerSpecs {
		ours, _, _, _ := run(t, spec, false)
		tmp := t.TempDir()
		txt, lpsFile := filepath.Join(tmp, "m.txt"), filepath.Join(tmp, "m.lps")
		oursFile, theirs := filepath.Join(tmp, "ours.lts"), filepath.Join(tmp, "theirs.lts")
		if err := os.WriteFile(txt, []byte(spec), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(oursFile, ours, 0o644); err != nil {
			t.Fatal(err)
		}
		tool(t, dir, "txt2lps", txt, lpsFile)
		tool(t, dir, "lps2lts", "-q", lpsFile, theirs)
		tool(t, dir, "ltsinfo", oursFile)
		if out := tool(t, dir, "ltscompare", "-ebisim", oursFile, theirs); !strings.HasSuffix(strings.TrimSpace(out), "true") {
			t.Errorf("%s: ltscompare -ebisim ours theirs: %s", name, out)
		}
		// mCRL2 prints the state labels it reads from ours as those it
		// wrote itself.
		ourFSM, theirFSM := filepath.Join(tmp, "ours.fsm"), filepath.Join(tmp, "theirs.fsm")
		tool(t, dir, "ltsconvert", oursFile, ourFSM)
		tool(t, dir, "ltsconvert", theirs, theirFSM)
		if got, want := fsmValues(t, ourFSM), fsmValues(t, theirFSM); !slices.Equal(got, want) {
			t.Errorf("%s: state labels\n%s\nmCRL2's\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// fsmValues returns the parameter lines of an .fsm file (a parameter, its
// sort and the values of the states), each with its values sorted, so
// that two numberings of the states compare equal.
func fsmValues(t *testing.T, file string) []string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(string(b), "\n") {
		if line == "---" {
			break
		}
		name, values, _ := strings.Cut(line, "  ")
		vs := strings.Split(values, "\" \"")
		slices.Sort(vs)
		out = append(out, name+"  "+strings.Join(vs, "|"))
	}
	return out
}
