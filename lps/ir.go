package lps

import (
	"fmt"
	"math/big"
)

// Pos is a position in the source text: 1-based line and column.
type Pos struct {
	Line, Col int
}

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Position is p itself. Every expression node embeds its Pos, and this
// method is how each one answers Expr's Position.
func (p Pos) Position() Pos { return p }

// IsValid reports whether p denotes a real position.
func (p Pos) IsValid() bool { return p.Line > 0 }

// At is "file:line:col" for a message about a place in file, or "file"
// alone when p is no real position (a binary file has none).
func At(file string, p Pos) string {
	if !p.IsValid() {
		return file
	}
	return file + ":" + p.String()
}

// ---------------------------------------------------------------------------
// Sorts

// SortKind classifies a sort.
type SortKind uint8

const (
	SortBool SortKind = iota
	SortPos
	SortNat
	SortInt
	SortReal
	SortBasic  // a user sort declared as `sort D;` (values built from `cons`)
	SortStruct // a structured sort `struct c1(p: S) ? r | c2 | ...`
	SortList
	SortSet
	SortBag
	SortFSet
	SortFBag
	SortFunc // a function sort D1 # ... # Dn -> C
)

// Sort is a resolved sort. Sorts are interned by a SortTable: two sorts are
// equal if and only if they are the same pointer. Aliases (`sort T = Real;`)
// never appear here; they resolve to the sort they name.
type Sort struct {
	Kind SortKind
	// Name is the declared name of a basic or structured sort. A structured
	// sort written in place (not named by a declaration) has Name "".
	Name string
	// Elem is the element sort of List, Set, Bag, FSet and FBag.
	Elem *Sort
	// Domain and Codomain describe a function sort.
	Domain   []*Sort
	Codomain *Sort
	// Constructors of a structured sort, or the `cons` functions whose
	// codomain is this basic sort, in declaration order. For a structured
	// sort this is complete once the specification is checked.
	Constructors []*Func
}

// IsNumeric reports whether s is one of Pos, Nat, Int, Real.
func (s *Sort) IsNumeric() bool {
	return s.Kind == SortPos || s.Kind == SortNat || s.Kind == SortInt || s.Kind == SortReal
}

// IsContainer reports whether s is List, Set, Bag, FSet or FBag.
func (s *Sort) IsContainer() bool {
	return s.Kind >= SortList && s.Kind <= SortFBag
}

// ---------------------------------------------------------------------------
// Function symbols

// FuncKind classifies a function symbol.
type FuncKind uint8

const (
	// FuncConstructor is a constructor: a `cons` declaration or a constructor
	// of a structured sort.
	FuncConstructor FuncKind = iota
	// FuncMap is a user mapping declared with `map`, defined by `eqn`.
	FuncMap
	// FuncProjection is a projection of a structured sort (`dat` in
	// `frame(dat: D)`); Ctor and Index say which constructor argument.
	FuncProjection
	// FuncRecogniser is a recogniser of a structured sort (`is_frame` in
	// `frame ? is_frame`); Ctor says which constructor.
	FuncRecogniser
	// FuncBuiltin is a function of mCRL2's built-in data library; Op says
	// which one. The symbol's Sort says which overload was chosen.
	FuncBuiltin
)

// Func is a typed function symbol. Overloaded names (`+` on Pos and on Nat,
// a user map `f: D -> D` and `f: E -> E`) are distinct Funcs. The checker
// interns built-in symbols, so one (Op, Sort) pair is one pointer.
type Func struct {
	Name string
	// Sort is the function's sort: a SortFunc for functions with arguments,
	// the result sort for constants.
	Sort *Sort
	Kind FuncKind
	// Op identifies a built-in function (Kind == FuncBuiltin).
	Op Op
	// Ctor is the constructor a projection or recogniser belongs to.
	Ctor *Func
	// Index is the argument position a projection selects (0-based), or a
	// constructor's position among its sort's constructors.
	Index int
	// Projections of a structured-sort constructor, per argument; nil
	// entries for arguments without a projection name. Recogniser likewise.
	Projections []*Func
	Recogniser  *Func
	Pos         Pos
}

// Arity is the number of arguments the function takes (0 for constants).
func (f *Func) Arity() int {
	if f.Sort.Kind == SortFunc {
		return len(f.Sort.Domain)
	}
	return 0
}

// Result is the sort of a full application of f.
func (f *Func) Result() *Sort {
	if f.Sort.Kind == SortFunc {
		return f.Sort.Codomain
	}
	return f.Sort
}

// Op names a function of mCRL2's built-in data library. The argument sorts
// of an application are found in the Func's Sort.
type Op uint16

const (
	OpNone Op = iota

	// Bool and generic comparison.
	OpTrue
	OpFalse
	OpNot     // !b
	OpAnd     // &&
	OpOr      // ||
	OpImplies // =>
	OpEq      // == on any sort
	OpNeq     // != on any sort
	OpIf      // if(c, a, b) on any sort
	OpLt      // < on numbers, structured sorts, basic sorts (constructor order), and as strict subset on Set/FSet/Bag/FBag
	OpLe      // <=
	OpGt      // >
	OpGe      // >=

	// Numbers. Overloads are told apart by the Func's sort.
	OpAdd    // a + b (also union on Set, Bag, FSet, FBag)
	OpSub    // a - b: Nat#Nat->Int, Int#Int->Int, Real#Real->Real (also difference on sets and bags)
	OpMul    // a * b (also intersection on sets and bags)
	OpDivide // a / b giving Real
	OpDiv    // a div b
	OpMod    // a mod b
	OpNeg    // unary -a
	OpExp    // exp(a, n)
	OpAbs
	OpSucc
	OpPred
	OpMax
	OpMin
	OpFloor
	OpCeil
	OpRound
	OpSqrt // sqrt(n): the integer square root (rounded down) of a Nat
	OpPos2Nat
	OpPos2Int
	OpPos2Real
	OpNat2Pos
	OpNat2Int
	OpNat2Real
	OpInt2Pos
	OpInt2Nat
	OpInt2Real
	OpReal2Pos
	OpReal2Nat
	OpReal2Int

	// Lists.
	OpEmptyList // []
	OpCons      // e |> l
	OpSnoc      // l <| e
	OpConcat    // l ++ m
	OpElementAt // l . n
	OpHead
	OpTail
	OpRHead
	OpRTail
	OpCount // #l, #s (FSet), #b (FBag)
	OpIn    // e in l / s / b

	// Sets, bags, finite sets and finite bags (union, intersection and
	// difference are OpAdd, OpMul, OpSub on these sorts).
	OpEmptySet   // {} of sort Set, FSet, Bag or FBag (see the Func's sort)
	OpComplement // !s on Set
	OpBagCount   // count(e, b)
	OpSet2Bag
	OpBag2Set
	OpFSet2Set // implicit conversion of a finite set to a set (mCRL2's @setfset)
	OpFBag2Bag // implicit conversion of a finite bag to a bag (mCRL2's @bagfbag)
	OpPick     // pick(s): the least element of a non-empty FSet or FBag (as in mCRL2)
	// OpSetRetag gives a set a wider element sort without converting its
	// elements: mCRL2's @setfset as its type checker applies it to a set
	// operation that it typed without its context (see App.Fixed).
	OpSetRetag

	// Functions.
	OpUpdate // f[x -> v]

	// OpFBagInsert is mCRL2's @fbag_insert(e, p, b), made by the rewriter
	// only: the insertion into a finite bag that its equations leave as
	// it is (b is no enumeration).
	OpFBagInsert

	// mCRL2's internal functions of its set and bag libraries, read from
	// binary files (lps/mcrl2/funcs.go): a set @set(f, s), x in it when f(x)
	// differs from x in s; a bag @bag(f, b), counting @swap_zero(f(x),
	// count(x, b)); the constant function parts and their combinators
	// (sorts S -> Bool and S -> Nat); the finite parts of unions,
	// intersections and differences. The IR has no other way to write a
	// function part that is no lambda.
	OpSetFn
	OpBagFn
	OpFalseFn
	OpTrueFn
	OpZeroFn
	OpOneFn
	OpNotFn
	OpAndFn
	OpOrFn
	OpAddFn
	OpMinFn
	OpMonusFn
	OpNat2BoolFn
	OpBool2NatFn
	OpFSetUnion
	OpFSetInter
	OpFBagJoin
	OpFBagInter
	OpFBagDiff
	OpFBag2FSet
	OpFSet2FBag
	// OpFSetInsert is mCRL2's @fset_insert(e, s) into an s that is no
	// enumeration (a variable, an if), as a binary file has it.
	OpFSetInsert
	// mCRL2's internal functions of function update: @func_update_stable
	// is an update its rewriter has put in order, which it keeps as it is
	// (f[1 -> 1] over an f with f(1) = 1 stays); @is_not_an_update(f)
	// tells whether f is no update.
	OpUpdateStable
	OpIsNotAnUpdate

	NumOps
)

// ---------------------------------------------------------------------------
// Data expressions

// Expr is a sort-checked data expression. Every node knows its sort.
type Expr interface {
	Sort() *Sort
	Position() Pos
}

// Var is a data variable: a process parameter, a sum variable, a global
// variable, an equation variable or a variable bound by lambda, forall,
// exists, a comprehension or whr. Occurrences refer to the declaring *Var,
// so variables are compared by pointer.
type Var struct {
	Name string
	S    *Sort
	Pos
}

func (v *Var) Sort() *Sort    { return v.S }
func (v *Var) String() string { return v.Name }

// VarRef is an occurrence of a variable.
type VarRef struct {
	Var *Var
	Pos
}

func (r *VarRef) Sort() *Sort { return r.Var.S }

// Number is a numeral typed as Pos, Nat, Int or Real. Value is never
// negative (a minus sign is an application of OpNeg).
type Number struct {
	Value *big.Int
	S     *Sort
	Pos
}

func (n *Number) Sort() *Sort { return n.S }

// FuncRef is a function symbol used as an expression: a constant (`true`,
// `d1`, `[]`) or a function that is applied or passed as a value.
type FuncRef struct {
	Func *Func
	Pos
}

func (f *FuncRef) Sort() *Sort { return f.Func.Sort }

// App applies Head (usually a *FuncRef, but any expression of function
// sort) to Args. Implicit marks an application the checker inserted (an
// upcast such as Pos2Nat or @setfset) that the source did not spell out;
// printers omit it.
type App struct {
	Head     Expr
	Args     []Expr
	S        *Sort
	Implicit bool
	// Fixed: the element sort of this set operation was decided by its
	// operands alone, as mCRL2's type checker decides it for its
	// overloads * : Set(S) # FSet(S) -> FSet(S) (and FSet # Set) and
	// - : FSet(S) # Set(S) -> FSet(S); a context that wants a wider
	// element sort gets it through OpSetRetag, not by retyping.
	Fixed bool
	Pos
}

// BuiltinOp is the operator of a built-in function's application, false
// for any other head (a declared map, a variable, a lambda).
func (a *App) BuiltinOp() (Op, bool) {
	if f, ok := a.Head.(*FuncRef); ok && f.Func.Kind == FuncBuiltin {
		return f.Func.Op, true
	}
	return OpNone, false
}

func (a *App) Sort() *Sort { return a.S }

// BinderKind says which binder a Binder is.
type BinderKind uint8

const (
	Lambda  BinderKind = iota // lambda x: S. e
	Forall                    // forall x: S. e
	Exists                    // exists x: S. e
	SetComp                   // { x: S | e } of sort Set(S)
	BagComp                   // { x: S | e } of sort Bag(S), e of sort Nat
)

// Binder is lambda, forall, exists or a set/bag comprehension.
type Binder struct {
	Kind BinderKind
	Vars []*Var
	Body Expr
	S    *Sort
	Pos
}

func (b *Binder) Sort() *Sort { return b.S }

// Where is `Body whr x1 = e1, ..., xn = en end`. The definitions are not
// recursive: each Value is in the scope outside the whr.
type Where struct {
	Body Expr
	Defs []WhereDef
	Pos
}

// WhereDef is one definition of a whr clause.
type WhereDef struct {
	Var   *Var
	Value Expr
}

func (w *Where) Sort() *Sort { return w.Body.Sort() }

// Enum is what the three enumerations share: the elements written out,
// the sort of the whole and its position. Embedded, it gives each of them
// its Sort and Position. On its own it is no expression: every reader of
// the IR (printers, rewriter, writers) knows only the three kinds.
type Enum struct {
	Elems []Expr
	S     *Sort
	Pos
}

func (e *Enum) Sort() *Sort { return e.S }

// ListEnum is `[e1, ..., en]` (n > 0; `[]` is OpEmptyList).
type ListEnum struct{ Enum }

// SetEnum is `{e1, ..., en}` (n > 0) of sort Set(S) or FSet(S).
type SetEnum struct{ Enum }

// BagEnum is `{e1: n1, ..., ek: nk}` (k > 0) of sort Bag(S) or FBag(S):
// Counts[i] (of sort Nat) is the count of Elems[i].
type BagEnum struct {
	Enum
	Counts []Expr
}

// ---------------------------------------------------------------------------
// Specification

// SortDecl is one declaration of the `sort` section, kept for printing.
type SortDecl struct {
	Name string
	// Sort is what the name denotes: the basic sort for `sort D;`, the
	// structured sort for `sort D = struct ...;`, or the aliased sort.
	Sort  *Sort
	Alias bool // `sort T = S;` where S is not a struct
	Pos   Pos
}

// Equation is a (conditional) rewrite rule `Cond -> LHS = RHS` of the eqn
// section. Cond is nil when absent. Vars are the variables of the var
// section the equation uses.
type Equation struct {
	Vars []*Var
	Cond Expr
	LHS  Expr
	RHS  Expr
	Pos  Pos

	Section int // index of the var/eqn block in the source, for printing
}

// ActionDecl is an action label with its argument sorts. An action name
// declared with two signatures (`s3: D # Bool; s3: Error;`) is two decls.
type ActionDecl struct {
	Name  string
	Sorts []*Sort
	Pos   Pos
}

// Action is an action of a multi-action: a declared label applied to
// arguments.
type Action struct {
	Decl *ActionDecl
	Args []Expr
	Pos  Pos
}

// Assignment is `Param = Value` in a next-state `P(x = e, ...)`.
type Assignment struct {
	Param *Var
	Value Expr
}

// Distribution is `dist x1: S1, ..., xn: Sn [Prob] .`: the next state (or
// the initial state) is drawn with probability Prob, an expression of sort
// Real over Vars.
type Distribution struct {
	Vars []*Var
	Prob Expr
	Pos  Pos
}

// Summand is one alternative of the linear process:
//
//	sum SumVars. Cond -> Actions [@ Time] . [dist ...] P(Assignments)
//	sum SumVars. Cond -> delta [@ Time]
//
// An empty Actions with Delta false is the internal action tau.
type Summand struct {
	SumVars []*Var
	Cond    Expr // Bool; `true` when the source has no condition
	Delta   bool
	Actions []Action
	Time    Expr // Real, nil if untimed
	Dist    *Distribution
	// Assignments lists the parameters that change, in source order.
	// Parameters not listed keep their value.
	Assignments []Assignment
	Pos         Pos
}

// Spec is a sort-checked linear process specification.
type Spec struct {
	File      string
	Sorts     []*SortDecl
	Cons      []*Func
	Maps      []*Func
	Equations []*Equation
	Actions   []*ActionDecl
	Globals   []*Var
	ProcName  string
	Params    []*Var
	Summands  []*Summand
	// InitDist is the distribution of the initial state, or nil.
	InitDist *Distribution
	// Init gives the initial value of each parameter, one per Params entry.
	Init []Expr
	// EqnVars are the variables declared in `var` sections, in order (each
	// Equation lists the ones it uses); kept for printing.
	EqnVars []*Var
	// VarSections are the var sections of the source (one per var/eqn
	// block), so that printing keeps the blocks apart.
	VarSections [][]*Var
	// Spelling is how the source wrote the sort of a declaration (*Var,
	// *Func, *ActionDecl, *SortDecl), for printing.
	Spelling map[any]string
	// SortTable interns every sort of the specification and its built-in
	// function symbols; later stages use it to make sorts and built-ins
	// that compare equal (by pointer) to the checker's.
	SortTable *SortTable
}
