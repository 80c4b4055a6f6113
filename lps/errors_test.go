package lps

import (
	"errors"
	"strings"
	"testing"
)

// TestRecoverInternal: a panic inside an entry point comes back as one
// "internal error" naming the file, with the result zeroed; without a
// panic, the results are left as the function set them.
func TestRecoverInternal(t *testing.T) {
	entry := func(fail bool) (out *Spec, err error) {
		defer RecoverInternal("in.lps", &out, &err)
		out = &Spec{}
		if fail {
			panic("a bug")
		}
		return out, nil
	}
	out, err := entry(true)
	var list ErrorList
	if out != nil || !errors.As(err, &list) || len(list) != 1 || !strings.Contains(err.Error(), "in.lps: internal error: a bug") {
		t.Fatalf("after a panic: %v, %v; want nil and one internal error in in.lps", out, err)
	}
	if out, err := entry(false); out == nil || err != nil {
		t.Fatalf("without a panic: %v, %v", out, err)
	}
}
