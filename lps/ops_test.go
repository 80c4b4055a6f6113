package lps_test

import (
	"testing"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/lps/syntax"
	"github.com/lps2lts/lps2lts/rewrite"
)

// infixOps are the operators of the table that have an infix form.
func infixOps() []lps.Op {
	var ops []lps.Op
	for op := lps.OpNone; op < lps.NumOps; op++ {
		if op.Info().Infix != "" {
			ops = append(ops, op)
		}
	}
	return ops
}

// TestOneOperatorTable: the parser, lps's printer and the rewriter's
// printer read each infix operator's priority and associativity from the
// operator table, not from a copy: changing the table's entry changes
// what each of them does, for every operator. A second table anywhere
// keeps its reader where it was, and this test fails.
func TestOneOperatorTable(t *testing.T) {
	spec, err := load.Text("ops.lps", []byte("act a;\nproc P(x, y, z: Nat) = a . P();\ninit P(0, 0, 0);\n"))
	if err != nil {
		t.Fatal(err)
	}
	r, err := rewrite.New(spec)
	if err != nil {
		t.Fatal(err)
	}
	st := spec.SortTable
	x, y, z := ref(spec.Params[0]), ref(spec.Params[1]), ref(spec.Params[2])
	ops := infixOps()
	if len(ops) != 20 {
		t.Fatalf("%d infix operators in the table, want mCRL2's 20", len(ops))
	}
	for _, op := range ops {
		other := lps.OpAdd
		if op == other {
			other = lps.OpMul
		}
		in, oin := op.Info(), other.Info()
		for _, tighter := range []bool{false, true} {
			changed := in
			changed.Prec = oin.Prec - 1
			if tighter {
				changed.Prec = oin.Prec + 1
			}
			restore := lps.SetOpInfo(op, changed)
			// The parser: x op y other z groups as (x op y) other z
			// exactly when op binds tighter.
			src := "x " + in.Infix + " y " + oin.Infix + " z"
			e, err := syntax.ParseExpr("t", src)
			if err != nil {
				t.Fatalf("%s: %v", src, err)
			}
			if top, ok := e.(*syntax.Binary); !ok || (top.Op == oin.Infix) != tighter {
				t.Errorf("the parser reads %q against the table's priority %d of %s", src, changed.Prec, in.Infix)
			}
			// Both printers: (x op y) other z needs parentheses exactly
			// when op binds less tightly.
			tree := lps.BuiltinApp(st, other, st.Nat, lps.Pos{}, lps.BuiltinApp(st, op, st.Nat, lps.Pos{}, x, y), z)
			want := "(x " + in.Infix + " y) " + oin.Infix + " z"
			if tighter {
				want = "x " + in.Infix + " y " + oin.Infix + " z"
			}
			if got := lps.FormatExpr(tree); got != want {
				t.Errorf("lps's printer prints %q, want %q by the table's priority %d of %s", got, want, changed.Prec, in.Infix)
			}
			if op == lps.OpElementAt && !tighter {
				// mCRL2's printer does not count l . i as an operator
				// where it places parentheses around an operand (see
				// rewrite's prec): l . i binds as tightly as it can.
				want = "x . y " + oin.Infix + " z"
			}
			if got := r.String(r.Translate(tree)); got != want {
				t.Errorf("rewrite's printer prints %q, want %q by the table's priority %d of %s", got, want, changed.Prec, in.Infix)
			}
			restore()
		}
		for _, right := range []bool{false, true} {
			changed := in
			changed.Right = right
			restore := lps.SetOpInfo(op, changed)
			src := "x " + in.Infix + " y " + in.Infix + " z"
			e, err := syntax.ParseExpr("t", src)
			if err != nil {
				t.Fatalf("%s: %v", src, err)
			}
			if top, ok := e.(*syntax.Binary); !ok || isBinary(top.L) == right {
				t.Errorf("the parser groups %q against the table's associativity (right %v)", src, right)
			}
			tree := lps.BuiltinApp(st, op, st.Nat, lps.Pos{}, lps.BuiltinApp(st, op, st.Nat, lps.Pos{}, x, y), z)
			want := "x " + in.Infix + " y " + in.Infix + " z"
			if right {
				want = "(x " + in.Infix + " y) " + in.Infix + " z"
			}
			if got := lps.FormatExpr(tree); got != want {
				t.Errorf("lps's printer prints %q, want %q (right %v)", got, want, right)
			}
			if got := r.String(r.Translate(tree)); got != want && op != lps.OpElementAt && op != lps.OpCons {
				t.Errorf("rewrite's printer prints %q, want %q (right %v)", got, want, right)
			}
			restore()
		}
	}
}

func ref(v *lps.Var) lps.Expr { return &lps.VarRef{Var: v} }

func isBinary(e syntax.Expr) bool {
	_, ok := e.(*syntax.Binary)
	return ok
}
