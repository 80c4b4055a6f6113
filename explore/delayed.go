package explore

// Delayed duplicate detection (ComBack, store/comback_ddd.go; Evangelista
// et al., "ComBack with delayed duplicate detection"): the states an
// expansion reaches become candidates, and the expansion waits, with all
// its events, until a batch of candidates is resolved at once; flushDelayed
// then inserts the waiting expansions' batches through the one step, in
// order, so the events are those of an immediate search.

// delayedSearch holds the expansions whose transitions wait for their
// candidates: expansion i is state pend[i].s, with vector
// src[i*width:], and its transitions are all[pend[i].lo:pend[i].hi].
type delayedSearch struct {
	pend      []pendExpansion
	src       []uint32
	all       batch
	undecided int
}

type pendExpansion struct {
	s      StateID
	lo, hi int
}

func (d *delayedSearch) pending() bool { return len(d.pend) > 0 }

func (d *delayedSearch) bytes() int {
	return 24*cap(d.pend) + 4*cap(d.src) + d.all.bytes()
}

// expandDelayed is expand with delayed duplicate detection.
func (x *Explorer) expandDelayed(s StateID, vec []uint32) error {
	d := &x.ddd
	ds := x.plan.delayed
	b := x.successors(vec)
	if b.err != nil {
		x.flushDelayed()
		for _, v := range x.visitors {
			v.StartState(s, vec)
		}
		return x.stateError(s, b.err)
	}
	w := x.plan.width
	k := len(d.all.labels)
	d.pend = append(d.pend, pendExpansion{s: s, lo: k, hi: k + len(b.labels)})
	d.src = append(d.src, vec...)
	d.all.labels = append(d.all.labels, b.labels...)
	d.all.vecs = append(d.all.vecs, b.vecs...)
	for j := range b.labels {
		d.all.keys = append(d.all.keys, b.key(j))
		d.undecided = ds.DelayCandidate(k+j, b.vecs[j*w:(j+1)*w])
	}
	// A batch also ends when the held-back transitions would outgrow the
	// candidate set many times over (they are mostly surely new).
	if !x.plan.batchDelayed || d.undecided >= ds.DelayLimit() || len(d.all.labels) >= max(16*ds.DelayLimit(), 1<<14) {
		x.flushDelayed()
	}
	return nil
}

// flushDelayed resolves the pending candidates and delivers the held-back
// events of the pending expansions, in order.
func (x *Explorer) flushDelayed() {
	d := &x.ddd
	if len(d.pend) == 0 {
		return
	}
	x.plan.delayed.ResolveCandidates(d.all.vecs)
	w := x.plan.width
	for i, p := range d.pend {
		src := d.src[i*w : (i+1)*w]
		for _, v := range x.visitors {
			v.StartState(p.s, src)
		}
		part := batch{labels: d.all.labels[p.lo:p.hi], vecs: d.all.vecs[p.lo*w : p.hi*w], keys: d.all.keys[p.lo:p.hi]}
		x.insert(p.s, &part, p.lo)
		x.finish(p.s)
	}
	d.pend, d.src = d.pend[:0], d.src[:0]
	d.all.reset()
	d.undecided = 0
}
