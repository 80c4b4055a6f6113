package bfs

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"
	"sync"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/rewrite"
	"github.com/lps2lts/lps2lts/stochastic"
	"github.com/lps2lts/lps2lts/termcodec"
	"github.com/lps2lts/lps2lts/timed"
)

// model is one process's view of the LPS: its own parse, generator and
// term codec. States cross process boundaries only as codec bytes, one
// string per entry of the state vector (a parameter's value, and for a
// timed model the time stamp).
type model struct {
	gen   explore.Generator
	codec *termcodec.Codec
	width int
	// bytesOf caches the codec bytes of this process's terms: terms are
	// hash-consed, so a term id names one value for the process's life,
	// and a successor's parameters are mostly values seen before.
	bytesOf map[rewrite.Term]string
	labels  map[explore.LabelID]string
	hash    hash.Hash
	sum     []byte // scratch
	key     string // in the pool
}

// pool keeps the models a worker process has parsed, by file name and
// contents, for the bundles that follow: every level of a pipeline run is
// a stage of its own with its own DoFn instances, and parsing the LPS
// again for each would cost a level as much as a small model's whole
// expansion. A model serves one bundle at a time (its rewriter is not
// safe for concurrent use).
var pool struct {
	sync.Mutex
	free map[string][]*model
}

func poolKey(name string, src []byte) string {
	h := sha256.Sum256(src)
	return name + "\x00" + string(h[:])
}

// takeModel returns a parsed model of the file, from the pool if it has one.
func takeModel(name string, src []byte) (*model, error) {
	key := poolKey(name, src)
	pool.Lock()
	if free := pool.free[key]; len(free) > 0 {
		m := free[len(free)-1]
		pool.free[key] = free[:len(free)-1]
		pool.Unlock()
		return m, nil
	}
	pool.Unlock()
	m, err := loadModel(name, src)
	if err != nil {
		return nil, err
	}
	m.key = key
	return m, nil
}

// releaseModel gives a model back to the pool.
func releaseModel(m *model) {
	pool.Lock()
	defer pool.Unlock()
	if pool.free == nil {
		pool.free = map[string][]*model{}
	}
	pool.free[m.key] = append(pool.free[m.key], m)
}

// loadModel parses and checks the LPS (text or mCRL2's binary format) and
// builds its successor generator, as lps2lts does for a plain or timed
// model. Stochastic models are refused: their transitions lead to
// distributions, which this search does not carry.
func loadModel(name string, src []byte) (*model, error) {
	spec, err := load.Read(name, src)
	if err != nil {
		return nil, err
	}
	if stochastic.IsStochastic(spec) {
		return nil, fmt.Errorf("%s: stochastic specifications are not supported by the distributed search; use lps2lts", name)
	}
	base, err := lpsgen.New(spec, lpsgen.Options{})
	if err != nil {
		return nil, err
	}
	var gen explore.Generator = base
	if timed.IsTimed(spec) {
		if gen, err = timed.New(base); err != nil {
			return nil, err
		}
	}
	return &model{
		gen: gen, codec: termcodec.New(base.Rewriter()), width: gen.Width(),
		bytesOf: map[rewrite.Term]string{}, labels: map[explore.LabelID]string{}, hash: sha256.New(),
	}, nil
}

// termBytes returns the codec bytes of one entry of a state vector.
func (m *model) termBytes(v uint32) (string, error) {
	t := rewrite.Term(v)
	if b, ok := m.bytesOf[t]; ok {
		return b, nil
	}
	b, err := m.codec.AppendTerm(nil, t)
	if err != nil {
		return "", err
	}
	m.bytesOf[t] = string(b)
	return string(b), nil
}

// decodeTerm turns the bytes of one entry back into this process's term.
func (m *model) decodeTerm(b []byte) (uint32, error) {
	t, rest, err := m.codec.DecodeTerm(b)
	if err != nil {
		return 0, err
	}
	if len(rest) != 0 {
		return 0, fmt.Errorf("term encoding has %d bytes too many", len(rest))
	}
	return uint32(t), nil
}

// label returns a label's text, as lps2lts writes it.
func (m *model) label(l explore.LabelID) string {
	s, ok := m.labels[l]
	if !ok {
		s = m.gen.Labels().Text(l)
		m.labels[l] = s
	}
	return s
}

// initial returns the initial state's entries as codec bytes.
func (m *model) initial() ([]string, error) {
	s, err := m.gen.Initial(nil)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(s))
	for i, v := range s {
		if out[i], err = m.termBytes(v); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// fingerprint names a state in the visited set and in the shuffle: the
// first 16 bytes of the SHA-256 of its encoding (its entries' codec bytes
// one after the other). Two distinct states share one with probability
// about n²/2¹²⁹ (10⁻¹⁹ for 10¹⁰ states); the join compares the entries of
// the states it meets with one fingerprint and fails loudly on a
// collision it sees.
type fingerprint [16]byte

func (m *model) fingerprint(entries []string) fingerprint {
	return fingerprintOf(m.hash, &m.sum, entries)
}

func fingerprintOf(h hash.Hash, sum *[]byte, entries []string) (fp fingerprint) {
	h.Reset()
	for _, e := range entries {
		h.Write([]byte(e))
	}
	*sum = h.Sum((*sum)[:0])
	copy(fp[:], *sum)
	return fp
}

// shardOf is the visited-set shard a fingerprint falls in. Fingerprints
// are uniform, so any bits do; the shards then hold sorted key ranges'
// worth of work each, without being ranges (a shard's runs are sorted).
func shardOf(fp fingerprint, shards int) int {
	return int(binary.BigEndian.Uint64(fp[:8]) % uint64(shards))
}

func (fp fingerprint) String() string { return fmt.Sprintf("%x", fp[:]) }
