package check

import (
	"math/big"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/syntax"
)

func mustParse(t *testing.T, src string) *lps.Spec {
	t.Helper()
	s, err := parseText("t.lps", []byte(src))
	if err != nil {
		t.Fatalf("%v", err)
	}
	return s
}

// headOp returns the built-in function applied by e (nil if none).
func headFunc(e lps.Expr) *lps.Func {
	if a, ok := e.(*lps.App); ok {
		if f, ok := a.Head.(*lps.FuncRef); ok {
			return f.Func
		}
	}
	return nil
}

// assigned returns the value assigned to parameter name in summand i.
func assigned(t *testing.T, s *lps.Spec, i int, name string) lps.Expr {
	t.Helper()
	for _, a := range s.Summands[i].Assignments {
		if a.Param.Name == name {
			return a.Value
		}
	}
	t.Fatalf("summand %d does not assign %s", i, name)
	return nil
}

func TestArithmeticOverloads(t *testing.T) {
	s := mustParse(t, `act a: Int; b: Real;
proc P(n, m: Nat, p: Pos, r: Real, i: Int) =
       a(n - m) . P(n = n + 1, i = n - m, r = 1 / 2, p = p * 2)
     + b(n / m) . P(m = n div 2, n = p mod 3, i = -p)
     + delta;
init P(0, 1, 1, 0, -1);
`)
	st := s.SortTable
	sub := headFunc(s.Summands[0].Actions[0].Args[0])
	if sub == nil || sub.Op != lps.OpSub || sub.Sort != st.Func([]*lps.Sort{st.Nat, st.Nat}, st.Int) {
		t.Errorf("n - m: got %v of sort %v, want - : Nat # Nat -> Int", sub, sub.Sort)
	}
	if v := assigned(t, s, 0, "n"); v.Sort() != st.Nat || headFunc(v).Op != lps.OpAdd {
		t.Errorf("n + 1 has sort %v", v.Sort())
	} else if num := v.(*lps.App).Args[1].(*lps.Number); num.S != st.Nat {
		t.Errorf("the numeral in n + 1 has sort %v, want Nat (typed by its context)", num.S)
	}
	if v := assigned(t, s, 0, "r"); v.Sort() != st.Real || headFunc(v).Op != lps.OpDivide {
		t.Errorf("1 / 2: got sort %v", v.Sort())
	}
	div := headFunc(s.Summands[1].Actions[0].Args[0])
	if div.Op != lps.OpDivide || div.Result() != st.Real {
		t.Errorf("n / m: got %v with result %v", div, div.Result())
	}
	if v := assigned(t, s, 1, "m"); headFunc(v).Sort != st.Func([]*lps.Sort{st.Nat, st.Pos}, st.Nat) {
		t.Errorf("n div 2: got sort %v, want Nat # Pos -> Nat", headFunc(v).Sort)
	}
	if v := assigned(t, s, 1, "n"); headFunc(v).Op != lps.OpMod || headFunc(v).Sort != st.Func([]*lps.Sort{st.Nat, st.Pos}, st.Nat) {
		t.Errorf("p mod 3: got %v : %v", headFunc(v), headFunc(v).Sort)
	}
	if v := assigned(t, s, 1, "i"); headFunc(v).Op != lps.OpNeg || v.Sort() != st.Int {
		t.Errorf("-p: got %v : %v", headFunc(v), v.Sort())
	}
	// Built-in symbols are interned per (Op, sort).
	a1 := headFunc(s.Summands[0].Actions[0].Args[0])
	a2 := headFunc(assigned(t, s, 0, "i"))
	if a1 != a2 {
		t.Errorf("two occurrences of - on Nat are different symbols")
	}
	if got := lps.FormatExpr(s.Init[4]); got != "-1" {
		t.Errorf("init value printed as %q", got)
	}
}

func TestImplicitUpcasts(t *testing.T) {
	s := mustParse(t, `act a: Real; b: Set(Nat);
proc P(n: Nat, p: Pos, r: Real, s: Set(Nat)) =
       a(n) . P(n = p, r = p + n, s = s + {n, 2})
     + delta;
init P(0, 1, 0, {});
`)
	st := s.SortTable
	arg := s.Summands[0].Actions[0].Args[0].(*lps.App)
	if !arg.Implicit || headFunc(arg).Op != lps.OpNat2Real || arg.S != st.Real {
		t.Errorf("a(n) with a: Real: want an implicit Nat2Real, got %#v", arg)
	}
	if v := assigned(t, s, 0, "n").(*lps.App); !v.Implicit || headFunc(v).Op != lps.OpPos2Nat {
		t.Errorf("n = p: want implicit Pos2Nat")
	}
	if v := assigned(t, s, 0, "r"); lps.FormatExpr(v) != "p + n" {
		t.Errorf("implicit conversions must not print: %q", lps.FormatExpr(v))
	}
	union := assigned(t, s, 0, "s").(*lps.App)
	if headFunc(union).Op != lps.OpAdd || union.S != st.Set(st.Nat) {
		t.Fatalf("s + {n, 2}: got %v : %v", headFunc(union), union.S)
	}
	conv := union.Args[1].(*lps.App)
	enum, ok := conv.Args[0].(*lps.SetEnum)
	if !conv.Implicit || headFunc(conv).Op != lps.OpFSet2Set || !ok || enum.S != st.FSet(st.Nat) {
		t.Errorf("{n, 2} in a Set context: want @setfset(FSet enumeration), got %v", lps.FormatExpr(conv))
	}
	if n := enum.Elems[1].(*lps.Number); n.S != st.Nat {
		t.Errorf("2 in {n, 2} has sort %v, want Nat", n.S)
	}
	if e := s.Init[3].(*lps.FuncRef); e.Func.Op != lps.OpEmptySet || e.Func.Sort != st.Set(st.Nat) {
		t.Errorf("{} for a Set(Nat) parameter: got %v : %v", e.Func, e.Func.Sort)
	}
}

func TestStructsAliasesAndGlobals(t *testing.T) {
	s := mustParse(t, `sort D = struct d1?is_d1 | d2(p: Nat, q: Bool) | d3(p: Nat);
     L = List(D);
act a: Nat # Bool; a: D;
glob g: D;
proc P(l: L, d: D) =
       (is_d1(d) && #l > 0) -> a(p(d), q(d)) . P(l = d |> l, d = head(l))
     + a(g) . P(d = g)
     + delta;
init P([d1], d2(1, true));
`)
	st := s.SortTable
	D := s.Sorts[0].Sort
	if D.Kind != lps.SortStruct || len(D.Constructors) != 3 {
		t.Fatalf("D: %v with %d constructors", D.Kind, len(D.Constructors))
	}
	d2, d3 := D.Constructors[1], D.Constructors[2]
	if d2.Projections[0] != d3.Projections[0] || d2.Projections[0].Name != "p" {
		t.Errorf("p shared by d2 and d3 should be one projection")
	}
	if D.Constructors[0].Recogniser == nil || D.Constructors[0].Recogniser.Sort != st.Func([]*lps.Sort{D}, st.Bool) {
		t.Errorf("recogniser is_d1 missing or mistyped")
	}
	if s.Params[0].S != st.List(D) || !s.Sorts[1].Alias {
		t.Errorf("alias L does not resolve to List(D)")
	}
	if len(s.Globals) != 1 || s.Globals[0].S != D {
		t.Errorf("globals: %v", s.Globals)
	}
	if got := s.Summands[0].Actions[0].Decl; len(got.Sorts) != 2 {
		t.Errorf("a(p(d), q(d)) chose %v", got.Sorts)
	}
	if got := s.Summands[1].Actions[0]; len(got.Decl.Sorts) != 1 || got.Args[0].(*lps.VarRef).Var != s.Globals[0] {
		t.Errorf("a(g) chose %v", got.Decl.Sorts)
	}
	if f := headFunc(assigned(t, s, 0, "d")); f.Op != lps.OpHead || f.Result() != D {
		t.Errorf("head(l): %v", f)
	}
}

func TestEquations(t *testing.T) {
	s := mustParse(t, `sort E = struct e1 | e2;
map  f: Pos -> Bool;
     c: E # Bool # Bool -> Bool;
     comp: (Pos -> Bool) # (Nat -> Pos) -> Nat -> Bool;
var  x,y: Bool;
     e: E;
     g: Pos -> Bool;
     h: Nat -> Pos;
     n: Nat;
eqn  f  =  lambda x: Pos. x > 1;
     c(e, x, x)  =  x;
     (x)  ->  c(e1, x, y)  =  y;
     comp(g, h)(n)  =  g(h(n));
proc P = tau . P();
init P;
`)
	if len(s.Equations) != 4 {
		t.Fatalf("%d equations", len(s.Equations))
	}
	if eq := s.Equations[1]; len(eq.Vars) != 2 || eq.Vars[0].Name != "e" || eq.Vars[1].Name != "x" {
		t.Errorf("c(e, x, x): vars %v", eq.Vars)
	}
	if eq := s.Equations[2]; eq.Cond == nil || lps.FormatExpr(eq.Cond) != "x" {
		t.Errorf("conditional equation lost its condition")
	}
	lhs := s.Equations[3].LHS.(*lps.App)
	if inner, ok := lhs.Head.(*lps.App); !ok || headFunc(inner).Name != "comp" || lhs.S != s.SortTable.Bool {
		t.Errorf("comp(g, h)(n): %v", lps.FormatExpr(lhs))
	}
	lam := s.Equations[0].RHS.(*lps.Binder)
	if lam.Kind != lps.Lambda || lam.S != s.Maps[0].Sort {
		t.Errorf("lambda has sort %v, want %v", lam.S, s.Maps[0].Sort)
	}
}

func TestContainersAndBinders(t *testing.T) {
	s := mustParse(t, `act o: Nat;
proc P(b: Bag(Nat), fs: FSet(Bool), f: Nat -> Bool, k: Nat) =
       (forall m: Nat. m < k => f(m)) -> o(count(k, b) + #fs) . P(b = b + {k: 2}, fs = fs + {k > 1}, f = f[k -> true])
     + (exists m: Nat. m == k whr z = 2 end) -> o(k) . P(b = {x: Nat | x}, k = [1, 2] . 0)
     + delta;
init P({:}, {}, lambda n: Nat. false, 0);
`)
	st := s.SortTable
	if e := s.Init[0].(*lps.FuncRef); e.Func.Op != lps.OpEmptySet || e.Func.Sort != st.Bag(st.Nat) || lps.FormatExpr(e) != "{:}" {
		t.Errorf("{:}: %v", e.Func.Sort)
	}
	if c := headFunc(s.Summands[0].Actions[0].Args[0].(*lps.App).Args[0]); c.Op != lps.OpBagCount {
		t.Errorf("count: %v", c)
	}
	if u := headFunc(assigned(t, s, 0, "f")); u.Op != lps.OpUpdate {
		t.Errorf("f[k -> true]: %v", u)
	}
	if c := assigned(t, s, 1, "b").(*lps.Binder); c.Kind != lps.BagComp || c.S != st.Bag(st.Nat) {
		t.Errorf("{x: Nat | x}: %v %v", c.Kind, c.S)
	}
	if e := headFunc(assigned(t, s, 1, "k")); e.Op != lps.OpElementAt {
		t.Errorf("[1, 2] . 0: %v", e)
	}
	if _, ok := s.Summands[1].Cond.(*lps.Binder); ok {
		t.Errorf("whr should wrap the exists")
	}
}

func TestPrecedenceAndPrinting(t *testing.T) {
	for _, tt := range []struct{ in, out string }{
		{"n * (m + 1) div 2 mod 3 == 0", "n * (m + 1) div 2 mod 3 == 0"},
		{"-n * m < 0", "-n * m < 0"},
		{"-(n * m) < 0", "-(n * m) < 0"},
		{"a && b && c", "a && b && c"},
		{"(a && b) && c", "(a && b) && c"},
		{"a => b => c", "a => b => c"},
		{"(a => b) => c", "(a => b) => c"},
		{"!(a || b) == c", "!(a || b) == c"},
		{"n - (m - 1) < n - m - 1", "n - (m - 1) < n - m - 1"},
		{"#(l ++ l) > 1 && 1 |> l == l <| 1", "#(l ++ l) > 1 && 1 |> l == l <| 1"},
		{"1 |> 2 |> l == l", "1 |> 2 |> l == l"},
		{"n in {1, 2} || (forall x: Nat. x > n)", "n in {1, 2} || (forall x: Nat. x > n)"},
		{"if(a, n, m) + 1 == 2", "if(a, n, m) + 1 == 2"},
	} {
		src := "act o: Bool;\nproc P(a, b, c: Bool, n, m: Nat, l: List(Nat)) = o(" + tt.in + ") . P() + delta;\ninit P(true, true, true, 0, 0, []);\n"
		s, err := parseText("t.lps", []byte(src))
		if err != nil {
			t.Errorf("%s: %v", tt.in, err)
			continue
		}
		if got := lps.FormatExpr(s.Summands[0].Actions[0].Args[0]); got != tt.out {
			t.Errorf("%s printed as %s, want %s", tt.in, got, tt.out)
		}
	}
}

// parseText reads and checks an LPS in the textual syntax, as load.Text
// does (package load imports this one, so the tests cannot call it).
func parseText(name string, src []byte) (*lps.Spec, error) {
	tree, err := syntax.Parse(name, src)
	if err != nil {
		return nil, err
	}
	return Spec(name, tree)
}

// TestParseNumeral: numerals that fit 64 bits and those that do not
// have the same values as big.Int reads them, leading zeros too, and
// those below 256 share their value.
func TestParseNumeral(t *testing.T) {
	var c checker
	for _, text := range []string{"0", "7", "007", "255", "256", "18446744073709551615", "18446744073709551616", "340282366920938463463374607431768211456"} {
		want, _ := new(big.Int).SetString(text, 10)
		got, ok := c.numeral(text)
		if !ok || got.Cmp(want) != 0 {
			t.Errorf("numeral(%s) = %v, %v; want %v", text, got, ok, want)
		}
		again, _ := c.numeral(text)
		if shared := again == got; shared != (want.Cmp(big.NewInt(256)) < 0) {
			t.Errorf("numeral(%s) twice: shared %v", text, shared)
		}
	}
}
