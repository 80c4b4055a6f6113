package check

import (
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/syntax"
)

// Multi-actions written outside the specification (lps2lts's -m a(1)|b,c)
// are read by the specification's parser and checked against its action
// declarations, as mCRL2's lps2lts type-checks -m: an unknown action, a
// wrong number of arguments, an argument of the wrong sort or a syntax
// error is refused with its position in the text, where a text compared
// with the labels would silently match nothing.

// ParseMultiActions reads src, comma-separated multi-actions (`tau` or
// `a(e1, ..., en) | b | ...`), and checks each action against spec's
// declarations: its arguments are closed data expressions (no parameter
// is in scope), coerced to the declared sorts. name stands for src in
// errors, whose positions count within src ("-m:1:13: ..."). On failure
// the error is an ErrorList.
func ParseMultiActions(spec *lps.Spec, name, src string) (out [][]lps.Action, err error) {
	defer lps.RecoverInternal(name, &out, &err)
	list, perr := syntax.ParseMultiActions(name, src)
	if perr != nil {
		return nil, perr
	}
	c := checkerOf(spec, name)
	x := c.newExprChecker(&scope{vars: map[string]*lps.Var{}})
	for _, acts := range list {
		var m []lps.Action
		for _, aa := range acts {
			a, ok := c.checkAction(x, aa)
			if !ok {
				continue
			}
			for _, arg := range a.Args {
				if x.reportAny(arg) {
					ok = false
				}
			}
			m = append(m, a)
		}
		out = append(out, m)
	}
	if len(c.errs) > 0 {
		return nil, c.errs.Normalize()
	}
	return out, nil
}
