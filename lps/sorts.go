package lps

import (
	"strconv"
	"strings"
)

// SortTable interns sorts: it hands out one *Sort per distinct sort, so
// sorts compare by pointer. The checker builds one per specification
// (Spec.SortTable); later stages use it to build sorts of their own.
type SortTable struct {
	Bool, Pos, Nat, Int, Real *Sort

	ids    map[*Sort]int
	byKey  map[string]*Sort
	builts map[builtinKey]*Func
	funcs  map[funcKey]*Sort // Func's answers for domains of up to four sorts
}

// funcKey is a function sort's domain (of n sorts) and codomain.
type funcKey struct {
	dom [4]*Sort
	n   int
	cod *Sort
}

type builtinKey struct {
	op Op
	s  *Sort
}

// NewSortTable returns a table holding the built-in sorts.
func NewSortTable() *SortTable {
	t := &SortTable{ids: map[*Sort]int{}, byKey: map[string]*Sort{}, builts: map[builtinKey]*Func{}, funcs: map[funcKey]*Sort{}}
	t.Bool = t.add(&Sort{Kind: SortBool, Name: "Bool"}, "Bool")
	t.Pos = t.add(&Sort{Kind: SortPos, Name: "Pos"}, "Pos")
	t.Nat = t.add(&Sort{Kind: SortNat, Name: "Nat"}, "Nat")
	t.Int = t.add(&Sort{Kind: SortInt, Name: "Int"}, "Int")
	t.Real = t.add(&Sort{Kind: SortReal, Name: "Real"}, "Real")
	return t
}

func (t *SortTable) add(s *Sort, key string) *Sort {
	t.ids[s] = len(t.ids) + 1
	if key != "" {
		t.byKey[key] = s
	}
	return s
}

func (t *SortTable) id(s *Sort) string {
	return strconv.Itoa(t.number(s))
}

// appendID appends id(s) to b.
func (t *SortTable) appendID(b []byte, s *Sort) []byte {
	return strconv.AppendInt(b, int64(t.number(s)), 10)
}

// number is the number behind s's id.
func (t *SortTable) number(s *Sort) int {
	id, ok := t.ids[s]
	if !ok {
		// A sort from elsewhere (e.g. the checker's placeholder): register it.
		t.add(s, "")
		id = t.ids[s]
	}
	return id
}

// Primitive returns the built-in sort named name (Bool, Pos, Nat, Int or
// Real), or nil.
func (t *SortTable) Primitive(name string) *Sort {
	switch name {
	case "Bool":
		return t.Bool
	case "Pos":
		return t.Pos
	case "Nat":
		return t.Nat
	case "Int":
		return t.Int
	case "Real":
		return t.Real
	}
	return nil
}

// OfKind returns the built-in sort of kind k (SortBool, SortPos,
// SortNat, SortInt or SortReal), or nil for another kind.
func (t *SortTable) OfKind(k SortKind) *Sort {
	switch k {
	case SortBool:
		return t.Bool
	case SortPos:
		return t.Pos
	case SortNat:
		return t.Nat
	case SortInt:
		return t.Int
	case SortReal:
		return t.Real
	}
	return nil
}

// NewNamed makes a fresh basic (SortBasic) or structured (SortStruct) sort.
// Named sorts are equal only to themselves.
func (t *SortTable) NewNamed(kind SortKind, name string) *Sort {
	return t.add(&Sort{Kind: kind, Name: name}, "")
}

func (t *SortTable) container(kind SortKind, prefix string, elem *Sort) *Sort {
	key := prefix + t.id(elem)
	if s, ok := t.byKey[key]; ok {
		return s
	}
	return t.add(&Sort{Kind: kind, Elem: elem}, key)
}

// List returns List(elem); Set, Bag, FSet and FBag likewise.
func (t *SortTable) List(elem *Sort) *Sort { return t.container(SortList, "L", elem) }
func (t *SortTable) Set(elem *Sort) *Sort  { return t.container(SortSet, "S", elem) }
func (t *SortTable) Bag(elem *Sort) *Sort  { return t.container(SortBag, "B", elem) }
func (t *SortTable) FSet(elem *Sort) *Sort { return t.container(SortFSet, "FS", elem) }
func (t *SortTable) FBag(elem *Sort) *Sort { return t.container(SortFBag, "FB", elem) }

// Container returns the container sort of the given kind.
func (t *SortTable) Container(kind SortKind, elem *Sort) *Sort {
	switch kind {
	case SortList:
		return t.List(elem)
	case SortSet:
		return t.Set(elem)
	case SortBag:
		return t.Bag(elem)
	case SortFSet:
		return t.FSet(elem)
	case SortFBag:
		return t.FBag(elem)
	}
	panic("lps: Container of non-container kind")
}

// Func returns the function sort dom[0] # ... # dom[n-1] -> cod. With an
// empty domain it returns cod itself.
func (t *SortTable) Func(dom []*Sort, cod *Sort) *Sort {
	if len(dom) == 0 {
		return cod
	}
	if len(dom) > len(funcKey{}.dom) {
		return t.funcByKey(dom, cod)
	}
	// The sorts' pointers are the key: the string key costs a lookup of
	// each sort's number and a string's hash, and the checker asks for
	// the sort of every application (5.2 million instructions of
	// Lamport_3-bit's 121 million of loading, with the numbers' 3.3).
	k := funcKey{n: len(dom), cod: cod}
	copy(k.dom[:], dom)
	if s, ok := t.funcs[k]; ok {
		return s
	}
	s := t.funcByKey(dom, cod)
	t.funcs[k] = s
	return s
}

// funcByKey is Func by the sort's string key, which every way of making a
// sort shares.
func (t *SortTable) funcByKey(dom []*Sort, cod *Sort) *Sort {
	// The key is built on the stack and looked up without a string of
	// its own (the map lookup converts it in place): the checker asks
	// for the sort of every application, and made 3,921 keys for
	// Lamport_3-bit's loading.
	var buf [64]byte
	b := append(buf[:0], 'F')
	for _, d := range dom {
		b = append(t.appendID(b, d), ',')
	}
	b = t.appendID(append(b, '>'), cod)
	if s, ok := t.byKey[string(b)]; ok {
		return s
	}
	return t.add(&Sort{Kind: SortFunc, Domain: append([]*Sort(nil), dom...), Codomain: cod}, string(b))
}

// Builtin returns the interned built-in function symbol op of sort s (a
// function sort for functions with arguments). One (op, s) pair is one
// pointer.
func (t *SortTable) Builtin(op Op, s *Sort) *Func {
	k := builtinKey{op, s}
	if f, ok := t.builts[k]; ok {
		return f
	}
	f := &Func{Name: op.String(), Sort: s, Kind: FuncBuiltin, Op: op}
	t.builts[k] = f
	return f
}

// String prints a sort in mCRL2 syntax, using declared names for basic
// and structured sorts (and "struct ..." for an anonymous one).
func (s *Sort) String() string {
	var b strings.Builder
	writeSort(&b, s, nil, false)
	return b.String()
}

// AppendSort appends the printed form of s (as String prints it): the one
// sort printer of the module, used by the rewriter's printer for binders
// and containers, by the .fsm writer and in messages.
func AppendSort(dst []byte, s *Sort) []byte {
	var b strings.Builder
	writeSort(&b, s, nil, false)
	return append(dst, b.String()...)
}

var containerNames = map[SortKind]string{
	SortList: "List", SortSet: "Set", SortBag: "Bag", SortFSet: "FSet", SortFBag: "FBag",
}

// basicNames prints the built-in basic sorts by kind, so that a sort built
// by hand (in tests, or by another front end) without a Name prints too.
var basicNames = map[SortKind]string{
	SortBool: "Bool", SortPos: "Pos", SortNat: "Nat", SortInt: "Int", SortReal: "Real",
}

// writeSort prints s; aliases names container and function sorts that
// have a declared alias. inDomain asks for parentheses around function
// sorts (they are not allowed bare in a product).
func writeSort(b *strings.Builder, s *Sort, aliases map[*Sort]string, inDomain bool) {
	if s == nil {
		b.WriteString("?")
		return
	}
	if name, ok := aliases[s]; ok {
		b.WriteString(name)
		return
	}
	switch s.Kind {
	case SortList, SortSet, SortBag, SortFSet, SortFBag:
		b.WriteString(containerNames[s.Kind])
		b.WriteByte('(')
		writeSort(b, s.Elem, aliases, false)
		b.WriteByte(')')
	case SortFunc:
		if inDomain {
			b.WriteByte('(')
		}
		for i, d := range s.Domain {
			if i > 0 {
				b.WriteString(" # ")
			}
			writeSort(b, d, aliases, true)
		}
		b.WriteString(" -> ")
		writeSort(b, s.Codomain, aliases, false)
		if inDomain {
			b.WriteByte(')')
		}
	case SortStruct:
		if s.Name != "" {
			b.WriteString(s.Name)
			return
		}
		writeStruct(b, s, aliases)
	default:
		if name, ok := basicNames[s.Kind]; ok && s.Name == "" {
			b.WriteString(name)
			return
		}
		b.WriteString(s.Name)
	}
}

// writeStruct prints `struct c1(p: S) ? r | c2`.
func writeStruct(b *strings.Builder, s *Sort, aliases map[*Sort]string) {
	b.WriteString("struct ")
	for i, c := range s.Constructors {
		if i > 0 {
			b.WriteString(" | ")
		}
		b.WriteString(c.Name)
		if c.Sort.Kind == SortFunc && c.Sort.Codomain == s {
			b.WriteByte('(')
			for j, d := range c.Sort.Domain {
				if j > 0 {
					b.WriteString(", ")
				}
				if j < len(c.Projections) && c.Projections[j] != nil {
					b.WriteString(c.Projections[j].Name)
					b.WriteString(": ")
				}
				writeSort(b, d, aliases, false)
			}
			b.WriteByte(')')
		}
		if c.Recogniser != nil {
			b.WriteString("?")
			b.WriteString(c.Recogniser.Name)
		}
	}
}
