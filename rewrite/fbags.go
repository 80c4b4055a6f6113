package rewrite

import "github.com/lps2lts/lps2lts/lps"

// The finite bag library (mCRL2's fbag.spec): finite bags as sorted
// element and multiplicity lists (containers.go: mkFBag, insertFBag),
// join, intersection and difference (setops.go: fbagOp), # and pick
// (containers.go). @fbag_insert, as enumerations with variables leave
// it, is with the library's other internal functions (mcrl2sets.go).

func init() {
	for _, op := range []lps.Op{lps.OpAdd, lps.OpMul, lps.OpSub} {
		defineFor(op, false, finiteArith, lps.SortFBag)
	}
}
