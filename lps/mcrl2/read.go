package mcrl2

import (
	"fmt"

	"github.com/lps2lts/lps2lts/aterm"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/syntax"
)

// Read builds the Spec of an LPS in mCRL2's binary format straight
// from its typed terms: every function symbol, variable and number carries
// the sort mCRL2's type checker gave it, so nothing is typed a second time.
// (Printing the file as text and checking that text again re-derived those
// sorts, and re-derived some differently: a lambda whose body mCRL2 typed
// as Int, Nat2Int(1), came back as Pos.) The terms are mCRL2's internal
// structure (libraries/lps/source/lps_io.cpp, libraries/data/source/
// data_io.cpp), walked by binConv; the IR built is the
// one the checker builds for the same text: implicit upcasts for mCRL2's
// number constructors and conversions to a wider sort, finite sets and bags
// as enumerations under @setfset/@bagfbag, a set or bag with a function
// part as a comprehension. Its error starts with name.
func Read(name string, src []byte) (*lps.Spec, error) {
	spec, err := readBinary(name, src)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return spec, nil
}

// readBinary is Read without the file's name in its error.
func readBinary(name string, src []byte) (spec *lps.Spec, err error) {
	out, err := aterm.Read(src)
	if err != nil {
		return nil, err
	}
	r := &binReader{
		binConv:  binConv{out: out},
		st:       lps.NewSortTable(),
		named:    map[string]*lps.Sort{},
		anon:     map[*aterm.Term]*lps.Sort{},
		funcs:    map[string][]*lps.Func{},
		shared:   map[sharedKey]sharedExpr{},
		sortOf:   map[*aterm.Term]*lps.Sort{},
		varNames: map[*aterm.Symbol]bool{},
		closed:   map[*aterm.Term]bool{},
	}
	r.spec = &lps.Spec{File: name, SortTable: r.st}
	defer func() {
		if x := recover(); x != nil {
			if e, ok := x.(binError); ok {
				spec, err = nil, e
				return
			}
			panic(x)
		}
	}()
	r.read()
	r.uninterpretAbsentLibraries()
	return r.spec, nil
}

// binReader turns the terms of a binary LPS into the IR.
type binReader struct {
	binConv
	st   *lps.SortTable
	spec *lps.Spec
	// named holds the sorts declared by name (basic sorts, structured
	// sorts and aliases); anon the structured sorts written in place, by
	// their term (the stream writes equal terms once: one pointer).
	named map[string]*lps.Sort
	anon  map[*aterm.Term]*lps.Sort
	// funcs are the user's constructors and mappings and the functions
	// of structured sorts, by name (overloads differ in sort).
	funcs map[string][]*lps.Func
	// scope is the stack of variables in scope, innermost last. Its
	// first nfixed (the globals, and the parameters while summands are
	// read) are also in fixed, by name and sort (see fixScope).
	scope  []*lps.Var
	fixed  map[varKey]*lps.Var
	nfixed int
	// where says what is being read, for messages ("summand 3").
	where string
	// shared holds the expression read of each term in each scope: the
	// file writes a shared term once, and its IR is made once per scope
	// it stands in (once for all, if it is closed: no variable, no
	// binder), so that the IR grows with the file, not with the tree the
	// file's sharing stands for (mcrl22lps -lstack writes ERTMS's 117 kB
	// as a tree of millions of nodes). closed remembers which terms are.
	shared map[sharedKey]sharedExpr
	// sharing is off while the equations are read: each has a scope of
	// its own, so their terms would be looked up and kept for nothing
	// (a fifth of the reading of 11073's file).
	sharing bool
	closed  map[*aterm.Term]bool
	// sortOf holds the sort read of each sort term.
	sortOf map[*aterm.Term]*lps.Sort
	// varNames are the names of variables already found good (newVar).
	varNames map[*aterm.Symbol]bool
	// libraries records the set and bag sorts the file mentions and the
	// references to their libraries' internal functions (libs.go).
	libraries libraryUse
}

func (r *binReader) failf(format string, args ...any) {
	if r.where != "" {
		format = r.where + ": " + format
	}
	r.fail(format, args...)
}

func (r *binReader) read() {
	if m := r.term(); !is(m, "linear_process_specification", 0) {
		r.failf("not a linear process specification (found %s)", m.Sym.Name)
	}
	r.dataSpec()
	r.sharing = true
	for _, a := range r.list(r.term()) {
		if !is(a, "ActId", 2) {
			r.failf("an action label expected")
		}
		d := &lps.ActionDecl{Name: r.ident(a.Args[0]), Sorts: r.sorts(a.Args[1])}
		for _, e := range r.spec.Actions {
			if e.Name == d.Name && lps.SameSorts(e.Sorts, d.Sorts) {
				r.failf("action %s declared twice", d.Name)
			}
		}
		r.spec.Actions = append(r.spec.Actions, d)
	}
	for range r.count() {
		v := r.newVar(r.term())
		for _, g := range r.spec.Globals {
			if g.Name == v.Name {
				r.failf("global variable %s declared twice", v.Name)
			}
		}
		r.spec.Globals = append(r.spec.Globals, v)
	}
	r.scope = append(r.scope, r.spec.Globals...)
	r.spec.ProcName = "P"
	for _, p := range r.list(r.term()) {
		v := r.newVar(p)
		for _, q := range append(r.spec.Params, r.spec.Globals...) {
			if q.Name == v.Name {
				r.failf("process parameter %s has the name of another variable", v.Name)
			}
		}
		r.spec.Params = append(r.spec.Params, v)
	}
	r.scope = append(r.scope, r.spec.Params...)
	r.fixScope()
	n := 0
	for range r.count() {
		n++
		r.where = fmt.Sprintf("summand %d", n)
		dist, sumVars, cond, acts, time, assigns := r.term(), r.term(), r.term(), r.term(), r.term(), r.term()
		s := r.summand(sumVars, cond, time, func(s *lps.Summand) {
			for _, a := range r.list(acts) {
				s.Actions = append(s.Actions, r.action(a))
			}
			mark := len(r.scope)
			s.Dist = r.dist(dist)
			for _, a := range r.list(assigns) {
				if !is(a, "DataVarIdInit", 2) {
					r.failf("an assignment expected")
				}
				// What the checker checks of the text: a file could
				// say anything (P(f3 = 1, f3 = true) with f3: Bool).
				p := r.param(a.Args[0])
				for _, b := range s.Assignments {
					if b.Param == p {
						r.failf("parameter %s is assigned twice", p.Name)
					}
				}
				v := r.typed(r.expr(a.Args[1]), p.S, "the value assigned to "+p.Name)
				s.Assignments = append(s.Assignments, lps.Assignment{Param: p, Value: v})
			}
			r.scope = r.scope[:mark]
		})
		r.spec.Summands = append(r.spec.Summands, s)
	}
	for range r.count() {
		n++
		r.where = fmt.Sprintf("summand %d", n)
		sumVars, cond, time := r.term(), r.term(), r.term()
		r.spec.Summands = append(r.spec.Summands, r.summand(sumVars, cond, time, func(s *lps.Summand) { s.Delta = true }))
	}
	r.where = "the initial state"
	init := r.term()
	if !is(init, "LinearProcessInit", 2) {
		r.failf("the initial state expected")
	}
	r.scope = r.scope[:len(r.spec.Globals)]
	r.fixScope()
	r.spec.InitDist = r.dist(init.Args[1])
	vals := r.list(init.Args[0])
	if len(vals) != len(r.spec.Params) {
		r.failf("%d initial values for %d parameters", len(vals), len(r.spec.Params))
	}
	for i, v := range vals {
		e := r.expr(v)
		if e.Sort() != r.spec.Params[i].S {
			r.failf("the initial value of %s has sort %s, not %s", r.spec.Params[i].Name, e.Sort(), r.spec.Params[i].S)
		}
		r.spec.Init = append(r.spec.Init, e)
	}
}

// summand reads what every summand has (sum variables, condition, time)
// and lets rest read the remainder with the sum variables in scope.
func (r *binReader) summand(sumVars, cond, time *aterm.Term, rest func(*lps.Summand)) *lps.Summand {
	mark := len(r.scope)
	s := &lps.Summand{}
	for _, v := range r.list(sumVars) {
		s.SumVars = append(s.SumVars, r.newVar(v))
	}
	r.distinct(s.SumVars, "sum variable")
	r.scope = append(r.scope, s.SumVars...)
	s.Cond = r.typed(r.expr(cond), r.st.Bool, "the condition")
	if !(is(time, "DataVarId", 2) && r.name(time.Args[0]) == "@undefined_real") {
		s.Time = r.typed(r.expr(time), r.st.Real, "the time")
	}
	rest(s)
	r.scope = r.scope[:mark]
	return s
}

// typed checks that e has sort s.
func (r *binReader) typed(e lps.Expr, s *lps.Sort, what string) lps.Expr {
	if e.Sort() != s {
		r.failf("%s has sort %s, not %s", what, e.Sort(), s)
	}
	return e
}

// dist reads a distribution and puts its variables in scope (the caller
// restores the scope); nil for the empty one.
func (r *binReader) dist(t *aterm.Term) *lps.Distribution {
	if !is(t, "Distribution", 2) {
		r.failf("a distribution expected")
	}
	vs := r.list(t.Args[0])
	if len(vs) == 0 {
		return nil
	}
	d := &lps.Distribution{}
	for _, v := range vs {
		d.Vars = append(d.Vars, r.newVar(v))
	}
	r.distinct(d.Vars, "variable of a distribution")
	r.scope = append(r.scope, d.Vars...)
	d.Prob = r.typed(r.expr(t.Args[1]), r.st.Real, "the probability")
	return d
}

func (r *binReader) action(a *aterm.Term) lps.Action {
	if !is(a, "Action", 2) || !is(a.Args[0], "ActId", 2) {
		r.failf("an action expected")
	}
	name, sorts := r.name(a.Args[0].Args[0]), r.sorts(a.Args[0].Args[1])
	for _, d := range r.spec.Actions {
		if d.Name == name && lps.SameSorts(d.Sorts, sorts) {
			act := lps.Action{Decl: d}
			for i, x := range r.list(a.Args[1]) {
				e := r.expr(x)
				if i >= len(sorts) || e.Sort() != sorts[i] {
					r.failf("the arguments of action %s do not match its sorts", name)
				}
				act.Args = append(act.Args, e)
			}
			if len(act.Args) != len(sorts) {
				r.failf("action %s has %d arguments, not %d", name, len(act.Args), len(sorts))
			}
			return act
		}
	}
	r.failf("undeclared action %s", name)
	return lps.Action{}
}

// param finds the process parameter an assignment assigns.
func (r *binReader) param(t *aterm.Term) *lps.Var {
	name, s := r.varID(t)
	for _, p := range r.spec.Params {
		if p.Name == name && p.S == s {
			return p
		}
	}
	r.failf("%s is no process parameter", name)
	return nil
}

// ---------------------------------------------------------------------------
// The data specification

func (r *binReader) dataSpec() {
	r.where = "the data specification"
	for range r.count() {
		t := r.term()
		if !is(t, "SortId", 1) {
			r.failf("a sort name expected")
		}
		n := r.ident(t.Args[0])
		if r.named[n] != nil || r.st.Primitive(n) != nil {
			r.failf("sort %s declared twice", n)
		}
		s := r.st.NewNamed(lps.SortBasic, n)
		r.named[n] = s
		r.spec.Sorts = append(r.spec.Sorts, &lps.SortDecl{Name: n, Sort: s})
	}
	// Aliases: structured sorts get their names first, so that they can
	// refer to each other and to themselves; then the others resolve.
	var aliases [][2]*aterm.Term
	for range r.count() {
		t := r.term()
		if !is(t, "SortRef", 2) || !is(t.Args[0], "SortId", 1) {
			r.failf("a sort alias expected")
		}
		n := r.ident(t.Args[0].Args[0])
		if r.named[n] != nil || r.st.Primitive(n) != nil {
			r.failf("sort %s declared twice", n)
		}
		aliases = append(aliases, [2]*aterm.Term{t.Args[0], t.Args[1]})
		if is(t.Args[1], "SortStruct", 1) {
			r.named[n] = r.st.NewNamed(lps.SortStruct, n)
		}
	}
	// The other aliases in the order they resolve (one may name another,
	// or a structured sort), then the structured sorts' constructors.
	decls := make([]*lps.SortDecl, len(aliases))
	for i, a := range aliases {
		n := r.name(a[0].Args[0])
		decls[i] = &lps.SortDecl{Name: n, Alias: r.named[n] == nil}
		if !decls[i].Alias {
			decls[i].Sort = r.named[n]
		}
	}
	for pending := true; pending; {
		pending = false
		progress := false
		for i, a := range aliases {
			if decls[i].Sort != nil {
				continue
			}
			if s := r.trySort(a[1]); s != nil {
				decls[i].Sort = s
				r.named[decls[i].Name] = s
				progress = true
			} else {
				pending = true
			}
		}
		if pending && !progress {
			r.failf("a sort alias refers to an unknown sort or to itself")
		}
	}
	for i, a := range aliases {
		if !decls[i].Alias {
			r.fillStruct(decls[i].Sort, a[1])
		}
	}
	r.spec.Sorts = append(r.spec.Sorts, decls...)
	for range r.count() {
		f := r.declFunc(r.term(), lps.FuncConstructor)
		res := f.Result()
		if res.Kind != lps.SortBasic {
			r.failf("constructor %s constructs %s, which is not a sort declared with `sort %s;`", f.Name, res, res)
		}
		f.Index = len(res.Constructors)
		res.Constructors = append(res.Constructors, f)
		r.spec.Cons = append(r.spec.Cons, f)
	}
	for range r.count() {
		r.spec.Maps = append(r.spec.Maps, r.declFunc(r.term(), lps.FuncMap))
	}
	for range r.count() {
		r.equation(r.term())
	}
	r.where = ""
}

func (r *binReader) declFunc(t *aterm.Term, kind lps.FuncKind) *lps.Func {
	if !is(t, "OpIdNoIndex", 2) && !is(t, "OpId", 3) {
		r.failf("a function symbol expected")
	}
	f := &lps.Func{Name: r.ident(t.Args[0]), Sort: r.sort(t.Args[1]), Kind: kind}
	for _, g := range r.funcs[f.Name] {
		if g.Sort == f.Sort {
			r.failf("%s: %s declared twice", f.Name, f.Sort)
		}
	}
	r.funcs[f.Name] = append(r.funcs[f.Name], f)
	return f
}

func (r *binReader) equation(t *aterm.Term) {
	if !is(t, "DataEqn", 4) {
		r.failf("an equation expected")
	}
	mark := len(r.scope)
	eq := &lps.Equation{}
	for _, v := range r.list(t.Args[0]) {
		eq.Vars = append(eq.Vars, r.newVar(v))
	}
	r.scope = append(r.scope, eq.Vars...)
	if cond := t.Args[1]; !(is(cond, "OpIdNoIndex", 2) && r.name(cond.Args[0]) == "true") && !is(cond, "@NoValue", 0) {
		eq.Cond = r.typed(r.expr(cond), r.st.Bool, "an equation's condition")
	}
	eq.LHS = r.expr(t.Args[2])
	eq.RHS = r.expr(t.Args[3])
	if eq.LHS.Sort() != eq.RHS.Sort() {
		r.failf("an equation's sides have sorts %s and %s", eq.LHS.Sort(), eq.RHS.Sort())
	}
	r.scope = r.scope[:mark]
	eq.Section = len(r.spec.VarSections)
	r.spec.VarSections = append(r.spec.VarSections, eq.Vars)
	r.spec.EqnVars = append(r.spec.EqnVars, eq.Vars...)
	r.spec.Equations = append(r.spec.Equations, eq)
}

// ---------------------------------------------------------------------------
// Sorts

func (r *binReader) sorts(t *aterm.Term) []*lps.Sort {
	var out []*lps.Sort
	for _, s := range r.list(t) {
		out = append(out, r.sort(s))
	}
	return out
}

func (r *binReader) sort(t *aterm.Term) *lps.Sort {
	s := r.trySort(t)
	if s == nil {
		r.failf("unknown sort %s", r.undeclared(t))
	}
	return s
}

// undeclared is the first sort name in t that names no sort, for the
// message when t does not resolve.
func (r *binReader) undeclared(t *aterm.Term) string {
	if is(t, "SortId", 1) {
		if n := r.name(t.Args[0]); r.st.Primitive(n) == nil && r.named[n] == nil {
			return n
		}
		return ""
	}
	for _, a := range t.Args {
		if !a.IsInt {
			if n := r.undeclared(a); n != "" {
				return n
			}
		}
	}
	return ""
}

// trySort resolves a sort term; nil when it names a sort not (yet) known.
func (r *binReader) trySort(t *aterm.Term) *lps.Sort {
	if s := r.sortOf[t]; s != nil {
		return s
	}
	s := r.trySortNode(t)
	if s != nil {
		// A sort term means the same wherever it stands; one that does
		// not resolve yet (an alias still pending) is tried again.
		r.sortOf[t] = s
	}
	return s
}

func (r *binReader) trySortNode(t *aterm.Term) *lps.Sort {
	r.enter()
	defer r.leave()
	switch {
	case is(t, "SortId", 1):
		n := r.name(t.Args[0])
		if s := r.st.Primitive(n); s != nil {
			return s
		}
		if s := r.internalSort(n); s != nil {
			return s
		}
		return r.named[n]
	case is(t, "SortCons", 2):
		elem := r.trySort(t.Args[1])
		if elem == nil {
			return nil
		}
		if k, ok := containerKinds[r.name(t.Args[0])]; ok {
			s := r.st.Container(k, elem)
			r.libraries.sawSort(s)
			return s
		}
		r.failf("unknown sort constructor %s", t.Args[0].Sym.Name)
	case is(t, "SortArrow", 2):
		var dom []*lps.Sort
		for _, d := range r.list(t.Args[0]) {
			s := r.trySort(d)
			if s == nil {
				return nil
			}
			dom = append(dom, s)
		}
		cod := r.trySort(t.Args[1])
		if cod == nil || len(dom) == 0 {
			return nil
		}
		return r.st.Func(dom, cod)
	case is(t, "UntypedSortUnknown", 0):
		// mCRL2 leaves the element sort of count(7, {:}) unknown, as
		// the checker does (AnySort).
		return lps.AnySort
	case is(t, "SortStruct", 1):
		if s := r.anon[t]; s != nil {
			return s
		}
		s := r.st.NewNamed(lps.SortStruct, "")
		r.anon[t] = s
		r.fillStruct(s, t)
		return s
	default:
		r.failf("a sort expected, found %s", t.Sym.Name)
	}
	return nil
}

// fillStruct makes the constructors, projections and recognisers of the
// structured sort s from its SortStruct term, as the checker's fillStruct
// does from the text.
func (r *binReader) fillStruct(s *lps.Sort, t *aterm.Term) {
	for i, k := range r.list(t.Args[0]) {
		if !is(k, "StructCons", 3) {
			r.failf("a constructor of a structured sort expected")
		}
		projs := r.list(k.Args[1])
		dom := make([]*lps.Sort, len(projs))
		for j, p := range projs {
			if !is(p, "StructProj", 2) {
				r.failf("an argument of a constructor expected")
			}
			dom[j] = r.sort(p.Args[1])
		}
		f := &lps.Func{Name: r.ident(k.Args[0]), Sort: r.st.Func(dom, s), Kind: lps.FuncConstructor, Index: i}
		if r.lookupFunc(f.Name, f.Sort) != nil {
			r.failf("constructor %s: %s declared twice", f.Name, f.Sort)
		}
		if len(projs) > 0 {
			f.Projections = make([]*lps.Func, len(projs))
		}
		for j, p := range projs {
			n := r.name(p.Args[0])
			if n == "" || n == "@NoValue" {
				continue
			}
			r.checkIdent(n)
			pf := &lps.Func{Name: n, Sort: r.st.Func([]*lps.Sort{s}, dom[j]), Kind: lps.FuncProjection, Ctor: f, Index: j}
			if g := r.lookupFunc(n, pf.Sort); g != nil && g.Kind == lps.FuncProjection {
				pf = g // shared by several constructors of one sort
			} else if g != nil {
				r.failf("projection %s: %s declared twice", n, pf.Sort)
			} else {
				r.funcs[n] = append(r.funcs[n], pf)
			}
			f.Projections[j] = pf
		}
		if n := r.name(k.Args[2]); n != "" && n != "@NoValue" {
			r.checkIdent(n)
			f.Recogniser = &lps.Func{Name: n, Sort: r.st.Func([]*lps.Sort{s}, r.st.Bool), Kind: lps.FuncRecogniser, Ctor: f}
			if r.lookupFunc(n, f.Recogniser.Sort) != nil {
				r.failf("recogniser %s: %s declared twice", n, f.Recogniser.Sort)
			}
			r.funcs[n] = append(r.funcs[n], f.Recogniser)
		}
		s.Constructors = append(s.Constructors, f)
		r.funcs[f.Name] = append(r.funcs[f.Name], f)
	}
}

func (r *binReader) lookupFunc(name string, s *lps.Sort) *lps.Func {
	for _, f := range r.funcs[name] {
		if f.Sort == s {
			return f
		}
	}
	return nil
}

// ---------------------------------------------------------------------------
// Variables

// varID reads a variable's name and sort.
func (r *binReader) varID(t *aterm.Term) (string, *lps.Sort) {
	if !is(t, "DataVarId", 2) && !is(t, "DataVarId", 3) {
		r.failf("a variable expected, found %s", t.Sym.Name)
	}
	return r.name(t.Args[0]), r.sort(t.Args[1])
}

// newVar declares a variable; the caller puts it in scope.
func (r *binReader) newVar(t *aterm.Term) *lps.Var {
	name, s := r.varID(t)
	// An equation declares its section's variables again, each time
	// (11073: hundreds of them an equation): a name is checked once.
	if sym := t.Args[0].Sym; !r.varNames[sym] {
		r.checkIdent(name)
		if _, ok := mcrl2Builtins[name]; ok {
			// The text would read it as the function (count, max, ...).
			r.failf("variable %s has the name of a built-in function", name)
		}
		r.varNames[sym] = true
	}
	return &lps.Var{Name: name, S: s}
}

// distinct refuses two variables of one name among vars, bound together
// (the text checker refuses them).
func (r *binReader) distinct(vars []*lps.Var, what string) {
	for i, v := range vars {
		for _, w := range vars[:i] {
			if w.Name == v.Name {
				r.failf("two of its %ss are named %s", what, v.Name)
			}
		}
	}
}

// ident reads a name the file declares (a sort, an action, a function),
// which must be an identifier: the text form prints it where the parser
// reads one, and a label prints it as it is.
func (r *binReader) ident(t *aterm.Term) string {
	n := r.name(t)
	r.checkIdent(n)
	return n
}

// checkIdent refuses a declared name that is no mCRL2 identifier
// (a letter or _, then letters, digits, _ and '; no reserved word).
func (r *binReader) checkIdent(n string) {
	ok := n != ""
	for i, c := range n {
		letter := c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
		ok = ok && (letter || i > 0 && ('0' <= c && c <= '9' || c == '\''))
	}
	if !ok || syntax.IsKeyword(n) {
		r.failf("the declared name %q is no identifier", n)
	}
}

// lookupVar finds the innermost variable of that name and sort in scope.
// mCRL2 tells variables apart by name and sort, the text by name alone:
// a variable hidden by an inner one of its name and another sort is
// refused, since the file's text would mean the inner one.
func (r *binReader) lookupVar(name string, s *lps.Sort) *lps.Var {
	for i := len(r.scope) - 1; i >= r.nfixed; i-- {
		if v := r.scope[i]; v.Name == name {
			if v.S != s {
				r.failf("variable %s: %s is hidden by %s: %s", name, s, name, v.S)
			}
			return v
		}
	}
	return r.fixed[varKey{name, s}]
}

type varKey struct {
	name string
	s    *lps.Sort
}

// fixScope puts the variables in scope now in fixed, the map lookupVar
// searches after the variables above them. Searched one by one, the
// 2,388 global variables and 76 parameters of a FlexRay model took 24 of
// the 40 ms of reading it. The scope must not shrink below them until
// fixScope is called again.
func (r *binReader) fixScope() {
	r.fixed = make(map[varKey]*lps.Var, len(r.scope))
	for _, v := range r.scope {
		r.fixed[varKey{v.Name, v.S}] = v // the innermost of a name and sort last
	}
	r.nfixed = len(r.scope)
}
