package mcrl2_test

import (
	"os"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/lps/load"
)

// TestInternalFunctionsMalformed: a binary file that applies one of
// mCRL2's internal functions at a sort mCRL2 does not define it for, names
// one mCRL2 does not have, uses one the reader reads as an expression as a
// value, or gives @set a function part of the wrong sort is refused with a
// message that names the symbol and says why, never a panic. The files are
// testdata/internalbad/NAME.mcrl2 linearised by mcrl22lps and renamed by
// lpsgen/testdata/internal/rename as their first line says.
func TestInternalFunctionsMalformed(t *testing.T) {
	for name, want := range map[string]string{
		"overload": "summand 1: internal function @monus of sort Pos # Pos -> Pos: mCRL2 has no such overload",
		"unknown":  "summand 1: unknown internal function @nosuch: mCRL2's data library has no such function",
		"value":    "summand 1: internal function @monus used as a value, not applied to its 2 arguments",
		"setsort":  "summand 1: @set of a Nat -> Nat and a FSet(Nat) as a Set(Nat)",
	} {
		file := "testdata/internalbad/" + name + ".lps"
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		_, err = load.Read(file, src)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one saying %q", name, err, want)
		}
	}
}
