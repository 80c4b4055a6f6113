package compactset

import "encoding/binary"

// The table gives no key back by its number: the number is stored in
// the key's slot, not the other way round. A caller that needs keys by
// number (the tree store decoding a state) asks for a dense array of
// them, which costs the packed key's bits per key again, as wordset's
// word array does; a search that never decodes a state goes without.

// KeepKeys makes the set keep its keys by number from now on, so that Key
// works; the keys stored so far are placed by one pass over the table.
func (t *Set) KeepKeys() {
	if t.keys != nil {
		return
	}
	d := newDenseKeys(t.hiBits+t.loBits, t.n)
	t.Each(func(id uint32, key uint64) {
		p, _ := t.pack(key)
		d.set(id, p)
	})
	t.keys = d
}

// KeepsKeys says whether KeepKeys was called.
func (t *Set) KeepsKeys() bool { return t.keys != nil }

// Key returns the key numbered id; KeepKeys must have been called.
func (t *Set) Key(id uint32) uint64 {
	return t.unpack(t.keys.get(id))
}

// denseKeys holds packed keys by number, bits bits each, chunkLen to a
// chunk, with 8 bytes after the last.
type denseKeys struct {
	chunks [][]byte
	bits   uint
	n      uint32
}

// newDenseKeys returns room for n keys of bits bits (at least 1).
func newDenseKeys(bits uint, n uint32) *denseKeys {
	d := &denseKeys{bits: max(bits, 1)}
	for range (uint64(n) + chunkLen - 1) / chunkLen {
		d.chunks = append(d.chunks, d.newChunk())
	}
	d.n = n
	return d
}

func (d *denseKeys) newChunk() []byte {
	return make([]byte, (chunkLen*uint64(d.bits)+7)/8+8)
}

// set writes p as the key numbered id, whose bits are zeros.
func (d *denseKeys) set(id uint32, p uint64) {
	at := uint64(id&chunkMask) * uint64(d.bits)
	b := d.chunks[id>>chunkShift][at>>3:]
	binary.LittleEndian.PutUint64(b, binary.LittleEndian.Uint64(b)|p<<(at&7))
}

// add appends p, the key numbered id (the next one).
func (d *denseKeys) add(id uint32, p uint64) {
	if int(id>>chunkShift) == len(d.chunks) {
		d.chunks = append(d.chunks, d.newChunk())
	}
	d.set(id, p)
	d.n = id + 1
}

func (d *denseKeys) get(id uint32) uint64 {
	at := uint64(id&chunkMask) * uint64(d.bits)
	b := d.chunks[id>>chunkShift][at>>3:]
	return binary.LittleEndian.Uint64(b) >> (at & 7) & (1<<d.bits - 1)
}

// repack returns the keys packed again for wider halves: unpack reads a
// key as it was packed, pack packs it anew in bits bits.
func (d *denseKeys) repack(unpack func(uint64) uint64, pack func(uint64) (uint64, bool), bits uint) *denseKeys {
	e := newDenseKeys(bits, d.n)
	for id := range d.n {
		p, _ := pack(unpack(d.get(id)))
		e.set(id, p)
	}
	return e
}

func (d *denseKeys) bytes() int {
	b := 24 * cap(d.chunks)
	for _, c := range d.chunks {
		b += cap(c)
	}
	return b
}
