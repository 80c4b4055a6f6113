package lpsgen

import (
	"fmt"

	"github.com/lps2lts/lps2lts/lps"
)

// The rewriter names a variable by its name and sort, so a sum variable
// or a bound variable (lambda, forall, exists, a comprehension, whr) that
// has the name and sort of a process parameter, a global variable or an
// enclosing variable would be mixed up with it: the parameter's value
// would be used inside its scope (states were lost). Such variables are
// renamed apart before a summand is translated; the checker has already
// resolved every occurrence to its own declaration, so renaming a
// declaration renames exactly its occurrences.

type varKey struct {
	name string
	sort *lps.Sort
}

// renamer gives clashing declarations fresh names.
type renamer struct {
	// global holds the parameters and global variables, shared by the
	// summands' renamers and not written: a FlexRay model has 2,388
	// globals, and a map of them for each of its 49 summands took a
	// fifth of the time to load it. taken holds the summand's variables
	// in scope.
	global, taken map[varKey]bool
	n             int
}

// isTaken says whether a variable in scope has the name and sort of k.
func (r *renamer) isTaken(k varKey) bool { return r.global[k] || r.taken[k] }

// fresh returns a variable like v whose name is taken by no other.
func (r *renamer) fresh(v *lps.Var) *lps.Var {
	for {
		r.n++
		name := fmt.Sprintf("%s'%d", v.Name, r.n)
		if !r.isTaken(varKey{name, v.S}) {
			return &lps.Var{Name: name, S: v.S, Pos: v.Pos}
		}
	}
}

// declare handles the variables vs coming into scope: those whose name and
// sort are taken get fresh ones in m. It returns the keys to release when
// the scope ends.
func (r *renamer) declare(vs []*lps.Var, m map[*lps.Var]*lps.Var) (out []*lps.Var, release []varKey, renamed bool) {
	out = vs
	for i, v := range vs {
		k := varKey{v.Name, v.S}
		if r.isTaken(k) {
			if !renamed {
				out = append([]*lps.Var(nil), vs...)
				renamed = true
			}
			nv := r.fresh(v)
			m[v] = nv
			out[i] = nv
			k = varKey{nv.Name, nv.S}
		}
		r.taken[k] = true
		release = append(release, k)
	}
	return out, release, renamed
}

func (r *renamer) release(ks []varKey) {
	for _, k := range ks {
		delete(r.taken, k)
	}
}

// renameApart returns spec with the summands that need it renamed apart
// (a copy; spec itself is not changed), or spec itself.
func renameApart(spec *lps.Spec) *lps.Spec {
	var out *lps.Spec
	global := make(map[varKey]bool, len(spec.Params)+len(spec.Globals))
	for _, p := range spec.Params {
		global[varKey{p.Name, p.S}] = true
	}
	for _, g := range spec.Globals {
		global[varKey{g.Name, g.S}] = true
	}
	for i, src := range spec.Summands {
		if s := renameSummand(global, src); s != src {
			if out == nil {
				c := *spec
				c.Summands = append([]*lps.Summand(nil), spec.Summands...)
				out = &c
			}
			out.Summands[i] = s
		}
	}
	if out == nil {
		return spec
	}
	return out
}

// renameSummand returns src with its sum variables and bound variables
// renamed apart from the parameters and globals (global) and from each
// other, or src itself when nothing clashes.
func renameSummand(global map[varKey]bool, src *lps.Summand) *lps.Summand {
	r := &renamer{global: global, taken: map[varKey]bool{}}
	m := map[*lps.Var]*lps.Var{}
	s := *src
	s.SumVars, _, _ = r.declare(src.SumVars, m)
	s.Cond = r.expr(src.Cond, m)
	s.Time = r.expr(src.Time, m)
	s.Actions = make([]lps.Action, len(src.Actions))
	for i, a := range src.Actions {
		a.Args = r.exprs(a.Args, m)
		s.Actions[i] = a
	}
	var rel []varKey
	if d := src.Dist; d != nil {
		// The distribution's variables are in scope in its probability
		// and in the next state.
		nd := *d
		nd.Vars, rel, _ = r.declare(d.Vars, m)
		nd.Prob = r.expr(d.Prob, m)
		s.Dist = &nd
	}
	s.Assignments = make([]lps.Assignment, len(src.Assignments))
	for i, a := range src.Assignments {
		a.Value = r.expr(a.Value, m)
		s.Assignments[i] = a
	}
	r.release(rel)
	if len(m) == 0 {
		return src
	}
	return &s
}

// exprs is expr of each of es; es itself when none changed.
func (r *renamer) exprs(es []lps.Expr, m map[*lps.Var]*lps.Var) []lps.Expr {
	var out []lps.Expr
	for i, e := range es {
		ne := r.expr(e, m)
		if out == nil && ne != e {
			out = make([]lps.Expr, len(es))
			copy(out, es[:i])
		}
		if out != nil {
			out[i] = ne
		}
	}
	if out == nil {
		return es
	}
	return out
}

// same says whether exprs returned its argument: a and b are the same
// slice.
func same(a, b []lps.Expr) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// expr copies e with the variables of m replaced, renaming clashing bound
// variables on the way. Unchanged subtrees are shared, and an expression
// with nothing renamed is e itself: most summands rename nothing, and a
// copy of every application was 19,000 of the 186,000 allocations of
// Lamport_3-bit's loading.
func (r *renamer) expr(e lps.Expr, m map[*lps.Var]*lps.Var) lps.Expr {
	switch e := e.(type) {
	case nil:
		return nil
	case *lps.VarRef:
		if nv, ok := m[e.Var]; ok {
			return &lps.VarRef{Var: nv, Pos: e.Pos}
		}
		return e
	case *lps.App:
		head, args := r.expr(e.Head, m), r.exprs(e.Args, m)
		if head == e.Head && same(args, e.Args) {
			return e
		}
		n := *e
		n.Head, n.Args = head, args
		return &n
	case *lps.Binder:
		vars, rel, renamed := r.declare(e.Vars, m)
		body := r.expr(e.Body, m)
		r.release(rel)
		if !renamed && body == e.Body {
			return e
		}
		n := *e
		n.Vars, n.Body = vars, body
		return &n
	case *lps.Where:
		n := *e
		n.Defs = make([]lps.WhereDef, len(e.Defs))
		vars := make([]*lps.Var, len(e.Defs))
		for i, d := range e.Defs {
			n.Defs[i] = lps.WhereDef{Var: d.Var, Value: r.expr(d.Value, m)}
			vars[i] = d.Var
		}
		nv, rel, _ := r.declare(vars, m)
		for i := range n.Defs {
			n.Defs[i].Var = nv[i]
		}
		n.Body = r.expr(e.Body, m)
		r.release(rel)
		return &n
	case *lps.ListEnum:
		elems := r.exprs(e.Elems, m)
		if same(elems, e.Elems) {
			return e
		}
		n := *e
		n.Elems = elems
		return &n
	case *lps.SetEnum:
		elems := r.exprs(e.Elems, m)
		if same(elems, e.Elems) {
			return e
		}
		n := *e
		n.Elems = elems
		return &n
	case *lps.BagEnum:
		elems, counts := r.exprs(e.Elems, m), r.exprs(e.Counts, m)
		if same(elems, e.Elems) && same(counts, e.Counts) {
			return e
		}
		n := *e
		n.Elems, n.Counts = elems, counts
		return &n
	}
	return e
}
