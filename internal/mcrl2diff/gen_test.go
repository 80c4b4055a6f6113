package mcrl2diff

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/lps/load"
)

// The generator is deterministic for a seed (the default run must be the
// same every time), writes closed expressions, and covers every sort.
func TestGeneratorDeterministicClosedEverySort(t *testing.T) {
	g, h := NewGen(3), NewGen(3)
	sorts := map[string]bool{}
	for range 500 {
		a, b := g.Top(3), h.Top(3)
		if a.String() != b.String() {
			t.Fatalf("same seed, different expressions:\n%s\n%s", a, b)
		}
		if !a.closed() {
			t.Fatalf("open expression: %s", a)
		}
		sorts[a.Sort.String()] = true
	}
	for _, s := range TopSorts {
		if !sorts[s.String()] {
			t.Errorf("no expression of sort %s in 500", s)
		}
	}
}

// A model holds one summand per expression, its action of the
// expression's sort, and our parser reads it.
func TestModelParses(t *testing.T) {
	g := NewGen(1)
	exprs := []*Node{
		g.call(basic(Nat), "max", "", g.atom(basic(Pos), "2", ""), g.atom(basic(Nat), "0", "")),
		g.prefix(of(Set, basic(Nat)), "!", "complement", g.atom(of(Set, basic(Nat)), "{1}", "")),
		g.lambda(fn(basic(Bool), basic(Int)), 0),
	}
	spec, err := load.Text("m.lps", []byte(Model(exprs)))
	if err != nil {
		t.Fatalf("%v\n%s", err, Model(exprs))
	}
	if len(spec.Summands) != len(exprs) {
		t.Fatalf("%d summands for %d expressions", len(spec.Summands), len(exprs))
	}
}

// echo is a tool that labels each summand by its expression as written,
// and rejects a model holding "bad".
type echo struct{ runs int }

var summandArg = regexp.MustCompile(`(?m)^\s+(a\d+)\((.*)\) \.$`)

func (e *echo) Labels(model string) (map[string]string, error) {
	e.runs++
	if strings.Contains(model, "bad") {
		return nil, &Rejected{"bad"}
	}
	out := map[string]string{}
	for _, m := range summandArg.FindAllStringSubmatch(model, -1) {
		out[m[1]] = m[1] + "(" + m[2] + ")"
	}
	return out, nil
}

// A batch that fails is halved until the failing expression stands
// alone; the others keep their labels.
func TestEvaluateIsolatesFailures(t *testing.T) {
	g := NewGen(1)
	var exprs []*Node
	for i := range 9 {
		text := "true"
		if i == 6 {
			text = "bad"
		}
		exprs = append(exprs, g.atom(basic(Bool), text, ""))
	}
	tool := &echo{}
	res := Evaluate(tool, exprs)
	for i, r := range res {
		var rej *Rejected
		switch {
		case i == 6 && !errors.As(r.Err, &rej):
			t.Errorf("expression 7: %+v, want rejected", r)
		case i != 6 && (r.Err != nil || r.Label != "true"):
			t.Errorf("expression %d: %+v, want label true", i+1, r)
		}
	}
	if tool.runs > 9 {
		t.Errorf("%d runs for one bad expression in 9", tool.runs)
	}
}

// Shrinking proposes the children of the sort and the simplest literal,
// never an expression with a variable its binder no longer binds.
func TestCandidates(t *testing.T) {
	g := NewGen(1)
	nat := basic(Nat)
	x := &Node{Sort: nat, Level: lvAtom, Text: []string{"x"}, Var: "x"}
	body := g.bin(nat, lvAdd, false, "+", "", x, g.atom(basic(Pos), "7", ""))
	body.Kids[0].Paren, body.Kids[1].Paren = false, false
	lam := &Node{Sort: fn(nat, nat), Level: lvBinder, Text: []string{"lambda x: Nat. ", ""},
		Kids: []Slot{{N: body, Min: lvBinder, Bound: true}}, Binds: []string{"x"}}
	app := g.apply(nat, lam, g.atom(nat, "3", ""))
	app.Kids[1].Paren = false
	got := map[string]bool{}
	for _, c := range candidates(app) {
		got[c.String()] = true
		if !c.closed() {
			t.Errorf("open candidate %s", c)
		}
	}
	for _, want := range []string{"0", "3", "(lambda x: Nat. x)(3)", "(lambda x: Nat. 0 + 7)(3)", "(lambda x: Nat. x + 7)(0)"} {
		if !got[want] {
			t.Errorf("no candidate %s among %v", want, got)
		}
	}
	if got["x"] || got["x + 7"] {
		t.Errorf("a candidate lost the binder: %v", got)
	}
}
