package load

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/lps"
)

// TestFormatsToldApart: File and Read take either format, told apart by
// the first bytes (not the file's name): the binary example and the text
// it was made from read to the same process; Text refuses the binary
// one, saying what it is.
func TestFormatsToldApart(t *testing.T) {
	text, err := File("../../examples/abp.lps")
	if err != nil {
		t.Fatal(err)
	}
	bin, err := File("../../examples/abp.bin.lps")
	if err != nil {
		t.Fatal(err)
	}
	if text.Print() != bin.Print() {
		t.Errorf("abp.lps and abp.bin.lps print differently")
	}
	src, err := os.ReadFile("../../examples/abp.bin.lps")
	if err != nil {
		t.Fatal(err)
	}
	// A binary file under a text's name is still read as binary.
	if spec, err := Read("abp.txt", src); err != nil || len(spec.Summands) != len(text.Summands) {
		t.Errorf("binary bytes named .txt: %v", err)
	}
	_, err = Text("abp.bin.lps", src)
	var list lps.ErrorList
	if !errors.As(err, &list) || !strings.Contains(err.Error(), "binary format") {
		t.Errorf("Text of a binary file: %v", err)
	}
}

// TestErrorsNameTheFile: a text that fails gives file:line:col errors, a
// binary file that fails an error starting with its name, and a missing
// file the system's error.
func TestErrorsNameTheFile(t *testing.T) {
	if _, err := Read("bad.lps", []byte("act a;\nproc P = b . P();\ninit P;\n")); err == nil || !strings.HasPrefix(err.Error(), "bad.lps:2:") {
		t.Errorf("text: %v", err)
	}
	if _, err := Read("cut.lps", []byte{0x00, 0x8b, 0xaf, 0x83, 0x08, 0xff}); err == nil || !strings.HasPrefix(err.Error(), "cut.lps: ") {
		t.Errorf("binary: %v", err)
	}
	if _, err := File(filepath.Join(t.TempDir(), "absent.lps")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	if _, err := Input("in", strings.NewReader("act a;")); err != nil {
		t.Errorf("Input: %v", err)
	}
}
