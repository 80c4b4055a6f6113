package rewrite

import (
	"testing"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/load"
)

// boundSpec's condition nests &&, || and ! over comparisons, a case
// function and a Boolean variable, with operands that mention one, some
// or none of the sum variables.
const boundSpec = `sort E = struct e0 | e1 | e2;
map C: E # Nat # Nat # Nat -> Nat;
var e: E; n0, n1, n2: Nat;
eqn C(e0, n0, n1, n2) = n0;
    C(e1, n0, n1, n2) = n1;
    C(e2, n0, n1, n2) = n2;
act a;
proc P(k: Nat) = sum x, y, z: Nat, b: Bool, v: E.
  (x + y + z == 6 && (b || x < y) && !(x == z || y == k) && C(v, x, y, z) > 0 && (z <= 3 || b && x + 1 == y) && k < 5) -> a . P(k);
init P(2);
`

// TestRewriteBound: rewriting the condition by its operands (rewriteBound)
// gives the term that rewriting it whole gives, binding each variable in
// turn to a number, to a successor of another variable (as the search
// binds a Nat), or to a Boolean or a constructor, on the condition as the
// bindings before left it.
func TestRewriteBound(t *testing.T) {
	spec, err := load.Text("bound.lps", []byte(boundSpec))
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(spec)
	if err != nil {
		t.Fatal(err)
	}
	sum := spec.Summands[0]
	s := r.NewSubst()
	s.Set(r.VarTerm(spec.Params[0]), r.mkInt(spec.Params[0].S, 2))
	cond := r.rewrite(r.Translate(sum.Cond), s)
	vars := map[string]Term{}
	var e *lps.Sort
	for _, v := range sum.SumVars {
		vars[v.Name] = r.VarTerm(v)
		if v.Name == "v" {
			e = v.S
		}
	}
	nat := spec.Params[0].S
	sv := r.newSolver(nil, 1<<20)
	succ := func(v string) Term { return r.mkApp(r.opSym(lps.OpAdd, nat), []Term{vars[v], r.mkInt(nat, 1)}) }
	steps := []struct {
		v   string
		val Term
	}{
		{"b", r.falseT}, {"x", r.mkInt(nat, 1)}, {"y", succ("z")}, {"v", r.constant(e.Constructors[1])},
		{"z", r.mkInt(nat, 1)}, {"z", r.mkInt(nat, 0)},
	}
	checked := 0
	for _, st := range steps {
		id := r.node(vars[st.v]).varID()
		sv.es.grow(id)
		sv.es.vals[id] = st.val
		whole := r.rewrite(cond, sv.es)
		got := sv.rewriteBound(cond, id)
		sv.es.vals[id] = 0
		if got != whole {
			t.Fatalf("%s := %s in %s: by operands %s, whole %s", st.v, r.String(st.val), r.String(cond), r.String(got), r.String(whole))
		}
		if whole != cond {
			checked++
		}
		if whole != r.falseT {
			cond = whole
		}
	}
	if checked < 4 {
		t.Errorf("only %d bindings changed the condition", checked)
	}
}
