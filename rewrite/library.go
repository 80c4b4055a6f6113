package rewrite

import "github.com/lps2lts/lps2lts/lps"

// The data library: the built-in functions of mCRL2's data types,
// evaluated natively on normal forms, one file per library of mCRL2's
// (its data type specifications, bool.spec, pos.spec ... bag.spec):
//
//	bool.go        true, false, !, &&, ||, =>, and ==, !=, if, <, <=, >, >=
//	               that every sort has
//	numbers.go     Pos, Nat, Int and Real
//	lists.go       List(S)
//	fsets.go       FSet(S)
//	fbags.go       FBag(S)
//	sets.go        Set(S), with mcrl2sets.go's internal functions
//	bags.go        Bag(S)
//	functions.go   function update, with mcrl2functions.go's internal ones
//
// Each file registers its functions in one table indexed by operator
// (define, defineFor), which builtin consults: where a function lives is
// where its file says it lives, not a branch of nested switches.

// builtinFunc evaluates one built-in function on normal-form arguments.
// It reports false when no equation applies: the application is a normal
// form.
type builtinFunc func(r *Rewriter, fn *symbol, args []Term) (Term, bool)

// numSortKinds is the number of lps.SortKind values.
const numSortKinds = int(lps.SortFunc) + 1

// libraryEntry is an operator's evaluators, by the sort kind of the
// argument that tells apart the libraries that define it: mCRL2
// overloads + on numbers, sets and bags, and # and in on lists, finite
// sets and bags, sets and bags.
type libraryEntry struct {
	anySort    builtinFunc // for the sorts bySort leaves out
	overloaded bool        // bySort has an evaluator
	last       bool        // the last argument's sort picks it, else the first's
	bySort     [numSortKinds]builtinFunc
}

// library is the table of the built-in functions, indexed by operator.
// The init functions of the libraries' files fill it, in any order.
var library []libraryEntry

func entryOf(op lps.Op) *libraryEntry {
	for int(op) >= len(library) {
		library = append(library, libraryEntry{})
	}
	return &library[op]
}

// define makes f the evaluator of op on arguments of the sorts no
// defineFor names. An operator defined twice is a mistake of the
// library's files, refused when the package is loaded.
func define(op lps.Op, f builtinFunc) {
	e := entryOf(op)
	if e.anySort != nil {
		panic("rewrite: " + op.String() + " defined twice")
	}
	e.anySort = f
}

// defineFor makes f the evaluator of op when the first argument (the
// last, with last) has a sort of one of kinds.
func defineFor(op lps.Op, last bool, f builtinFunc, kinds ...lps.SortKind) {
	e := entryOf(op)
	e.overloaded, e.last = true, last
	for _, k := range kinds {
		if e.bySort[k] != nil {
			panic("rewrite: " + op.String() + " defined twice for one sort")
		}
		e.bySort[k] = f
	}
}

// builtin evaluates a built-in function on normal-form arguments. It
// returns false when no rule applies (the application is a normal form).
func (r *Rewriter) builtin(fn *symbol, args []Term) (Term, bool) {
	if int(fn.op) >= len(library) {
		return 0, false
	}
	e := &library[fn.op]
	f := e.anySort
	if e.overloaded {
		i := 0
		if e.last && len(args) > 0 {
			i = len(args) - 1
		}
		if g := e.bySort[r.argSortKind(fn, i)]; g != nil {
			f = g
		}
	}
	if f == nil {
		return 0, false
	}
	return f(r, fn, args)
}

// argSortKind returns the sort kind of argument i of fn.
func (r *Rewriter) argSortKind(fn *symbol, i int) lps.SortKind {
	if fn.fn != nil && fn.fn.Sort.Kind == lps.SortFunc && i < len(fn.fn.Sort.Domain) {
		return fn.fn.Sort.Domain[i].Kind
	}
	return fn.res.Kind
}
