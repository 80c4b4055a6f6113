package rewrite

// The number libraries (mCRL2's pos.spec, nat.spec, int.spec, real.spec).

import (
	"math"
	"math/big"
	"math/bits"

	"github.com/lps2lts/lps2lts/lps"
)

// Numbers of sort Pos, Nat and Int are kNum nodes holding an int64 when the
// value fits and kBig nodes otherwise, so that one value has one id per
// sort. Real values are kReal nodes holding a normalised big.Rat. These are
// the normal forms of mCRL2's number constructors (@c1/@cDub, @c0/@cNat,
// @cInt/@cNeg, @cReal) after printing-level identification: two numbers of
// one sort are equal exactly when their ids are.

func init() {
	for op, onTerm := range map[lps.Op]builtinFunc{
		lps.OpAdd: func(r *Rewriter, fn *symbol, args []Term) (Term, bool) { return r.symbolicAdd(fn, args[0], args[1]) },
		lps.OpMul: func(r *Rewriter, fn *symbol, args []Term) (Term, bool) { return r.mulByZero(fn, args[0], args[1]) },
		lps.OpMax: func(r *Rewriter, fn *symbol, args []Term) (Term, bool) { return r.unfoldMaxMin(fn, args[0], args[1]) },
		lps.OpMin: func(r *Rewriter, fn *symbol, args []Term) (Term, bool) { return r.unfoldMaxMin(fn, args[0], args[1]) },
		lps.OpExp: func(r *Rewriter, fn *symbol, args []Term) (Term, bool) { return r.expOfNonValue(fn, args[0], args[1]) },
		lps.OpAbs: func(r *Rewriter, fn *symbol, args []Term) (Term, bool) { return r.absOfNonValue(fn, args[0]) },
		lps.OpDiv: func(r *Rewriter, fn *symbol, args []Term) (Term, bool) {
			return r.intDivModOfNonValue(fn, args[0], args[1])
		},
		lps.OpMod: func(r *Rewriter, fn *symbol, args []Term) (Term, bool) {
			return r.intDivModOfNonValue(fn, args[0], args[1])
		},
		lps.OpInt2Pos: func(r *Rewriter, fn *symbol, args []Term) (Term, bool) { return r.narrowWidened(fn, args[0]) },
		lps.OpInt2Nat: func(r *Rewriter, fn *symbol, args []Term) (Term, bool) { return r.narrowWidened(fn, args[0]) },
		lps.OpSub:     nil, lps.OpDivide: nil, lps.OpNeg: nil, lps.OpSucc: nil, lps.OpPred: nil,
		lps.OpFloor: nil, lps.OpCeil: nil, lps.OpRound: nil, lps.OpSqrt: nil,
		lps.OpPos2Nat: nil, lps.OpPos2Int: nil, lps.OpPos2Real: nil, lps.OpNat2Pos: nil, lps.OpNat2Int: nil,
		lps.OpNat2Real: nil, lps.OpInt2Real: nil, lps.OpReal2Pos: nil, lps.OpReal2Nat: nil, lps.OpReal2Int: nil,
	} {
		define(op, numeric(onTerm))
	}
}

// numeric is the evaluator of a function of the number library: arith
// on values; with an argument that is no value, onTerm, the equations
// that still apply to it (nil: none).
func numeric(onTerm builtinFunc) builtinFunc {
	return func(r *Rewriter, fn *symbol, args []Term) (Term, bool) {
		for _, a := range args {
			if !r.isNumValue(a) {
				if onTerm == nil {
					return 0, false
				}
				return onTerm(r, fn, args)
			}
		}
		return r.arith(fn, args)
	}
}

func (r *Rewriter) mkInt(s *lps.Sort, x int64) Term {
	if uint64(x) < smallIntLimit {
		return r.small.term(r, s, x)
	}
	return r.intern(&key{kind: kNum, sort: s, val: x})
}

// smallInts are the terms of the small numbers of a few sorts, kept by
// each rewriter: arithmetic makes the same small numbers over and over,
// and finding them in the term store, which the rewriters of a search
// with threads share, took its shard's lock every time (examples/counters
// with six values per counter and two threads: 14% of the CPU time in
// the lock).
type smallInts struct {
	sorts [smallIntSorts]*lps.Sort
	terms [smallIntSorts][smallIntLimit]Term
}

const (
	smallIntSorts = 4 // Pos, Nat, Int, and one more (Real's whole numbers are kReal)
	smallIntLimit = 256
)

// term returns the number x (0 <= x < smallIntLimit) of sort s.
func (c *smallInts) term(r *Rewriter, s *lps.Sort, x int64) Term {
	for i, cs := range c.sorts {
		if cs == nil {
			c.sorts[i] = s
		} else if cs != s {
			continue
		}
		t := c.terms[i][x]
		if t == 0 {
			t = r.intern(&key{kind: kNum, sort: s, val: x})
			c.terms[i][x] = t
		}
		return t
	}
	return r.intern(&key{kind: kNum, sort: s, val: x})
}

func (r *Rewriter) mkBigInt(s *lps.Sort, x *big.Int) Term {
	if x.IsInt64() {
		return r.mkInt(s, x.Int64())
	}
	return r.intern(bigNode(s, x))
}

func (r *Rewriter) mkReal(s *lps.Sort, x *big.Rat) Term {
	return r.intern(ratNode(s, x))
}

// isIntValue reports whether t is a Pos, Nat or Int value.
func (r *Rewriter) isIntValue(t Term) bool {
	k := r.node(t).kind
	return k == kNum || k == kBig
}

func (r *Rewriter) isNumValue(t Term) bool {
	k := r.node(t).kind
	return k == kNum || k == kBig || k == kReal
}

// bigOf returns the value of an integer term as a fresh big.Int.
func (r *Rewriter) bigOf(t Term) *big.Int {
	n := r.node(t)
	if n.kind == kNum {
		return big.NewInt(n.value())
	}
	return new(big.Int).Set(r.bigVal(n))
}

// ratOf returns the value of any number term as a fresh big.Rat.
func (r *Rewriter) ratOf(t Term) *big.Rat {
	n := r.node(t)
	switch n.kind {
	case kNum:
		return new(big.Rat).SetInt64(n.value())
	case kBig:
		return new(big.Rat).SetInt(r.bigVal(n))
	}
	return new(big.Rat).Set(r.ratVal(n))
}

// cmpNum compares two number values.
func (r *Rewriter) cmpNum(a, b Term) int {
	na, nb := r.node(a), r.node(b)
	if na.kind == kNum && nb.kind == kNum {
		switch {
		case na.value() < nb.value():
			return -1
		case na.value() > nb.value():
			return 1
		}
		return 0
	}
	if na.kind != kReal && nb.kind != kReal {
		return r.bigOf(a).Cmp(r.bigOf(b))
	}
	return r.ratOf(a).Cmp(r.ratOf(b))
}

// arith evaluates a built-in arithmetic function on number values. It
// returns false when the operation is undefined on these values (e.g.
// Nat2Pos(0)), in which case the application is a normal form.
func (r *Rewriter) arith(fn *symbol, args []Term) (Term, bool) {
	res := fn.res
	if res.Kind == lps.SortReal || (len(args) > 0 && r.node(args[0]).kind == kReal) ||
		(len(args) > 1 && r.node(args[1]).kind == kReal) {
		return r.realArith(fn, args)
	}
	// Fast paths on machine integers.
	if len(args) == 2 {
		a, b := r.node(args[0]), r.node(args[1])
		if a.kind == kNum && b.kind == kNum {
			x, y := a.value(), b.value()
			switch fn.op {
			case lps.OpAdd:
				if s := x + y; (s > x) == (y > 0) {
					return r.mkInt(res, s), true
				}
			case lps.OpSub:
				if d := x - y; (d < x) == (y > 0) {
					return r.mkInt(res, d), true
				}
			case lps.OpMul:
				if hi, lo := bits.Mul64(uint64(abs64(x)), uint64(abs64(y))); hi == 0 && lo < 1<<62 && x != math.MinInt64 && y != math.MinInt64 {
					return r.mkInt(res, x*y), true
				}
			case lps.OpDiv:
				if y > 0 {
					return r.mkInt(res, floorDiv(x, y)), true
				}
			case lps.OpMod:
				if y > 0 {
					return r.mkInt(res, x-floorDiv(x, y)*y), true
				}
			case lps.OpMax:
				return r.mkInt(res, max(x, y)), true
			case lps.OpMin:
				return r.mkInt(res, min(x, y)), true
			}
		}
	}
	if len(args) == 1 {
		a := r.node(args[0])
		if a.kind == kNum && a.value() > math.MinInt64+2 && a.value() < math.MaxInt64-2 {
			x := a.value()
			switch fn.op {
			case lps.OpSucc:
				return r.mkInt(res, x+1), true
			case lps.OpPred:
				if res.Kind == lps.SortPos && x <= 1 {
					return 0, false
				}
				if res.Kind == lps.SortNat && x <= 0 {
					return 0, false
				}
				return r.mkInt(res, x-1), true
			case lps.OpNeg:
				return r.mkInt(res, -x), true
			case lps.OpAbs:
				return r.mkInt(res, max(x, -x)), true
			case lps.OpPos2Nat, lps.OpPos2Int, lps.OpNat2Int, lps.OpNat2Pos, lps.OpInt2Pos, lps.OpInt2Nat:
				// The conversions between the integer sorts keep the
				// value, or are undefined outside the result's sort (as
				// mkBigIntIn says). They come with every Nat
				// expression over a Pos (counters.lps: (c + 1) mod K
				// converts K), and the general path below allocated
				// three big.Ints for each one.
				if res.Kind == lps.SortPos && x <= 0 || res.Kind == lps.SortNat && x < 0 {
					return 0, false
				}
				return r.mkInt(res, x), true
			}
		}
	}
	// General path on big integers.
	var x, y *big.Int
	x = r.bigOf(args[0])
	if len(args) > 1 {
		y = r.bigOf(args[1])
	}
	z := new(big.Int)
	if bigArith(z, fn.op, x, y) {
		return r.mkBigIntIn(res, z)
	}
	switch fn.op {
	case lps.OpDiv:
		if y.Sign() <= 0 {
			return 0, false
		}
		z.Div(x, y) // Euclidean = floor for a positive divisor
	case lps.OpMod:
		if y.Sign() <= 0 {
			return 0, false
		}
		z.Mod(x, y)
	case lps.OpExp:
		if y.Sign() < 0 {
			return 0, false
		}
		if y.BitLen() > 32 && x.CmpAbs(big.NewInt(1)) > 0 {
			r.fail("exp(%s, %s): result too large", x, y)
		}
		z.Exp(x, y, nil)
	case lps.OpSucc:
		z.Add(x, big.NewInt(1))
	case lps.OpPred:
		z.Sub(x, big.NewInt(1))
	case lps.OpSqrt:
		switch {
		case x.Sign() < 0:
			return 0, false
		case x.IsUint64():
			// mCRL2 computes the root of a number that fits a machine
			// word in floating point (its @sqrt_word), which differs
			// from the exact root just below some squares above 2^52:
			// sqrt(2^64 - 1) is 4294967296 there. Labels must match.
			z.SetUint64(uint64(math.Sqrt(float64(x.Uint64()))))
		default:
			z.Sqrt(x)
		}
	case lps.OpPos2Nat, lps.OpPos2Int, lps.OpNat2Int, lps.OpNat2Pos, lps.OpInt2Pos, lps.OpInt2Nat:
		z.Set(x)
	default:
		return 0, false
	}
	return r.mkBigIntIn(res, z)
}

// mkBigIntIn makes z a number of sort res, or reports false when z lies
// outside it (a Pos that is not positive, a negative Nat): the function
// application then stays unevaluated, as in mCRL2.
func (r *Rewriter) mkBigIntIn(res *lps.Sort, z *big.Int) (Term, bool) {
	switch {
	case res.Kind == lps.SortPos && z.Sign() <= 0, res.Kind == lps.SortNat && z.Sign() < 0:
		return 0, false
	}
	return r.mkBigInt(res, z), true
}

func floorDiv(x, y int64) int64 {
	q := x / y
	if (x%y != 0) && ((x < 0) != (y < 0)) {
		q--
	}
	return q
}

// realArith evaluates functions with Real arguments or result.
func (r *Rewriter) realArith(fn *symbol, args []Term) (Term, bool) {
	res := fn.res
	x := r.ratOf(args[0])
	var y *big.Rat
	if len(args) > 1 {
		y = r.ratOf(args[1])
	}
	z := new(big.Rat)
	if !bigArith(z, fn.op, x, y) {
		if t, done, ok := r.realOnly(fn, x, y, z); done {
			return t, ok
		}
	}
	if res.Kind != lps.SortReal {
		return 0, false
	}
	return r.mkReal(res, z), true
}

// realOnly evaluates the functions of Real that bigArith leaves: into z,
// or, done, to a result of its own (floor, ceil, round and the
// conversions give integers; an undefined application gives none).
func (r *Rewriter) realOnly(fn *symbol, x, y, z *big.Rat) (t Term, done, ok bool) {
	switch fn.op {
	case lps.OpDivide:
		if y.Sign() == 0 {
			return 0, true, false
		}
		z.Quo(x, y)
	case lps.OpSucc:
		z.Add(x, big.NewRat(1, 1))
	case lps.OpPred:
		z.Sub(x, big.NewRat(1, 1))
	case lps.OpExp:
		if !y.IsInt() {
			return 0, true, false
		}
		e := y.Num()
		if e.BitLen() > 32 {
			r.fail("exp: exponent too large")
		}
		num := new(big.Int).Exp(x.Num(), new(big.Int).Abs(e), nil)
		den := new(big.Int).Exp(x.Denom(), new(big.Int).Abs(e), nil)
		if e.Sign() < 0 {
			if num.Sign() == 0 {
				return 0, true, false
			}
			num, den = den, num
		}
		z.SetFrac(num, den)
	case lps.OpFloor, lps.OpCeil, lps.OpRound, lps.OpReal2Int, lps.OpReal2Nat, lps.OpReal2Pos:
		v := new(big.Rat).Set(x)
		if fn.op == lps.OpRound {
			v.Add(v, big.NewRat(1, 2))
		}
		q := new(big.Int).Div(v.Num(), v.Denom()) // floor, denominator > 0
		if fn.op == lps.OpCeil && !v.IsInt() {
			q.Add(q, big.NewInt(1))
		}
		if (fn.op == lps.OpReal2Int || fn.op == lps.OpReal2Nat || fn.op == lps.OpReal2Pos) && !x.IsInt() {
			return 0, true, false
		}
		t, ok := r.mkBigIntIn(fn.res, q)
		return t, true, ok
	case lps.OpPos2Real, lps.OpNat2Real, lps.OpInt2Real:
		z.Set(x)
	default:
		return 0, true, false
	}
	return 0, false, true
}

// bigNum is *big.Int or *big.Rat.
type bigNum[T any] interface {
	Add(x, y T) T
	Sub(x, y T) T
	Mul(x, y T) T
	Neg(x T) T
	Abs(x T) T
	Set(x T) T
	Cmp(y T) int
}

// bigArith sets z to x + y, x - y, x * y, max(x, y), min(x, y), -x or
// abs(x) (op), on big integers and rationals alike; false for another
// operator.
func bigArith[T bigNum[T]](z T, op lps.Op, x, y T) bool {
	switch op {
	case lps.OpAdd:
		z.Add(x, y)
	case lps.OpSub:
		z.Sub(x, y)
	case lps.OpMul:
		z.Mul(x, y)
	case lps.OpMax, lps.OpMin:
		z.Set(x)
		if c := y.Cmp(x); op == lps.OpMax && c > 0 || op == lps.OpMin && c < 0 {
			z.Set(y)
		}
	case lps.OpNeg:
		z.Neg(x)
	case lps.OpAbs:
		z.Abs(x)
	default:
		return false
	}
	return true
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}
