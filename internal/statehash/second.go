package statehash

// Second is a hash of a state vector independent of Sum: a seeded
// multiply-xorshift over the words with a final avalanche.
func Second(v []uint32) uint64 {
	h := uint64(0x6A09E667F3BCC909) ^ uint64(len(v))
	for _, w := range v {
		h ^= uint64(w)
		h *= 0xD6E8FEB86659FD93
		h ^= h >> 32
	}
	h ^= h >> 29
	h *= 0xBF58476D1CE4E5B9
	h ^= h >> 32
	return h
}
