package store

import (
	"fmt"
	"slices"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/statehash"
)

// This file is ComBack's Variant "delayed duplicate detection"
// (Evangelista, Westergaard and Kristensen, "The ComBack method
// revisited", Alg. 4): instead of replaying the path of every stored
// number whose descriptor a new state shares, the states reached are
// collected as candidates, the numbers to compare with are marked, and
// all of them are reconstructed in one depth-first search over the
// backedge tree, pruned to the marked numbers and their ancestors, so that
// the transitions on shared path prefixes are replayed once.
//
// The explorer (explore/delayed.go) holds back its transition events while
// candidates are pending and hands them over in their order:
// DelayCandidate for each state reached, ResolveCandidates once, then
// InsertCandidate for each in the same order, which numbers the new ones
// exactly as InsertFrom would have (so the results equal the table
// store's, state numbers included).

// queueReplay is the scratch of StatesOf.
type queueReplay struct {
	tree  replayTree
	at    map[explore.StateID]int32
	dst   []uint32
	visit func(explore.StateID, []uint32)
}

// dddState is the batch: the candidates and the pruned backedge tree.
type dddState struct {
	limit  int
	cdesc  []uint32          // descriptor per candidate
	old    []explore.StateID // stored number equal to the candidate, or explore.NoState
	newID  []explore.StateID // number given by InsertCandidate, or explore.NoState
	vecs   []uint32          // the candidates' vectors (the explorer's buffer)
	byDesc map[uint32]int32
	next   []int32 // next candidate with the same descriptor, -1 ends
	undec  int     // candidates that need a reconstruction
	tree   replayTree
	visit  func(explore.StateID, []uint32)

	Batches   uint64 // ResolveCandidates calls that replayed
	Undecided uint64 // candidates that needed a reconstruction
}

// replayTree is a part of the backedge tree to replay in one depth-first
// search: the marked numbers and their ancestors (Alg. 4's check bits and
// successor lists, kept beside the backedge table for the batch only).
type replayTree struct {
	check   map[explore.StateID]bool
	inTree  map[explore.StateID]struct{}
	kids    []explore.StateID // tree nodes other than 0, grouped by predecessor after sorting
	kidsAt  map[explore.StateID]int32
	roots   []explore.StateID // tree nodes whose vectors were at hand: the replay starts there
	rootV   []uint32
	stack   []explore.StateID
	stackV  []uint32
	src     []uint32
	wantTr  []uint32 // replay: positions wanted from one Successors call
	wantOut []uint32
	wantI   int
	wantN   uint32
	emitFn  func(explore.LabelID, []uint32)
}

func newReplayTree() replayTree {
	return replayTree{check: map[explore.StateID]bool{}, inTree: map[explore.StateID]struct{}{}, kidsAt: map[explore.StateID]int32{}}
}

func (t *replayTree) emit(_ explore.LabelID, next []uint32) {
	for t.wantI < len(t.wantTr) && t.wantTr[t.wantI] == t.wantN {
		t.wantOut = append(t.wantOut, next...)
		t.wantI++
	}
	t.wantN++
}

// mark adds id and its ancestors to the tree (Alg. 4, backtrack), up to
// the first whose vector is at hand (the initial state at the latest),
// which becomes a root of the replay.
func (s *ComBackStore) mark(t *replayTree, id explore.StateID) {
	t.check[id] = true
	for v := id; ; {
		if _, ok := t.inTree[v]; ok {
			break
		}
		t.inTree[v] = struct{}{}
		if c := s.known(v); c != nil {
			t.roots = append(t.roots, v)
			t.rootV = append(t.rootV, c...)
			break
		}
		if v == id {
			s.Reconstructions++
		}
		t.kids = append(t.kids, v)
		v = explore.StateID(s.pred.get(int(v)))
	}
}

func (s *ComBackStore) initDDD(limit int) {
	d := &s.ddd
	d.limit = limit
	d.byDesc = map[uint32]int32{}
	d.tree = newReplayTree()
	d.tree.emitFn = d.tree.emit
	d.visit = func(id explore.StateID, v []uint32) {
		w := s.width
		k, ok := d.byDesc[s.desc[id]]
		for ; ok && k >= 0; k = d.next[k] {
			if d.old[k] == markedOld && slices.Equal(d.vecs[int(k)*w:int(k+1)*w], v) {
				d.old[k] = id
			}
		}
	}
}

// DelayLimit returns --comback-ddd's N.
func (s *ComBackStore) DelayLimit() int { return s.ddd.limit }

// DelayCandidate records a candidate and marks the stored numbers with
// its descriptor and their ancestors (Alg. 4, insert and backtrack).
func (s *ComBackStore) DelayCandidate(k int, state []uint32) int {
	d := &s.ddd
	if k != len(d.cdesc) {
		panic("explore: ComBack: candidates out of order")
	}
	h := uint32(statehash.Sum(state) >> 32)
	d.cdesc = append(d.cdesc, h)
	d.old = append(d.old, explore.NoState)
	d.newID = append(d.newID, explore.NoState)
	head, seen := d.byDesc[h]
	if !seen {
		head = -1
	}
	d.next = append(d.next, head)
	d.byDesc[h] = int32(k)
	if seen {
		// The stored numbers with h are marked already.
		if d.cdescMarked(head) {
			d.undec++
			d.markDesc(k)
		}
		return d.undec
	}
	mask := uint64(s.slots - 1)
	marked := false
	for i := s.slot(h); s.at(i) != 0; i = (i + 1) & mask {
		id := explore.StateID(s.at(i) - 1)
		if s.desc[id] != h {
			continue
		}
		marked = true
		s.mark(&d.tree, id)
	}
	if marked {
		d.undec++
		d.markDesc(k)
	}
	return d.undec
}

// A candidate whose descriptor has stored numbers is flagged by old ==
// markedOld until it is resolved.
const markedOld = explore.NoState - 1

func (d *dddState) markDesc(k int)           { d.old[k] = markedOld }
func (d *dddState) cdescMarked(k int32) bool { return d.old[k] == markedOld }

// ResolveCandidates reconstructs the marked numbers in one pruned
// depth-first search from the initial state (Alg. 4, duplicateDetection
// and dfs) and compares each with the candidates of its descriptor. All
// the children of a tree node come from one Successors call of the node.
func (s *ComBackStore) ResolveCandidates(vecs []uint32) {
	d := &s.ddd
	d.vecs = vecs
	if len(d.tree.check) > 0 {
		d.Batches++
		d.Undecided += uint64(d.undec)
		s.replay(&d.tree, d.visit)
	}
	for k := range d.old {
		if d.old[k] == markedOld {
			d.old[k] = explore.NoState
		}
	}
}

// replay reconstructs the marked numbers of t in one pruned depth-first
// search from the initial state, calls visit for each, and empties t.
func (s *ComBackStore) replay(d *replayTree, visit func(explore.StateID, []uint32)) {
	w := s.width
	slices.SortFunc(d.kids, func(a, b explore.StateID) int {
		pa, pb := s.pred.get(int(a)), s.pred.get(int(b))
		if pa != pb {
			if pa < pb {
				return -1
			}
			return 1
		}
		ta, tb := s.tr.get(int(a)), s.tr.get(int(b))
		if ta < tb {
			return -1
		} else if ta > tb {
			return 1
		}
		return 0
	})
	for i := len(d.kids) - 1; i >= 0; i-- {
		d.kidsAt[explore.StateID(s.pred.get(int(d.kids[i])))] = int32(i)
	}
	d.stack = append(d.stack[:0], d.roots...)
	d.stackV = append(d.stackV[:0], d.rootV...)
	for len(d.stack) > 0 {
		id := d.stack[len(d.stack)-1]
		d.stack = d.stack[:len(d.stack)-1]
		top := len(d.stackV) - w
		if d.check[id] {
			visit(id, d.stackV[top:])
		}
		lo, ok := d.kidsAt[id]
		if !ok {
			d.stackV = d.stackV[:top]
			continue
		}
		hi := int(lo)
		d.wantTr = d.wantTr[:0]
		for hi < len(d.kids) && explore.StateID(s.pred.get(int(d.kids[hi]))) == id {
			d.wantTr = append(d.wantTr, uint32(s.tr.get(int(d.kids[hi]))))
			hi++
		}
		// Replay the node's transitions once for all its children (or
		// each child's transition alone, by its key); the children's
		// vectors replace the node's on the stack.
		src := append(d.src[:0], d.stackV[top:]...)
		d.src = src
		d.wantOut = d.wantOut[:0]
		if s.replayer != nil {
			for j := int(lo); j < hi; j++ {
				kid := d.kids[j]
				key := s.tr.get(int(kid))
				d.wantTr = append(d.wantTr[:0], 0)
				d.wantI, d.wantN = 0, 0
				s.ReplaySteps++
				n := len(d.wantOut)
				err := s.replayer.ReplayTransition(src, key, d.emitFn)
				if err != nil {
					err = replayUninterrupted(s.gen, err, func() error {
						d.wantOut, d.wantI, d.wantN = d.wantOut[:n], 0, 0
						return s.replayer.ReplayTransition(src, key, d.emitFn)
					})
				}
				if err != nil {
					panic(fmt.Sprintf("explore: ComBack: replaying the transition to state %d: %v", kid, err))
				}
				if d.wantI != 1 {
					panic(fmt.Sprintf("explore: ComBack: replay of the transition to state %d emitted nothing", kid))
				}
			}
		} else {
			d.wantI, d.wantN = 0, 0
			s.ReplaySteps++
			err := s.gen.Successors(src, d.emitFn)
			if err != nil {
				err = replayUninterrupted(s.gen, err, func() error {
					d.wantOut, d.wantI, d.wantN = d.wantOut[:0], 0, 0
					return s.gen.Successors(src, d.emitFn)
				})
			}
			if err != nil {
				panic(fmt.Sprintf("explore: ComBack: replaying the transitions of state %d: %v", id, err))
			}
			if d.wantI != len(d.wantTr) {
				panic(fmt.Sprintf("explore: ComBack: replay of state %d found no transition %d: the generator is not deterministic", id, d.wantTr[d.wantI]))
			}
		}
		d.stackV = d.stackV[:top]
		for j := int(lo); j < hi; j++ {
			kid := d.kids[j]
			v := d.wantOut[(j-int(lo))*w : (j-int(lo)+1)*w]
			s.cachePut(kid, v)
			d.stack = append(d.stack, kid)
			d.stackV = append(d.stackV, v...)
		}
	}
	clear(d.check)
	clear(d.inTree)
	clear(d.kidsAt)
	d.kids, d.roots, d.rootV = d.kids[:0], d.roots[:0], d.rootV[:0]
}

// InsertCandidate numbers candidate k if it is new: neither a stored
// state nor an earlier candidate of the batch.
func (s *ComBackStore) InsertCandidate(k int, from explore.StateID, tr uint64) (explore.StateID, bool) {
	d := &s.ddd
	w := s.width
	v := d.vecs[k*w : (k+1)*w]
	var id explore.StateID
	isNew := false
	if old := d.old[k]; old != explore.NoState {
		id = old
		s.shorten(id, from, tr)
	} else {
		id = explore.NoState
		for j := d.next[k]; j >= 0; j = d.next[j] {
			// Earlier candidates with the same descriptor (the chain runs
			// backwards in the batch).
			if d.newID[j] != explore.NoState && slices.Equal(d.vecs[int(j)*w:int(j+1)*w], v) {
				id = d.newID[j]
				break
			}
		}
		if id == explore.NoState {
			id = s.add(d.cdesc[k], v, from, tr)
			d.newID[k] = id
			isNew = true
		} else {
			s.shorten(id, from, tr)
		}
	}
	if k == len(d.cdesc)-1 {
		d.cdesc, d.old, d.newID, d.next = d.cdesc[:0], d.old[:0], d.newID[:0], d.next[:0]
		d.vecs = nil
		d.undec = 0
		clear(d.byDesc)
	}
	return id, isNew
}

// StatesOf rebuilds the states of ids in one pruned replay of the
// backedge tree (grouped reconstruction of queued numbers, "The
// ComBack method revisited" §4.3): the numbers of a breadth-first queue
// share most of their paths.
func (s *ComBackStore) StatesOf(ids []explore.StateID, dst []uint32) []uint32 {
	q := &s.queue
	if q.tree.check == nil {
		q.tree = newReplayTree()
		q.tree.emitFn = q.tree.emit
		q.at = map[explore.StateID]int32{}
		q.visit = func(id explore.StateID, v []uint32) {
			i := int(q.at[id])
			copy(q.dst[i*s.width:], v)
		}
	}
	n0 := len(dst)
	dst = slices.Grow(dst, len(ids)*s.width)[:n0+len(ids)*s.width]
	q.dst = dst[n0:]
	for i, id := range ids {
		if v := s.known(id); v != nil {
			copy(q.dst[i*s.width:], v)
			continue
		}
		q.at[id] = int32(i)
		s.mark(&q.tree, id)
	}
	if len(q.tree.check) > 0 {
		s.replay(&q.tree, q.visit)
	}
	clear(q.at)
	q.dst = nil
	return dst
}
