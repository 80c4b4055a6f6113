package explore

import "fmt"

// The one step of every search: a state's successors arrive as a batch —
// from the generator, from a thread's block (parallel.go) or from delayed
// duplicate detection (delayed.go) — and insert turns the batch into state
// numbers, events and todo entries, in the order the generator emitted
// them.

// batch is the transitions of one state. Transition i has label labels[i]
// and leads to a distribution of sizes[i] states (a stochastic generator's;
// sizes is empty when every transition leads to one state), whose vectors
// follow one another in vecs and whose probabilities are in probs. keys
// name the targets for a store that records how states are reached (one
// per target), when the generator's keys are used; err is the generator's
// error after the transitions it emitted.
type batch struct {
	labels []LabelID
	sizes  []int32
	probs  []ProbabilityID
	vecs   []uint32
	keys   []uint64
	// written holds each target's mask of the values its transition may
	// have changed, where a VectorAppender computed the batch; else it
	// is empty.
	written []uint64
	err     error
}

func (b *batch) reset() {
	b.labels, b.sizes, b.probs, b.vecs, b.keys, b.written, b.err = b.labels[:0], b.sizes[:0], b.probs[:0], b.vecs[:0], b.keys[:0], b.written[:0], nil
}

// add appends a transition to next with label.
func (b *batch) add(label LabelID, next []uint32) {
	b.labels = append(b.labels, label)
	b.vecs = append(b.vecs, next...)
}

func (b *batch) bytes() int {
	return 4*cap(b.labels) + 4*cap(b.sizes) + 4*cap(b.probs) + 4*cap(b.vecs) + 8*cap(b.keys) + 8*cap(b.written)
}

// collect is the emit function of Generator.Successors: it only records
// (a ComBack store may call the generator to rebuild a state while the
// batch is inserted).
func (x *Explorer) collect(label LabelID, next []uint32) {
	b := &x.own
	b.add(label, next)
	if x.plan.keys != nil {
		b.keys = append(b.keys, x.plan.keys.TransitionKey())
	}
}

// collectKey is a VectorAppender's emit where transitions have keys: the
// generator appended the rest of the transition to the batch itself.
func (x *Explorer) collectKey() {
	b := &x.own
	b.keys = append(b.keys, x.plan.keys.TransitionKey())
}

// collectStochastic is collect for StochasticSuccessors. The states of a
// distribution come one after another; their positions name them for a
// ComBack store (the generator's Successors emits them in the same order).
func (x *Explorer) collectStochastic(label LabelID, next []uint32, probs []ProbabilityID) {
	b := &x.own
	b.labels = append(b.labels, label)
	b.sizes = append(b.sizes, int32(len(probs)))
	b.probs = append(b.probs, probs...)
	b.vecs = append(b.vecs, next...)
}

// successors computes the batch of vec with the explorer's generator.
func (x *Explorer) successors(vec []uint32) *batch {
	b := &x.own
	b.reset()
	switch {
	case x.plan.stochastic != nil:
		b.err = x.plan.stochastic.StochasticSuccessors(vec, x.emitStochastic)
	case x.appender != nil:
		b.err = x.appender.AppendSuccessors(vec, Targets{&b.vecs, &b.labels, &b.written}, x.emitAppended)
	default:
		b.err = x.gen.Successors(vec, x.emit)
	}
	return b
}

// expand generates the transitions of state s, whose vector is vec,
// between StartState and FinishState; b holds its successors when a
// thread computed them, else nil.
func (x *Explorer) expand(s StateID, vec []uint32, b *batch) error {
	if x.plan.delayed != nil {
		return x.expandDelayed(s, vec)
	}
	for _, v := range x.visitors {
		v.StartState(s, vec)
	}
	if b == nil {
		x.startInside(s)
		b = x.successors(vec)
		x.inside.at = 0
	}
	x.insert(s, b, 0)
	if b.err == nil {
		b.err = x.sweepErr() // the progress measure's (sweep.go)
	}
	if b.err != nil {
		// What was found before the error went out: the transitions are
		// kept, the state stays unfinished.
		return x.stateError(s, b.err)
	}
	x.finish(s)
	return nil
}

// finish counts s as explored and delivers FinishState. A breadth-first
// level ends, as mCRL2 counts levels, when the states that were in the
// todo list at its start are all explored.
func (x *Explorer) finish(s StateID) {
	x.explored++
	if x.explored == x.levelUp {
		x.level++
		x.levelUp = x.store.Len()
	}
	for _, v := range x.visitors {
		v.FinishState(s)
	}
}

// step is the insertion's state, chosen once by New.
type step struct {
	how  insertion
	ids  []StateID // the targets of the transition being inserted
	keys []uint64  // the batch's root keys (TwoPhaseStore)
	// keyNext is the next key to insert, touched the end of the keys
	// whose memory was touched; blockKeys says keys come from a thread's
	// block, computed ahead.
	keyNext, touched int
	blockKeys        bool
	prefetch         Prefetcher    // the store, if it is one
	writtenFolder    WrittenFolder // the store, if it is one
}

// insertion is how a successor is inserted: the store's Insert, its two
// phases, InsertFrom (recording the transition), or InsertCandidate after
// delayed duplicate detection.
type insertion uint8

const (
	plainInsert insertion = iota
	twoPhaseInsert
	tracedInsert
	candidateInsert
)

func (st *step) init(x *Explorer) {
	switch p := &x.plan; {
	case p.delayed != nil:
		st.how = candidateInsert
	case p.traced != nil:
		st.how = tracedInsert
	case p.twoPhase != nil:
		st.how = twoPhaseInsert
		st.prefetch, _ = p.twoPhase.(Prefetcher)
		st.writtenFolder, _ = p.twoPhase.(WrittenFolder)
	}
}

// insert inserts the successors of s in b and delivers their events, in
// order. Candidate k0+j is b's j-th target (delayed duplicate detection).
func (x *Explorer) insert(s StateID, b *batch, k0 int) {
	p := &x.plan
	st := &x.step
	w := p.width
	if st.how == twoPhaseInsert && !st.blockKeys {
		if n := len(b.vecs) / w; len(b.written) == n && st.writtenFolder != nil {
			st.keys = st.writtenFolder.AppendRootKeysWritten(st.keys[:0], b.vecs, b.written, n)
		} else {
			st.keys = p.twoPhase.AppendRootKeys(st.keys[:0], b.vecs, n)
		}
		st.keyNext, st.touched = 0, 0
	}
	if st.how == twoPhaseInsert && len(b.sizes) == 0 && !x.opt.Cycles {
		// The common case, breadth-first search over a tree store
		// without distributions or cycles, on its own: the general loop
		// below paid its cases for every transition (onebit_3-b: 130
		// instructions a transition).
		for i, label := range b.labels {
			id, isNew := st.insertNextKey(p.twoPhase)
			if isNew {
				x.discover(id, b.vecs[i*w:(i+1)*w:(i+1)*w], s, label)
			}
			x.transitions++
			for _, v := range x.visitors {
				v.ExamineTransition(s, label, id)
			}
		}
		return
	}
	j := 0 // the target being inserted
	for i, label := range b.labels {
		n := 1
		if len(b.sizes) > 0 {
			n = int(b.sizes[i])
		}
		ids := st.ids[:0]
		for range n {
			next := b.vecs[j*w : (j+1)*w : (j+1)*w]
			var id StateID
			var isNew bool
			switch st.how {
			case plainInsert:
				id, isNew = x.store.Insert(next)
			case twoPhaseInsert:
				id, isNew = st.insertNextKey(p.twoPhase)
			case tracedInsert:
				id, isNew = p.traced.InsertFrom(next, s, b.key(j))
			case candidateInsert:
				id, isNew = p.delayed.InsertCandidate(k0+j, s, b.key(j))
			}
			if isNew {
				x.discover(id, next, s, label)
			}
			if x.opt.Cycles {
				x.cyc.addEdge(label, id, next, p.canState)
			}
			ids = append(ids, id)
			j++
		}
		st.ids = ids
		x.transitions++
		if len(b.sizes) == 0 {
			for _, v := range x.visitors {
				v.ExamineTransition(s, label, ids[0])
			}
			continue
		}
		probs := b.probs[j-n : j]
		for k, v := range x.visitors {
			if sv := x.stochs[k]; sv != nil {
				sv.ExamineStochasticTransition(s, label, ids, probs)
			} else {
				// Plain visitors see the first state of the
				// distribution, as mCRL2's detectors use first_state.
				v.ExamineTransition(s, label, ids[0])
			}
		}
	}
}

// key names b's j-th target for a traced store: the generator's key, or
// its position among the state's targets.
func (b *batch) key(j int) uint64 {
	if len(b.keys) > 0 {
		return b.keys[j]
	}
	return uint64(j)
}

// discover delivers DiscoverState for a new state and puts it in the todo
// list.
func (x *Explorer) discover(id StateID, vec []uint32, from StateID, label LabelID) {
	for _, v := range x.visitors {
		v.DiscoverState(id, vec, from, label)
	}
	if x.opt.Cycles {
		x.cyc.colors = append(x.cyc.colors, white)
	} else {
		x.todo.push(id, vec)
	}
}

// insertNextKey inserts the successor whose key is next, touching the
// memory of the keys ahead a run at a time. With a Prefetcher, the keys
// of a block are touched for the first run only; at the start of each
// run the first memory of the run after next is asked for (the next
// run's was at the start of the last one).
func (st *step) insertNextKey(tp TwoPhaseStore) (StateID, bool) {
	if st.keyNext >= st.touched {
		st.touched = min(st.keyNext+touchAhead, len(st.keys))
		pf := st.prefetch
		if pf == nil || !st.blockKeys || st.keyNext == 0 {
			tp.Touch(st.keys[st.keyNext:st.touched])
		}
		if pf != nil && st.blockKeys {
			next := st.keys[st.touched:]
			if st.keyNext == 0 {
				pf.Prefetch(next)
			}
			if len(next) > touchAhead {
				pf.Prefetch(next[touchAhead:])
			}
		}
	}
	k := st.keys[st.keyNext]
	st.keyNext++
	return tp.InsertRootKey(k)
}

// touchAhead is the number of keys whose memory is touched together: as
// many reads as the processor keeps under way at once, more or less. (On
// this machine 16 and 32 gave the same times; 4 was slower.)
const touchAhead = 16

// insertRoots inserts the initial state, or the states of the initial
// distribution, and returns their numbers.
func (x *Explorer) insertRoots() ([]StateID, error) {
	w := x.plan.width
	var vecs []uint32
	var probs []ProbabilityID
	var err error
	if sg := x.plan.stochastic; sg != nil {
		vecs, probs, err = sg.InitialDistribution(nil, nil)
		if err == nil && (len(probs) == 0 || len(vecs) != w*len(probs)) {
			err = fmt.Errorf("initial distribution has %d values for %d states of width %d", len(vecs), len(probs), w)
		}
	} else {
		vecs, err = x.gen.Initial(make([]uint32, 0, w))
		if err == nil && len(vecs) != w {
			err = fmt.Errorf("initial state has %d values, want %d", len(vecs), w)
		}
		probs = make([]ProbabilityID, 1)
	}
	if err != nil {
		return nil, err
	}
	if x.opt.Cycles && !x.plan.canState {
		x.cyc.rootVecs = vecs
	}
	ids := make([]StateID, len(probs))
	for k := range ids {
		v := vecs[k*w : (k+1)*w]
		var isNew bool
		if x.plan.traced != nil {
			// Each root is reached by no transition (ComBack: no
			// backedge).
			ids[k], isNew = x.plan.traced.InsertFrom(v, NoState, 0)
		} else {
			ids[k], isNew = x.store.Insert(v)
		}
		if isNew {
			x.discover(ids[k], v, NoState, TauLabel)
		}
	}
	if x.plan.stochastic != nil {
		for _, sv := range x.stochs {
			if sv != nil {
				sv.InitialDistribution(ids, probs)
			}
		}
	}
	return ids, nil
}
