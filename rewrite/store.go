package rewrite

import (
	"math/big"
	"reflect"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/cespare/xxhash/v2"
	"github.com/lps2lts/lps2lts/internal/fibhash"
	"github.com/lps2lts/lps2lts/lps"
)

// Term is a hash-consed term id: equal terms have equal ids. Id 0 is never
// a term; it marks "no term" (an unbound variable in a Subst, an unknown
// normal form).
type Term uint32

// kind says what a node is. Kinds other than kApp, kVar and the numbers are
// the internal constructors of mCRL2's data library, represented directly
// so that their normal forms are canonical.
type kind uint8

const (
	kApp          kind = iota // fn applied to args (a constant when len(args) == 0)
	kVar                      // a variable; v names it
	kNum                      // a Pos, Nat or Int value that fits in an int64; val
	kBig                      // a Pos, Nat or Int value outside int64; big
	kReal                     // a Real value; rat (normalised, denominator > 0)
	kHOApp                    // args[0] applied to args[1:] (head is not a symbol)
	kBinder                   // lambda/forall/exists/comprehension; val = lps.BinderKind; args = bound vars..., body
	kNil                      // [] of a list sort
	kCons                     // args[0] |> args[1]
	kFSet                     // finite set: args are the elements in the order of termLess, no duplicates
	kFBag                     // finite bag: args are e1, n1, e2, n2, ... elements ordered, counts Pos
	kSet                      // @set(args[0] (S->Bool), args[1] (FSet))
	kBag                      // @bag(args[0] (S->Nat), args[1] (FBag))
	kFnConst                  // @false_/@true_ (val 0/1) or @zero_/@one_ (val 2/3) of a function sort
	kFnOp                     // val = fnop code; args are operand functions (@not_, @and_, @or_, @add_, @min_, @monus_, @nat2bool_, @bool2nat_)
	kUpdate                   // @func_update(args[0], args[1], args[2])
	kUpdateStable             // @func_update_stable(args[0], args[1], args[2])
	kWhere                    // args[0] whr args[1] = args[2], args[3] = args[4], ...
	kSetEnum                  // {args...} before normalisation; sort Set or FSet
	kBagEnum                  // {args[0]: args[1], ...} before normalisation; sort Bag or FBag
)

const (
	nodeGround = 1 << iota // no free variables
	nodeInline             // the arguments (one or two) are in word
)

// node is the stored form of a term. Nodes are immutable once published,
// except nf, the cached normal form of a ground term, or the variable
// mask of a term with variables (varMask), set once it is asked for.
//
// A node is 32 bytes: the search keeps every term a state, label or cache
// names, and on models whose states hold lists the nodes are most of the
// memory (a permutation puzzle's million cons cells). It holds no pointer
// but argp: the symbol and sort are one index, head, into the store's
// heads (a term's symbol and sort come in few pairs, and one index for
// both leaves word whole); a variable keeps its id in word (what
// matching and substitution read) and a big number or a real an index
// into the store's numbers. A term of one or two arguments and no value
// (a cons cell, x + 1, f(a, b)) keeps them in word, so that most terms
// need no slab, and a collection moves none of their arguments; any
// other's arguments are a pointer into the shard's slab and a count of
// 16 bits, and a term of more arguments (a finite set of 70,000
// elements) keeps its count in the slab's word before them.
type node struct {
	kind  kind
	flags uint8
	nargs uint16        // manyArgs: the count is the slab's word before argp
	nf    atomic.Uint32 // a ground term's normal form; a compound one's variable mask (varMask)
	hash  uint32        // hashKey of the term
	head  uint32        // index into the store's heads: the symbol and sort
	// word is a kNum's value, a kBinder's lps.BinderKind, a kFnConst's
	// or kFnOp's code (value returns these), a kVar's variable id, a
	// kBig's or kReal's index into the store's numbers, or, with
	// nodeInline, the arguments.
	word int64
	argp *Term // the first of the arguments, but with nodeInline
}

// manyArgs in a node's nargs says that the count of its arguments is
// the word before them (copyArgs).
const manyArgs = 1<<16 - 1

// head is the symbol and sort of a term (symbol nil but for kApp; sort
// nil for a lambda made without one). heads[0] is {nil, nil}.
type head struct {
	fn   *symbol
	sort *lps.Sort
}

// number is the value of a kBig or kReal term.
type number struct {
	big *big.Int
	rat *big.Rat // normalised, denominator > 0
}

// args returns the arguments of n; the slice must not be changed.
func (n *node) args() []Term {
	if n.flags&nodeInline != 0 {
		return unsafe.Slice((*Term)(unsafe.Pointer(&n.word)), n.nargs)
	}
	if n.nargs != manyArgs {
		return unsafe.Slice(n.argp, n.nargs) // nil for none: argp is nil
	}
	return unsafe.Slice(n.argp, *(*Term)(unsafe.Add(unsafe.Pointer(n.argp), -int(unsafe.Sizeof(Term(0))))))
}

// setArgs makes a, which copyArgs returned, the arguments of n.
func (n *node) setArgs(a []Term) {
	n.argp, n.nargs = &a[0], uint16(min(len(a), manyArgs))
}

// value returns what a term's key had in val: a number, a binder's kind,
// a function constant's or operation's code; 0 for the terms that keep
// their arguments in word.
func (n *node) value() int64 {
	if n.flags&nodeInline != 0 {
		return 0
	}
	return n.word
}

// varID returns the id of a kVar node's variable (its slot in a Subst).
func (n *node) varID() uint32 { return uint32(n.word) }

// fnOf returns the symbol of a kApp node, nil for any other.
func (s *store) fnOf(n *node) *symbol { return s.heads.at(n.head).fn }

// sortOf returns the sort of n.
func (s *store) sortOf(n *node) *lps.Sort { return s.heads.at(n.head).sort }

// varOf returns the variable of a kVar node, nil for any other.
func (s *store) varOf(n *node) *varInfo {
	if n.kind != kVar {
		return nil
	}
	return s.vars.at(uint32(n.word))
}

// bigVal returns the value of a kBig node, nil for any other.
func (s *store) bigVal(n *node) *big.Int {
	if n.kind != kBig {
		return nil
	}
	return s.numbers.at(uint32(n.word)).big
}

// ratVal returns the value of a kReal node, nil for any other.
func (s *store) ratVal(n *node) *big.Rat {
	if n.kind != kReal {
		return nil
	}
	return s.numbers.at(uint32(n.word)).rat
}

// The rewriters read nodes through their store.
func (sh *shared) fnOf(n *node) *symbol     { return sh.st.fnOf(n) }
func (sh *shared) sortOf(n *node) *lps.Sort { return sh.st.sortOf(n) }
func (sh *shared) varOf(n *node) *varInfo   { return sh.st.varOf(n) }
func (sh *shared) bigVal(n *node) *big.Int  { return sh.st.bigVal(n) }
func (sh *shared) ratVal(n *node) *big.Rat  { return sh.st.ratVal(n) }

// key describes a term to intern, but for its arguments: what its node
// will hold, with pointers where the node keeps indices. Keys are built
// on the stack; intern copies what it keeps.
type key struct {
	kind kind
	fn   *symbol // kApp
	sort *lps.Sort
	val  int64    // what node.value returns; kVar: v.id
	v    *varInfo // kVar
	big  *big.Int // kBig
	rat  *big.Rat // kReal
}

// varNode, bigNode and ratNode make the keys of variables and of numbers
// that need more than val.
func varNode(s *lps.Sort, v *varInfo) *key {
	return &key{kind: kVar, sort: s, val: int64(v.id), v: v}
}
func bigNode(s *lps.Sort, x *big.Int) *key { return &key{kind: kBig, sort: s, big: x} }
func ratNode(s *lps.Sort, x *big.Rat) *key { return &key{kind: kReal, sort: s, rat: x} }

// symbol is the rewriter's view of an lps.Func.
type symbol struct {
	fn    *lps.Func
	name  string
	op    lps.Op
	kind  lps.FuncKind
	id    uint32
	arity int
	res   *lps.Sort // sort of a full application
	rules []*rule   // compiled equations with this head symbol (first-order LHS)
	// horules are equations whose LHS is a higher-order application
	// f(x..)(y..); they are tried when a term with head f(...) is applied.
	horules []*rule
	// byValue: some equation defines the symbol as a value (f = lambda
	// x. e for an f of arity 1); an application f(a..) that no equation
	// with arguments rewrites applies that value (applySym).
	byValue bool
	// index, when set, narrows rules down by the head symbol of one
	// argument (indexRules).
	index *ruleIndex
	// lazy, when set, marks the argument positions rewritten only when
	// the equation applied uses them (markLazy).
	lazy []bool
}

// varInfo is the rewriter's view of an lps.Var.
type varInfo struct {
	v    *lps.Var
	id   uint32 // index into Subst
	term Term
}

const (
	chunkBits = 12
	chunkSize = 1 << chunkBits
	maxChunks = 1 << (32 - chunkBits)
	shardBits = 6
	numShards = 1 << shardBits
)

// store is the hash-consing term table. Nodes live in fixed-size chunks
// so that a published node never moves and reading it needs no lock.
// Interning first looks a term up without a lock (a shard's entries are
// only ever set, each after its node is written, and a grown table is
// published whole), and locks one of numShards shards, chosen by the
// hash, only to add a term: the rewriters of a search with threads make
// the same terms all the time, and taking a lock for each had two
// threads of ex.games.knights spend half their time in it.
type store struct {
	// chunks is the directory of the chunks made so far. It grows under
	// chunkMu and is published whole, so a reader needs
	// no lock. A directory sized for every possible chunk (2^18 pointers)
	// cost 2 MB of resident memory in every run: the collector reads all
	// of it on each cycle.
	chunks  atomic.Pointer[[]*[chunkSize]node]
	mem     *nodeChunks // where the chunks come from (offheap.go)
	next    atomic.Uint32
	chunkMu sync.Mutex
	shards  [numShards]shard
	// sealed: the terms below it are never collected (collect.go).
	sealed Term
	// free has a bit set for each id collect gave back, which alloc
	// hands out again, lowest first, before it makes new ones (a bit an
	// id: a list of ids took 32 times the memory at the puzzle's
	// peak); freeFrom is where the lowest may be. nfree is their number,
	// read without freeMu so that a store that never collected takes no
	// lock.
	freeMu   sync.Mutex
	free     []uint64
	freeFrom Term
	nfree    atomic.Int64
	// heads, vars and numbers are what the nodes name by index: the
	// pairs of symbol and sort (headIdx finds a pair's index), the
	// variables by id, and the values of big numbers and reals. They
	// grow under tabMu and keep alive what the nodes, which the
	// collector does not see, name (offheap.go).
	tabMu   sync.Mutex
	heads   table[head]
	headIdx map[head]uint32
	vars    table[*varInfo]
	numbers table[number]
}

type shard struct {
	mu    sync.Mutex
	table atomic.Pointer[[]atomic.Uint32] // open addressing of Terms; 0 = empty
	count int
	// heads caches the indices of the heads the shard's terms used
	// last (headOf), so that adding a term seldom takes tabMu.
	heads [headCache]struct {
		h head
		i uint32
	}
	// slabs keeps alive the slabs of the shard's arguments, which the
	// collector does not see through the nodes (offheap.go).
	slabs [][]Term
	// argSlab holds the arguments of the shard's terms, under mu. One
	// slab for the whole store, under a lock of its own, was where two
	// threads of ex.games.knights met: it made new terms the fastest.
	argSlab []Term
}

// minTable is the size of a shard's table at first (4 KB).
const minTable = 1024

// headCache is the number of heads a shard remembers: a model's terms
// of one shard come with a few symbols and sorts at a time (a list's
// cells and its numbers, say).
const headCache = 16

func newStore() *store {
	s := &store{mem: newNodeChunks(), headIdx: map[head]uint32{{}: 0}}
	s.chunks.Store(new([]*[chunkSize]node))
	s.next.Store(1) // id 0 is "no term"
	s.heads.add(head{})
	for i := range s.shards {
		tab := make([]atomic.Uint32, minTable)
		s.shards[i].table.Store(&tab)
	}
	return s
}

func (s *store) node(t Term) *node {
	return &(*s.chunks.Load())[t>>chunkBits][t&(chunkSize-1)]
}

// node is store.node through r's copy of the directory of chunks, one
// dependent load less than the store's own (the directory's pointer,
// then the slice), on the path of every read of a node. The copy is
// taken at the start of each Rewrite and Solve (guard); a term in a chunk
// made since is read through the store. A directory's entries never
// change: a grown one is a new one.
func (r *Rewriter) node(t Term) *node {
	if dir, c := r.chunks, int(t>>chunkBits); c < len(dir) {
		return &dir[c][t&(chunkSize-1)]
	}
	return r.st.node(t)
}

// size returns the number of terms stored.
func (s *store) size() int { return int(s.next.Load()) - 1 - int(s.nfree.Load()) }

func mix(h, x uint64) uint64 {
	h ^= x
	h *= fibhash.Mul
	return h ^ h>>29
}

// hashKey returns the hash of the term of key k and args. The table
// takes its shard from the low bits and its slot from the bits above.
func hashKey(k *key, args []Term) uint32 {
	h := uint64(k.kind) + 0x51ed27
	if k.fn != nil {
		h = mix(h, uint64(k.fn.id)<<1|1)
	}
	if k.sort != nil {
		h = mix(h, uint64(k.sort.Kind))
	}
	h = mix(h, uint64(k.val))
	for _, a := range args {
		h = mix(h, uint64(a))
	}
	if b := k.big; b != nil {
		h = mix(h, xxhash.Sum64(b.Bytes())+uint64(b.Sign()))
	}
	if r := k.rat; r != nil {
		h = mix(h, xxhash.Sum64String(r.String()))
	}
	return uint32(h ^ h>>32)
}

// sameKey reports whether n is the term of key k and args. The words of
// the node come first; its head, an index, is compared by what it names.
func (s *store) sameKey(n *node, k *key, args []Term) bool {
	if n.kind != k.kind || n.nargs != uint16(min(len(args), manyArgs)) {
		return false
	}
	switch n.kind {
	case kBig:
		if s.bigVal(n).Cmp(k.big) != 0 {
			return false
		}
	case kReal:
		if s.ratVal(n).Cmp(k.rat) != 0 {
			return false
		}
	default:
		if n.value() != k.val {
			return false
		}
	}
	na := n.args()
	if len(na) != len(args) {
		return false
	}
	for i, a := range na {
		if args[i] != a {
			return false
		}
	}
	return s.heads.at(n.head) == head{k.fn, k.sort}
}

// intern returns the id of the term without arguments described by k,
// creating it if needed; internArgs is that of a term with arguments.
func (s *store) intern(k *key) Term {
	return s.internArgs(k, nil)
}

// internArgs is intern with the arguments passed apart from the key, so
// that escape analysis can keep a caller's argument slice on the stack
// (args is only copied).
func (s *store) internArgs(k *key, args []Term) Term {
	h := hashKey(k, args)
	sh := &s.shards[h%numShards]
	probed := sh.table.Load()
	t, i := s.find(*probed, h, k, args)
	if t != 0 {
		return t
	}
	sh.mu.Lock()
	// Another goroutine may have added the term since. Slots are only
	// ever filled (but by a collection, when no one interns), so when
	// the table is the same and the empty slot that ended the probe is
	// still empty, nothing was added on the probe's way: looking again
	// would find that slot.
	if sh.table.Load() != probed || (*probed)[i].Load() != 0 {
		if t, i = s.find(*sh.table.Load(), h, k, args); t != 0 {
			sh.mu.Unlock()
			return t
		}
	}
	t = s.alloc()
	n := s.node(t)
	n.kind, n.word, n.hash = k.kind, k.val, h
	n.head = s.headOf(sh, head{k.fn, k.sort})
	// Copy the numbers rather than keep k's pointers, so that nothing k
	// points to escapes: callers pass keys built on the stack.
	switch k.kind {
	case kVar:
		s.tabMu.Lock()
		s.vars.set(k.v.id, k.v)
		s.tabMu.Unlock()
	case kBig:
		n.word = int64(s.addNumber(number{big: new(big.Int).Set(k.big)}))
	case kReal:
		n.word = int64(s.addNumber(number{rat: new(big.Rat).Set(k.rat)}))
	}
	n.flags = 0
	switch {
	case len(args) == 0:
	case len(args) <= 2 && k.val == 0:
		n.flags = nodeInline
		copy(unsafe.Slice((*Term)(unsafe.Pointer(&n.word)), 2), args)
		n.nargs = uint16(len(args))
	default:
		n.setArgs(sh.copyArgs(args))
	}
	ground := uint8(nodeGround)
	if k.kind == kVar {
		ground = 0
	} else {
		for _, a := range args {
			if s.node(a).flags&nodeGround == 0 {
				ground = 0
				break
			}
		}
		if k.kind == kBinder {
			ground = s.binderFlags(n)
		}
	}
	n.flags |= ground
	tab := *sh.table.Load()
	tab[i].Store(uint32(t)) // publishes the node written above
	sh.count++
	if sh.count*2 > len(tab) {
		s.grow(sh)
	}
	sh.mu.Unlock()
	return t
}

// headOf returns the index of h in s.heads, adding it if it is new;
// sh.mu is held. The shard's cache answers most calls without tabMu.
func (s *store) headOf(sh *shard, h head) uint32 {
	c := &sh.heads[(uintptr(unsafe.Pointer(h.fn))^uintptr(unsafe.Pointer(h.sort)))>>4%headCache]
	if c.h == h {
		return c.i
	}
	s.tabMu.Lock()
	i, ok := s.headIdx[h]
	if !ok {
		i = s.heads.add(h)
		s.headIdx[h] = i
	}
	s.tabMu.Unlock()
	c.h, c.i = h, i
	return i
}

// addNumber adds x to s.numbers and returns its index.
func (s *store) addNumber(x number) uint32 {
	s.tabMu.Lock()
	defer s.tabMu.Unlock()
	return s.numbers.add(x)
}

// binderFlags decides groundness of a binder: ground when its body has
// no free variables other than the bound ones.
func (s *store) binderFlags(n *node) uint8 {
	bound := n.args()[:len(n.args())-1]
	if s.freeIn(n.args()[len(n.args())-1], bound) {
		return 0
	}
	return nodeGround
}

// freeIn reports whether t has a free variable not among bound.
func (s *store) freeIn(t Term, bound []Term) bool {
	n := s.node(t)
	if n.flags&nodeGround != 0 {
		return false
	}
	switch n.kind {
	case kVar:
		for _, b := range bound {
			if b == t {
				return false
			}
		}
		return true
	case kBinder:
		inner := append(append([]Term(nil), bound...), n.args()[:len(n.args())-1]...)
		return s.freeIn(n.args()[len(n.args())-1], inner)
	}
	for _, a := range n.args() {
		if s.freeIn(a, bound) {
			return true
		}
	}
	return false
}

// find looks the term of key k and args up in tab, a shard's table,
// without a lock, and returns it, or 0 and the empty slot where it
// would go.
func (s *store) find(tab []atomic.Uint32, h uint32, k *key, args []Term) (Term, int) {
	for i := home(h, len(tab)); ; i = nextSlot(i, len(tab)) {
		t := Term(tab[i].Load())
		if t == 0 {
			return 0, i
		}
		if n := s.node(t); n.hash == h && s.sameKey(n, k, args) {
			return t, i
		}
	}
}

// home returns the slot of a table of size slots where the probe for
// hash h starts: the hash's bits above the shard's, scaled to the size
// (Lemire, "A fast alternative to the modulo reduction"), so that a
// table may have any size. Sizes that were powers of two kept the
// tables a third full on average (the puzzle's peak had 17 MB of them
// for 1.4 million terms); a shard's table now grows by half when it is
// half full.
func home(h uint32, size int) int {
	return int(uint64(h/numShards) * uint64(size) >> (32 - shardBits))
}

// nextSlot is the slot after i in a table of size slots (linear
// probing).
func nextSlot(i, size int) int {
	if i++; i == size {
		return 0
	}
	return i
}

// grow makes sh's table half as large again, with sh.mu held, and
// publishes the new one when it is complete; lookups still reading the
// old one miss only terms added since, and look again under the lock.
func (s *store) grow(sh *shard) {
	old := *sh.table.Load()
	tab := make([]atomic.Uint32, len(old)+len(old)/2)
	for j := range old {
		if t := old[j].Load(); t != 0 {
			insert(tab, s.node(Term(t)).hash, t)
		}
	}
	sh.table.Store(&tab)
}

// insert puts id t of hash h into the first empty slot of its probe in
// tab, which no reader sees yet.
func insert(tab []atomic.Uint32, h, t uint32) {
	i := home(h, len(tab))
	for tab[i].Load() != 0 {
		i = nextSlot(i, len(tab))
	}
	tab[i].Store(t)
}

func (s *store) alloc() Term {
	if s.nfree.Load() > 0 {
		if t := s.reuse(); t != 0 {
			return t
		}
	}
	t := Term(s.next.Add(1) - 1)
	c := int(t >> chunkBits)
	if c >= len(*s.chunks.Load()) {
		s.chunkMu.Lock()
		if dir := *s.chunks.Load(); c >= len(dir) {
			if c >= maxChunks {
				panic("rewrite: more than 2^32 terms")
			}
			// A new directory, never an append in place: readers hold
			// the old one, whose entries must not change under them.
			// Every chunk up to c is made: another goroutine may hold a
			// term of a chunk before c whose directory entry is not made.
			grown := make([]*[chunkSize]node, c+1)
			copy(grown, dir)
			for i := len(dir); i <= c; i++ {
				grown[i] = s.mem.newChunk()
			}
			s.chunks.Store(&grown)
		}
		s.chunkMu.Unlock()
	}
	return t
}

// copyArgs copies a into sh's slab; sh.mu is held. A shard's slabs grow
// from 256 terms to 16,384, so that the 64 shards of a small model's
// store do not take 4 MB at once. The arguments of a term of manyArgs or
// more get a slab of their own, whose first word is their count.
func (sh *shard) copyArgs(a []Term) []Term {
	if len(a) >= manyArgs {
		slab := make([]Term, 1+len(a))
		slab[0] = Term(len(a))
		copy(slab[1:], a)
		sh.slabs = append(sh.slabs, slab)
		return slab[1:]
	}
	if len(sh.argSlab)+len(a) > cap(sh.argSlab) {
		n := min(max(256, 2*cap(sh.argSlab)), 1<<14)
		sh.argSlab = make([]Term, 0, max(n, len(a)))
		sh.slabs = append(sh.slabs, sh.argSlab)
	}
	l := len(sh.argSlab)
	sh.argSlab = append(sh.argSlab, a...)
	return sh.argSlab[l : l+len(a) : l+len(a)]
}

// bytes returns the memory the store holds: the chunks of nodes made so
// far (a node keeps its normal form, the rewriter's only cache), the
// chunk pointers and the shards' tables. The arguments' slabs are not
// counted. Call it when no term is being interned.
func (s *store) bytes() int {
	chunks := (int(s.next.Load()) + chunkSize - 1) / chunkSize
	b := chunks*chunkSize*int(reflect.TypeFor[node]().Size()) + 8*len(*s.chunks.Load())
	for i := range s.shards {
		b += 4 * len(*s.shards[i].table.Load())
	}
	return b
}
