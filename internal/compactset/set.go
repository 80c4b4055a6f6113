package compactset

import (
	"math/bits"
	"unsafe"

	"github.com/lps2lts/lps2lts/internal/offheap"
	"github.com/lps2lts/lps2lts/internal/prefetch"
)

// Set numbers keys densely in order of first insertion. Its zero value
// is not ready: call Init.
type Set struct {
	// chunks hold the slots, bits bits each, chunkLen to a chunk (the
	// last may hold fewer), and 9 bytes after the last slot so that a
	// slot is read by one 8-byte load and, when it is wide, one byte.
	// They are mapped from the system (package offheap), as the word
	// sets' are: in Go's heap, each growth and widening raised the heap
	// that the collector paces itself by, and counters.lps (K = 6) ran
	// nine collections where the word sets' run took one. pool is shared
	// by the copies of the set that a growth and a widening keep.
	chunks [][]byte
	pool   *offheap.Pool
	// fresh counts the bytes of chunks made rather than taken from a
	// growth's freed ones (TestGrowReusesChunks).
	fresh int
	n     uint32
	limit uint32 // the number of keys at which the table grows
	size  uint64 // home slots: m << j
	slots uint64 // size + tailSlots, the slots of the chunks
	m     uint64
	j     uint

	// A key is two 32-bit halves; packed, its high half takes hiBits
	// and its low half loBits, the fewest that every key so far needs.
	keyHash

	s       uint   // kh - j: the bits of h·m below the home
	remMask uint64 // 1<<s - 1
	divM    uint64 // ⌊2^64/m⌋+1, to divide by m with a multiply (divide)

	idBits   uint
	idMask   uint64
	qShift   uint   // dispBits + idBits: where the quotient starts
	qMask    uint64 // the quotient's bits in place
	cmpMask  uint64 // a slot's quotient and displacement: what find compares
	bits     uint   // of a slot
	slotMask uint64 // its bits
	wide     bool   // bits > 57: a slot may reach a 9th byte

	// far holds the displacements of the entries whose field is
	// saturated (dispMax), by number.
	far map[uint32]uint64

	// slotAt[s] and nearAt[s] are the slot's bits and the bits of a
	// displacement of dispMax-1 shifted by s, for runEnd.
	slotAt, nearAt [8]uint64

	// ones is onesEvery(bits), for moveRun.
	ones     [64]onesAt
	onesBits uint // the bits they are for

	// keys holds the packed keys by number, once KeepKeys was called.
	keys *denseKeys

	// addrs holds the addresses that Prefetch asks for (here, not on
	// Prefetch's stack, where they were zeroed at each call).
	addrs [2 * touchRun]uintptr
}

const (
	chunkShift = 16
	chunkLen   = 1 << chunkShift
	chunkMask  = chunkLen - 1

	// dispBits is the width of the displacement field. At a load of
	// 7/8, ordered linear probing leaves 2% of the entries 15 or more
	// slots from home and 0.03% 31 or more (a simulation of 2^24 and
	// 2^26 slots): with 5 bits the map of saturated entries holds a few
	// hundred thousand at 10^9 states, with 4 bits 20 million.
	dispBits = 5
	dispMax  = 1<<dispBits - 1
	dispMask = dispMax

	// tailSlots are the slots after the last home, where the runs that
	// pass it go; the last is always empty, so that a probe ends there.
	// At 7/8 load the runs passed the last home by at most 7 slots on
	// 2^26 slots.
	tailSlots = 64

	// minHashBits is the fewest bits of the hash: a small key space in
	// a table of more homes than keys would leave no bit for the
	// quotient and the home; with 16 the table grows up to 2^16 keys
	// before kh must follow the key's own bits, which then exceed the
	// home's (a table holds at most 2^kh keys in at least 8/7 as many
	// slots, so j < kh-1).
	minHashBits = 16

	// maxKeyBits is the widest packed key: a slot of kh + dispBits + 1
	// bits must fit 64.
	maxKeyBits = 64 - dispBits - 1
)

// Fits says whether a Set can take keys of two halves that need hi and
// lo bits: whether a slot of their bits, the displacement's and one
// more fits 64 bits.
func Fits(hi, lo uint) bool { return hi+lo <= maxKeyBits }

// Takes says whether the set can take key beside the keys it holds:
// whether its halves, as wide as the widest of each so far, fit.
func (t *Set) Takes(key uint64) bool {
	return key&t.over == 0 || Fits(t.widthsFor(key))
}

// widthsFor returns the widths of the halves that the keys so far and
// key need: each the widest of its half.
func (t *Set) widthsFor(key uint64) (hi, lo uint) {
	return max(t.hiBits, uint(bits.Len32(uint32(key>>32)))), max(t.loBits, uint(bits.Len32(uint32(key))))
}

// Init empties the set.
func (t *Set) Init() {
	if t.pool != nil {
		t.pool.Release()
	}
	*t = Set{pool: new(offheap.Pool)}
	t.setLayout(4, 2, 0, 0)
	t.allocChunks(nil)
}

// Free gives the set's memory back now; the set is empty and not ready
// until Init.
func (t *Set) Free() {
	t.pool.Release()
	*t = Set{}
}

// setLayout sets the geometry (m·2^j homes), the key's widths and all
// that follows from them. The chunks are not touched.
func (t *Set) setLayout(m uint64, j uint, hi, lo uint) {
	t.m, t.j = m, j
	t.size = m << j
	t.slots = t.size + tailSlots
	t.limit = uint32(min(t.size*7/8, 1<<32-2))
	t.keyHash = newKeyHash(hi, lo)
	t.s = t.kh - j
	t.remMask = 1<<t.s - 1
	t.divM = ^uint64(0)/m + 1
	t.idBits = uint(bits.Len32(t.limit + 1))
	t.idMask = 1<<t.idBits - 1
	t.qShift = dispBits + t.idBits
	t.qMask = ^uint64(0) << t.qShift
	t.bits = t.qShift + uint(bits.Len64(t.remMask/m))
	t.slotMask = ^uint64(0) >> (64 - t.bits)
	t.cmpMask = (t.qMask | dispMask) & t.slotMask
	if t.onesBits != t.bits {
		t.ones = onesEvery(uint64(t.bits))
		t.onesBits = t.bits
	}
	t.wide = t.bits > 57
	for sh := range uint64(8) {
		t.slotAt[sh] = t.slotMask << sh
		t.nearAt[sh] = (dispMax - 1) << sh
	}
}

// chunkBytes is the length of chunk c's bytes.
func (t *Set) chunkBytes(c uint64) int {
	return t.bytesFor(c, t.bits)
}

// bytesFor is the length of chunk c in slots of bits bits.
func (t *Set) bytesFor(c uint64, bits uint) int {
	n := min(chunkLen, t.slots-c*chunkLen)
	return int((n*uint64(bits)+7)/8) + 9
}

// newChunk returns chunk c, zeroed, the smallest of free that is large
// enough and not more than twice as large, and free without it. A chunk has room for slots of kh + dispBits + 1
// bits, the widest that any layout of kh-bit hashes takes (m = 5, 6, 7;
// with m = 4 a bit less), so that a growth can always take the old
// table's chunks for the new one: else the new chunks of 37-bit slots
// would not fit the old ones of 36 bits, at 10^9 states, and both tables
// would be held at once until the garbage collector ran.
func (t *Set) newChunk(free [][]byte, c uint64) ([]byte, [][]byte) {
	n := t.chunkBytes(c)
	// The bound keeps a full chunk, freed by a growth, out of the few
	// tail slots of the new table's last chunk: on merc.brp_4_4_4-b that
	// held 256 kB for 64 slots, 2.4 bytes/state.
	best := -1
	for i, b := range free {
		if cap(b) >= n && cap(b) <= 2*n && (best < 0 || cap(b) < cap(free[best])) {
			best = i
		}
	}
	if best >= 0 {
		b := free[best][:n]
		clear(b)
		free[best] = free[len(free)-1]
		return b, free[:len(free)-1]
	}
	b := offheap.Make[byte](t.pool, max(n, t.bytesFor(c, t.kh+dispBits+1)))
	t.fresh += cap(b)
	return b[:n], free
}

// freeChunks gives chunks back to the system.
func (t *Set) freeChunks(chunks [][]byte) {
	for _, c := range chunks {
		offheap.Free(t.pool, c)
	}
}

// allocChunks gives the table zeroed chunks, taking those of free that
// are large enough first.
func (t *Set) allocChunks(free [][]byte) [][]byte {
	t.chunks = make([][]byte, (t.slots+chunkLen-1)/chunkLen)
	for c := range t.chunks {
		t.chunks[c], free = t.newChunk(free, uint64(c))
	}
	return free
}

// place splits hash h into its home and its quotient: h·m is the home
// in its top bits and a remainder in its s low bits; the remainder's
// residue modulo m follows from the home (h·m ≡ 0), so only its
// quotient by m is stored.
func (t *Set) place(h uint64) (home, q uint64) {
	x := h * t.m
	return x >> (t.s & 63), t.divide(x & t.remMask)
}

// home returns the home of hash h (place without the quotient).
func (t *Set) home(h uint64) uint64 {
	return h * t.m >> (t.s & 63)
}

// unplace is place's inverse: h·m = home·2^s + r with q·m ≤ r < q·m+m,
// so h is the one integer in [home·2^s/m + q, home·2^s/m + q + (m-1)/m].
func (t *Set) unplace(home, q uint64) uint64 {
	return q + t.divide(home<<(t.s&63)+t.m-1)
}

// divide returns x/m for x < 2^61: x·⌊2^64/m+1⌋/2^64 errs by less than
// x/2^64 ≤ 1/8 < 1/m above x/m, whose fraction is at most (m-1)/m, so
// the floor is right (Lemire, Kaser and Kurz, "Faster remainder by
// direct computation", 2019).
func (t *Set) divide(x uint64) uint64 {
	hi, _ := bits.Mul64(x, t.divM)
	return hi
}

// slot returns the bits of slot p.
func (t *Set) slot(p uint64) uint64 {
	c := t.chunks[p>>chunkShift]
	at := (p & chunkMask) * uint64(t.bits)
	v := word(c, at>>3) >> (at & 7)
	if t.wide {
		v |= uint64(c[at>>3+8]) << (64 - at&7)
	}
	return v & t.slotMask
}

// setSlot writes v into slot p.
func (t *Set) setSlot(p, v uint64) {
	c := t.chunks[p>>chunkShift]
	at := (p & chunkMask) * uint64(t.bits)
	off, sh := at>>3, at&7
	putWord(c, off, word(c, off)&^(t.slotMask<<sh)|v<<sh)
	if t.wide && sh != 0 {
		c[off+8] = c[off+8]&^byte(t.slotMask>>(64-sh)) | byte(v>>(64-sh))
	}
}

// number returns the number of the entry v.
func (t *Set) number(v uint64) uint32 {
	return uint32(v>>dispBits&t.idMask) - 1
}

// displacement returns the distance of entry v from its home.
func (t *Set) displacement(v uint64) uint64 {
	if d := v & dispMask; d != dispMax {
		return d
	}
	return t.far[t.number(v)]
}

// entry returns the bits of the entry numbered id, displacement d and
// stored quotient want (in place), keeping a saturated d in far.
func (t *Set) entry(id uint32, d, want uint64) uint64 {
	if d >= dispMax {
		t.setFar(id, d)
		d = dispMax
	}
	return want | uint64(id+1)<<dispBits | d
}

// setFar records d as the displacement of the entry numbered id.
func (t *Set) setFar(id uint32, d uint64) {
	if t.far == nil {
		t.far = map[uint32]uint64{}
	}
	t.far[id] = d
}

// Len returns the number of keys in the set.
func (t *Set) Len() int { return int(t.n) }

// Find returns the number of key if the set holds it.
func (t *Set) Find(key uint64) (uint32, bool) {
	p, fits := t.pack(key)
	if !fits {
		return 0, false
	}
	home, q := t.place(t.hash(p))
	id, _, ok := t.find(home, q<<t.qShift)
	return id, ok
}

// find returns the number of the entry of home whose quotient, in place,
// is want; or, if there is none, the slot where it goes: after the
// entries of its home, where the probe stopped. Entries lie in order of
// home, so the probe stops at the first entry of a later home, or an
// empty slot. (The newest entry of a home went first, as wordset's
// newest word does, but then inserting moved one entry more: on
// hesselink_2-b, where every second lookup inserts, the moves took 8.8%
// of the run's samples first and 6.8% after.)
//
// The i-th slot from home holds an entry of home if its displacement is
// i, of an earlier home if it is more, and of a later one (or nothing)
// if it is less; the entries of a home lie in order of quotient. So the
// probe goes on while the slot's (displacement, quotient) is (more than
// i, any) or (i, less than want), and stops at the first that is not.
// With the displacement's bits inverted and rotated to the top, above
// the quotient, that order is one comparison of integers (order); a
// saturated field (dispMax, inverted 0) always goes on, which is right
// while i < dispMax, so the map of far entries is needed only from the
// dispMax-th slot on (findFrom), as it is for the slots past home's chunk
// and for wide slots. (With two comparisons, one for the entry and one
// for the stop, a probe took 30 instructions, its loop's values no
// longer in registers; it takes 12.)
func (t *Set) find(home, want uint64) (id uint32, at uint64, ok bool) {
	if t.wide {
		return t.findFrom(home, home, want)
	}
	c := chunkAt(t.chunks, home>>chunkShift)
	b, mask, cmp := uint64(t.bits), t.slotMask, t.cmpMask
	pos := (home & chunkMask) * b
	v := word(c, pos>>3) >> (pos & 7) & mask
	if v == 0 {
		return 0, home, false
	}
	key := order(want)
	if o := order(v & cmp); o >= key {
		if o == key {
			return t.number(v), home, true
		}
		return 0, home, false
	}
	// From the second slot on, an empty one (displacement 0 < i) stops
	// the probe. (The loop keeps its values in registers: with the slot
	// mask and the last slot also live, three of them went to the stack
	// and back each slot.)
	n := min(dispMax-1, chunkMask-home&chunkMask)
	for i := uint64(1); i <= n; i++ {
		pos += b
		key -= 1 << (64 - dispBits) // the displacement of the i-th slot
		if o := order(word(c, pos>>3) >> (pos & 7) & cmp); o >= key {
			if o == key {
				return t.number(word(c, pos>>3) >> (pos & 7)), home + i, true
			}
			return 0, home + i, false
		}
	}
	return t.findFrom(home+n+1, home, want)
}

// order returns x, a slot's quotient and displacement (without the
// number), as find compares them: the displacement inverted and on top.
func order(x uint64) uint64 {
	return bits.RotateLeft64(x^dispMask, -dispBits)
}

// findFrom is find's probe from slot p on, through slot and setSlot.
func (t *Set) findFrom(p, home, want uint64) (id uint32, at uint64, ok bool) {
	for {
		v := t.slot(p)
		if v == 0 {
			return 0, p, false
		}
		if hp := p - t.displacement(v); hp == home {
			switch q := v & t.qMask; {
			case q == want:
				return t.number(v), p, true
			case q > want:
				return 0, p, false
			}
		} else if hp > home {
			return 0, p, false
		}
		p++
	}
}

// Insert returns the number of key, giving it the next one if it is new.
func (t *Set) Insert(key uint64) (uint32, bool) {
	if key&t.over != 0 { // then it is new
		t.widen(key)
	}
	p, _ := t.pack(key)
	home, want := t.placeIn(t.hash(p))
	id, at, ok := t.find(home, want)
	if ok {
		return id, false
	}
	id = t.n
	if id == ^uint32(0)-1 {
		panic("compactset: more than 2^32-2 keys")
	}
	t.insertAt(home, want, id, at)
	if t.keys != nil {
		t.keys.add(id, p)
	}
	t.n++
	if t.n > t.limit {
		t.grow()
	}
	return id, true
}

// insertAt places the new entry numbered id, of home and quotient want
// (in place), in slot at (which find returned), moving the entries from
// there to the next empty slot one slot on, in one pass forward that
// carries each entry to the next slot. A run that would fill the last
// slot gets more tail slots first.
func (t *Set) insertAt(home, want uint64, id uint32, at uint64) {
	carry := t.entry(id, at-home, want)
	if !t.wide {
		// An empty slot where the probe stopped takes the entry, with
		// nothing to move (runEnd would find that too, after a call).
		c := t.chunks[at>>chunkShift]
		pos := (at & chunkMask) * uint64(t.bits)
		v := word(c, pos>>3) >> (pos & 7) & t.slotMask
		if v == 0 && at < t.slots-1 {
			putWord(c, pos>>3, word(c, pos>>3)|carry<<(pos&7))
			return
		}
		if end, ok := t.runEnd(c, at, pos, v&dispMask); ok {
			moveRun(c, uint64(t.bits), at&chunkMask, end&chunkMask, carry, &t.ones)
			return
		}
	}
	for p := at; carry != 0; {
		if p == t.slots-1 {
			t.extendTail(len(t.chunks))
			for c, b := range t.chunks {
				if b == nil {
					t.chunks[c], _ = t.newChunk(nil, uint64(c))
				}
			}
		}
		if t.wide {
			v := t.slot(p)
			t.setSlot(p, carry)
			carry = t.movedOn(v)
			p++
			continue
		}
		p, carry = t.carryOn(p, carry)
	}
}

// carryOn is insertAt's pass over the slots from p to the end of p's
// chunk (or to the one before the table's last), for slots that are not
// wide, with the chunk found once and the bit positions stepped rather
// than multiplied: through slot and setSlot, the moves were 6.5% of
// counters.lps's run. It returns the slot after the last it wrote and
// the entry to carry there (0: none, the pass reached an empty slot).
func (t *Set) carryOn(p, carry uint64) (uint64, uint64) {
	c := t.chunks[p>>chunkShift]
	b, mask := uint64(t.bits), t.slotMask
	end := min(p|chunkMask, t.slots-2)
	pos := (p & chunkMask) * b
	for ; p <= end; p++ {
		off, sh := pos>>3, pos&7
		old := word(c, off)
		putWord(c, off, old&^(mask<<sh)|carry<<sh)
		v := old >> sh & mask
		if v == 0 {
			return p + 1, 0
		}
		if v&dispMask < dispMax-1 {
			carry = v + 1
		} else {
			carry = t.movedOn(v)
		}
		pos += b
	}
	return p, carry
}

// movedOn returns entry v one slot further from its home (0 for an
// empty slot).
func (t *Set) movedOn(v uint64) uint64 {
	switch d := v & dispMask; {
	case v == 0:
		return 0
	case d < dispMax-1:
		return v + 1
	case d == dispMax-1:
		t.setFar(t.number(v), dispMax)
		return v + 1
	}
	t.far[t.number(v)]++
	return v
}

// placeIn returns the home and the quotient in place of hash h.
func (t *Set) placeIn(h uint64) (uint64, uint64) {
	home, q := t.place(h)
	return home, q << t.qShift
}

// Touch asks for the home slot of each key, touchRun keys at a time,
// without waiting (package prefetch): the memory that inserting or
// finding the key reads first, so that the insertions that follow find
// it in the cache. (Reading the slots, as wordset's Touch reads its
// index, held the processor up: each read must retire in order, so the
// reads of a run overlap only as far as the processor looks ahead.) It
// returns 0: there is nothing read to keep.
//
// (Touch kept each key's home and quotient for its insertion, which
// then started its probe from a load instead of from the end of the
// key's packing and four multiplies. With a hash of one multiply, the
// home is two multiplies from the key.)
func (t *Set) Touch(keys []uint64) uint64 {
	for len(keys) > 0 {
		n := min(len(keys), touchRun)
		t.Prefetch(keys[:n])
		keys = keys[n:]
	}
	return 0
}

// touchRun is the number of keys whose home slots Prefetch asks for.
const touchRun = 16

// probeReach is how far past the first byte of a key's home slot
// Prefetch asks for memory: a lookup reads 8 bytes at a slot's first
// byte, the home slot's and, in half the lookups, one or two slots more
// (a slot is 3 to 5 bytes where the corpus's models end). The home's 8
// bytes cross into the next line in one lookup in ten, and the probe in
// one in seven (replays of the root keys of counters.lps, hesselink_2-b,
// onebit_3-b, dining_10), which then waited for the line: asked for it
// after the first, the lookup waits only for what is still on its way.
const probeReach = 15

// Prefetch asks for the home slots of the first touchRun keys, without
// waiting (package prefetch), for insertions a while later: the explorer
// asks two runs of keys ahead (explore.Prefetcher). A key wider than the
// widths so far is left out (it is new, and widens the table).
func (t *Set) Prefetch(keys []uint64) {
	// The layout in locals: read through t, it was loaded again after
	// each store to t.addrs, which might have changed it.
	addrs, chunks := &t.addrs, t.chunks
	over, lo, loMask, khMask := t.over, t.loBits&63, t.loMask, t.khMask
	m, s, b := t.m, t.s&63, uint64(t.bits)
	n := 0
	for _, key := range keys[:min(len(keys), touchRun)] {
		if key&over != 0 {
			continue
		}
		home := ((key>>32<<lo | key&loMask) * mulA & khMask) * m >> s
		at := (home & chunkMask) * b
		a := uintptr(unsafe.Pointer(unsafe.SliceData(chunkAt(chunks, home>>chunkShift)))) + uintptr(at>>3)
		// And the line after, where the probe goes on past the first
		// (probeReach bytes from the home slot's first), in one lookup
		// in seven; in the others the same line is asked for again,
		// which costs less than the test of whether it is another
		// line did.
		addrs[n&(2*touchRun-1)] = a
		addrs[(n+1)&(2*touchRun-1)] = a + probeReach
		n += 2
	}
	prefetch.Addrs(addrs[:n])
}

// Each calls fn with the number and the key of every entry, in the
// order of the slots.
func (t *Set) Each(fn func(id uint32, key uint64)) {
	for p := range t.slots {
		if v := t.slot(p); v != 0 {
			home := p - t.displacement(v)
			h := t.unplace(home, v>>t.qShift)
			fn(t.number(v), t.unpack(t.unhash(h)))
		}
	}
}

// Bytes returns the memory the set holds.
func (t *Set) Bytes() int {
	b := 24 * cap(t.chunks)
	for _, c := range t.chunks {
		b += cap(c)
	}
	// A map entry of two words, with the map's own overhead, is about
	// 40 bytes.
	b += 40 * len(t.far)
	if t.keys != nil {
		b += t.keys.bytes()
	}
	return b
}
