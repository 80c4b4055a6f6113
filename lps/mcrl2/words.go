package mcrl2

import "github.com/lps2lts/lps2lts/lps"
import "math/big"

// mCRL2's machine words (machine_word.spec) and the helper functions of
// its Nat library that take them (nat64.spec): a word is read as a Nat
// below 2^64 (sigs.go), each function as the value its equations or
// its C++ definition compute, in Nat arithmetic. mcrl22lps leaves them
// applied only inside its numbers' own equations (with constants, which
// it evaluates); a file that applies one to other arguments reads as what
// it means. The helpers named *_whr are the where clauses of an equation:
// each is read as the value of the function whose equation calls it,
// from the arguments that determine it.

// word is the word constant v.
func (r *binReader) word(v *big.Int) lps.Expr { return &lps.Number{Value: v, S: r.st.Nat} }

// wordMax is 2^64 - 1.
var wordMax = new(big.Int).Sub(wordBase, big.NewInt(1))

// natOp applies an operator of Nat arguments giving a Nat (+, *, div,
// mod: the divisor is made a Pos).
func (r *binReader) natOp(op lps.Op, a, b lps.Expr) lps.Expr {
	nat := r.st.Nat
	if (op == lps.OpDiv || op == lps.OpMod) && b.Sort() != r.st.Pos {
		b = r.toPos(b)
	}
	return r.mk(op, nat, r.toNat(a), b)
}

// lowWord and highWord are v mod 2^64 and v div 2^64.
func (r *binReader) lowWord(v lps.Expr) lps.Expr  { return r.natOp(lps.OpMod, v, r.base()) }
func (r *binReader) highWord(v lps.Expr) lps.Expr { return r.natOp(lps.OpDiv, v, r.base()) }

// wordsValue is the number of the words ws, most significant first.
func (r *binReader) wordsValue(ws ...lps.Expr) lps.Expr {
	v := ws[0]
	for _, w := range ws[1:] {
		v = r.digits(v, w)
	}
	return v
}

func (r *binReader) cmp(op lps.Op, a, b lps.Expr) lps.Expr { return r.mk(op, r.st.Bool, a, b) }

// pairOf is @nnPair(a, b) at the pair sort.
func (r *binReader) pairOf(a, b lps.Expr) lps.Expr { return r.pair(r.internalSort(natPairName), a, b) }

// divMod is the pair of the quotient and remainder of n by d.
func (r *binReader) divMod(n, d lps.Expr) lps.Expr {
	return r.pairOf(r.natOp(lps.OpDiv, n, d), r.natOp(lps.OpMod, n, d))
}

// sqrtPair is the pair of the square root of n and its remainder.
func (r *binReader) sqrtPair(n lps.Expr) lps.Expr {
	root := r.mk(lps.OpSqrt, r.st.Nat, n)
	return r.pairOf(root, r.monus(n, r.natOp(lps.OpMul, root, root)))
}

// projection is @first or @last of a pair.
func (r *binReader) projection(i int, pair lps.Expr) lps.Expr {
	p := pair.Sort().Constructors[0].Projections[i]
	return &lps.App{Head: &lps.FuncRef{Func: p}, Args: []lps.Expr{pair}, S: r.st.Nat}
}

// registerWords registers the machine words' symbols.
func registerWords() {
	w := func(v *big.Int) func(r *binReader, _ *lps.Sort, _ []lps.Expr) lps.Expr {
		return func(r *binReader, _ *lps.Sort, _ []lps.Expr) lps.Expr { return r.word(v) }
	}
	for name, v := range map[string]int64{"@zero_word": 0, "@one_word": 1, "@two_word": 2, "@three_word": 3, "@four_word": 4} {
		reads(name, "@word", w(big.NewInt(v)))
	}
	reads("@max_word", "@word", w(wordMax))
	type fn = func(r *binReader, a []lps.Expr) lps.Expr
	word := func(name, sig string, f fn) {
		reads(name, sig, func(r *binReader, _ *lps.Sort, a []lps.Expr) lps.Expr { return f(r, a) })
	}
	// low and high are the word below 2^64 of f's number and the word
	// above it: a double word's two halves.
	low := func(f fn) fn { return func(r *binReader, a []lps.Expr) lps.Expr { return r.lowWord(f(r, a)) } }
	high := func(f fn) fn { return func(r *binReader, a []lps.Expr) lps.Expr { return r.highWord(f(r, a)) } }
	// Tests of one word, comparisons of two.
	for name, v := range map[string]*big.Int{"@equals_zero_word": big.NewInt(0), "@equals_one_word": big.NewInt(1), "@equals_max_word": wordMax} {
		word(name, "@word -> Bool", func(r *binReader, a []lps.Expr) lps.Expr { return r.eq(a[0], r.word(v)) })
	}
	word("@not_equals_zero_word", "@word -> Bool", func(r *binReader, a []lps.Expr) lps.Expr { return r.cmp(lps.OpNeq, a[0], r.num(0, r.st.Nat)) })
	for name, op := range map[string]lps.Op{"@equal": lps.OpEq, "@not_equal": lps.OpNeq, "@less": lps.OpLt, "@less_equal": lps.OpLe, "@greater": lps.OpGt, "@greater_equal": lps.OpGe} {
		word(name, "@word # @word -> Bool", func(r *binReader, a []lps.Expr) lps.Expr { return r.cmp(op, a[0], a[1]) })
	}
	word("@rightmost_bit", "@word -> Bool", func(r *binReader, a []lps.Expr) lps.Expr {
		return r.eq(r.natOp(lps.OpMod, a[0], r.num(2, r.st.Nat)), r.num(1, r.st.Nat))
	})
	// w div 2, the highest bit set when b holds.
	word("@shift_right", "Bool # @word -> @word", func(r *binReader, a []lps.Expr) lps.Expr {
		half := r.natOp(lps.OpDiv, a[1], r.num(2, r.st.Nat))
		top := r.word(new(big.Int).Lsh(big.NewInt(1), 63))
		return r.mk(lps.OpIf, r.st.Nat, a[0], r.natOp(lps.OpAdd, half, top), half)
	})
	// Arithmetic modulo 2^64, and the word that overflows.
	word("@succ_word", "@word -> @word", func(r *binReader, a []lps.Expr) lps.Expr {
		return r.lowWord(r.natOp(lps.OpAdd, a[0], r.num(1, r.st.Nat)))
	})
	word("@pred_word", "@word -> @word", func(r *binReader, a []lps.Expr) lps.Expr {
		return r.lowWord(r.natOp(lps.OpAdd, a[0], r.word(wordMax)))
	})
	sum := func(r *binReader, a []lps.Expr, carry bool) lps.Expr {
		s := r.natOp(lps.OpAdd, a[0], a[1])
		if carry {
			s = r.natOp(lps.OpAdd, s, r.num(1, r.st.Nat))
		}
		return s
	}
	word("@add_word", "@word # @word -> @word", func(r *binReader, a []lps.Expr) lps.Expr { return r.lowWord(sum(r, a, false)) })
	word("@add_with_carry_word", "@word # @word -> @word", func(r *binReader, a []lps.Expr) lps.Expr { return r.lowWord(sum(r, a, true)) })
	word("@add_overflow_word", "@word # @word -> Bool", func(r *binReader, a []lps.Expr) lps.Expr { return r.cmp(lps.OpGe, sum(r, a, false), r.base()) })
	word("@add_with_carry_overflow_word", "@word # @word -> Bool", func(r *binReader, a []lps.Expr) lps.Expr {
		return r.cmp(lps.OpGe, sum(r, a, true), r.base())
	})
	product := func(r *binReader, a []lps.Expr) lps.Expr {
		p := r.natOp(lps.OpMul, a[0], a[1])
		if len(a) == 3 {
			p = r.natOp(lps.OpAdd, p, a[2])
		}
		return p
	}
	word("@times_word", "@word # @word -> @word", low(product))
	word("@times_with_carry_word", "@word # @word # @word -> @word", low(product))
	word("@times_overflow_word", "@word # @word -> @word", high(product))
	word("@times_with_carry_overflow_word", "@word # @word # @word -> @word", high(product))
	word("@minus_word", "@word # @word -> @word", func(r *binReader, a []lps.Expr) lps.Expr {
		return r.lowWord(r.monus(r.natOp(lps.OpAdd, a[0], r.base()), a[1]))
	})
	word("@monus_word", "@word # @word -> @word", func(r *binReader, a []lps.Expr) lps.Expr { return r.monus(a[0], a[1]) })
	// Division and square roots of numbers of up to four words, by a
	// number of up to two.
	word("@div_word", "@word # @word -> @word", func(r *binReader, a []lps.Expr) lps.Expr { return r.natOp(lps.OpDiv, a[0], a[1]) })
	word("@mod_word", "@word # @word -> @word", func(r *binReader, a []lps.Expr) lps.Expr { return r.natOp(lps.OpMod, a[0], a[1]) })
	word("@div_doubleword", "@word # @word # @word -> @word", func(r *binReader, a []lps.Expr) lps.Expr {
		return r.natOp(lps.OpDiv, r.wordsValue(a[0], a[1]), a[2])
	})
	word("@div_double_doubleword", "@word # @word # @word # @word -> @word", func(r *binReader, a []lps.Expr) lps.Expr {
		return r.natOp(lps.OpDiv, r.wordsValue(a[0], a[1]), r.wordsValue(a[2], a[3]))
	})
	word("@div_triple_doubleword", "@word # @word # @word # @word # @word -> @word", func(r *binReader, a []lps.Expr) lps.Expr {
		return r.natOp(lps.OpDiv, r.wordsValue(a[0], a[1], a[2]), r.wordsValue(a[3], a[4]))
	})
	word("@mod_doubleword", "@word # @word # @word -> @word", func(r *binReader, a []lps.Expr) lps.Expr {
		return r.natOp(lps.OpMod, r.wordsValue(a[0], a[1]), a[2])
	})
	root := func(r *binReader, a []lps.Expr) lps.Expr { return r.mk(lps.OpSqrt, r.st.Nat, r.wordsValue(a...)) }
	word("@sqrt_word", "@word -> @word", root)
	word("@sqrt_doubleword", "@word # @word -> @word", root)
	word("@sqrt_tripleword", "@word # @word # @word -> @word", low(root))
	word("@sqrt_tripleword_overflow", "@word # @word # @word -> @word", high(root))
	word("@sqrt_quadrupleword", "@word # @word # @word # @word -> @word", low(root))
	word("@sqrt_quadrupleword_overflow", "@word # @word # @word # @word -> @word", high(root))

	// The Nat library's helpers (nat64.spec). @msd(n) is the most
	// significant word of n; of a number of more than four words it stays
	// as it is.
	word("@msd", "Nat -> @word", func(r *binReader, a []lps.Expr) lps.Expr {
		msd := r.uninterpreted("@msd", r.st.Nat, a[0])
		limit := new(big.Int).Lsh(big.NewInt(1), 4*64)
		for words := 4; words >= 1; words-- {
			scale := new(big.Int).Lsh(big.NewInt(1), uint(64*(words-1)))
			top := r.natOp(lps.OpDiv, a[0], &lps.Number{Value: scale, S: r.st.Pos})
			msd = r.mk(lps.OpIf, r.st.Nat, r.cmp(lps.OpLt, a[0], r.word(limit)), top, msd)
			limit = new(big.Int).Rsh(limit, 64)
		}
		return msd
	})
	word("@div_bold", "Nat # Pos -> @word", func(r *binReader, a []lps.Expr) lps.Expr { return r.natOp(lps.OpDiv, a[0], a[1]) })
	word("@div_bold_whr", "Nat # @word # Pos # @word # @word # @word -> @word", func(r *binReader, a []lps.Expr) lps.Expr {
		return r.natOp(lps.OpDiv, r.digits(a[0], a[1]), r.wordsValue(r.toNat(a[2]), a[3], a[4]))
	})
	word("@div_whr1", "Nat # @word # @word # @NatNatPair -> Nat", func(r *binReader, a []lps.Expr) lps.Expr {
		return r.natOp(lps.OpDiv, r.digits(a[0], a[1]), a[2])
	})
	word("@div_whr2", "Nat # @word # Pos # @word # @NatNatPair -> Nat", func(r *binReader, a []lps.Expr) lps.Expr {
		return r.natOp(lps.OpDiv, r.digits(a[0], a[1]), r.digits(a[2], a[3]))
	})
	// (m1 2^64 + w1) mod d, m1 being the higher words' remainder by d.
	word("@mod_whr1", "@word # Pos # @word # Nat -> Nat", func(r *binReader, a []lps.Expr) lps.Expr {
		return r.natOp(lps.OpMod, r.digits(a[3], a[0]), r.digits(a[1], a[2]))
	})
	word("@divmod_aux_whr1", "Nat # @word # @word # @NatNatPair -> @NatNatPair", func(r *binReader, a []lps.Expr) lps.Expr {
		return r.divMod(r.digits(a[0], a[1]), a[2])
	})
	for _, name := range []string{"@divmod_aux_whr2", "@divmod_aux_whr3"} {
		word(name, "Nat # @word # Pos # @word # Nat -> @NatNatPair", func(r *binReader, a []lps.Expr) lps.Expr {
			return r.divMod(r.digits(a[0], a[1]), r.digits(a[2], a[3]))
		})
	}
	// The pair (q, m) is the higher words' quotient and remainder: the
	// quotient is q 2^64 + (m 2^64 + w1) div d.
	word("@divmod_aux_whr4", "@word # Pos # @word # @NatNatPair -> @NatNatPair", func(r *binReader, a []lps.Expr) lps.Expr {
		d := r.digits(a[1], a[2])
		m := r.digits(r.projection(1, a[3]), a[0])
		return r.pairOf(r.digits(r.projection(0, a[3]), r.natOp(lps.OpDiv, m, d)), r.natOp(lps.OpMod, m, d))
	})
	word("@divmod_aux_whr5", "Pos # @word # @NatNatPair # Nat -> @NatNatPair", func(r *binReader, a []lps.Expr) lps.Expr {
		d := r.digits(a[0], a[1])
		return r.pairOf(r.digits(r.projection(0, a[2]), r.natOp(lps.OpDiv, a[3], d)), r.natOp(lps.OpMod, a[3], d))
	})
	word("@divmod_aux_whr6", "Pos # @word # @NatNatPair # Nat # Nat -> @NatNatPair", func(r *binReader, a []lps.Expr) lps.Expr {
		d := r.digits(a[0], a[1])
		return r.pairOf(r.digits(r.projection(0, a[2]), a[4]), r.monus(a[3], r.natOp(lps.OpMul, d, a[4])))
	})
	word("@sqrt_whr1", "@word # @word # @word # @word -> Nat", func(r *binReader, a []lps.Expr) lps.Expr { return root(r, a[:3]) })
	word("@sqrt_whr2", "@word # @word # @word # @word # @word -> Nat", func(r *binReader, a []lps.Expr) lps.Expr { return root(r, a[:4]) })
	word("@sqrt_pair_whr1", "@word # @word # @word # Nat -> @NatNatPair", func(r *binReader, a []lps.Expr) lps.Expr {
		return r.sqrtPair(r.wordsValue(a[:3]...))
	})
	word("@sqrt_pair_whr2", "@word # @word # @word # @word # Nat -> @NatNatPair", func(r *binReader, a []lps.Expr) lps.Expr {
		return r.sqrtPair(r.wordsValue(a[:4]...))
	})
	// pq is the square root p and remainder q of the higher words n, so
	// n = p * p + q.
	higher := func(r *binReader, pq lps.Expr) lps.Expr {
		p := r.projection(0, pq)
		return r.natOp(lps.OpAdd, r.natOp(lps.OpMul, p, p), r.projection(1, pq))
	}
	word("@sqrt_pair_whr3", "@word # @word # @NatNatPair -> @NatNatPair", func(r *binReader, a []lps.Expr) lps.Expr {
		return r.sqrtPair(r.wordsValue(higher(r, a[2]), a[0], a[1]))
	})
	word("@sqrt_pair_whr4", "@word # @word # @NatNatPair # Nat # Nat # Nat -> @NatNatPair", func(r *binReader, a []lps.Expr) lps.Expr {
		return r.sqrtPair(r.wordsValue(higher(r, a[2]), a[0], a[1]))
	})
	// m4 is the number whose root is sought.
	word("@sqrt_pair_whr5", "@NatNatPair # Nat # Nat # Nat # Nat -> @NatNatPair", func(r *binReader, a []lps.Expr) lps.Expr { return r.sqrtPair(a[3]) })
	word("@sqrt_pair_whr6", "Nat # Nat # Nat -> @NatNatPair", func(r *binReader, a []lps.Expr) lps.Expr {
		two := r.num(2, r.st.Nat)
		return r.pairOf(r.natOp(lps.OpAdd, a[2], a[1]), r.monus(a[0], r.natOp(lps.OpMul, r.natOp(lps.OpAdd, r.natOp(lps.OpMul, a[2], two), a[1]), a[1])))
	})
}
