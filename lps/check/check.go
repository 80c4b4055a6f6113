package check

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/lps2lts/lps2lts/internal/slab"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/syntax"
)

// The checker turns the syntax tree (package syntax) into the typed IR. It runs
// in declaration-dependency order: sort names, aliases and structured
// sorts first, then constructors and mappings, then equations, actions,
// global variables, the process and the initial state. Errors are
// collected (several per run) rather than stopping at the first.

type checker struct {
	file string
	errs lps.ErrorList
	st   *lps.SortTable
	spec *lps.Spec

	sortNames map[string]*sortEntry
	// anonStructs interns the structured sorts written in place (struct
	// ... inside another sort) by their text: the same struct written
	// twice is one sort, with one set of constructors.
	anonStructs map[string]*lps.Sort
	funcs       map[string][]*lps.Func // user functions: cons, map, struct functions
	actions     map[string][]*lps.ActionDecl
	params      map[string]*lps.Var
	badParams   bool // the parameter list had errors: do not count arguments
	// unknownElems counts the empty containers given AnySort for their
	// element sort: while it is 0, no expression's sort holds AnySort,
	// and reportAny need not walk the expressions it is given.
	unknownElems int
	// The checker's most frequent nodes come from chunks, one
	// allocation for many (in the bench's Lamport_3-bit: 12,700
	// references to variables, 4,200 applications of functions with
	// their heads, 6,800 numerals), and so do the argument lists of
	// applications and operators (9,300).
	varRefs   slab.Slab[lps.VarRef]
	apps      slab.Slab[lps.App]
	funcRefs  slab.Slab[lps.FuncRef]
	numbers   slab.Slab[lps.Number]
	exprLists slab.Slices[lps.Expr]
	// smallNumerals are the values of the numerals below 256 (numeral).
	smallNumerals [256]*big.Int
}

// plural is "1 word" or "n words", for messages that count.
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// sortEntry is a name of the sort section while it is being resolved.
type sortEntry struct {
	decl  *lps.SortDecl
	rhs   *syntax.SortExpr // nil for a basic sort
	state int              // 0 unresolved, 1 resolving, 2 done
}

// scope is a chain of variable bindings (innermost first).
type scope struct {
	vars   map[string]*lps.Var
	parent *scope
}

// lookup finds name in the innermost scope that binds it: a bound
// variable hides a sum variable, which hides a parameter.
func (s *scope) lookup(name string) *lps.Var {
	for ; s != nil; s = s.parent {
		if v, ok := s.vars[name]; ok {
			return v
		}
	}
	return nil
}

// pos is a syntax position as the IR keeps it.
func pos(p syntax.Position) lps.Pos { return lps.Pos{Line: p.Line, Col: p.Column} }

// errorf records an error at a place of the text and goes on: the
// checker reports several errors per run, as go/types does.
func (c *checker) errorf(p syntax.Position, format string, args ...any) {
	c.errs = append(c.errs, &lps.Error{File: c.file, Pos: pos(p), Msg: fmt.Sprintf(format, args...)})
}

// errorAt is errorf at a position the IR already holds.
func (c *checker) errorAt(p lps.Pos, format string, args ...any) {
	c.errs = append(c.errs, &lps.Error{File: c.file, Pos: p, Msg: fmt.Sprintf(format, args...)})
}

// Spec checks the syntax tree of a specification read from file (which
// names it in errors) and builds its IR; on failure the error is an
// lps.ErrorList. It never panics: a bug of the checker comes back as an
// "internal error".
func Spec(file string, ast *syntax.Spec) (spec *lps.Spec, err error) {
	defer lps.RecoverInternal(file, &spec, &err)
	c := &checker{
		file:      file,
		st:        lps.NewSortTable(),
		sortNames: map[string]*sortEntry{},
		funcs:     map[string][]*lps.Func{},
		actions:   map[string][]*lps.ActionDecl{},
	}
	c.spec = &lps.Spec{File: file, SortTable: c.st}
	c.checkSpec(ast)
	if len(c.errs) > 0 {
		return nil, c.errs.Normalize()
	}
	return c.spec, nil
}

// checkSpec checks the sections in the order their names depend on one
// another, not in the order of the text: sections may come in any order,
// and several of one kind.
func (c *checker) checkSpec(ast *syntax.Spec) {
	// Pass 1: sorts.
	for _, sec := range ast.Sections {
		for _, d := range sec.Sort {
			c.declareSorts(d)
		}
	}
	for _, d := range c.spec.Sorts {
		c.resolveSortDecl(d.Name)
	}
	// Pass 2: constructors and mappings.
	for _, sec := range ast.Sections {
		for _, d := range sec.Cons {
			c.declareFuncs(d, lps.FuncConstructor)
		}
		for _, d := range sec.Map {
			c.declareFuncs(d, lps.FuncMap)
		}
	}
	// Pass 3: equations, with the variables of the var section before them.
	var eqnVars *scope
	for _, sec := range ast.Sections {
		if sec.Var != nil {
			eqnVars = &scope{vars: map[string]*lps.Var{}}
			var vs []*lps.Var
			for _, l := range sec.Var {
				vs = c.addVars(eqnVars, l, "variable", vs)
			}
			c.spec.EqnVars = append(c.spec.EqnVars, vs...)
			c.spec.VarSections = append(c.spec.VarSections, vs)
		}
		if sec.Eqn != nil {
			if eqnVars == nil {
				c.spec.VarSections = append(c.spec.VarSections, nil)
			}
			for _, e := range sec.Eqn {
				c.checkEquation(e, eqnVars, len(c.spec.VarSections)-1)
			}
			eqnVars = nil
		}
	}
	// Pass 4: actions and global variables.
	for _, sec := range ast.Sections {
		for _, d := range sec.Act {
			c.declareActions(d)
		}
	}
	var globals *scope
	for _, sec := range ast.Sections {
		if sec.Glob != nil {
			g := c.declareVars(sec.Glob, nil, "global variable")
			for _, l := range sec.Glob {
				for _, d := range l.Decls {
					for _, n := range d.Names {
						if v := g.vars[n.Name]; v != nil && v.Pos == pos(n.Pos) {
							c.spec.Globals = append(c.spec.Globals, v)
						}
					}
				}
			}
			if globals == nil {
				globals = g
			} else {
				for k, v := range g.vars {
					if old, dup := globals.vars[k]; dup {
						c.errorAt(v.Pos, "duplicate global variable %s (first declared at %s)", k, old.Pos)
						continue
					}
					globals.vars[k] = v
				}
			}
		}
	}
	// Pass 5: the process and the initial state.
	var proc *syntax.Proc
	var init *syntax.Init
	for _, sec := range ast.Sections {
		if sec.Proc != nil {
			if proc != nil {
				c.errorf(sec.Proc.Name.Pos, "a linear process specification has one process; %s is declared a second time", sec.Proc.Name.Name)
				continue
			}
			proc = sec.Proc
		}
		if sec.Init != nil {
			if init != nil {
				c.errorf(sec.Pos, "duplicate init section")
				continue
			}
			init = sec.Init
		}
	}
	if proc == nil {
		c.errorAt(lps.Pos{}, "missing proc section")
	} else {
		c.checkProc(proc, globals)
	}
	if init == nil {
		c.errorAt(lps.Pos{}, "missing init section")
	} else if proc != nil {
		c.checkInit(init, globals)
	}
}

// ---------------------------------------------------------------------------
// Sorts

// declareSorts enters the names of one sort declaration. A basic sort is
// complete at once; an alias or a structured sort is resolved later
// (resolveSortDecl), when every name it may refer to is known.
func (c *checker) declareSorts(d *syntax.SortDecl) {
	if d.Rhs != nil && len(d.Names) > 1 {
		c.errorf(d.Names[1].Pos, "a sort alias declares one name")
	}
	for _, n := range d.Names {
		if old, dup := c.sortNames[n.Name]; dup {
			c.errorf(n.Pos, "duplicate sort %s (first declared at %s)", n.Name, old.decl.Pos)
			continue
		}
		decl := &lps.SortDecl{Name: n.Name, Pos: pos(n.Pos)}
		e := &sortEntry{decl: decl, rhs: d.Rhs}
		if d.Rhs == nil {
			decl.Sort = c.st.NewNamed(lps.SortBasic, n.Name)
			e.state = 2
		} else if isStructExpr(d.Rhs) {
			decl.Sort = c.st.NewNamed(lps.SortStruct, n.Name)
		} else {
			decl.Alias = true
		}
		c.sortNames[n.Name] = e
		c.spec.Sorts = append(c.spec.Sorts, decl)
	}
}

// isStructExpr reports whether a sort declaration's right-hand side is a
// structured sort, which makes a new named sort rather than an alias.
func isStructExpr(s *syntax.SortExpr) bool {
	return s.Cod == nil && len(s.Prod) == 1 && s.Prod[0].Struct != nil
}

// resolveSortDecl resolves an alias or fills in a structured sort.
func (c *checker) resolveSortDecl(name string) *lps.Sort {
	e := c.sortNames[name]
	switch e.state {
	case 2:
		return e.decl.Sort
	case 1:
		if e.decl.Alias {
			c.errorAt(e.decl.Pos, "sort alias %s is defined in terms of itself", name)
			e.state = 2
			e.decl.Sort = c.st.NewNamed(lps.SortBasic, name)
			return e.decl.Sort
		}
		return e.decl.Sort // a recursive structured sort
	}
	e.state = 1
	if e.decl.Alias {
		s := c.sort(e.rhs)
		c.spell(e.decl, e.rhs)
		if s == nil {
			s = c.st.NewNamed(lps.SortBasic, name)
		}
		if e.state == 1 {
			e.decl.Sort = s
		}
	} else {
		c.fillStruct(e.decl.Sort, e.rhs.Prod[0].Struct)
	}
	e.state = 2
	return e.decl.Sort
}

// sort resolves a sort expression; nil after reporting an error. Products
// without an arrow are rejected here (actions handle them separately).
func (c *checker) sort(s *syntax.SortExpr) *lps.Sort {
	if s.Cod == nil {
		if len(s.Prod) > 1 {
			c.errorf(s.Prod[1].Pos, "a product sort is only allowed as the domain of a function sort or as an action's sort")
			return nil
		}
		return c.sortAtom(s.Prod[0])
	}
	dom := make([]*lps.Sort, len(s.Prod))
	for i, a := range s.Prod {
		if dom[i] = c.sortAtom(a); dom[i] == nil {
			return nil
		}
	}
	cod := c.sort(s.Cod)
	if cod == nil {
		return nil
	}
	return c.st.Func(dom, cod)
}

// sortAtom resolves one factor of a sort expression; nil after an error.
func (c *checker) sortAtom(a *syntax.SortAtom) *lps.Sort {
	switch {
	case a.Prim != "":
		return c.st.Primitive(a.Prim)
	case a.Cont != "":
		elem := c.sort(a.Elem)
		if elem == nil {
			return nil
		}
		switch a.Cont {
		case "List":
			return c.st.List(elem)
		case "Set":
			return c.st.Set(elem)
		case "Bag":
			return c.st.Bag(elem)
		case "FSet":
			return c.st.FSet(elem)
		default:
			return c.st.FBag(elem)
		}
	case a.Struct != nil:
		key, ok := c.structKey(a.Struct)
		if !ok {
			return nil // the unknown sort is reported
		}
		if s := c.anonStructs[key]; s != nil {
			return s
		}
		s := c.st.NewNamed(lps.SortStruct, "")
		c.fillStruct(s, a.Struct)
		if c.anonStructs == nil {
			c.anonStructs = map[string]*lps.Sort{}
		}
		c.anonStructs[key] = s
		return s
	case a.Paren != nil:
		return c.sort(a.Paren)
	}
	if _, ok := c.sortNames[a.Name]; !ok {
		c.errorf(a.Pos, "unknown sort %s", a.Name)
		return nil
	}
	return c.resolveSortDecl(a.Name)
}

// structKey is the text of a structured sort written in place, with its
// argument sorts resolved; false when a sort does not resolve.
func (c *checker) structKey(ctors []*syntax.Ctor) (string, bool) {
	var b strings.Builder
	for _, ac := range ctors {
		b.WriteString(ac.Name.Name)
		b.WriteByte('(')
		for _, p := range ac.Projs {
			if p.Name != nil {
				b.WriteString(p.Name.Name)
			}
			b.WriteByte(':')
			d := c.sort(p.Sort)
			if d == nil {
				return "", false
			}
			// The sort's identity: equal sorts are one *Sort, but
			// their printed forms may coincide for different ones.
			fmt.Fprintf(&b, "%p,", d)
		}
		b.WriteByte(')')
		if ac.Rec != nil {
			b.WriteString("?" + ac.Rec.Name)
		}
		b.WriteByte('|')
	}
	return b.String(), true
}

// fillStruct generates the constructors, projections and recognisers of a
// structured sort.
func (c *checker) fillStruct(s *lps.Sort, ctors []*syntax.Ctor) {
	for i, ac := range ctors {
		dom := make([]*lps.Sort, 0, len(ac.Projs))
		ok := true
		for _, p := range ac.Projs {
			d := c.sort(p.Sort)
			if d == nil {
				ok = false
				d = c.st.Bool
			}
			dom = append(dom, d)
		}
		f := &lps.Func{Name: ac.Name.Name, Sort: c.st.Func(dom, s), Kind: lps.FuncConstructor, Index: i, Pos: pos(ac.Name.Pos)}
		if len(ac.Projs) > 0 {
			f.Projections = make([]*lps.Func, len(ac.Projs))
		}
		for j, p := range ac.Projs {
			if p.Name == nil {
				continue
			}
			pf := &lps.Func{Name: p.Name.Name, Sort: c.st.Func([]*lps.Sort{s}, dom[j]), Kind: lps.FuncProjection, Ctor: f, Index: j, Pos: pos(p.Name.Pos)}
			if !c.addFunc(pf, p.Name.Pos) {
				for _, g := range c.funcs[pf.Name] {
					if g.Sort == pf.Sort && g.Kind == lps.FuncProjection {
						pf = g // shared with an earlier constructor
					}
				}
			}
			f.Projections[j] = pf
		}
		if ac.Rec != nil {
			rf := &lps.Func{Name: ac.Rec.Name, Sort: c.st.Func([]*lps.Sort{s}, c.st.Bool), Kind: lps.FuncRecogniser, Ctor: f, Pos: pos(ac.Rec.Pos)}
			f.Recogniser = rf
			c.addFunc(rf, ac.Rec.Pos)
		}
		s.Constructors = append(s.Constructors, f)
		if ok {
			c.addFunc(f, ac.Name.Pos)
		}
	}
}

// addFunc registers a user function; the same name with the same sort
// twice is a duplicate (different sorts are overloads).
func (c *checker) addFunc(f *lps.Func, p syntax.Position) bool {
	for _, g := range c.funcs[f.Name] {
		if g.Sort == f.Sort {
			if f.Kind == lps.FuncProjection && g.Kind == lps.FuncProjection {
				// Several constructors of one structured sort may share a
				// projection name (deferred(pid: Nat) | flag(pid: Nat)):
				// that is one function. fillStruct links the shared Func.
				return false
			}
			c.errorf(p, "duplicate declaration of %s: %s (first declared at %s)", f.Name, f.Sort, g.Pos)
			return false
		}
	}
	c.funcs[f.Name] = append(c.funcs[f.Name], f)
	return true
}

// declareFuncs enters the names of one cons or map declaration. A
// constructor must construct a sort declared basic (`sort D;`), whose
// values are then exactly its constructors' terms.
func (c *checker) declareFuncs(d *syntax.IdsDecl, kind lps.FuncKind) {
	s := c.sort(d.Sort)
	if s == nil {
		return
	}
	for _, n := range d.Names {
		f := &lps.Func{Name: n.Name, Sort: s, Kind: kind, Pos: pos(n.Pos)}
		c.spell(f, d.Sort)
		if kind == lps.FuncConstructor {
			res := f.Result()
			if res.Kind != lps.SortBasic {
				c.errorf(n.Pos, "constructor %s constructs %s, which is not a sort declared with `sort %s;`", n.Name, res, res)
				continue
			}
			f.Index = len(res.Constructors)
		}
		if !c.addFunc(f, n.Pos) {
			continue
		}
		if kind == lps.FuncConstructor {
			res := f.Result()
			res.Constructors = append(res.Constructors, f)
			c.spec.Cons = append(c.spec.Cons, f)
		} else {
			c.spec.Maps = append(c.spec.Maps, f)
		}
	}
}

// declareVars declares the variables of var/glob lists in a new scope.
func (c *checker) declareVars(lists []*syntax.VarsList, parent *scope, what string) *scope {
	sc := &scope{vars: map[string]*lps.Var{}, parent: parent}
	for _, l := range lists {
		c.addVars(sc, l, what, nil)
	}
	return sc
}

// addVars adds the variables of one list to sc, appending them to out.
func (c *checker) addVars(sc *scope, l *syntax.VarsList, what string, out []*lps.Var) []*lps.Var {
	for _, d := range l.Decls {
		s := c.sort(d.Sort)
		for _, n := range d.Names {
			if old, dup := sc.vars[n.Name]; dup {
				c.errorf(n.Pos, "duplicate %s %s (first declared at %s)", what, n.Name, old.Pos)
				continue
			}
			if s == nil {
				continue
			}
			v := &lps.Var{Name: n.Name, S: s, Pos: pos(n.Pos)}
			c.spell(v, d.Sort)
			sc.vars[n.Name] = v
			out = append(out, v)
		}
	}
	return out
}

// ---------------------------------------------------------------------------
// Equations

// checkEquation checks `[cond ->] lhs = rhs` in the scope of the var
// section it belongs to: the left side is typed on its own and decides
// the sort the right side must have.
func (c *checker) checkEquation(e *syntax.Eqn, vars *scope, section int) {
	condAST, lhsAST := (*syntax.DataExpr)(nil), e.First
	if e.Second != nil {
		condAST, lhsAST = e.First, e.Second
	}
	x := c.newExprChecker(vars)
	lhs := x.synth(lhsAST.X, nil)
	if lhs == nil {
		return
	}
	rhs := x.expect(e.Rhs.X, lhs.Sort())
	var cond lps.Expr
	if condAST != nil {
		cond = x.expect(condAST.X, c.st.Bool)
	}
	if rhs == nil || (condAST != nil && cond == nil) {
		return
	}
	eq := &lps.Equation{Cond: cond, LHS: lhs, RHS: rhs, Pos: pos(e.Pos), Section: section}
	if vars != nil {
		seen := map[*lps.Var]bool{}
		for _, ex := range []lps.Expr{cond, lhs, rhs} {
			lps.VarsIn(ex, func(v *lps.Var) {
				if vars.vars[v.Name] == v && !seen[v] {
					seen[v] = true
					eq.Vars = append(eq.Vars, v)
				}
			})
		}
	}
	c.spec.Equations = append(c.spec.Equations, eq)
}

// spell remembers how the source wrote the sort of a declaration, so that
// printing keeps an alias where the source used it (mCRL2 itself is not
// consistent about expanding aliases).
func (c *checker) spell(key any, s *syntax.SortExpr) {
	if c.spec.Spelling == nil {
		c.spec.Spelling = map[any]string{}
	}
	var b strings.Builder
	writeAstSort(&b, s, false)
	c.spec.Spelling[key] = b.String()
}

// writeAstSort writes a sort as the text spelled it (aliases by name,
// parentheses kept), so that lpspp's print of a declaration shows what
// its author wrote rather than the resolved sort.
func writeAstSort(b *strings.Builder, s *syntax.SortExpr, inDomain bool) {
	if s.Cod != nil && inDomain {
		b.WriteString("(")
	}
	for i, a := range s.Prod {
		if i > 0 {
			b.WriteString(" # ")
		}
		writeAstAtom(b, a, s.Cod != nil || len(s.Prod) > 1)
	}
	if s.Cod != nil {
		b.WriteString(" -> ")
		writeAstSort(b, s.Cod, false)
		if inDomain {
			b.WriteString(")")
		}
	}
}

// writeAstAtom writes one factor of a sort as the text spelled it.
func writeAstAtom(b *strings.Builder, a *syntax.SortAtom, inDomain bool) {
	switch {
	case a.Prim != "":
		b.WriteString(a.Prim)
	case a.Cont != "":
		b.WriteString(a.Cont)
		b.WriteString("(")
		writeAstSort(b, a.Elem, false)
		b.WriteString(")")
	case a.Paren != nil:
		writeAstSort(b, a.Paren, inDomain)
	case a.Struct != nil:
		b.WriteString("struct ")
		for i, c := range a.Struct {
			if i > 0 {
				b.WriteString(" | ")
			}
			writeAstCtor(b, c)
		}
	default:
		b.WriteString(a.Name)
	}
}

// writeAstCtor writes one constructor of a struct as the text spelled
// it: c(p1: S1, S2)?is_c.
func writeAstCtor(b *strings.Builder, c *syntax.Ctor) {
	b.WriteString(c.Name.Name)
	if len(c.Projs) > 0 {
		b.WriteString("(")
		for i, p := range c.Projs {
			if i > 0 {
				b.WriteString(", ")
			}
			if p.Name != nil {
				b.WriteString(p.Name.Name)
				b.WriteString(": ")
			}
			writeAstSort(b, p.Sort, false)
		}
		b.WriteString(")")
	}
	if c.Rec != nil {
		b.WriteString("?")
		b.WriteString(c.Rec.Name)
	}
}

// ---------------------------------------------------------------------------
// Actions

// declareActions enters the action labels of one act declaration. An
// action name may be declared with several argument sorts (overloading),
// never twice with the same ones.
func (c *checker) declareActions(d *syntax.ActDecl) {
	var sorts []*lps.Sort
	if d.Sort != nil {
		if d.Sort.Cod != nil {
			s := c.sort(d.Sort)
			if s == nil {
				return
			}
			sorts = []*lps.Sort{s}
		} else {
			for _, a := range d.Sort.Prod {
				s := c.sortAtom(a)
				if s == nil {
					return
				}
				sorts = append(sorts, s)
			}
		}
	}
	for _, n := range d.Names {
		dup := false
		for _, old := range c.actions[n.Name] {
			if lps.SameSorts(old.Sorts, sorts) {
				c.errorf(n.Pos, "duplicate action %s (first declared at %s)", n.Name, old.Pos)
				dup = true
			}
		}
		if dup {
			continue
		}
		a := &lps.ActionDecl{Name: n.Name, Sorts: sorts, Pos: pos(n.Pos)}
		if d.Sort != nil {
			c.spell(a, d.Sort)
		}
		c.actions[n.Name] = append(c.actions[n.Name], a)
		c.spec.Actions = append(c.spec.Actions, a)
	}
}

// ---------------------------------------------------------------------------
// Process and initial state

// checkProc checks the process: its parameters, then each summand in
// their scope (globals outside them).
func (c *checker) checkProc(p *syntax.Proc, globals *scope) {
	c.spec.ProcName = p.Name.Name
	ps := &scope{vars: map[string]*lps.Var{}, parent: globals}
	if p.Params != nil {
		n := len(c.errs)
		c.spec.Params = c.addVars(ps, p.Params, "process parameter", nil)
		c.badParams = len(c.errs) > n
	}
	c.params = ps.vars
	for _, as := range p.Body.Items {
		if s := c.checkSummand(as, ps); s != nil {
			c.spec.Summands = append(c.spec.Summands, s)
		}
	}
}

// checkSummand checks one summand; a summand without a condition gets
// the condition true, so that every later stage finds one.
func (c *checker) checkSummand(as *syntax.Summand, ps *scope) *lps.Summand {
	s := &lps.Summand{Pos: pos(as.Pos), Delta: as.Delta}
	sc := ps
	if as.Sum != nil {
		sc = &scope{vars: map[string]*lps.Var{}, parent: ps}
		s.SumVars = c.addVars(sc, as.Sum, "sum variable", nil)
	}
	x := c.newExprChecker(sc)
	ok := true
	if as.Cond != nil {
		s.Cond = x.expect(as.Cond.X, c.st.Bool)
		ok = s.Cond != nil
	} else {
		s.Cond = &lps.FuncRef{Func: c.st.Builtin(lps.OpTrue, c.st.Bool)}
	}
	for _, aa := range as.Acts {
		a, good := c.checkAction(x, aa)
		if !good {
			ok = false
			continue
		}
		s.Actions = append(s.Actions, a)
	}
	if as.Time != nil {
		s.Time = x.expect(as.Time.X, c.st.Real)
		ok = ok && s.Time != nil
	}
	if as.Delta {
		if as.Next != nil {
			c.errorf(as.Next.Pos, "delta cannot be followed by a next state")
			return nil
		}
		if !ok {
			return nil
		}
		return s
	}
	if as.Next == nil {
		c.errorf(as.Pos, "summand has no next state (expected `. %s(...)`)", c.spec.ProcName)
		return nil
	}
	nsc := sc
	if as.Next.Dist != nil {
		s.Dist, nsc = c.checkDist(as.Next.Dist, sc)
		ok = ok && s.Dist != nil
	}
	assigns, good := c.checkNext(as.Next.Proc, as.Next.Args, c.newExprChecker(nsc), false)
	if !good || !ok {
		return nil
	}
	s.Assignments = assigns
	return s
}

// checkDist checks a distribution `dist vars[prob]`: its variables are
// in scope in the probability and in what follows it.
func (c *checker) checkDist(d *syntax.Dist, sc *scope) (*lps.Distribution, *scope) {
	dsc := &scope{vars: map[string]*lps.Var{}, parent: sc}
	dist := &lps.Distribution{Pos: pos(d.Pos)}
	dist.Vars = c.addVars(dsc, d.Vars, "distribution variable", nil)
	dist.Prob = c.newExprChecker(dsc).expect(d.Prob.X, c.st.Real)
	if dist.Prob == nil {
		return nil, dsc
	}
	return dist, dsc
}

// checkAction resolves an action against its declarations, choosing the
// overload by the number and sorts of the arguments.
func (c *checker) checkAction(x *exprChecker, aa *syntax.Action) (lps.Action, bool) {
	name := aa.Name.Name
	decls := c.actions[name]
	if len(decls) == 0 {
		if c.spec.ProcName == name {
			c.errorf(aa.Name.Pos, "%s is the process; expected an action followed by `. %s(...)`", name, name)
		} else {
			c.errorf(aa.Name.Pos, "unknown action %s", name)
		}
		return lps.Action{}, false
	}
	var cands []*lps.ActionDecl
	for _, d := range decls {
		if len(d.Sorts) == len(aa.Args) {
			cands = append(cands, d)
		}
	}
	if len(cands) == 0 {
		c.errorf(aa.Name.Pos, "wrong number of arguments: action %s takes %s, found %d", name, arities(decls), len(aa.Args))
		return lps.Action{}, false
	}
	doms := make([][]*lps.Sort, len(cands))
	for i, d := range cands {
		doms[i] = d.Sorts
	}
	raw := make([]syntax.Expr, len(aa.Args))
	for i, a := range aa.Args {
		raw[i] = a.X
	}
	k, args := x.resolveArgs(raw, doms, pos(aa.Name.Pos), "action "+name)
	if k < 0 {
		return lps.Action{}, false
	}
	return lps.Action{Decl: cands[k], Args: args, Pos: pos(aa.Name.Pos)}, true
}

// arities lists the numbers of arguments an action's declarations take,
// for a message about a call with another number.
func arities(decls []*lps.ActionDecl) string {
	s := ""
	for i, d := range decls {
		if i > 0 {
			s += " or "
		}
		s += fmt.Sprintf("%d argument", len(d.Sorts))
		if len(d.Sorts) != 1 {
			s += "s"
		}
	}
	return s
}

// checkNext checks `P(x = e, ...)` or positional `P(e1, ..., en)`.
func (c *checker) checkNext(name *syntax.Ident, args []*syntax.Arg, x *exprChecker, init bool) ([]lps.Assignment, bool) {
	if name.Name != c.spec.ProcName {
		if len(c.actions[name.Name]) > 0 && !init {
			c.errorf(name.Pos, "expected the process %s after the multi-action, found action %s", c.spec.ProcName, name.Name)
		} else {
			c.errorf(name.Pos, "unknown process %s (the process is %s)", name.Name, c.spec.ProcName)
		}
		return nil, false
	}
	ok := true
	var out []lps.Assignment
	named := len(args) > 0 && args[0].Name != nil
	if !named {
		if init || len(args) > 0 {
			if len(args) != len(c.spec.Params) {
				if !c.badParams {
					c.errorf(name.Pos, "wrong number of arguments: process %s has %s, found %d", name.Name, plural(len(c.spec.Params), "parameter"), len(args))
				}
				return nil, false
			}
		}
	}
	seen := map[*lps.Var]bool{}
	for i, a := range args {
		if (a.Name != nil) != named {
			c.errorf(a.Pos, "mixed positional arguments and assignments")
			ok = false
			continue
		}
		var p *lps.Var
		if named {
			p = c.params[a.Name.Name]
			if p == nil {
				c.errorf(a.Name.Pos, "%s is not a parameter of process %s", a.Name.Name, name.Name)
				ok = false
				continue
			}
			if seen[p] {
				c.errorf(a.Name.Pos, "parameter %s is assigned twice", p.Name)
				ok = false
				continue
			}
			seen[p] = true
		} else {
			p = c.spec.Params[i]
		}
		v := x.expect(a.Value.X, p.S)
		if v == nil {
			ok = false
			continue
		}
		out = append(out, lps.Assignment{Param: p, Value: v})
	}
	return out, ok
}

// checkInit checks the initial state: the process's name, one value per
// parameter (positional), or a distribution over them.
func (c *checker) checkInit(in *syntax.Init, globals *scope) {
	sc := globals
	if in.Dist != nil {
		var d *lps.Distribution
		d, sc = c.checkDist(in.Dist, globals)
		if d == nil {
			return
		}
		c.spec.InitDist = d
	}
	if len(in.Args) > 0 && in.Args[0].Name != nil {
		c.errorf(in.Args[0].Pos, "the initial state lists the parameter values in order, without names")
		return
	}
	assigns, ok := c.checkNext(in.Proc, in.Args, c.newExprChecker(sc), true)
	if !ok {
		return
	}
	c.spec.Init = make([]lps.Expr, len(assigns))
	for i, a := range assigns {
		c.spec.Init[i] = a.Value
	}
}
