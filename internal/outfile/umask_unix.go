//go:build unix

package outfile

import (
	"os"
	"sync"
	"syscall"
)

// umask is the process's file mode creation mask. Reading it means
// setting it; it is read once, before any file is made, so that no file
// is created while the mask is briefly 0.
var umask = sync.OnceValue(func() os.FileMode {
	m := syscall.Umask(0)
	syscall.Umask(m)
	return os.FileMode(m)
})
