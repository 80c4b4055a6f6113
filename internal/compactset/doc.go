// Package compactset numbers 64-bit keys densely, in order of first
// insertion, in a compact hash table: a slot holds a key's number and only
// the part of the key that the slot's position does not already say
// (Cleary, "Compact hash tables using bidirectional linear probing", 1984;
// the tree store's root table, issue 45).
//
// In: keys of two 32-bit halves (the tree store's root pairs), each half
// stored in as few bits as the widest so far needs. Out: each key's
// number, 0, 1, 2, ... in order of first insertion; Find and Insert as
// wordset.Set's; the keys back, by a pass over the table (Each) or, once
// KeepKeys was called, by number (Key).
//
// Always: a key is mapped by an invertible hash h on kh bits (kh = the
// key's bits, at least minHashBits; a multiply, Fibonacci hashing); a
// table of m·2^j home slots (m = 4..7) splits h·m into the home slot
// (its top bits) and a remainder whose quotient by m is stored (the
// residue follows from the home). A
// slot holds, from its low bits up: the distance from its entry's home
// (dispBits bits, saturated values kept in a map by number), the number
// plus one (0: empty), the quotient. Entries lie in order of home
// (ordered linear probing, Amble and Knuth, "Ordered hash tables", 1974),
// those of one home in order of quotient, with no wrap past the last slot
// (tail slots, the last always empty, take the runs that pass the last
// home, and are lengthened when a run fills them). A lookup reads
// forward from the home slot only, and stops at the first entry of a
// later home or of a greater quotient; a hit reads no other memory. A
// new entry moves the rest of its run one slot on, as the 64-bit words
// that hold the run. The table holds at most 7/8 as many keys as homes,
// and grows by doubling below 2^20 homes, by half and a third below 2^24
// (4·2^j, 6·2^j, 4·2^(j+1)), by quarters from there, in one pass in slot order that
// recomputes each hash from its slot, writing the new table in the same
// order as it frees the old one's chunks and taking them for its own.
// Keys that need wider halves make every entry be placed again (the hash
// changes with its bits), in the order of the new hashes, as a growth
// writes them; a half that grows one bit past the other takes the other
// with it, as the tree store's halves grow together. Touch and Prefetch
// ask for the home slot's line and the next. The chunks are mapped from
// the system (package offheap), not Go's heap. Slots are read by
// unchecked 8-byte loads (word_unsafe.go) except with the purego tag or
// on other architectures.
//
// Words: home (the slot a key's hash names), displacement (its entry's
// distance from home), quotient (the stored rest of the hash), group
// (the entries of one home).
//
// A Set is not safe for concurrent use.
package compactset
