package lps

import "fmt"

// The one table of the built-in operators, as go/token's Precedence and
// go/types' universe.go are Go's: the parser reads an infix token's
// priority and associativity here, both printers (FormatExpr and the
// rewriter's) the text and priority they print, the checker the names a
// text may call and the sorts of the conversions, the binary reader and
// writer the name mCRL2 gives each in its terms. A second copy of any of
// these is a label waiting to change silently; TestOneOperatorTable
// holds every reader to this one.
//
// Priorities are mCRL2's (libraries/core/source/mcrl2_syntax.g and the
// data printer, libraries/data/include/mcrl2/data/print.h): 2 for =>
// up to 12 for * and the list index ., higher binding tighter.

// OpInfo is what the front end and the printers know of one operator.
type OpInfo struct {
	// Name is the operator's name in the IR: Op.String, the Name of its
	// built-in *Func, and the name by which a text calls it where Call.
	Name string
	// MCRL2 is the name of its function symbol in mCRL2's terms (binary
	// files); the empty set of a Bag or FBag sort is "{:}" there.
	MCRL2 string
	// Arity is the number of arguments (0: a constant).
	Arity int
	// Infix is the token written between the two operands ("+", "div"),
	// "" for an operator with no infix form; Prec is its priority (also
	// that of function update f[x -> v], which has no infix form), Right
	// whether a chain of it groups to the right (a => b => c is
	// a => (b => c)).
	Infix string
	Prec  int
	Right bool
	// Prefix is the token written before the one operand ("!", "-", "#").
	Prefix string
	// Call: a text may call the operator by Name (head(l), Pos2Nat(p)).
	Call bool
	// Bool: the result is Bool whatever the arguments' sorts.
	Bool bool
	// From and To are the argument and result sort of a conversion
	// between number sorts (Pos2Nat, Real2Int, ...).
	From, To SortKind
	// Internal: one of mCRL2's internal functions (@set, @monus_, ...)
	// that only a binary file has; package mcrl2 reads and checks it with
	// the sorts mCRL2's data library gives it (its internal-function
	// table; @fset_insert where it stands in an enumeration), never as a
	// plain built-in (BuiltinSortOK refuses it).
	Internal bool
}

// opTable holds every operator's OpInfo, indexed by Op.
var opTable = [NumOps]OpInfo{
	OpNone:    {Name: "?"},
	OpTrue:    {Name: "true", MCRL2: "true", Bool: true},
	OpFalse:   {Name: "false", MCRL2: "false", Bool: true},
	OpNot:     {Name: "!", MCRL2: "!", Arity: 1, Prefix: "!"},
	OpAnd:     {Name: "&&", MCRL2: "&&", Arity: 2, Infix: "&&", Prec: 4, Right: true, Bool: true},
	OpOr:      {Name: "||", MCRL2: "||", Arity: 2, Infix: "||", Prec: 3, Right: true, Bool: true},
	OpImplies: {Name: "=>", MCRL2: "=>", Arity: 2, Infix: "=>", Prec: 2, Right: true, Bool: true},
	OpEq:      {Name: "==", MCRL2: "==", Arity: 2, Infix: "==", Prec: 5, Bool: true},
	OpNeq:     {Name: "!=", MCRL2: "!=", Arity: 2, Infix: "!=", Prec: 5, Bool: true},
	OpIf:      {Name: "if", MCRL2: "if", Arity: 3},
	OpLt:      {Name: "<", MCRL2: "<", Arity: 2, Infix: "<", Prec: 6, Bool: true},
	OpLe:      {Name: "<=", MCRL2: "<=", Arity: 2, Infix: "<=", Prec: 6, Bool: true},
	OpGt:      {Name: ">", MCRL2: ">", Arity: 2, Infix: ">", Prec: 6, Bool: true},
	OpGe:      {Name: ">=", MCRL2: ">=", Arity: 2, Infix: ">=", Prec: 6, Bool: true},

	OpAdd:    {Name: "+", MCRL2: "+", Arity: 2, Infix: "+", Prec: 10},
	OpSub:    {Name: "-", MCRL2: "-", Arity: 2, Infix: "-", Prec: 10},
	OpMul:    {Name: "*", MCRL2: "*", Arity: 2, Infix: "*", Prec: 12},
	OpDivide: {Name: "/", MCRL2: "/", Arity: 2, Infix: "/", Prec: 11},
	OpDiv:    {Name: "div", MCRL2: "div", Arity: 2, Infix: "div", Prec: 11},
	OpMod:    {Name: "mod", MCRL2: "mod", Arity: 2, Infix: "mod", Prec: 11},
	OpNeg:    {Name: "-", MCRL2: "-", Arity: 1, Prefix: "-"},
	OpExp:    {Name: "exp", MCRL2: "exp", Arity: 2, Call: true},
	OpAbs:    {Name: "abs", MCRL2: "abs", Arity: 1, Call: true},
	OpSucc:   {Name: "succ", MCRL2: "succ", Arity: 1, Call: true},
	OpPred:   {Name: "pred", MCRL2: "pred", Arity: 1, Call: true},
	OpMax:    {Name: "max", MCRL2: "max", Arity: 2, Call: true},
	OpMin:    {Name: "min", MCRL2: "min", Arity: 2, Call: true},
	OpFloor:  {Name: "floor", MCRL2: "floor", Arity: 1, Call: true},
	OpCeil:   {Name: "ceil", MCRL2: "ceil", Arity: 1, Call: true},
	OpRound:  {Name: "round", MCRL2: "round", Arity: 1, Call: true},
	OpSqrt:   {Name: "sqrt", MCRL2: "sqrt", Arity: 1, Call: true},

	OpPos2Nat:  conversion(SortPos, SortNat),
	OpPos2Int:  conversion(SortPos, SortInt),
	OpPos2Real: conversion(SortPos, SortReal),
	OpNat2Pos:  conversion(SortNat, SortPos),
	OpNat2Int:  conversion(SortNat, SortInt),
	OpNat2Real: conversion(SortNat, SortReal),
	OpInt2Pos:  conversion(SortInt, SortPos),
	OpInt2Nat:  conversion(SortInt, SortNat),
	OpInt2Real: conversion(SortInt, SortReal),
	OpReal2Pos: conversion(SortReal, SortPos),
	OpReal2Nat: conversion(SortReal, SortNat),
	OpReal2Int: conversion(SortReal, SortInt),

	OpEmptyList: {Name: "[]", MCRL2: "[]"},
	OpCons:      {Name: "|>", MCRL2: "|>", Arity: 2, Infix: "|>", Prec: 7, Right: true},
	OpSnoc:      {Name: "<|", MCRL2: "<|", Arity: 2, Infix: "<|", Prec: 8},
	OpConcat:    {Name: "++", MCRL2: "++", Arity: 2, Infix: "++", Prec: 9},
	OpElementAt: {Name: ".", MCRL2: ".", Arity: 2, Infix: ".", Prec: 12},
	OpHead:      {Name: "head", MCRL2: "head", Arity: 1, Call: true},
	OpTail:      {Name: "tail", MCRL2: "tail", Arity: 1, Call: true},
	OpRHead:     {Name: "rhead", MCRL2: "rhead", Arity: 1, Call: true},
	OpRTail:     {Name: "rtail", MCRL2: "rtail", Arity: 1, Call: true},
	OpCount:     {Name: "#", MCRL2: "#", Arity: 1, Prefix: "#"},
	OpIn:        {Name: "in", MCRL2: "in", Arity: 2, Infix: "in", Prec: 6, Bool: true},

	OpEmptySet:   {Name: "{}", MCRL2: "{}"},
	OpComplement: {Name: "!", MCRL2: "!", Arity: 1, Prefix: "!"},
	OpBagCount:   {Name: "count", MCRL2: "count", Arity: 2, Call: true},
	OpSet2Bag:    {Name: "Set2Bag", MCRL2: "Set2Bag", Arity: 1, Call: true},
	OpBag2Set:    {Name: "Bag2Set", MCRL2: "Bag2Set", Arity: 1, Call: true},
	OpFSet2Set:   {Name: "@setfset", MCRL2: "@setfset", Arity: 1},
	OpFBag2Bag:   {Name: "@bagfbag", MCRL2: "@bagfbag", Arity: 1},
	OpPick:       {Name: "pick", MCRL2: "pick", Arity: 1, Call: true},
	OpSetRetag:   {Name: "@setfset", MCRL2: "@setfset", Arity: 1},

	// f[x -> v]: no infix operator, but its priority places parentheses
	// around what it updates, as mCRL2's printer does.
	OpUpdate:     {Name: "update", MCRL2: "@func_update", Arity: 3, Prec: 13},
	OpFBagInsert: {Name: "@fbag_insert", MCRL2: "@fbag_insert", Arity: 3},

	OpSetFn:         {Name: "@set", MCRL2: "@set", Arity: 2, Internal: true},
	OpBagFn:         {Name: "@bag", MCRL2: "@bag", Arity: 2, Internal: true},
	OpFalseFn:       {Name: "@false_", MCRL2: "@false_", Arity: 1, Internal: true},
	OpTrueFn:        {Name: "@true_", MCRL2: "@true_", Arity: 1, Internal: true},
	OpZeroFn:        {Name: "@zero_", MCRL2: "@zero_", Arity: 1, Internal: true},
	OpOneFn:         {Name: "@one_", MCRL2: "@one_", Arity: 1, Internal: true},
	OpNotFn:         {Name: "@not_", MCRL2: "@not_", Arity: 1, Internal: true},
	OpAndFn:         {Name: "@and_", MCRL2: "@and_", Arity: 2, Internal: true},
	OpOrFn:          {Name: "@or_", MCRL2: "@or_", Arity: 2, Internal: true},
	OpAddFn:         {Name: "@add_", MCRL2: "@add_", Arity: 2, Internal: true},
	OpMinFn:         {Name: "@min_", MCRL2: "@min_", Arity: 2, Internal: true},
	OpMonusFn:       {Name: "@monus_", MCRL2: "@monus_", Arity: 2, Internal: true},
	OpNat2BoolFn:    {Name: "@Nat2Bool_", MCRL2: "@Nat2Bool_", Arity: 1, Internal: true},
	OpBool2NatFn:    {Name: "@Bool2Nat_", MCRL2: "@Bool2Nat_", Arity: 1, Internal: true},
	OpFSetUnion:     {Name: "@fset_union", MCRL2: "@fset_union", Arity: 4, Internal: true},
	OpFSetInter:     {Name: "@fset_inter", MCRL2: "@fset_inter", Arity: 4, Internal: true},
	OpFBagJoin:      {Name: "@fbag_join", MCRL2: "@fbag_join", Arity: 4, Internal: true},
	OpFBagInter:     {Name: "@fbag_inter", MCRL2: "@fbag_inter", Arity: 4, Internal: true},
	OpFBagDiff:      {Name: "@fbag_diff", MCRL2: "@fbag_diff", Arity: 4, Internal: true},
	OpFBag2FSet:     {Name: "@fbag2fset", MCRL2: "@fbag2fset", Arity: 2, Internal: true},
	OpFSet2FBag:     {Name: "@fset2fbag", MCRL2: "@fset2fbag", Arity: 1, Internal: true},
	OpFSetInsert:    {Name: "@fset_insert", MCRL2: "@fset_insert", Arity: 2, Internal: true},
	OpUpdateStable:  {Name: "@func_update_stable", MCRL2: "@func_update_stable", Arity: 3, Internal: true},
	OpIsNotAnUpdate: {Name: "@is_not_an_update", MCRL2: "@is_not_an_update", Arity: 1, Internal: true},
}

// conversion is the entry of the conversion from the number sort from to
// the number sort to: its name, in the IR and in mCRL2's terms alike, is
// made of the two sorts' (Pos2Nat, Real2Int), so that it cannot say
// other sorts than it converts.
func conversion(from, to SortKind) OpInfo {
	name := basicNames[from] + "2" + basicNames[to]
	return OpInfo{Name: name, MCRL2: name, Arity: 1, Call: true, From: from, To: to}
}

// Info is op's entry of the operator table (the zero OpInfo, named "?",
// for a value that is no operator).
func (o Op) Info() OpInfo {
	if int(o) < len(opTable) {
		return opTable[o]
	}
	return OpInfo{Name: "?"}
}

// Binding is the priority and associativity of op as an infix operator
// (OpInfo's Prec and Right), read without copying its whole entry: the
// parser asks at every level of precedence climbing.
func (o Op) Binding() (prec int, right bool) {
	if int(o) < len(opTable) {
		return opTable[o].Prec, opTable[o].Right
	}
	return 0, false
}

func (o Op) String() string {
	if int(o) < len(opTable) && opTable[o].Name != "" {
		return opTable[o].Name
	}
	return fmt.Sprintf("Op(%d)", int(o))
}

// Infix is the text the printers write between the two operands of op,
// its infix token with a space either side (" + ", " div "); false for an
// operator with no infix form. The spaced texts are made once from the
// table so that printing allocates nothing.
func (o Op) Infix() (string, bool) {
	if int(o) < len(infixText) && infixText[o] != "" {
		return infixText[o], true
	}
	return "", false
}

// InfixOp is the operator that the infix token tok (as the text writes
// it: "+", "div") stands for between two operands.
func InfixOp(tok string) (Op, bool) {
	op, ok := infixOps[tok]
	return op, ok
}

// CallOp is the operator that a text calls by name (head, Pos2Nat, ...).
func CallOp(name string) (Op, bool) {
	op, ok := callOps[name]
	return op, ok
}

// infixText, infixOps and callOps are indexes of opTable, made from it
// once: not tables of their own.
var infixText, infixOps, callOps = func() ([NumOps]string, map[string]Op, map[string]Op) {
	var text [NumOps]string
	infix, call := map[string]Op{}, map[string]Op{}
	for op, in := range opTable {
		if in.Infix != "" {
			text[op] = " " + in.Infix + " "
			infix[in.Infix] = Op(op)
		}
		if in.Call {
			call[in.Name] = Op(op)
		}
	}
	return text, infix, call
}()
