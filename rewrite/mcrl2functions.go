package rewrite

import "github.com/lps2lts/lps2lts/lps"

// mCRL2's internal functions of function update (function_update.spec),
// as the binary reader reads them (lps/mcrl2funcs.go), on the rewriter's
// representation of updates (functions.go): kUpdateStable is
// @func_update_stable, an update mCRL2's rewriter has put in order and
// never takes apart again.

func init() {
	define(lps.OpUpdateStable, (*Rewriter).updateStable)
	define(lps.OpIsNotAnUpdate, (*Rewriter).isNotAnUpdate)
}

// updateStable is @func_update_stable(f, x, v) itself: no equation
// applies to it but those of its application (functions.go).
func (r *Rewriter) updateStable(fn *symbol, args []Term) (Term, bool) {
	return r.internArgs(&key{kind: kUpdateStable, sort: fn.res}, args), true
}

// isNotAnUpdate is @is_not_an_update(f), which mCRL2 computes from the
// head of f: false for an update, true for any other function but a
// variable (which may stand for an update).
func (r *Rewriter) isNotAnUpdate(fn *symbol, args []Term) (Term, bool) {
	switch r.node(args[0]).kind {
	case kUpdate, kUpdateStable:
		return r.falseT, true
	case kVar:
		return 0, false
	}
	return r.trueT, true
}
