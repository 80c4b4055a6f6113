package bfs

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/rewrite"
	"github.com/lps2lts/lps2lts/stochastic"
	"github.com/lps2lts/lps2lts/timed"
)

// model is one process's view of the LPS: its own parse, generator and
// term codec. States cross process boundaries only as codec bytes.
type model struct {
	gen   explore.Generator
	codec *rewrite.Codec
	width int
	next  []uint32 // scratch
	buf   []byte   // scratch
}

// loadModel parses and checks the LPS (text or mCRL2's binary format) and
// builds its successor generator, as lps2lts does for a plain or timed
// model. Stochastic models are refused: their transitions lead to
// distributions, which this search does not carry.
func loadModel(name string, src []byte) (*model, error) {
	spec, err := lps.Read(name, src)
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
	// Every entry of a state vector is a term: the parameters' values,
	// and for a timed model the time stamp after them.
	return &model{gen: gen, codec: rewrite.NewCodec(base.Rewriter()), width: gen.Width()}, nil
}

// encode returns the bytes of a state vector.
func (m *model) encode(state []uint32) (string, error) {
	m.buf = m.buf[:0]
	var err error
	for _, v := range state {
		if m.buf, err = m.codec.AppendTerm(m.buf, rewrite.Term(v)); err != nil {
			return "", err
		}
	}
	return string(m.buf), nil
}

// decode turns state bytes back into a vector of this process's terms.
func (m *model) decode(enc string, dst []uint32) ([]uint32, error) {
	rest := []byte(enc)
	dst = dst[:0]
	for i := 0; i < m.width; i++ {
		t, r, err := m.codec.DecodeTerm(rest)
		if err != nil {
			return nil, err
		}
		dst, rest = append(dst, uint32(t)), r
	}
	if len(rest) != 0 {
		return nil, fmt.Errorf("state encoding has %d bytes too many", len(rest))
	}
	return dst, nil
}

// initial returns the encoded initial state.
func (m *model) initial() (string, error) {
	s, err := m.gen.Initial(nil)
	if err != nil {
		return "", err
	}
	return m.encode(s)
}

// fingerprint names a state in the visited set and in transitions: the
// first 16 bytes of the SHA-256 of its encoding, as 32 hex digits. Two
// distinct states share one with probability about n²/2¹²⁹ (10⁻¹⁹ for
// 10¹⁰ states); the join compares the full encodings of the states it
// meets and fails loudly on a collision it sees.
func fingerprint(enc string) string {
	h := sha256.Sum256([]byte(enc))
	return hex.EncodeToString(h[:16])
}

// State lines in files: fingerprint, a tab, the encoding in base64.
func stateLine(fp, enc string) string {
	return fp + "\t" + base64.StdEncoding.EncodeToString([]byte(enc))
}

func parseStateLine(line string) (fp, enc string, err error) {
	if len(line) < 33 || line[32] != '\t' {
		return "", "", fmt.Errorf("malformed state line %.40q", line)
	}
	b, err := base64.StdEncoding.DecodeString(line[33:])
	if err != nil {
		return "", "", fmt.Errorf("malformed state line %.40q: %v", line, err)
	}
	return line[:32], string(b), nil
}
