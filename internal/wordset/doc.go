// Package wordset numbers 64-bit words densely, in order of first
// insertion: a Set gives each word it is given a number 0, 1, 2, ... and
// gives the word back by its number. The tree store keeps its pairs of
// 32-bit numbers in two Sets (a pair is one word), and the LPS
// generator's guard caches key the conditions that read one or two
// parameters by their values packed in one word.
//
// A Set is an open-addressing index of 32-bit entries (3-byte entries up
// to 2^16 slots; linear probing, the newest word in its first slot and
// the older ones of its run moved on; load factor at most 7/8, 13/16
// from 2^17 to 2^20 slots) over the words, which live in chunks that
// grow by doubling up to a fixed size, so that growing never copies more
// than one chunk, packed in as few bits as the widest of each half needs
// so far (set.go, pack). The index doubles, but from 2^17 to 2^20 slots
// and from 2^24 on it has 2^k or 3·2^k slots, in turn as it grows
// (set.go, defaultGrowth); a slot is chosen by Lemire's multiply-shift
// range reduction. An entry holds the number plus one in its low L bits,
// the fewest that number every slot, and, in the 32-L bits above (24-L
// in a 3-byte entry), a tag: hash bits of the word other than those that
// chose the slot. A probe reads a word only when the tags agree. Touch
// reads the memory that inserting a run of words will read, for the
// whole run at once, so that the cache misses of a large Set overlap.
//
// The index and the chunks are mapped from the system once large
// (package offheap): growing gives the old index back before the new one
// is made (the words are placed from the chunks), Free gives everything
// back, and so does a Set that becomes unreachable. A Set is therefore
// not copied (vet's copylocks says so): Move hands one over.
//
// A Set is not safe for concurrent use.
package wordset
