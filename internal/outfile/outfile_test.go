package outfile

import (
	"os"
	"path/filepath"
	"strconv"
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

// TestLeftoversRemoved: the temporary file of a run that was killed
// (its process gone) is removed by the next run on the same OUTFILE; one
// whose process lives, and files of other names, are left.
func TestLeftoversRemoved(t *testing.T) {
	dir := t.TempDir()
	dead := filepath.Join(dir, ".out.aut.999999999.123.tmp") // no such process
	live := filepath.Join(dir, ".out.aut."+strconv.Itoa(os.Getpid())+".456.tmp")
	other := filepath.Join(dir, ".other.aut.999999999.1.tmp")
	for _, name := range []string{dead, live, other} {
		if err := os.WriteFile(name, []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	f, err := Create(filepath.Join(dir, "out.aut"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Discard()
	if len(f.Removed) != 1 || f.Removed[0] != dead {
		t.Errorf("removed %v, want [%s]", f.Removed, dead)
	}
	for name, want := range map[string]bool{dead: false, live: true, other: true} {
		if _, err := os.Stat(name); (err == nil) != want {
			t.Errorf("%s exists: %v, want %v", name, err == nil, want)
		}
	}
}

// TestProtectedSymlink: in a sticky folder everyone may write (/tmp), a
// symbolic link another user owns is not followed (as the kernel's
// fs.protected_symlinks would refuse; the rename onto the target went
// round it), and the target is left as it was; the folder owner's own
// link is followed. Needs root, to give the link another owner.
func TestProtectedSymlink(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to make a link owned by another user")
	}
	dir := t.TempDir()
	sticky := filepath.Join(dir, "tmp")
	if err := os.Mkdir(sticky, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(sticky, 0o777|os.ModeSticky); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(dir, "precious")
	if err := os.WriteFile(target, []byte("precious"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(sticky, "out.aut")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := os.Lchown(link, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	if f, err := Create(link); err == nil || !strings.Contains(err.Error(), "refusing to follow") {
		if f != nil {
			f.Discard()
		}
		t.Fatalf("another user's link was followed (err %v)", err)
	}
	if got, _ := os.ReadFile(target); string(got) != "precious" {
		t.Errorf("the target was changed: %q", got)
	}
	if err := os.Lchown(link, 0, 0); err != nil {
		t.Fatal(err)
	}
	f, err := Create(link)
	if err != nil {
		t.Fatalf("the owner's own link: %v", err)
	}
	f.Discard()
}

// TestAdopt: an adopted file becomes OUTFILE on Close(true), with the
// mode OUTFILE had, and keeps its own name until its owner removes it;
// Close(false) leaves OUTFILE as it was. An output written directly
// cannot adopt.
func TestAdopt(t *testing.T) {
	for _, keep := range []bool{true, false} {
		dir := t.TempDir()
		path := filepath.Join(dir, "out.aut")
		if err := os.WriteFile(path, []byte("old\n"), 0o640); err != nil {
			t.Fatal(err)
		}
		spill := filepath.Join(dir, "spill")
		if err := os.WriteFile(spill, []byte("new\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		f, err := Create(path)
		if err != nil {
			t.Fatal(err)
		}
		f.Writer().WriteString("never seen\n")
		if err := f.Adopt(spill); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(keep); err != nil {
			t.Fatal(err)
		}
		want := map[bool]string{true: "new\n", false: "old\n"}[keep]
		if b, _ := os.ReadFile(path); string(b) != want {
			t.Errorf("keep %v: OUTFILE holds %q, want %q", keep, b, want)
		}
		if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o640 {
			t.Errorf("keep %v: OUTFILE's mode %v (%v), want 0640", keep, st.Mode(), err)
		}
		if b, err := os.ReadFile(spill); err != nil || string(b) != "new\n" {
			t.Errorf("keep %v: the adopted file's own name holds %q (%v)", keep, b, err)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".out.aut.*")); len(left) > 0 {
			t.Errorf("keep %v: temporary files left: %v", keep, left)
		}
	}
	f, err := Create(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close(false)
	if err := f.Adopt(filepath.Join(t.TempDir(), "x")); err == nil {
		t.Error("an output written directly adopted a file")
	}
}
