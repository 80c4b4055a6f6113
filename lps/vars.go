package lps

// VarsIn calls f for every occurrence of a variable in e, bound ones
// included (a binder's or where's own variables where they are used):
// the checker reads it to find the variables an expression mentions, the
// generator's caches to find the parameters a guard or step reads.
func VarsIn(e Expr, f func(*Var)) {
	switch e := e.(type) {
	case *VarRef:
		f(e.Var)
	case *Var:
		f(e)
	case *App:
		VarsIn(e.Head, f)
		for _, a := range e.Args {
			VarsIn(a, f)
		}
	case *Binder:
		VarsIn(e.Body, f)
	case *Where:
		VarsIn(e.Body, f)
		for _, d := range e.Defs {
			VarsIn(d.Value, f)
		}
	case *ListEnum:
		for _, a := range e.Elems {
			VarsIn(a, f)
		}
	case *SetEnum:
		for _, a := range e.Elems {
			VarsIn(a, f)
		}
	case *BagEnum:
		for i := range e.Elems {
			VarsIn(e.Elems[i], f)
			VarsIn(e.Counts[i], f)
		}
	}
}
