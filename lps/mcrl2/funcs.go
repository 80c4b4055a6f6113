package mcrl2

import (
	"math/big"
	"sync"

	"github.com/lps2lts/lps2lts/aterm"
	"github.com/lps2lts/lps2lts/lps"
)

// mCRL2's internal function symbols: the functions of its data library
// that a user cannot write but mcrl22lps leaves in the binary files it
// writes, as its rewriter produced them (@redfracwhr for k / 3, @monus
// for a Nat subtraction cut at 0, @set(@not_(f), s) for a complement).
// One table says, for each symbol, the sorts it accepts (as mCRL2's data
// type specifications scripts/code_generation/data_types/*.spec state
// them; sigs.go matches them) and how the binary reader reads it
// into the IR:
//
//   - as the IR expression it means, built of the IR's operators, when the
//     rewriter then computes the normal form mCRL2 computes (@monus(m, n)
//     is max(m - n, 0) of sort Nat, @redfracwhr(n, x, m) is x + m / n);
//   - as an IR operator of its own (op), where the IR has no way to say
//     it: the function parts of sets and bags and their combinators.
//
// The symbols the reader knew before this table (numbers in machine words,
// @cNat, @cInt, @cNeg, @cReal, @setfset, @bagfbag, @set and @bag with a
// constant or lambda function part, @fset_insert, @fset_cons,
// @fbag_cinsert, @fbag_cons, @fbag_insert, @func_update) are read where
// they were (readexpr.go); docs/mcrl2-functions.md lists them all.

// mcrl2Func is one overload of an internal symbol.
type mcrl2Func struct {
	sig *sigPattern
	// read builds the IR of an application to args (of the sorts sig
	// accepts; res is the application's sort). Nil for a symbol read as
	// the built-in op.
	read func(r *binReader, res *lps.Sort, args []lps.Expr) lps.Expr
	op   lps.Op
}

// mcrl2Funcs returns the internal symbols by name, each overload with
// its signature. The table is built on first use: only the binary
// formats' reader asks, and building it (a few thousand allocations)
// was a third of the package initialisation that every run paid, the
// text format's too.
var mcrl2Funcs = sync.OnceValue(func() map[string][]mcrl2Func {
	funcs = map[string][]mcrl2Func{}
	registerNumbers()
	registerWords()
	return funcs
})

// funcs is the table being built by mcrl2Funcs.
var funcs map[string][]mcrl2Func

// reads registers name read by read for the signature sig.
func reads(name, sig string, read func(r *binReader, res *lps.Sort, a []lps.Expr) lps.Expr) {
	funcs[name] = append(funcs[name], mcrl2Func{sig: parseSig(sig), read: read})
}

// isOp registers name as the built-in op for the signature sig.
func isOp(name, sig string, op lps.Op) {
	funcs[name] = append(funcs[name], mcrl2Func{sig: parseSig(sig), op: op})
}

// wordBase is 2^64, the base of mCRL2's machine-word numbers.
var wordBase = new(big.Int).Lsh(big.NewInt(1), 64)

// Helpers that build IR for the table's readers.

func (r *binReader) num(v int64, s *lps.Sort) lps.Expr {
	return &lps.Number{Value: big.NewInt(v), S: s}
}

// base is 2^64 as a Nat.
func (r *binReader) base() lps.Expr { return &lps.Number{Value: wordBase, S: r.st.Nat} }

// toNat, toInt and toReal widen an expression of a smaller number sort
// (coerce.go's upcast; an expression of that sort or a wider one stays).
func (r *binReader) toNat(e lps.Expr) lps.Expr  { return r.widen(e, r.st.Nat) }
func (r *binReader) toInt(e lps.Expr) lps.Expr  { return r.widen(e, r.st.Int) }
func (r *binReader) toReal(e lps.Expr) lps.Expr { return r.widen(e, r.st.Real) }

func (r *binReader) widen(e lps.Expr, to *lps.Sort) lps.Expr {
	if op, ok := lps.Upcast(e.Sort(), to); ok {
		return r.upcast(op, e, to)
	}
	return e
}

// monus is max(m - n, 0) of sort Nat: mCRL2's @monus, m - n cut at 0.
func (r *binReader) monus(m, n lps.Expr) lps.Expr {
	return r.mk(lps.OpMax, r.st.Nat, r.mk(lps.OpSub, r.st.Int, r.toNat(m), r.toNat(n)), r.num(0, r.st.Nat))
}

// digits is hi * 2^64 + lo of sort Nat: mCRL2's @concat_digit.
func (r *binReader) digits(hi, lo lps.Expr) lps.Expr {
	nat := r.st.Nat
	return r.mk(lps.OpAdd, nat, r.mk(lps.OpMul, nat, r.toNat(hi), r.base()), lo)
}

// toPos is e of sort Nat as a Pos (e is known to be positive).
func (r *binReader) toPos(e lps.Expr) lps.Expr { return r.mk(lps.OpNat2Pos, r.st.Pos, e) }

func (r *binReader) eq(a, b lps.Expr) lps.Expr { return r.mk(lps.OpEq, r.st.Bool, a, b) }

// uninterpreted is name applied to args, giving res, as a function
// without equations: an application mCRL2's equations leave as it is.
func (r *binReader) uninterpreted(name string, res *lps.Sort, args ...lps.Expr) lps.Expr {
	dom := make([]*lps.Sort, len(args))
	for i, a := range args {
		dom[i] = a.Sort()
	}
	f := r.libraries.plainFunc(name, r.st.Func(dom, res))
	return &lps.App{Head: &lps.FuncRef{Func: f}, Args: args, S: res}
}

// swapZero is mCRL2's @swap_zero(m, n): m where n is 0, n where m is 0,
// 0 where they are equal, else n.
func (r *binReader) swapZero(m, n lps.Expr) lps.Expr {
	nat := r.st.Nat
	zero := r.num(0, nat)
	return r.mk(lps.OpIf, nat, r.eq(n, zero), m, r.mk(lps.OpIf, nat, r.eq(m, zero), n, r.mk(lps.OpIf, nat, r.eq(n, m), zero, n)))
}

// swapZeroOp is @swap_zero_add, _min or _monus(n1, n2, m1, m2) by their
// equations, op being +, min or monus and kind 1, 0 or 2: where only one
// of n1 and n2 is 0, their equations differ.
func (r *binReader) swapZeroOp(a []lps.Expr, op func(x, y lps.Expr) lps.Expr, kind int) lps.Expr {
	nat := r.st.Nat
	zero := r.num(0, nat)
	n1, n2, m1, m2 := a[0], a[1], a[2], a[3]
	isZero := func(e lps.Expr) lps.Expr { return r.eq(e, zero) }
	ifz := func(c, x, y lps.Expr) lps.Expr { return r.mk(lps.OpIf, nat, c, x, y) }
	sw := r.swapZero
	var onlyN2, onlyN1 lps.Expr // n1 = 0 < n2, and n2 = 0 < n1
	switch kind {
	case 1: // add
		onlyN2 = ifz(isZero(m1), m2, sw(n2, op(m1, sw(n2, m2))))
		onlyN1 = ifz(isZero(m2), n1, sw(n1, op(sw(n1, m1), m2)))
	case 0: // min
		onlyN2 = ifz(isZero(m1), zero, op(m1, sw(n2, m2)))
		onlyN1 = ifz(isZero(m2), zero, op(sw(n1, m1), m2))
	default: // monus
		onlyN2 = ifz(isZero(m1), zero, op(m1, sw(n2, m2)))
		onlyN1 = ifz(isZero(m2), m1, sw(n1, op(sw(n1, m1), m2)))
	}
	both := sw(op(n1, n2), op(sw(n1, m1), sw(n2, m2)))
	return ifz(isZero(n1), ifz(isZero(n2), op(m1, m2), onlyN2), ifz(isZero(n2), onlyN1, both))
}

// pair is @nnPair(a, b) of the pair sort s.
func (r *binReader) pair(s *lps.Sort, a, b lps.Expr) lps.Expr {
	c := s.Constructors[0]
	return &lps.App{Head: &lps.FuncRef{Func: c}, Args: []lps.Expr{a, b}, S: s}
}

// registerNumbers registers the symbols of the numbers' and the
// containers' specifications.
func registerNumbers() {
	pos, nat := func(r *binReader) *lps.Sort { return r.st.Pos }, func(r *binReader) *lps.Sort { return r.st.Nat }
	// Numbers: Pos (pos64.spec) and Nat (nat64.spec).
	reads("@succ_pos", "Pos -> Pos", func(r *binReader, res *lps.Sort, a []lps.Expr) lps.Expr { return r.mk(lps.OpSucc, res, a[0]) })
	reads("@succ_nat", "Nat -> Nat", func(r *binReader, res *lps.Sort, a []lps.Expr) lps.Expr {
		return r.toNat(r.mk(lps.OpSucc, r.st.Pos, a[0]))
	})
	for _, s := range []string{"Pos", "Nat"} {
		reads("@equals_one", s+" -> Bool", func(r *binReader, _ *lps.Sort, a []lps.Expr) lps.Expr { return r.eq(a[0], r.num(1, a[0].Sort())) })
		reads("@plus_"+map[string]string{"Pos": "pos", "Nat": "nat"}[s], s+" # "+s+" -> "+s, func(r *binReader, res *lps.Sort, a []lps.Expr) lps.Expr {
			return r.mk(lps.OpAdd, res, a[0], a[1])
		})
		// The product, which mCRL2's equations define only when a
		// factor has more than one word (* calls it so): of two
		// one-word factors it stays as it is.
		reads("@times_ordered", s+" # "+s+" -> "+s, func(r *binReader, res *lps.Sort, a []lps.Expr) lps.Expr {
			long := func(e lps.Expr) lps.Expr { return r.mk(lps.OpGe, r.st.Bool, r.toNat(e), r.base()) }
			defined := r.mk(lps.OpOr, r.st.Bool, long(a[0]), long(a[1]))
			return r.mk(lps.OpIf, res, defined, r.mk(lps.OpMul, res, a[0], a[1]), r.uninterpreted("@times_ordered", res, a...))
		})
		// p + q + 1, the sum with a carry.
		reads("@add_with_carry", s+" # "+s+" -> "+s, func(r *binReader, res *lps.Sort, a []lps.Expr) lps.Expr {
			succ := r.mk(lps.OpSucc, r.st.Pos, r.mk(lps.OpAdd, a[0].Sort(), a[0], a[1]))
			if res == r.st.Nat {
				return r.toNat(succ)
			}
			return succ
		})
		// p * w + overflow: a product of a number and a word, with the
		// word carried in.
		reads("@times_overflow", s+" # @word # @word -> "+s, func(r *binReader, res *lps.Sort, a []lps.Expr) lps.Expr {
			nat := r.st.Nat
			v := r.mk(lps.OpAdd, nat, r.mk(lps.OpMul, nat, r.toNat(a[0]), a[1]), a[2])
			if res == r.st.Pos {
				return r.toPos(v)
			}
			return v
		})
		// hi * 2^64 + w.
		reads("@concat_digit", s+" # @word -> "+s, func(r *binReader, res *lps.Sort, a []lps.Expr) lps.Expr {
			if res == r.st.Pos {
				return r.toPos(r.digits(a[0], a[1]))
			}
			return r.digits(a[0], a[1])
		})
	}
	// A word, not a constant (a constant is a numeral, read by number).
	reads("@most_significant_digit", "@word -> Pos", func(r *binReader, _ *lps.Sort, a []lps.Expr) lps.Expr { return r.toPos(a[0]) })
	reads("@most_significant_digitNat", "@word -> Nat", func(r *binReader, _ *lps.Sort, a []lps.Expr) lps.Expr { return a[0] })
	// p - 1, and 1 for 1.
	reads("@pospred", "Pos -> Pos", func(r *binReader, res *lps.Sort, a []lps.Expr) lps.Expr {
		return r.mk(lps.OpMax, res, r.mk(lps.OpSub, r.st.Int, a[0], r.num(1, r.st.Pos)), r.num(1, r.st.Pos))
	})
	reads("@times_whr_mult_overflow", "@word # @word -> Pos", func(r *binReader, _ *lps.Sort, a []lps.Expr) lps.Expr {
		return r.toPos(r.digits(a[1], a[0]))
	})
	reads("@equals_zero", "Nat -> Bool", func(r *binReader, _ *lps.Sort, a []lps.Expr) lps.Expr { return r.eq(a[0], r.num(0, r.st.Nat)) })
	reads("@not_equals_zero", "Nat -> Bool", func(r *binReader, _ *lps.Sort, a []lps.Expr) lps.Expr {
		return r.mk(lps.OpNeq, r.st.Bool, a[0], r.num(0, r.st.Nat))
	})
	// pred(p) of a p of more than one word whose last word is 0: the
	// higher words' predecessor followed by the largest word.
	reads("@pred_whr", "Nat -> Nat", func(r *binReader, _ *lps.Sort, a []lps.Expr) lps.Expr {
		return r.digits(a[0], &lps.Number{Value: new(big.Int).Sub(wordBase, big.NewInt(1)), S: r.st.Nat})
	})
	reads("@natpred", "Nat -> Nat", func(r *binReader, _ *lps.Sort, a []lps.Expr) lps.Expr { return r.monus(a[0], r.num(1, r.st.Nat)) })
	reads("@monus", "Nat # Nat -> Nat", func(r *binReader, _ *lps.Sort, a []lps.Expr) lps.Expr { return r.monus(a[0], a[1]) })
	// @monus_whr(n1, w1, n2, w2, @monus(n1, n2)) is the monus of the
	// numbers n1 w1 and n2 w2: diff * 2^64 + w1 - w2, cut at 0.
	reads("@monus_whr", "Nat # @word # Nat # @word # Nat -> Nat", func(r *binReader, _ *lps.Sort, a []lps.Expr) lps.Expr {
		return r.monus(r.digits(a[4], a[1]), a[3])
	})
	reads("@is_odd", "Nat -> Bool", func(r *binReader, _ *lps.Sort, a []lps.Expr) lps.Expr {
		return r.eq(r.mk(lps.OpMod, r.st.Nat, a[0], r.num(2, r.st.Pos)), r.num(1, r.st.Nat))
	})
	reads("@div2", "Nat -> Nat", func(r *binReader, res *lps.Sort, a []lps.Expr) lps.Expr {
		return r.mk(lps.OpDiv, res, a[0], r.num(2, r.st.Pos))
	})
	// The count of x in @bag(f, b) is @swap_zero(f(x), count(x, b)):
	// counts off b are f's, counts in b swap with 0. The others combine
	// two such counts (their equations, read as they are).
	reads("@swap_zero", "Nat # Nat -> Nat", func(r *binReader, _ *lps.Sort, a []lps.Expr) lps.Expr { return r.swapZero(a[0], a[1]) })
	reads("@swap_zero_add", "Nat # Nat # Nat # Nat -> Nat", func(r *binReader, _ *lps.Sort, a []lps.Expr) lps.Expr {
		return r.swapZeroOp(a, func(x, y lps.Expr) lps.Expr { return r.mk(lps.OpAdd, r.st.Nat, x, y) }, 1)
	})
	reads("@swap_zero_min", "Nat # Nat # Nat # Nat -> Nat", func(r *binReader, _ *lps.Sort, a []lps.Expr) lps.Expr {
		return r.swapZeroOp(a, func(x, y lps.Expr) lps.Expr { return r.mk(lps.OpMin, r.st.Nat, x, y) }, 0)
	})
	reads("@swap_zero_monus", "Nat # Nat # Nat # Nat -> Nat", func(r *binReader, _ *lps.Sort, a []lps.Expr) lps.Expr {
		return r.swapZeroOp(a, r.monus, 2)
	})
	// exp by squaring over the bits of the exponent: @exp_aux3(b, n, w)
	// is exp(n, w), @exp_aux4(b, n, n1, w) exp(n, n1 * 2^64 + w) (b is
	// the exponent's last bit); @exp_auxtrue(n, n1, w) is n times, and
	// @exp_auxfalse(n, n1, w) is, exp(n * n, n1 * 2^64 + w).
	for _, k := range []struct {
		suffix string
		base   func(r *binReader) *lps.Sort
	}{{"p", pos}, {"n", nat}} {
		s := k.base
		name := map[string]string{"p": "Pos", "n": "Nat"}[k.suffix]
		reads("@exp_aux3"+k.suffix, "Bool # "+name+" # @word -> "+name, func(r *binReader, res *lps.Sort, a []lps.Expr) lps.Expr {
			return r.mk(lps.OpExp, res, a[1], a[2])
		})
		reads("@exp_aux4"+k.suffix, "Bool # "+name+" # Nat # @word -> "+name, func(r *binReader, res *lps.Sort, a []lps.Expr) lps.Expr {
			return r.mk(lps.OpExp, res, a[1], r.digits(a[2], a[3]))
		})
		square := func(r *binReader, a []lps.Expr) lps.Expr {
			return r.mk(lps.OpExp, s(r), r.mk(lps.OpMul, s(r), a[0], a[0]), r.digits(a[1], a[2]))
		}
		reads("@exp_auxtrue"+k.suffix, name+" # Nat # @word -> Nat", func(r *binReader, _ *lps.Sort, a []lps.Expr) lps.Expr {
			return r.toNat(r.mk(lps.OpMul, s(r), a[0], square(r, a)))
		})
		reads("@exp_auxfalse"+k.suffix, name+" # Nat # @word -> Nat", func(r *binReader, _ *lps.Sort, a []lps.Expr) lps.Expr {
			return r.toNat(square(r, a))
		})
	}

	// Pairs of Nat (the structured sort of internalSort): quotient and
	// remainder, square root and remainder.
	reads("@divmod_aux", "Nat # Pos -> @NatNatPair", func(r *binReader, res *lps.Sort, a []lps.Expr) lps.Expr {
		nat := r.st.Nat
		return r.pair(res, r.mk(lps.OpDiv, nat, a[0], a[1]), r.mk(lps.OpMod, nat, a[0], a[1]))
	})
	reads("@sqrt_pair", "Nat -> @NatNatPair", func(r *binReader, res *lps.Sort, a []lps.Expr) lps.Expr {
		root := r.mk(lps.OpSqrt, r.st.Nat, a[0])
		return r.pair(res, root, r.monus(a[0], r.mk(lps.OpMul, r.st.Nat, root, root)))
	})

	// Reals (real64.spec): @redfrac(x, y) is x / y reduced;
	// @redfracwhr(n, x, m) is x + m / n (x = a div n, m = a mod n of the
	// numerator a); @redfrachlp(r, y) is y + 1 / r, the reduced fraction
	// (y * x + p) / x of r = x / p.
	reads("@redfrac", "Int # Int -> Real", func(r *binReader, res *lps.Sort, a []lps.Expr) lps.Expr { return r.mk(lps.OpDivide, res, a[0], a[1]) })
	reads("@redfracwhr", "Nat # Int # Nat -> Real", func(r *binReader, res *lps.Sort, a []lps.Expr) lps.Expr {
		return r.mk(lps.OpAdd, res, r.toReal(a[1]), r.mk(lps.OpDivide, res, a[2], a[0]))
	})
	reads("@redfrachlp", "Real # Int -> Real", func(r *binReader, res *lps.Sort, a []lps.Expr) lps.Expr {
		return r.mk(lps.OpAdd, res, r.toReal(a[1]), r.mk(lps.OpDivide, res, r.num(1, res), a[0]))
	})

	// Finite sets and bags (fset64.spec, fbag64.spec, set64.spec,
	// bag64.spec).
	reads("@fset_cinsert", "S # Bool # FSet(S) -> FSet(S)", func(r *binReader, res *lps.Sort, a []lps.Expr) lps.Expr {
		with := r.mk(lps.OpAdd, res, &lps.SetEnum{Enum: lps.Enum{Elems: []lps.Expr{a[0]}, S: res}}, a[2])
		return r.mk(lps.OpIf, res, a[1], with, a[2])
	})
	reads("@setcomp", "(S -> Bool) -> Set(S)", func(r *binReader, res *lps.Sort, a []lps.Expr) lps.Expr {
		return r.mk(lps.OpSetFn, res, a[0], &lps.FuncRef{Func: r.st.Builtin(lps.OpEmptySet, r.st.FSet(res.Elem))})
	})
	reads("@bagcomp", "(S -> Nat) -> Bag(S)", func(r *binReader, res *lps.Sort, a []lps.Expr) lps.Expr {
		return r.mk(lps.OpBagFn, res, a[0], &lps.FuncRef{Func: r.st.Builtin(lps.OpEmptySet, r.st.FBag(res.Elem))})
	})
	isOp("@set", "(S -> Bool) # FSet(S) -> Set(S)", lps.OpSetFn)
	isOp("@bag", "(S -> Nat) # FBag(S) -> Bag(S)", lps.OpBagFn)
	isOp("@false_", "S -> Bool", lps.OpFalseFn)
	isOp("@true_", "S -> Bool", lps.OpTrueFn)
	isOp("@zero_", "S -> Nat", lps.OpZeroFn)
	isOp("@one_", "S -> Nat", lps.OpOneFn)
	isOp("@not_", "(S -> Bool) -> S -> Bool", lps.OpNotFn)
	isOp("@and_", "(S -> Bool) # (S -> Bool) -> S -> Bool", lps.OpAndFn)
	isOp("@or_", "(S -> Bool) # (S -> Bool) -> S -> Bool", lps.OpOrFn)
	isOp("@add_", "(S -> Nat) # (S -> Nat) -> S -> Nat", lps.OpAddFn)
	isOp("@min_", "(S -> Nat) # (S -> Nat) -> S -> Nat", lps.OpMinFn)
	isOp("@monus_", "(S -> Nat) # (S -> Nat) -> S -> Nat", lps.OpMonusFn)
	isOp("@Nat2Bool_", "(S -> Nat) -> S -> Bool", lps.OpNat2BoolFn)
	isOp("@Bool2Nat_", "(S -> Bool) -> S -> Nat", lps.OpBool2NatFn)
	isOp("@fset_union", "(S -> Bool) # (S -> Bool) # FSet(S) # FSet(S) -> FSet(S)", lps.OpFSetUnion)
	isOp("@fset_inter", "(S -> Bool) # (S -> Bool) # FSet(S) # FSet(S) -> FSet(S)", lps.OpFSetInter)
	isOp("@fbag_join", "(S -> Nat) # (S -> Nat) # FBag(S) # FBag(S) -> FBag(S)", lps.OpFBagJoin)
	isOp("@fbag_inter", "(S -> Nat) # (S -> Nat) # FBag(S) # FBag(S) -> FBag(S)", lps.OpFBagInter)
	isOp("@fbag_diff", "(S -> Nat) # (S -> Nat) # FBag(S) # FBag(S) -> FBag(S)", lps.OpFBagDiff)
	isOp("@fbag2fset", "(S -> Nat) # FBag(S) -> FSet(S)", lps.OpFBag2FSet)
	isOp("@fset2fbag", "FSet(S) -> FBag(S)", lps.OpFSet2FBag)

	// Function update (function_update.spec): @func_update_stable is the
	// update mCRL2's rewriter has put in order and keeps;
	// @if_always_else(c, f, g) is if(c, f, g).
	isOp("@func_update_stable", "(S -> T) # S # T -> S -> T", lps.OpUpdateStable)
	isOp("@is_not_an_update", "(S -> T) -> Bool", lps.OpIsNotAnUpdate)
	reads("@if_always_else", "Bool # (S -> T) # (S -> T) -> S -> T", func(r *binReader, res *lps.Sort, a []lps.Expr) lps.Expr {
		return r.mk(lps.OpIf, res, a...)
	})
}

// internalFunc finds the overload of the internal symbol name whose
// signature the sort s matches; ok is false when name is no internal
// symbol of the table, and a symbol of it whose sort matches no overload
// is an error.
func (r *binReader) internalFunc(name string, s *lps.Sort) (mcrl2Func, bool) {
	fs, ok := mcrl2Funcs()[name]
	if !ok {
		return mcrl2Func{}, false
	}
	for _, f := range fs {
		if f.sig.match(s, map[string]*lps.Sort{}) {
			return f, true
		}
	}
	r.failf("internal function %s of sort %s: mCRL2 has no such overload", name, s)
	return mcrl2Func{}, false
}

// internalAppl reads an application of the table's symbol name of sort s
// (overload f) to rawArgs: its arguments must have the sorts of s, the
// symbol's sort as the file states it.
func (r *binReader) internalAppl(name string, s *lps.Sort, f mcrl2Func, rawArgs []*aterm.Term) lps.Expr {
	if len(rawArgs) != f.sig.arity() {
		r.failf("internal function %s applied to %d arguments; it takes %d", name, len(rawArgs), f.sig.arity())
	}
	dom := s.Domain
	args := make([]lps.Expr, len(rawArgs))
	for i, a := range rawArgs {
		if a.IsInt { // a machine word: a Nat below 2^64 (sigs.go)
			args[i] = &lps.Number{Value: new(big.Int).SetUint64(a.Int), S: r.st.Nat}
		} else {
			args[i] = r.expr(a)
		}
		if args[i].Sort() != dom[i] {
			r.failf("argument %d of internal function %s has sort %s, not %s", i+1, name, args[i].Sort(), dom[i])
		}
	}
	return f.read(r, s.Codomain, args)
}

// internalConstant reads a table symbol of no arguments that is read as
// an IR expression (the machine-word constants); nil for any other.
func (r *binReader) internalConstant(t *aterm.Term) lps.Expr {
	name := r.name(t.Args[0])
	if _, ok := mcrl2Funcs()[name]; !ok {
		return nil
	}
	if f, ok := r.internalFunc(name, r.sort(t.Args[1])); ok && f.read != nil && f.sig.arity() == 0 {
		return f.read(r, r.sort(t.Args[1]), nil)
	}
	return nil
}

// natPairName is mCRL2's sort of pairs of Nat, for division with
// remainder and square roots with remainder.
const natPairName = "@NatNatPair"

// internalSort is the sort of one of mCRL2's internal sort names: a
// machine word (@word) is read as a Nat below 2^64; @NatNatPair is the
// structured sort struct @nnPair(@first: Nat, @last: Nat), which is what
// its equations make of it (equality and order by components). Nil for
// any other name.
func (r *binReader) internalSort(name string) *lps.Sort {
	switch name {
	case "@word":
		return r.st.Nat
	case natPairName:
		if s := r.named[natPairName]; s != nil {
			return s
		}
		s := r.st.NewNamed(lps.SortStruct, natPairName)
		r.named[natPairName] = s
		nat := r.st.Nat
		pair := &lps.Func{Name: "@nnPair", Sort: r.st.Func([]*lps.Sort{nat, nat}, s), Kind: lps.FuncConstructor}
		for i, n := range []string{"@first", "@last"} {
			proj := &lps.Func{Name: n, Sort: r.st.Func([]*lps.Sort{s}, nat), Kind: lps.FuncProjection, Ctor: pair, Index: i}
			pair.Projections = append(pair.Projections, proj)
			r.funcs[n] = append(r.funcs[n], proj)
		}
		s.Constructors = []*lps.Func{pair}
		r.funcs[pair.Name] = append(r.funcs[pair.Name], pair)
		return s
	}
	return nil
}
