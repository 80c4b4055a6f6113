package load

import (
	"strings"
	"testing"
)

// zeros is an endless stream, like /dev/zero.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestEndlessInputRefused: an input beyond the limit is refused.
func TestEndlessInputRefused(t *testing.T) {
	if _, err := readLimited("zero", zeros{}, 1<<20); err == nil || !strings.Contains(err.Error(), "zero: input larger than 1048576 bytes") {
		t.Errorf("got %v", err)
	}
	if src, err := readLimited("small", strings.NewReader("act a;"), 6); err != nil || string(src) != "act a;" {
		t.Errorf("got %q, %v", src, err)
	}
}
