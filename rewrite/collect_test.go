package rewrite_test

import (
	"testing"

	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/rewrite"
)

// TestCollect: a collection gives back the terms made since SealTerms
// that no root reaches, keeps the roots and what they reach (printed as
// before), forgets the normal forms it freed, and the ids it gave back
// serve new terms with the right normal forms.
func TestCollect(t *testing.T) {
	src := `map  rev: List(Nat) -> List(Nat);
     app: List(Nat) # List(Nat) -> List(Nat);
var  l, m: List(Nat); x: Nat;
eqn  rev([]) = [];
     rev(x |> l) = app(rev(l), [x]);
     app([], m) = m;
     app(x |> l, m) = x |> app(l, m);
act  a;
proc P(l: List(Nat)) = a . P(l = rev(l));
init P([1, 2, 3, 4, 5, 6]);
`
	spec, err := load.Text("rev.lps", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r, err := rewrite.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	next := r.Translate(spec.Summands[0].Assignments[0].Value)
	init := r.Translate(spec.Init[0])
	l := r.VarTerm(spec.Params[0])
	r.SealTerms()
	sub := r.NewSubst()
	rewriteUnder := func(v rewrite.Term) rewrite.Term {
		sub.Set(l, v)
		res, err := r.Rewrite(next, sub)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	start, err := r.Rewrite(init, nil)
	if err != nil {
		t.Fatal(err)
	}
	reversed := rewriteUnder(start)
	if got := string(r.AppendString(nil, reversed)); got != "[6, 5, 4, 3, 2, 1]" {
		t.Fatalf("rev = %s", got)
	}
	before := r.NumTerms()
	cs := r.Collect(func(keep func(rewrite.Term)) { keep(reversed) })
	if cs.Freed == 0 || r.NumTerms() != before-cs.Freed {
		t.Fatalf("collection freed %d of %d terms, %d left", cs.Freed, before, r.NumTerms())
	}
	if got := string(r.AppendString(nil, reversed)); got != "[6, 5, 4, 3, 2, 1]" {
		t.Errorf("kept root prints %s after the collection", got)
	}
	// The start list was freed (only its elements are kept); made
	// again, it reverses again to the kept root's very id.
	again, err := r.Rewrite(init, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := rewriteUnder(again); got != reversed {
		t.Errorf("rev(rev(..)) after the collection: %s, id %d; want id %d", r.AppendString(nil, got), got, reversed)
	}
	if got := string(r.AppendString(nil, rewriteUnder(reversed))); got != "[1, 2, 3, 4, 5, 6]" {
		t.Errorf("rev of the kept root = %s", got)
	}
	// Nothing made since SealTerms is a root: everything made since goes.
	r.Collect(func(func(rewrite.Term)) {})
	if got, err := r.Rewrite(init, nil); err != nil || string(r.AppendString(nil, got)) != "[1, 2, 3, 4, 5, 6]" {
		t.Errorf("init after an empty collection: %s, %v", r.AppendString(nil, got), err)
	}
}
