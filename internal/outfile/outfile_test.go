package outfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestKeepOrLeave: an existing file is replaced only by Close(true); with
// Close(false) or Discard it keeps its content, and no temporary file is
// left either way.
func TestKeepOrLeave(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.aut")
	for _, c := range []struct {
		end  func(*File) error
		want string
	}{
		{func(f *File) error { return f.Close(true) }, "new"},
		{func(f *File) error { return f.Close(false) }, "old"},
		{func(f *File) error { f.Discard(); return nil }, "old"},
	} {
		if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
			t.Fatal(err)
		}
		f, err := Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if !f.Existed || !f.Temporary() {
			t.Errorf("Existed %v, Temporary %v for a regular file", f.Existed, f.Temporary())
		}
		f.Writer().WriteString("new")
		if err := c.end(f); err != nil {
			t.Fatal(err)
		}
		f.Discard() // after Close: nothing left to do
		got, _ := os.ReadFile(path)
		if string(got) != c.want {
			t.Errorf("file holds %q, want %q", got, c.want)
		}
		if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
			t.Errorf("mode %v, want the file's own 0600", st.Mode().Perm())
		}
		entries, _ := os.ReadDir(dir)
		if len(entries) != 1 {
			t.Errorf("%d files in the folder, want 1", len(entries))
		}
	}
}

// TestSymlink: a symbolic link is followed; the link stays and its target
// gets the content.
func TestSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.aut")
	link := filepath.Join(dir, "link.aut")
	if err := os.Symlink("target.aut", link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	f, err := Create(link)
	if err != nil {
		t.Fatal(err)
	}
	if f.Final != target || f.Link != link {
		t.Errorf("Final %q Link %q, want %q and %q", f.Final, f.Link, target, link)
	}
	f.Writer().WriteString("x")
	if err := f.Close(true); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is gone or no link: %v", err)
	}
	if got, _ := os.ReadFile(target); string(got) != "x" {
		t.Errorf("target holds %q", got)
	}
}

// TestMissingFolder: the error names the file asked for, not a temporary
// name.
func TestMissingFolder(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no", "out.aut")
	_, err := Create(path)
	if err == nil || !strings.Contains(err.Error(), "'"+path+"'") || strings.Contains(err.Error(), ".tmp") {
		t.Errorf("error %v, want one naming %s", err, path)
	}
}

// TestIsInput: the same file under another name is the input.
func TestIsInput(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "m.lps")
	os.WriteFile(in, []byte("x"), 0o644)
	if !IsInput(in, filepath.Join(dir, ".", "m.lps")) || IsInput(in, filepath.Join(dir, "o.aut")) || IsInput("-", in) {
		t.Error("IsInput answers wrongly")
	}
}
