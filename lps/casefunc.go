package lps

import "slices"

// CaseFunction is a map that returns one of its arguments after the
// first, chosen by the first: mcrl22lps turns a choice among the values
// of an enumerated sort into such a map C(e, x1, ..., xn), with an
// equation C(c, x1, ..., xn) = xj for each constructor c of e's sort, and
// C(e, x, ..., x) = x. An application of it is one of x1, ..., xn, or no
// value at all. The control index reads the first (a condition C(e, b1,
// ..., bn) holds only where some bi may), the rewriter's solver the
// choice (where bj is false, e is not the constructor that picks j).
type CaseFunction struct {
	// Sort is the first argument's sort, Pick[i] the argument (1 for the
	// first after it) that constructor i of Sort picks, 0 where no
	// equation says.
	Sort *Sort
	Pick []int
}

// CaseFunctions finds the case functions of spec: the maps all of whose
// equations are f(p, x1, ..., xn) = xj without a condition, p a variable
// or a constant (a numeral, true, false, a constructor), x1, ..., xn
// variables. An equation whose p is a constructor and whose x1, ..., xn
// are distinct says which argument that constructor picks; a constructor
// said to pick two different arguments makes f none.
func CaseFunctions(spec *Spec) map[*Func]*CaseFunction {
	out := map[*Func]*CaseFunction{}
	bad := map[*Func]bool{}
	for _, eq := range spec.Equations {
		app, isApp := eq.LHS.(*App)
		if !isApp {
			continue
		}
		head, isRef := app.Head.(*FuncRef)
		if !isRef {
			continue
		}
		f := head.Func
		c, j, ok := caseEquation(eq, app)
		if !ok {
			bad[f] = true
			continue
		}
		cf := out[f]
		if cf == nil {
			sort := f.Sort.Domain[0]
			cf = &CaseFunction{Sort: sort, Pick: make([]int, len(sort.Constructors))}
			out[f] = cf
		}
		if c < 0 {
			continue
		}
		if old := cf.Pick[c]; old != 0 && old != j {
			bad[f] = true
		}
		cf.Pick[c] = j
	}
	for f := range bad {
		delete(out, f)
	}
	return out
}

// caseEquation says whether eq, whose left side is app, is an equation
// of a case function, and returns the number of the constructor it
// chooses by (-1: none, the first argument is no constructor or the
// others are not distinct) and the argument j it picks.
func caseEquation(eq *Equation, app *App) (c, j int, ok bool) {
	rhs, isVar := eq.RHS.(*VarRef)
	if eq.Cond != nil || len(app.Args) < 2 || !isVar {
		return 0, 0, false
	}
	c = -1
	switch p := app.Args[0].(type) {
	case *VarRef, *Number:
	case *FuncRef:
		f := p.Func
		switch {
		case f.Arity() != 0:
			return 0, 0, false
		case f.Kind == FuncConstructor:
			c = slices.Index(app.Args[0].Sort().Constructors, f)
		case f.Kind != FuncBuiltin || f.Op != OpTrue && f.Op != OpFalse:
			return 0, 0, false
		}
	default:
		return 0, 0, false
	}
	distinct := true
	seen := make(map[*Var]bool, len(app.Args)-1)
	for i, a := range app.Args[1:] {
		v, isVar := a.(*VarRef)
		if !isVar {
			return 0, 0, false
		}
		if seen[v.Var] {
			distinct = false
		}
		seen[v.Var] = true
		if v.Var == rhs.Var && j == 0 {
			j = i + 1
		}
	}
	if j == 0 {
		return 0, 0, false
	}
	if !distinct {
		c = -1
	}
	return c, j, true
}
