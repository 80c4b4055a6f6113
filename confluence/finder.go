package confluence

// Graph is the confluent part of a state space as the finder sees it. Nodes
// are dense numbers 0, 1, 2, ... handed out by the graph itself (usually in
// the order Successors first reports them); Representative indexes slices
// by them.
type Graph interface {
	// Successors appends to dst the nodes one confluent step away from u,
	// in an order that depends only on u.
	Successors(dst []int32, u int32) ([]int32, error)
	// Less is a strict total order on the nodes handed out so far. The
	// representative is the least node of the terminal component.
	Less(a, b int32) bool
}

// unvisited marks a node not yet discovered by the current search.
const unvisited = -1

// frame is one entry of the explicit work stack: node u, whose successors
// occupy succ[first:end], of which those before next have been handled.
type frame struct {
	u     int32
	next  int32
	end   int32
	first int32
}

// Finder holds the scratch space of Representative so that repeated calls
// allocate nothing once the buffers have grown. A Finder is not safe for
// concurrent use; give each exploring goroutine its own.
type Finder struct {
	disc    []int32 // discovery index per node, or unvisited
	low     []int32 // Tarjan's low-link per node
	onStack []bool
	stack   []int32 // Tarjan's component stack
	work    []frame // the explicit recursion stack
	succ    []int32 // successor lists of the nodes on the work stack
	touched []int32 // nodes whose entries must be reset after a call
}

// Representative returns the least node (under g.Less) of the first
// strongly connected component that Tarjan's algorithm completes when
// started in root. For a graph of confluent τ-steps that component is the
// unique terminal one reachable from root.
func (f *Finder) Representative(g Graph, root int32) (int32, error) {
	defer f.reset()
	var err error
	count := int32(0)
	if err = f.push(g, root, &count); err != nil {
		return 0, err
	}
	for {
		top := &f.work[len(f.work)-1]
		u := top.u
		if top.next < top.end {
			v := f.succ[top.next]
			top.next++
			switch {
			case f.discOf(v) == unvisited:
				// Descend into v; u continues from top.next when v is done.
				if err = f.push(g, v, &count); err != nil {
					return 0, err
				}
			case f.onStack[v]:
				f.low[u] = min(f.low[u], f.disc[v])
			}
			continue
		}
		// All successors of u are handled.
		if f.low[u] == f.disc[u] {
			return f.popComponent(g, u), nil
		}
		f.succ = f.succ[:top.first]
		f.work = f.work[:len(f.work)-1]
		parent := f.work[len(f.work)-1].u // non-empty: the root always closes a component
		f.low[parent] = min(f.low[parent], f.low[u])
	}
}

// push discovers node u and puts it on both stacks with its successors.
func (f *Finder) push(g Graph, u int32, count *int32) error {
	f.grow(u)
	f.disc[u] = *count
	f.low[u] = *count
	*count++
	f.onStack[u] = true
	f.stack = append(f.stack, u)
	f.touched = append(f.touched, u)
	first := int32(len(f.succ))
	var err error
	f.succ, err = g.Successors(f.succ, u)
	if err != nil {
		return err
	}
	f.work = append(f.work, frame{u: u, next: first, end: int32(len(f.succ)), first: first})
	return nil
}

// popComponent pops the component rooted at u and returns its least node.
func (f *Finder) popComponent(g Graph, u int32) int32 {
	best := u
	for {
		v := f.stack[len(f.stack)-1]
		f.stack = f.stack[:len(f.stack)-1]
		f.onStack[v] = false
		if g.Less(v, best) {
			best = v
		}
		if v == u {
			return best
		}
	}
}

func (f *Finder) discOf(u int32) int32 {
	if int(u) >= len(f.disc) {
		return unvisited
	}
	return f.disc[u]
}

func (f *Finder) grow(u int32) {
	for int(u) >= len(f.disc) {
		f.disc = append(f.disc, unvisited)
		f.low = append(f.low, 0)
		f.onStack = append(f.onStack, false)
	}
}

// reset clears the entries of the nodes this call touched, so the next
// call starts clean without clearing whole slices.
func (f *Finder) reset() {
	for _, u := range f.touched {
		f.disc[u] = unvisited
		f.onStack[u] = false
	}
	f.touched = f.touched[:0]
	f.stack = f.stack[:0]
	f.work = f.work[:0]
	f.succ = f.succ[:0]
}
