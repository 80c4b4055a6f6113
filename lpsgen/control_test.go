package lpsgen

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/corpus"
	"github.com/lps2lts/lps2lts/internal/exploretest"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/rewrite"
)

const controlLPS = `sort E = struct e1 | e2 | e3;
map  C: E # Bool # Bool # Bool -> Bool;
var  x, y, z: Bool; e: E;
eqn  C(e, x, x, x) = x;
     C(e1, x, y, z) = x;
     C(e2, x, y, z) = y;
     C(e3, x, y, z) = z;
act  a, b, c, d: Nat;
proc P(s: Pos, n: Nat, f: Bool) =
       (s == 1 && n < 3) -> a(n) . P(s = 2, n = n + 1)
     + (s == 2 || s == 3 && f) -> b(n) . P(s = 3, f = !f)
     + sum k: E. C(k, s == 3, s == 1 && !f, false) -> c(n) . P(s = 1)
     + (!(s == 1) && n < 3) -> d(n) . P(s = 1, n = n + 1)
     + (s == 1 && s == 2) -> d(9) . P();
init P(1, 0, false);
`

// TestControlFlowSelection: the values a condition allows for its control
// parameter, and the same LTS with and without selection.
func TestControlFlowSelection(t *testing.T) {
	spec, err := load.Text("control.lps", []byte(controlLPS))
	if err != nil {
		t.Fatal(err)
	}
	g, err := New(spec, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ci := g.control
	if ci == nil || len(ci.params) != 1 || ci.params[0].pos != 0 {
		t.Fatalf("control index %+v", ci)
	}
	// Summands 0 (s == 1), 1 (s in {2, 3}), 2 (s in {3, 1}); 3 is not
	// restricted (a negation); 4 can never hold.
	if !slices.Equal(ci.always(), []int{3}) {
		t.Errorf("unrestricted summands %v", ci.always())
	}
	var one, two, three []int
	for _, slot := range ci.params[0].slots {
		if !slot.used {
			continue
		}
		v, ks := slot.value, slot.summands
		if got := ci.params[0].summands(v); !slices.Equal(got, ks) {
			t.Errorf("value %d: the table's summands %v, its slot's %v", v, got, ks)
		}
		if got := ci.params[0].summands(v + 1<<20); got != nil {
			t.Errorf("value %d, in no condition: summands %v", v+1<<20, got)
		}
		switch g.r.String(rewrite.Term(v)) {
		case "1":
			one = ks
		case "2":
			two = ks
		case "3":
			three = ks
		}
	}
	if !slices.Equal(one, []int{0, 2}) || !slices.Equal(two, []int{1}) || !slices.Equal(three, []int{1, 2}) {
		t.Errorf("s = 1: %v, s = 2: %v, s = 3: %v", one, two, three)
	}
	files, _ := filepath.Glob("../examples/*.lps")
	if dir := corpus.Dir(); dir != "" {
		files = append(files, filepath.Join(dir, "plain", "merc.onebit", "model.lps"))
	}
	specs := []*lps.Spec{spec}
	for _, f := range files {
		if s, err := load.File(f); err == nil && !timedOrStochastic(s) {
			specs = append(specs, s)
		}
	}
	for _, s := range specs {
		with, err1 := New(s, Options{})
		without, err2 := New(s, Options{NoControlFlow: true})
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		r1, aut1 := exploretest.Aut(t, with, explore.Options{MaxStates: 5000})
		r2, aut2 := exploretest.Aut(t, without, explore.Options{MaxStates: 5000})
		if r1 != r2 || aut1 != aut2 {
			t.Errorf("%s: %+v with selection, %+v without", s.File, r1, r2)
		}
	}
}

// TestControlCandidates: the candidates of a state are the unrestricted
// summands and those its control values select, each once, in summand
// order, past 64 summands too (the sets' second word).
func TestControlCandidates(t *testing.T) {
	// 70 summands: s == i for i in 1..69 and one unrestricted; summand
	// k is guarded by s == k+1 (and s == 2 as well for k = 66).
	src := "act a: Nat;\nproc P(s: Pos) =\n"
	for k := range 69 {
		cond := fmt.Sprintf("s == %d", k+1)
		if k == 66 {
			cond += " || s == 2"
		}
		src += fmt.Sprintf("    (%s) -> a(%d) . P(s = %d) +\n", cond, k, (k+1)%69+1)
	}
	src += "    (s > 70) -> a(99) . P(s = 1);\ninit P(1);\n"
	g := controlGen(t, "many.lps", src)
	ci := g.control
	if ci == nil {
		t.Fatal("no control index")
	}
	// The states s = 1, ..., 69, in a cycle from the initial state.
	state, err := g.Initial(nil)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	for range 69 {
		s, err := strconv.Atoi(g.r.String(rewrite.Term(state[0])))
		if err != nil {
			t.Fatal(err)
		}
		seen[s] = true
		var want []int
		for k := range 69 {
			if k+1 == s || k == 66 && s == 2 {
				want = append(want, k)
			}
		}
		want = append(want, 69) // the unrestricted summand
		if got := ci.compute(state); !slices.Equal(got, want) {
			t.Errorf("s = %d: candidates %v, want %v", s, got, want)
		}
		var next []uint32
		if err := g.Successors(state, func(_ explore.LabelID, v []uint32) {
			if next == nil {
				next = slices.Clone(v)
			}
		}); err != nil || next == nil {
			t.Fatalf("s = %d: no successor (%v)", s, err)
		}
		state = next
	}
	if len(seen) != 69 {
		t.Errorf("%d states of s seen, want 69", len(seen))
	}
}

// TestCandidateMemo: the memo of candidates gives every state the list
// the index computes, with the conditions of control parameters alone
// decided, whether it finds the state's control values or not; it finds those seen before; and it stops itself where the values
// are seldom seen again, still giving the computed lists.
func TestCandidateMemo(t *testing.T) {
	src := "act a: Nat;\nproc P(s: Pos, t: Pos) =\n"
	for k := range 69 {
		src += fmt.Sprintf("    (s == %d && t == %d) -> a(%d) . P(s = %d, t = %d) +\n", k+1, k%3+1, k, (k+1)%69+1, (k+1)%3+1)
	}
	src += "    (s > 70) -> a(99) . P(s = 1);\ninit P(1, 1);\n"
	g := controlGen(t, "memo.lps", src)
	ci := g.control
	if ci == nil || len(ci.params) != 2 {
		t.Fatalf("control index %+v, want one of s and t", ci)
	}
	values := []uint32{} // the terms of 1..69
	state, err := g.Initial(nil)
	if err != nil {
		t.Fatal(err)
	}
	for range 69 {
		values = append(values, state[0])
		var next []uint32
		if err := g.Successors(state, func(_ explore.LabelID, v []uint32) { next = slices.Clone(v) }); err != nil || next == nil {
			t.Fatalf("no successor of %v (%v)", state, err)
		}
		state = next
	}
	// The memo's lists have the conditions decided; a memo that has
	// stopped gives the computed list as it is.
	check := func(state []uint32) {
		t.Helper()
		g.bindParams(state)
		computed := slices.Clone(ci.compute(state))
		decided := g.decideByControl(slices.Clone(computed), state)
		if got := g.candidates(state); !slices.Equal(got, decided) && !(ci.memo.off && slices.Equal(got, computed)) {
			t.Fatalf("state %v: candidates %v, computed %v, decided %v", state, got, computed, decided)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3 * candMemoWindow {
		check([]uint32{values[rng.IntN(len(values))], values[rng.IntN(3)]})
	}
	if ci.memo.off {
		t.Fatal("207 combinations, and the memo stopped")
	}
	check([]uint32{values[7], values[1]})
	found := ci.memo.found
	check([]uint32{values[7], values[1]})
	if ci.memo.found != found+1 {
		t.Fatal("a state's control values asked twice, and not found")
	}
	for range 2 * candMemoWindow {
		check([]uint32{values[rng.IntN(len(values))], rng.Uint32()}) // t's values in no condition
	}
	if !ci.memo.off {
		t.Fatal("values never seen again, and the memo still on")
	}
	check([]uint32{values[5], values[2]})
	sameWithoutSelection(t, g)
}

// TestControlBooleanFlags: a Boolean parameter as a condition, or its
// negation, selects summands as p == c does (f allows true, !f false), a
// flag inside a conjunction too; a flag under another function does not;
// and the LTS is the one without selection.
func TestControlBooleanFlags(t *testing.T) {
	g := controlGen(t, "flags.lps", `act a, b, c, d, e: Nat;
map  g: Bool -> Bool;
var  x: Bool;
eqn  g(x) = x;
proc P(f, h: Bool, n: Nat) =
       (f) -> a(n) . P(f = false, n = n + 1)
     + (!f && n < 5) -> b(n) . P(f = true)
     + (h && n > 2) -> c(n) . P(h = false)
     + (g(h)) -> d(n) . P(h = !h)
     + (!h) -> e(n) . P(h = true, n = (n + 1) mod 7);
init P(true, false, 0);
`)
	ci := g.control
	if ci == nil {
		t.Fatal("no control index")
	}
	if !slices.Equal(ci.always(), []int{3}) {
		t.Errorf("unrestricted summands %v, want [3] (g(h))", ci.always())
	}
	got := selection(g)
	want := map[string][]int{"f=true": {0}, "f=false": {1}, "h=true": {2}, "h=false": {4}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("selection %v, want %v", got, want)
	}
	sameWithoutSelection(t, g)
}

// TestControlRecognisers: a recogniser of a sort of constants applied to
// a parameter allows its constructor, negated every other one; the LTS
// is the one without selection.
func TestControlRecognisers(t *testing.T) {
	g := controlGen(t, "recog.lps", `sort S = struct x?is_x | y?is_y | z?is_z;
act  a, b: Nat;
proc P(s: S, n: Nat) =
       (is_x(s) && n < 4) -> a(n) . P(s = y, n = n + 1)
     + (!is_y(s)) -> b(n) . P(s = z)
     + (is_y(s) || is_z(s)) -> a(n) . P(s = x);
init P(x, 0);
`)
	ci := g.control
	if ci == nil || len(ci.always()) != 0 {
		t.Fatalf("control index %+v", ci)
	}
	got := selection(g)
	want := map[string][]int{"s=x": {0, 1}, "s=y": {2}, "s=z": {1, 2}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("selection %v, want %v", got, want)
	}
	sameWithoutSelection(t, g)
}

// TestControlIntersection: a summand restricted by two parameters is a
// candidate only where both have one of its values; a summand restricted
// by one of them is a candidate whatever the other's value.
func TestControlIntersection(t *testing.T) {
	g := controlGen(t, "both.lps", `act a, b, c: Nat;
proc P(f: Bool, s: Pos, n: Nat) =
       (f && s == 2) -> a(n) . P(f = false, n = (n + 1) mod 3)
     + (s == 2) -> b(n) . P(s = 1)
     + (!f) -> c(n) . P(f = true, s = 2);
init P(true, 1, 0);
`)
	st := g.spec.SortTable
	term := func(e lps.Expr) uint32 {
		v, err := g.r.Rewrite(g.r.Translate(e), nil)
		if err != nil {
			t.Fatal(err)
		}
		return uint32(v)
	}
	flag := map[bool]uint32{
		true:  term(&lps.FuncRef{Func: st.Builtin(lps.OpTrue, st.Bool)}),
		false: term(&lps.FuncRef{Func: st.Builtin(lps.OpFalse, st.Bool)}),
	}
	pos := func(n int64) uint32 { return term(&lps.Number{Value: big.NewInt(n), S: st.Pos}) }
	zero := term(&lps.Number{Value: big.NewInt(0), S: st.Nat})
	for _, c := range []struct {
		f    bool
		s    int64
		want []int
	}{
		{true, 2, []int{0, 1}},
		{true, 1, nil},
		{false, 2, []int{1, 2}},
		{false, 1, []int{2}},
	} {
		got := g.control.compute([]uint32{flag[c.f], pos(c.s), zero})
		if !slices.Equal(got, c.want) {
			t.Errorf("f = %v, s = %d: candidates %v, want %v", c.f, c.s, got, c.want)
		}
	}
	sameWithoutSelection(t, g)
}

// controlGen is the generator of the specification src, with summand
// selection.
func controlGen(t *testing.T, name, src string) *Generator {
	t.Helper()
	return newGenerator(t, parseSource(t, name, src), Options{})
}

// selection is g's control index as "parameter=value" → summands.
func selection(g *Generator) map[string][]int {
	got := map[string][]int{}
	for _, cp := range g.control.params {
		for _, sl := range cp.slots {
			if sl.used {
				got[fmt.Sprintf("%s=%s", g.spec.Params[cp.pos].Name, g.r.String(rewrite.Term(sl.value)))] = sl.summands
			}
		}
	}
	return got
}

// sameWithoutSelection wants g's LTS to be the one without summand
// selection.
func sameWithoutSelection(t *testing.T, g *Generator) {
	t.Helper()
	without, err := New(g.spec, Options{NoControlFlow: true})
	if err != nil {
		t.Fatal(err)
	}
	r1, aut1 := exploretest.Aut(t, g, explore.Options{})
	r2, aut2 := exploretest.Aut(t, without, explore.Options{})
	if r1 != r2 || aut1 != aut2 {
		t.Errorf("%+v with selection, %+v without", r1, r2)
	}
}

// TestCandidateMemoSize: the memo's keys take at most candMemoKeyBytes
// however many control parameters a model has (down to 64 keys), a model
// with few keeps candMemoKeys, and a memo given more combinations than
// it keeps starts again and still finds the combination added last.
func TestCandidateMemoSize(t *testing.T) {
	for _, width := range []int{1, 8, 16, 17, 100, 300, 2000} {
		params := make([]controlParam, width)
		for i := range params {
			params[i].pos = i
		}
		m := newCandMemo(&controlIndex{params: params})
		switch n := m.max; {
		case 4*width*n > candMemoKeyBytes && n > 64:
			t.Errorf("width %d: %d keys, %d bytes of them", width, n, 4*width*n)
		case 4*width*2*n <= candMemoKeyBytes && n < candMemoKeys:
			t.Errorf("width %d: %d keys, where twice as many fit", width, n)
		}
		state := make([]uint32, width)
		for k := range 3 * m.max {
			state[k%width] = uint32(k) // a combination not seen before
			if _, ok := m.find(state); ok {
				t.Fatalf("width %d: combination %d found before it was added", width, k)
			}
			m.lookups = 0 // this test is not about stopping
			m.add([]int{k})
			if len(m.lists) > m.max {
				t.Fatalf("width %d: %d lists kept, at most %d", width, len(m.lists), m.max)
			}
			if got, ok := m.find(state); !ok || !slices.Equal(got, []int{k}) {
				t.Fatalf("width %d: combination %d gives %v, %v", width, k, got, ok)
			}
		}
	}
}

// TestCandidateMemoListBytes: a memo of long lists starts again empty
// once they take candMemoListBytes, before it has its most keys, and
// still finds the list added last.
func TestCandidateMemoListBytes(t *testing.T) {
	m := newCandMemo(&controlIndex{params: []controlParam{{pos: 0}}})
	long := make([]int, 1000)
	state := []uint32{0}
	for k := range 2 * candMemoListBytes / (8 * len(long)) {
		state[0] = uint32(k)
		if _, ok := m.find(state); ok {
			t.Fatalf("combination %d found before it was added", k)
		}
		m.lookups = 0 // this test is not about stopping
		long[0] = k
		m.add(long)
		held := 0
		for _, l := range m.lists {
			held += 8 * len(l)
		}
		if held > candMemoListBytes+8*len(long) {
			t.Fatalf("after %d lists the memo holds %d bytes of them", k+1, held)
		}
		if got, ok := m.find(state); !ok || got[0] != k {
			t.Fatalf("combination %d not found after it was added", k)
		}
	}
	if len(m.lists) >= m.max {
		t.Errorf("%d lists kept: the bound of their bytes never started the memo again", len(m.lists))
	}
}
