package explore

import (
	"cmp"
	"container/heap"
	"errors"
	"fmt"
	"math/big"
	"math/bits"
)

// This file is the sweep-line method (Christensen, Kristensen and Mailund,
// "A sweep-line method for state space exploration"; generalised to regress
// edges by Kristensen and Mailund, "A generalised sweep-line method for
// safety properties"; summed up in Westergaard's thesis "Reachability
// graphs, the sweep-line method and the ComBack method", §2.2.1 and §2.3).
// A progress measure gives every state a progress value; the search takes
// the states in order of progress, and a state whose progress is below
// that of every state still to expand is behind the sweep-line: when the
// measure is monotone, no state still to expand can reach it, so the store
// may forget it.
//
// The search is the todo-list search (search.go) with two parts of its
// own: the todo order sweepOrder below, and a SweepStore (package store),
// which computes the measure and forgets states. The plan finds the store
// (plan.go), New installs the order, and the step asks for the measure's
// error after an expansion (sweepErr).

// ProgressValue is a progress value: the exact rational Num/Den, in lowest
// terms with Den > 0, so that equal values are equal structs. Values of
// Pos, Nat and Int have Den 1.
type ProgressValue struct{ Num, Den int64 }

// IntProgressValue is the progress value n.
func IntProgressValue(n int64) ProgressValue { return ProgressValue{n, 1} }

// RatProgressValue is the progress value r, or an error when its numerator or
// denominator does not fit in 64 bits: a measure must never wrap around
// silently, which would put states on the wrong side of the sweep-line.
func RatProgressValue(r *big.Rat) (ProgressValue, error) {
	if !r.Num().IsInt64() || !r.Denom().IsInt64() {
		return ProgressValue{}, fmt.Errorf("the progress value %s does not fit in 64 bits", r.RatString())
	}
	return ProgressValue{r.Num().Int64(), r.Denom().Int64()}, nil
}

// Cmp compares p and q exactly: -1, 0 or +1. The cross products are
// computed in 128 bits, so no pair of values overflows.
func (p ProgressValue) Cmp(q ProgressValue) int {
	if p.Den == q.Den {
		return cmp.Compare(p.Num, q.Num)
	}
	return cmp128(p.Num, q.Den, q.Num, p.Den)
}

// cmp128 compares a*b with c*d, for b, d > 0.
func cmp128(a, b, c, d int64) int {
	sa, sc := cmp.Compare(a, 0), cmp.Compare(c, 0)
	if sa != sc {
		return cmp.Compare(sa, sc)
	}
	ah, al := bits.Mul64(abs64(a), uint64(b))
	ch, cl := bits.Mul64(abs64(c), uint64(d))
	r := cmp.Compare(ah, ch)
	if r == 0 {
		r = cmp.Compare(al, cl)
	}
	if sa < 0 {
		return -r
	}
	return r
}

// abs64 is |a| as an unsigned number (right also for the least int64).
func abs64(a int64) uint64 {
	if a < 0 {
		return -uint64(a)
	}
	return uint64(a)
}

func (p ProgressValue) String() string {
	if p.Den == 1 {
		return fmt.Sprint(p.Num)
	}
	return fmt.Sprintf("%d/%d", p.Num, p.Den)
}

// ProgressMeasure computes the progress value of a state vector.
type ProgressMeasure func(state []uint32) (ProgressValue, error)

// SweepStore is the store of the sweep-line method: it computes the
// progress of every state given to Insert and forgets states that are
// behind the sweep-line. It numbers states as every store does, but a
// state it has forgotten and that is met again gets a new number: the LTS
// is then an unfolding of the state space, strongly bisimilar to it
// (Westergaard's thesis §2.3, after Mailund). State returns nil for a
// forgotten state; the vector of a state stays valid until the state is
// forgotten.
type SweepStore interface {
	Store
	// LastProgress is the progress of the vector last given to Insert.
	LastProgress() ProgressValue
	// LastPersistent says whether the last Insert stored a new state as
	// persistent: the destination of a regress edge, a transition to a
	// state with less progress than the sweep-line that the store did
	// not hold (or the initial state). Persistent states are never
	// forgotten.
	LastPersistent() bool
	// Advance moves the sweep-line to front: the states with less
	// progress that are not persistent may be forgotten.
	Advance(front ProgressValue)
	// NewSweep forgets every state that is not persistent: the search
	// starts again from the destinations of the regress edges found.
	NewSweep()
	// Err is the first error of the progress measure, nil if none.
	Err() error
}

// ErrSweepStore is the error of a sweep-line search without a SweepStore,
// or of a stochastic model (the sweep-line store measures the states one
// at a time, not distributions; not supported).
var ErrSweepStore = errors.New("the sweep-line search needs a sweep store (store.NewSweepStore) and a model without distributions")

// sweepErr is the progress measure's error, if any, after an expansion.
// The measure runs inside the store's Insert, which cannot fail; its error
// ends the search as a failure of the state whose successor it could not
// measure (or of the initial state, the first one expanded).
func (x *Explorer) sweepErr() error {
	if x.plan.sweep == nil {
		return nil
	}
	if err := x.plan.sweep.Err(); err != nil {
		return fmt.Errorf("progress measure: %w", err)
	}
	return nil
}

// sweepOrder is the todo order of the sweep-line method: a priority queue
// by progress (Algorithm 2 of the thesis, line 6: a state of least
// progress), first in, first out among states of equal progress. The
// destinations of regress edges wait in roots for the next sweep
// (Kristensen and Mailund's generalised method). Only numbers are kept:
// states to expand are never behind the sweep-line, so the store holds
// their vectors.
type sweepOrder struct {
	st      SweepStore
	heap    progressHeap // the progress values with a waiting state
	buckets map[ProgressValue]*sweepBucket
	roots   []sweepRoot // the next sweep's starting states
	front   ProgressValue
	started bool
	spare   []*sweepBucket
}

type sweepRoot struct {
	id StateID
	p  ProgressValue
}

type sweepBucket struct {
	ids  []StateID
	head int
}

func (o *sweepOrder) push(t *todoList, id StateID, _ []uint32) {
	t.n++
	p := o.st.LastProgress()
	if o.started && o.st.LastPersistent() {
		// A regress edge to a state not held: it starts the next sweep.
		o.roots = append(o.roots, sweepRoot{id, p})
		return
	}
	o.bucket(p, id)
}

func (o *sweepOrder) bucket(p ProgressValue, id StateID) {
	b := o.buckets[p]
	if b == nil {
		if k := len(o.spare); k > 0 {
			b = o.spare[k-1]
			o.spare = o.spare[:k-1]
		} else {
			b = &sweepBucket{}
		}
		o.buckets[p] = b
		heap.Push(&o.heap, p)
	}
	b.ids = append(b.ids, id)
}

func (o *sweepOrder) pop(t *todoList, dst []uint32) StateID {
	if len(o.heap) == 0 {
		// The sweep is over; the regress destinations found start the
		// next one, on a store that holds only persistent states.
		o.st.NewSweep()
		for _, r := range o.roots {
			o.bucket(r.p, r.id)
		}
		o.roots = o.roots[:0]
		o.started = false
	}
	p := o.heap[0]
	if !o.started || p != o.front {
		// The least progress waiting rose: what lies behind it can go.
		// The store forgets a whole layer at a time, so collecting at
		// every rise costs no more than the states it frees (the thesis,
		// §2.2.1: with a double representation, a hash table and a
		// priority queue by progress, garbage collection each time the
		// progress value increases is cheap).
		o.front, o.started = p, true
		o.st.Advance(p)
	}
	b := o.buckets[p]
	id := b.ids[b.head]
	b.head++
	if b.head == len(b.ids) {
		delete(o.buckets, p)
		heap.Pop(&o.heap)
		b.ids, b.head = b.ids[:0], 0
		if len(o.spare) < 64 {
			o.spare = append(o.spare, b)
		}
	}
	t.n--
	return id // the list holds numbers only: the store has the vector
}

// progressHeap is a min-heap of progress values (container/heap).
type progressHeap []ProgressValue

func (h progressHeap) Len() int           { return len(h) }
func (h progressHeap) Less(i, j int) bool { return h[i].Cmp(h[j]) < 0 }
func (h progressHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *progressHeap) Push(v any)        { *h = append(*h, v.(ProgressValue)) }
func (h *progressHeap) Pop() any {
	old := *h
	v := old[len(old)-1]
	*h = old[:len(old)-1]
	return v
}
