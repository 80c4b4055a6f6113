package mcrl2diff

// Sort is a sort of the generated expressions: a basic sort, a container
// of an element sort, a function sort of one argument, or one of the
// structured sorts the model declares (structs.go).
type Sort struct {
	Kind Kind
	Elem *Sort // container element; function domain
	Cod  *Sort // function codomain
}

// Kind is a sort's constructor.
type Kind uint8

const (
	Bool Kind = iota
	Pos
	Nat
	Int
	Real
	List
	Set
	FSet
	Bag
	FBag
	Func
	D // D: constants and constructors with Nat and Bool fields
	C // C: three constants, a finite sort
)

var kindNames = [...]string{"Bool", "Pos", "Nat", "Int", "Real", "List", "Set", "FSet", "Bag", "FBag", "->", "D", "C"}

func basic(k Kind) Sort      { return Sort{Kind: k} }
func of(k Kind, e Sort) Sort { return Sort{Kind: k, Elem: &e} }
func fn(dom, cod Sort) Sort  { return Sort{Kind: Func, Elem: &dom, Cod: &cod} }
func (s Sort) elem() Sort    { return *s.Elem }

// isContainer: List, Set, FSet, Bag or FBag.
func (s Sort) isContainer() bool { return s.Kind >= List && s.Kind <= FBag }

// String writes the sort as mCRL2 does, a function sort in parentheses
// so that it can stand anywhere (an action's parameter, a variable).
func (s Sort) String() string {
	switch {
	case s.Kind == Func:
		return "(" + s.Elem.String() + " -> " + s.Cod.String() + ")"
	case s.isContainer():
		return kindNames[s.Kind] + "(" + s.Elem.String() + ")"
	}
	return kindNames[s.Kind]
}

// Class is the sort's name for the report: the constructor with the
// element sort, functions lumped together.
func (s Sort) Class() string {
	if s.Kind == Func {
		return "function"
	}
	return s.String()
}

// tag is a short name of the sort, for variable names.
func (s Sort) tag() string {
	t := [...]string{"b", "p", "n", "i", "r", "l", "s", "fs", "m", "fm", "f", "d", "c"}[s.Kind]
	if s.Elem != nil {
		t += s.Elem.tag()
	}
	if s.Cod != nil {
		t += s.Cod.tag()
	}
	return t
}

func (s Sort) equal(t Sort) bool { return s.String() == t.String() }
