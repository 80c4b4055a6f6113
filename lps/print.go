package lps

import (
	"bufio"
	"io"
	"strings"
)

// The printer reproduces the layout of mCRL2's lpspp and prints data
// expressions the way mCRL2's data printer does (libraries/data/include/
// mcrl2/data/print.h): binary operators with mCRL2's priorities, and
// parentheses only where priority or associativity require them.

// Format writes the specification in lpspp's layout.
func (s *Spec) Format(w io.Writer) error {
	bw := bufio.NewWriter(w)
	p := &printer{aliases: aliasNames(s), spelling: s.Spelling}
	var b strings.Builder
	p.spec(&b, s)
	bw.WriteString(b.String())
	return bw.Flush()
}

// Print returns the specification in lpspp's layout.
func (s *Spec) Print() string {
	p := &printer{aliases: aliasNames(s), spelling: s.Spelling}
	var b strings.Builder
	p.spec(&b, s)
	return b.String()
}

// FormatExpr prints a data expression as mCRL2 prints it. Implicit
// conversions inserted by the checker are not shown.
func FormatExpr(e Expr) string {
	var b strings.Builder
	(&printer{}).expr(&b, e)
	return b.String()
}

// String prints the sort as mCRL2 does, without aliases.
func (f *Func) String() string { return f.Name }

type printer struct {
	aliases  map[*Sort]string
	spelling map[any]string
}

// declSort prints the sort of declaration key as the source spelled it.
func (p *printer) declSort(b *strings.Builder, key any, s *Sort) {
	if sp, ok := p.spelling[key]; ok {
		b.WriteString(sp)
		return
	}
	p.sort(b, s)
}

func (p *printer) sameDeclSort(k1, k2 any) bool {
	return p.spelling[k1] == p.spelling[k2]
}

// aliasNames maps container and function sorts to the alias that names
// them: mCRL2 normalises `List(Row)` to `Board` after `sort Board =
// List(Row);`, and prints it so.
func aliasNames(s *Spec) map[*Sort]string {
	m := map[*Sort]string{}
	for _, d := range s.Sorts {
		if d.Alias && d.Sort != nil && (d.Sort.IsContainer() || d.Sort.Kind == SortFunc) {
			if _, ok := m[d.Sort]; !ok {
				m[d.Sort] = d.Name
			}
		}
	}
	return m
}

func (p *printer) sort(b *strings.Builder, s *Sort) { writeSort(b, s, p.aliases, false) }

const indent = "\n     "

func (p *printer) spec(b *strings.Builder, s *Spec) {
	sep := func() {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
	}
	if len(s.Sorts) > 0 {
		sep()
		b.WriteString("sort ")
		for i, d := range s.Sorts {
			if i > 0 {
				b.WriteString(indent)
			}
			p.sortDecl(b, d)
		}
		b.WriteString("\n")
	}
	p.funcSection(b, sep, "cons ", s.Cons)
	p.funcSection(b, sep, "map  ", s.Maps)
	if len(s.Equations) > 0 {
		if s.VarSections != nil {
			for k, vars := range s.VarSections {
				var eqs []*Equation
				for _, e := range s.Equations {
					if e.Section == k {
						eqs = append(eqs, e)
					}
				}
				p.eqnBlock(b, sep, vars, eqs)
			}
		} else {
			var vars []*Var
			seen := map[*Var]bool{}
			for _, e := range s.Equations {
				for _, v := range e.Vars {
					if !seen[v] {
						seen[v] = true
						vars = append(vars, v)
					}
				}
			}
			p.eqnBlock(b, sep, vars, s.Equations)
		}
	}
	if len(s.Actions) > 0 {
		sep()
		b.WriteString("act  ")
		for i := 0; i < len(s.Actions); {
			j := i + 1
			for j < len(s.Actions) && SameSorts(s.Actions[j].Sorts, s.Actions[i].Sorts) && p.sameDeclSort(s.Actions[j], s.Actions[i]) {
				j++
			}
			if i > 0 {
				b.WriteString(indent)
			}
			for k := i; k < j; k++ {
				if k > i {
					b.WriteString(",")
				}
				b.WriteString(s.Actions[k].Name)
			}
			if sp, ok := p.spelling[s.Actions[i]]; ok {
				b.WriteString(": ")
				b.WriteString(sp)
			} else if len(s.Actions[i].Sorts) > 0 {
				b.WriteString(": ")
				for k, so := range s.Actions[i].Sorts {
					if k > 0 {
						b.WriteString(" # ")
					}
					writeSort(b, so, p.aliases, true)
				}
			}
			b.WriteString(";")
			i = j
		}
		b.WriteString("\n")
	}
	if len(s.Globals) > 0 {
		sep()
		b.WriteString("glob ")
		p.varLines(b, s.Globals)
		b.WriteString("\n")
	}
	sep()
	b.WriteString("proc ")
	b.WriteString(s.ProcName)
	if len(s.Params) > 0 {
		b.WriteString("(")
		p.varGroups(b, s.Params, ", ")
		b.WriteString(")")
	}
	b.WriteString(" =")
	if len(s.Summands) == 0 {
		b.WriteString("\n       delta")
	}
	for i, sm := range s.Summands {
		if i == 0 {
			b.WriteString("\n       ")
		} else {
			b.WriteString("\n     + ")
		}
		p.summand(b, s, sm)
	}
	b.WriteString(";\n")
	sep()
	b.WriteString("init ")
	if s.InitDist != nil {
		p.dist(b, s.InitDist)
		b.WriteString(" ")
	}
	b.WriteString(s.ProcName)
	if len(s.Params) > 0 {
		b.WriteString("(")
		for i, e := range s.Init {
			if i > 0 {
				b.WriteString(", ")
			}
			p.expr(b, e)
		}
		b.WriteString(")")
	}
	b.WriteString(";\n")
}

// eqnBlock prints a var section and the equations that use it.
func (p *printer) eqnBlock(b *strings.Builder, sep func(), vars []*Var, eqs []*Equation) {
	if len(eqs) == 0 {
		return
	}
	sep()
	if len(vars) > 0 {
		b.WriteString("var  ")
		p.varLines(b, vars)
		b.WriteString("\n")
	}
	b.WriteString("eqn  ")
	for i, e := range eqs {
		if i > 0 {
			b.WriteString(indent)
		}
		if e.Cond != nil {
			b.WriteString("(")
			p.expr(b, e.Cond)
			b.WriteString(")  ->  ")
		}
		p.expr(b, e.LHS)
		b.WriteString("  =  ")
		p.expr(b, e.RHS)
		b.WriteString(";")
	}
	b.WriteString("\n")
}

func (p *printer) sortDecl(b *strings.Builder, d *SortDecl) {
	b.WriteString(d.Name)
	switch {
	case d.Sort == nil:
	case d.Alias && p.spelling[d] != "":
		b.WriteString(" = ")
		b.WriteString(p.spelling[d])
	case d.Alias:
		b.WriteString(" = ")
		// Print the target itself, not the alias that names it.
		s := d.Sort
		if s.IsContainer() {
			b.WriteString(containerNames[s.Kind])
			b.WriteString("(")
			p.sort(b, s.Elem)
			b.WriteString(")")
		} else if s.Kind == SortFunc {
			saved := p.aliases[s]
			delete(p.aliases, s)
			p.sort(b, s)
			if saved != "" {
				p.aliases[s] = saved
			}
		} else {
			p.sort(b, s)
		}
	case d.Sort.Kind == SortStruct && d.Sort.Name == d.Name:
		b.WriteString(" = ")
		writeStruct(b, d.Sort, p.aliases)
	}
	b.WriteString(";")
}

func (p *printer) funcSection(b *strings.Builder, sep func(), kw string, fs []*Func) {
	if len(fs) == 0 {
		return
	}
	sep()
	b.WriteString(kw)
	declGroups(p, b, fs, indent, ";", func(f *Func) (string, *Sort) { return f.Name, f.Sort })
	b.WriteString(";\n")
}

// varLines prints variable declarations one sort group per line.
func (p *printer) varLines(b *strings.Builder, vs []*Var) {
	p.varGroups(b, vs, ";"+indent)
	b.WriteString(";")
}

// varGroups prints `a,b: S<sep>c: T`, grouping consecutive variables of
// one sort.
func (p *printer) varGroups(b *strings.Builder, vs []*Var, sep string) {
	declGroups(p, b, vs, sep, "", func(v *Var) (string, *Sort) { return v.Name, v.S })
}

// declGroups prints the declarations ds as `a,b: S<end><sep>c: T`, grouping
// consecutive ones of one sort that spell their sort alike; nameSort gives a
// declaration's name and sort (functions and variables alike).
func declGroups[D comparable](p *printer, b *strings.Builder, ds []D, sep, end string, nameSort func(D) (string, *Sort)) {
	for i := 0; i < len(ds); {
		_, si := nameSort(ds[i])
		j := i + 1
		for j < len(ds) {
			if _, sj := nameSort(ds[j]); sj != si || !p.sameDeclSort(ds[j], ds[i]) {
				break
			}
			j++
		}
		if i > 0 {
			b.WriteString(end + sep)
		}
		for k := i; k < j; k++ {
			if k > i {
				b.WriteString(",")
			}
			name, _ := nameSort(ds[k])
			b.WriteString(name)
		}
		b.WriteString(": ")
		p.declSort(b, ds[i], si)
		i = j
	}
}

const summandIndent = "\n         "

func isTrue(e Expr) bool {
	f, ok := e.(*FuncRef)
	return ok && f.Func.Kind == FuncBuiltin && f.Func.Op == OpTrue
}

func (p *printer) summand(b *strings.Builder, s *Spec, sm *Summand) {
	first := true
	line := func() {
		if !first {
			b.WriteString(summandIndent)
		}
		first = false
	}
	if len(sm.SumVars) > 0 {
		line()
		b.WriteString("sum ")
		p.varGroups(b, sm.SumVars, ",")
		b.WriteString(".")
	}
	if sm.Cond != nil && !isTrue(sm.Cond) {
		line()
		b.WriteString("(")
		p.expr(b, sm.Cond)
		b.WriteString(") ->")
	}
	line()
	if sm.Delta {
		b.WriteString("delta")
		p.time(b, sm.Time)
		return
	}
	if len(sm.Actions) == 0 {
		b.WriteString("tau")
	}
	for i, a := range sm.Actions {
		if i > 0 {
			b.WriteString("|")
		}
		b.WriteString(a.Decl.Name)
		if len(a.Args) > 0 {
			b.WriteString("(")
			p.exprs(b, a.Args)
			b.WriteString(")")
		}
	}
	p.time(b, sm.Time)
	b.WriteString(" .")
	if sm.Dist != nil {
		line()
		p.dist(b, sm.Dist)
	}
	line()
	b.WriteString(s.ProcName)
	b.WriteString("(")
	p.bindings(b, len(sm.Assignments), func(i int) (*Var, Expr) { return sm.Assignments[i].Param, sm.Assignments[i].Value })
	b.WriteString(")")
}

func (p *printer) time(b *strings.Builder, t Expr) {
	if t == nil {
		return
	}
	b.WriteString(" @ ")
	p.unit(b, t)
}

func (p *printer) dist(b *strings.Builder, d *Distribution) {
	b.WriteString("dist ")
	p.varGroups(b, d.Vars, ",")
	b.WriteString("[")
	p.expr(b, d.Prob)
	b.WriteString("] .")
}

// unit prints e as mCRL2's DataExprUnit, in parentheses unless it is one.
func (p *printer) unit(b *strings.Builder, e Expr) {
	if isUnit(e) {
		p.expr(b, e)
		return
	}
	b.WriteString("(")
	p.expr(b, e)
	b.WriteString(")")
}

func isUnit(e Expr) bool {
	switch e := e.(type) {
	case *VarRef, *Number:
		return true
	case *FuncRef:
		switch e.Func.Op {
		case OpEmptyList, OpEmptySet:
			return e.Func.Kind != FuncBuiltin
		}
		return true
	case *App:
		if e.Implicit {
			return isUnit(e.Args[0])
		}
		if f, ok := e.Head.(*FuncRef); ok && f.Func.Kind == FuncBuiltin {
			if f.Func.Op.Info().Prefix != "" {
				return isUnit(e.Args[0])
			}
			return precedence(e) == maxPrec && f.Func.Op != OpUpdate
		}
		return isUnit(e.Head)
	}
	return false
}

// ---------------------------------------------------------------------------
// Expressions

const maxPrec = 14

// precedence of an expression, after mCRL2's data printer.
func precedence(e Expr) int {
	switch e := e.(type) {
	case *App:
		if e.Implicit {
			// mCRL2's printer sees through a numeric conversion to
			// the infix operator under it, but nothing else: a where
			// clause under a conversion prints bare.
			if a, ok := e.Args[0].(*App); ok {
				if p := precedence(a); p < OpUpdate.Info().Prec {
					return p
				}
			}
			return maxPrec
		}
		if op, ok := e.BuiltinOp(); ok {
			if in := op.Info(); in.Infix != "" && len(e.Args) == 2 {
				return in.Prec
			}
			if op == OpUpdate {
				return OpUpdate.Info().Prec
			}
		}
	case *Binder:
		if e.Kind == Lambda || e.Kind == Forall || e.Kind == Exists {
			return 1
		}
	case *Where:
		return 0
	}
	return maxPrec
}

func (p *printer) paren(b *strings.Builder, e Expr, need bool) {
	if need {
		b.WriteString("(")
		p.expr(b, e)
		b.WriteString(")")
		return
	}
	p.expr(b, e)
}

func (p *printer) exprs(b *strings.Builder, es []Expr) {
	for i, e := range es {
		if i > 0 {
			b.WriteString(", ")
		}
		p.expr(b, e)
	}
}

// bindings prints x1 = e1, ..., xn = en: a summand's next state and the
// definitions of a whr clause.
func (p *printer) bindings(b *strings.Builder, n int, binding func(i int) (*Var, Expr)) {
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		v, e := binding(i)
		b.WriteString(v.Name)
		b.WriteString(" = ")
		p.expr(b, e)
	}
}

func (p *printer) vars(b *strings.Builder, vs []*Var) {
	p.varGroups(b, vs, ", ")
}

func (p *printer) expr(b *strings.Builder, e Expr) {
	switch e := e.(type) {
	case nil:
		b.WriteString("<nil>")
	case *VarRef:
		b.WriteString(e.Var.Name)
	case *Var:
		b.WriteString(e.Name)
	case *Number:
		b.WriteString(e.Value.String())
	case *FuncRef:
		f := e.Func
		if f.Kind == FuncBuiltin {
			switch f.Op {
			case OpEmptySet:
				if f.Sort.Kind == SortBag || f.Sort.Kind == SortFBag {
					b.WriteString("{:}")
				} else {
					b.WriteString("{}")
				}
				return
			case OpEmptyList:
				b.WriteString("[]")
				return
			}
		}
		b.WriteString(f.Name)
	case *App:
		p.app(b, e)
	case *Binder:
		switch e.Kind {
		case SetComp, BagComp:
			b.WriteString("{ ")
			p.vars(b, e.Vars)
			b.WriteString(" | ")
			p.expr(b, e.Body)
			b.WriteString(" }")
		default:
			b.WriteString([...]string{Lambda: "lambda", Forall: "forall", Exists: "exists"}[e.Kind])
			b.WriteString(" ")
			p.vars(b, e.Vars)
			b.WriteString(". ")
			p.expr(b, e.Body)
		}
	case *Where:
		p.paren(b, e.Body, precedence(e.Body) <= 0)
		b.WriteString(" whr ")
		p.bindings(b, len(e.Defs), func(i int) (*Var, Expr) { return e.Defs[i].Var, e.Defs[i].Value })
		b.WriteString(" end")
	case *ListEnum:
		b.WriteString("[")
		p.exprs(b, e.Elems)
		b.WriteString("]")
	case *SetEnum:
		b.WriteString("{")
		p.exprs(b, e.Elems)
		b.WriteString("}")
	case *BagEnum:
		b.WriteString("{")
		for i := range e.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			p.expr(b, e.Elems[i])
			b.WriteString(": ")
			p.expr(b, e.Counts[i])
		}
		b.WriteString("}")
	default:
		b.WriteString("<?>")
	}
}

func (p *printer) app(b *strings.Builder, e *App) {
	if e.Implicit && len(e.Args) == 1 {
		p.expr(b, e.Args[0])
		return
	}
	if op, ok := e.BuiltinOp(); ok {
		in := op.Info()
		if text, ok := op.Infix(); ok && len(e.Args) == 2 {
			l, r := e.Args[0], e.Args[1]
			pl, pr := precedence(l), precedence(r)
			p.paren(b, l, pl < in.Prec || (pl == in.Prec && in.Right))
			b.WriteString(text)
			p.paren(b, r, pr < in.Prec || (pr == in.Prec && !in.Right))
			return
		}
		if in.Prefix != "" && len(e.Args) == 1 {
			b.WriteString(in.Prefix)
			p.paren(b, e.Args[0], precedence(e.Args[0]) < maxPrec)
			return
		}
		switch op {
		case OpUpdate:
			if len(e.Args) == 3 {
				// As mCRL2: only a binder needs parentheses here.
				p.paren(b, e.Args[0], precedence(e.Args[0]) < OpUpdate.Info().Prec)
				b.WriteString("[")
				p.expr(b, e.Args[1])
				b.WriteString(" -> ")
				p.expr(b, e.Args[2])
				b.WriteString("]")
				return
			}
		}
	}
	// An applied update needs no parentheses (mCRL2 prints f[x -> y](z)).
	p.paren(b, e.Head, precedence(e.Head) < OpUpdate.Info().Prec || isBinder(e.Head))
	b.WriteString("(")
	p.exprs(b, e.Args)
	b.WriteString(")")
}

func isBinder(e Expr) bool {
	_, ok := e.(*Binder)
	return ok
}
