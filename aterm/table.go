package aterm

// Table builds maximally shared terms: equal terms made by one Table are
// one pointer, which is how Writer recognises a subterm it has written.
// It keeps every term it made; terms that occur once (a state's label)
// are better built directly.
type Table struct {
	syms  map[Symbol]*Symbol
	appls map[applKey]*Term
	ints  map[uint64]*Term
}

// applKey identifies an application by its symbol and arguments; the
// arguments past the third are a tuple interned in the same table.
type applKey struct {
	sym        *Symbol
	a0, a1, a2 *Term
	rest       *Term
}

// tupleSym marks the tuples of further arguments inside a Table.
var tupleSym = &Symbol{Name: "<tuple>"}

// NewTable returns an empty table.
func NewTable() *Table {
	return &Table{syms: map[Symbol]*Symbol{}, appls: map[applKey]*Term{}, ints: map[uint64]*Term{}}
}

// Symbol returns the table's symbol name/arity.
func (tb *Table) Symbol(name string, arity int) *Symbol {
	k := Symbol{name, arity}
	if s, ok := tb.syms[k]; ok {
		return s
	}
	s := &Symbol{name, arity}
	tb.syms[k] = s
	return s
}

// Appl returns the term name(args...), the symbol's arity being
// len(args). args is not retained.
func (tb *Table) Appl(name string, args ...*Term) *Term {
	return tb.apply(tb.Symbol(name, len(args)), args)
}

func (tb *Table) apply(sym *Symbol, args []*Term) *Term {
	k := applKey{sym: sym}
	switch {
	case len(args) > 3:
		k.rest = tb.apply(tupleSym, args[3:])
		fallthrough
	case len(args) == 3:
		k.a2 = args[2]
		fallthrough
	case len(args) == 2:
		k.a1 = args[1]
		fallthrough
	case len(args) == 1:
		k.a0 = args[0]
	}
	if t, ok := tb.appls[k]; ok {
		return t
	}
	t := &Term{Sym: sym, Args: append([]*Term(nil), args...)}
	tb.appls[k] = t
	return t
}

// Int returns the integer term v.
func (tb *Table) Int(v uint64) *Term {
	if t, ok := tb.ints[v]; ok {
		return t
	}
	t := &Term{Int: v, IsInt: true}
	tb.ints[v] = t
	return t
}

// List returns the ATerm list of elems: <list_constructor>(e, tail),
// ending in <empty_list>.
func (tb *Table) List(elems ...*Term) *Term {
	l := tb.Appl(EmptyList)
	for i := len(elems) - 1; i >= 0; i-- {
		l = tb.Appl(ListCons, elems[i], l)
	}
	return l
}

// The symbols of ATerm lists.
const (
	EmptyList = "<empty_list>"
	ListCons  = "<list_constructor>"
)
