//go:build unix

package outfile

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// mayFollow applies the rule of Linux's fs.protected_symlinks to the
// link at path (st is its Lstat): in a sticky folder that everyone may
// write, a link is followed only by its owner, or when the folder's owner
// owns it too.
func mayFollow(path string, st fs.FileInfo) error {
	dir := filepath.Dir(path)
	dst, err := os.Stat(dir)
	if err != nil {
		return nil
	}
	if dst.Mode()&fs.ModeSticky == 0 || dst.Mode().Perm()&0o002 == 0 {
		return nil
	}
	link, ok1 := st.Sys().(*syscall.Stat_t)
	folder, ok2 := dst.Sys().(*syscall.Stat_t)
	if !ok1 || !ok2 || link.Uid == uint32(os.Geteuid()) || link.Uid == folder.Uid {
		return nil
	}
	return fmt.Errorf("refusing to follow the symbolic link '%s': another user (uid %d) owns it in the sticky folder '%s', which everyone may write (as fs.protected_symlinks refuses): %w",
		path, link.Uid, dir, fs.ErrPermission)
}

// processAlive reports whether process pid exists (signal 0 reaches it,
// or exists and is another user's).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}
