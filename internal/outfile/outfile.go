// Package outfile writes an output file as lps2lts and lps2lts-beam
// promise to: a regular (or new) OUTFILE is written under a temporary
// name beside it and renamed over it at the end, so that a run that fails
// leaves an existing OUTFILE as it was; a symbolic link is followed, as
// open(2) follows it (the file it names is written, the link stays); an
// existing OUTFILE that open(2) would not open for writing is refused,
// though the rename could replace it; devices and pipes are written
// directly. A new OUTFILE gets the mode open(2) would give it under the
// user's umask; an existing one keeps its mode. Errors name the file the
// user asked for, never the temporary name.
package outfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// File is an OUTFILE being written.
type File struct {
	// Final is OUTFILE, or the file its symbolic links lead to; Link is
	// OUTFILE when it is a symbolic link to Final.
	Final, Link string
	// Existed: OUTFILE was there before the run.
	Existed bool
	// Removed are the temporary files of earlier runs on OUTFILE that
	// were killed (SIGKILL, a crash) before they could remove them.
	Removed []string

	mu   sync.Mutex // Discard may come from a signal handler
	file *os.File   // nil once closed or discarded
	temp string     // the temporary name of file, "" when written directly
	mode os.FileMode
}

// Create opens the file to write for path: a temporary file beside a
// regular (or new) file, path itself when it is a device or a pipe.
func Create(path string) (*File, error) {
	// A new file gets the mode open(path, O_CREAT, 0666) would give it;
	// the temporary file is made 0600 whatever the umask.
	f := &File{Final: path, mode: 0o666 &^ umask()}
	if st, err := os.Stat(path); err == nil && !st.Mode().IsRegular() {
		// A device or a pipe, also through links (/dev/stdout ->
		// /proc/self/fd/1 -> pipe:[N], which names no file): open(2)
		// opens it by the name given.
		w, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return nil, f.cannotOpen(err)
		}
		f.Existed, f.file = true, w
		return f, nil
	}
	target, err := followLinks(path)
	if err != nil {
		return nil, f.cannotOpen(err)
	}
	if target != path {
		f.Link, f.Final = path, target
	}
	if st, err := os.Stat(f.Final); err == nil {
		f.Existed = true
		w, err := os.OpenFile(f.Final, os.O_WRONLY, 0)
		if err != nil {
			return nil, f.cannotOpen(err)
		}
		if !st.Mode().IsRegular() {
			f.file = w
			return f, nil
		}
		w.Close()
		f.mode = st.Mode().Perm()
	}
	dir, base := filepath.Split(f.Final)
	if dir == "" {
		dir = "."
	}
	f.Removed = removeLeftovers(dir, base)
	// The process id in the name tells a later run whether the file is
	// still being written.
	w, err := os.CreateTemp(dir, "."+base+"."+strconv.Itoa(os.Getpid())+".*.tmp")
	if err != nil {
		if f.Existed && errors.Is(err, fs.ErrPermission) {
			return nil, f.cannotOpen(fmt.Errorf("OUTFILE is written under a temporary name in its folder '%s', which is not writable", dir))
		}
		return nil, f.cannotOpen(err)
	}
	f.file, f.temp = w, w.Name()
	return f, nil
}

// Writer is the open file to write to.
func (f *File) Writer() *os.File { return f.file }

// Temporary reports whether the output goes to a temporary file that
// Close renames (not straight to a device or a pipe).
func (f *File) Temporary() bool { return f.temp != "" }

// Adopt makes the file at path the output in place of what was written
// to the temporary file: Close(true) then makes it Final. path keeps its
// name too (a hard link), so that it stays whole if the run fails after
// this; it must be on OUTFILE's file system. Adopt fails, changing
// nothing, for an output written directly (a device or a pipe) or where
// the link cannot be made (another file system, one without links).
func (f *File) Adopt(path string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.file == nil || f.temp == "" {
		return errors.New("outfile: no temporary file to replace")
	}
	// A name a later run removes as a leftover if this one is killed
	// before the rename.
	link := strings.TrimSuffix(f.temp, ".tmp") + ".adopt.tmp"
	if err := os.Link(path, link); err != nil {
		return err
	}
	if err := os.Rename(link, f.temp); err != nil {
		os.Remove(link)
		return err
	}
	return nil
}

// Close closes the file. With keep, a temporary file becomes Final;
// without, or when closing or renaming fails, it is removed.
func (f *File) Close(keep bool) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.file == nil {
		return nil
	}
	err := f.file.Close()
	f.file = nil
	if f.temp == "" {
		return err
	}
	if err == nil && keep {
		if err = os.Chmod(f.temp, f.mode); err == nil {
			err = os.Rename(f.temp, f.Final)
		}
	}
	if err != nil || !keep {
		os.Remove(f.temp)
	}
	return err
}

// CloseDurable is Close(true) that survives a crash of the machine: the
// file is synced before it is renamed, and its folder after (a
// checkpoint, which a crash must leave either old or new and whole).
func (f *File) CloseDurable() error {
	f.mu.Lock()
	w := f.file
	f.mu.Unlock()
	if w != nil {
		if err := w.Sync(); err != nil {
			f.Discard()
			return err
		}
	}
	if err := f.Close(true); err != nil {
		return err
	}
	d, err := os.Open(filepath.Dir(f.Final))
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// Discard closes the file and removes a temporary one, unless Close came
// first; safe from another goroutine (a signal handler's forced exit).
func (f *File) Discard() { f.Close(false) }

// cannotOpen is the error for an OUTFILE that cannot be written, in
// mCRL2's words, with the reason without the path (which could be the
// temporary name).
func (f *File) cannotOpen(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if f.Link != "" {
		return fmt.Errorf("cannot open '%s' (the target of '%s') for writing: %w", f.Final, f.Link, err)
	}
	return fmt.Errorf("cannot open '%s' for writing: %w", f.Final, err)
}

// removeLeftovers removes the temporary files that runs killed while
// writing OUTFILE base in dir left there (".base.PID.N.tmp" whose process
// is gone), and returns their names.
func removeLeftovers(dir, base string) []string {
	names, _ := filepath.Glob(filepath.Join(dir, "."+escapeGlob(base)+".*.tmp"))
	var removed []string
	for _, name := range names {
		rest := strings.TrimPrefix(filepath.Base(name), "."+base+".")
		pid, err := strconv.Atoi(rest[:max(strings.IndexByte(rest, '.'), 0)])
		if err != nil || pid <= 0 || processAlive(pid) {
			continue // not ours, or still being written
		}
		if os.Remove(name) == nil {
			removed = append(removed, name)
		}
	}
	return removed
}

// escapeGlob quotes the characters filepath.Match treats specially.
func escapeGlob(s string) string {
	var b strings.Builder
	for _, c := range s {
		if strings.ContainsRune(`*?[\`, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// followLinks is the file that path names after its symbolic links are
// followed, also when the last link points at a file still to be made.
// It follows a link only where the kernel's fs.protected_symlinks would:
// in a sticky folder that everyone may write (/tmp), a link that another
// user planted is refused, so that it cannot redirect a run, by root
// above all, onto a file of the link's choosing.
func followLinks(path string) (string, error) {
	for range 40 { // Linux's limit, beyond which open(2) fails with ELOOP
		st, err := os.Lstat(path)
		if err != nil || st.Mode()&fs.ModeSymlink == 0 {
			return path, nil // a new file, or an error that opening reports
		}
		if err := mayFollow(path, st); err != nil {
			return "", err
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if dir := filepath.Dir(path); !filepath.IsAbs(link) && dir != "." {
			// Relative to the link's folder as the system reaches it:
			// no lexical cleaning of "..".
			link = dir + string(filepath.Separator) + link
		}
		path = link
	}
	return "", syscall.ELOOP
}

// IsInput reports whether outfile is the file infile names, or, with
// infile "-", the regular file standard input reads: writing it would
// destroy the input. Standard output ("-") is never an input.
func IsInput(infile, outfile string) bool {
	if outfile == "-" || outfile == "" {
		return false
	}
	out, err := os.Stat(outfile)
	if err != nil {
		return false // a new file
	}
	var in os.FileInfo
	if infile == "-" {
		// lps2lts - m.lps < m.lps: the model arrives through standard
		// input. Only a regular file counts (not /dev/null, a pipe or a
		// terminal, which an OUTFILE may also be).
		in, err = os.Stdin.Stat()
		if err != nil || !in.Mode().IsRegular() {
			return false
		}
	} else if in, err = os.Stat(infile); err != nil {
		return false // the input's own error comes when it is read
	}
	return os.SameFile(in, out)
}

// Same reports whether the paths a and b name one file: the same path, or
// two names of one existing file (links, "./x" and "x").
func Same(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}

// ProcessGone reports whether no process pid exists any more, so that
// the files it left may be removed (false where that cannot be told).
func ProcessGone(pid int) bool { return !processAlive(pid) }
