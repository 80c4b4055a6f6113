package mcrl2

import "github.com/lps2lts/lps2lts/lps"
import "github.com/lps2lts/lps2lts/aterm"

// mCRL2 gives a data specification the equations of its set library for
// Set(S), and of its bag library for Bag(S), only when the specification
// mentions that sort. mcrl22lps can rewrite the sort away and leave the
// library's internal functions (Bag2Set({k: 2, 3: 1}) becomes
// @set(@false_, @fbag2fset(@zero_, ...)), with no Bag(Nat) left): mCRL2's
// lps2lts then has no equation for them and prints them as they are,
// @fbag2fset(@zero_, {0: 2, 3: 1}). The reader does as it does: an
// internal function of a library whose sort the file never mentions is
// an uninterpreted function of that name.

// libraryOf says which library (SortSet: set64.spec, SortBag: bag64.spec)
// defines an internal operator; the library's sort is that kind over the
// operator's element sort.
var libraryOf = map[lps.Op]lps.SortKind{
	lps.OpSetFn: lps.SortSet, lps.OpFalseFn: lps.SortSet, lps.OpTrueFn: lps.SortSet, lps.OpNotFn: lps.SortSet, lps.OpAndFn: lps.SortSet,
	lps.OpOrFn: lps.SortSet, lps.OpFSetUnion: lps.SortSet, lps.OpFSetInter: lps.SortSet,
	lps.OpBagFn: lps.SortBag, lps.OpZeroFn: lps.SortBag, lps.OpOneFn: lps.SortBag, lps.OpAddFn: lps.SortBag, lps.OpMinFn: lps.SortBag,
	lps.OpMonusFn: lps.SortBag, lps.OpNat2BoolFn: lps.SortBag, lps.OpBool2NatFn: lps.SortBag, lps.OpFBagJoin: lps.SortBag,
	lps.OpFBagInter: lps.SortBag, lps.OpFBagDiff: lps.SortBag, lps.OpFBag2FSet: lps.SortBag, lps.OpFSet2FBag: lps.SortBag,
}

// libraryUse is what the reader records for that.
type libraryUse struct {
	sorts map[*lps.Sort]bool // the Set and Bag sorts mentioned
	refs  []*lps.FuncRef     // the references to library operators
	// plain are the uninterpreted functions made, by name and sort.
	plain map[plainKey]*lps.Func
}

type plainKey struct {
	name string
	s    *lps.Sort
}

// plainFunc is the function name of sort s without equations: one symbol
// for each name and sort, so that equal applications are equal terms.
func (u *libraryUse) plainFunc(name string, s *lps.Sort) *lps.Func {
	k := plainKey{name, s}
	if f := u.plain[k]; f != nil {
		return f
	}
	if u.plain == nil {
		u.plain = map[plainKey]*lps.Func{}
	}
	f := &lps.Func{Name: name, Sort: s, Kind: lps.FuncMap}
	u.plain[k] = f
	return f
}

func (u *libraryUse) sawSort(s *lps.Sort) {
	if s.Kind != lps.SortSet && s.Kind != lps.SortBag {
		return
	}
	if u.sorts == nil {
		u.sorts = map[*lps.Sort]bool{}
	}
	u.sorts[s] = true
}

// funcRef is a reference to the function symbol t, recorded when it is a
// library operator.
func (r *binReader) funcRef(t *aterm.Term) *lps.FuncRef {
	ref := &lps.FuncRef{Func: r.function(t)}
	if f := ref.Func; f.Kind == lps.FuncBuiltin {
		if _, ok := libraryOf[f.Op]; ok {
			r.libraries.refs = append(r.libraries.refs, ref)
		}
	}
	return ref
}

// libraryElem is the element sort of a library operator of sort s: that
// of its result (a set, bag, finite set or bag, or a function part S ->
// Bool or S -> Nat) or of its last argument.
func libraryElem(s *lps.Sort) *lps.Sort {
	for s.Kind == lps.SortFunc {
		if s.Codomain.Kind == lps.SortBool || s.Codomain.Kind == lps.SortNat {
			return s.Domain[0]
		}
		s = s.Codomain
	}
	return s.Elem
}

// uninterpretAbsentLibraries makes the library operators whose library's
// sort the file does not mention uninterpreted functions of their names.
func (r *binReader) uninterpretAbsentLibraries() {
	for _, ref := range r.libraries.refs {
		f := ref.Func
		elem := libraryElem(f.Sort)
		if elem == nil || r.libraries.sorts[r.st.Container(libraryOf[f.Op], elem)] {
			continue
		}
		ref.Func = r.libraries.plainFunc(f.Name, f.Sort)
	}
}
