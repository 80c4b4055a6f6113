//go:build !unix

package outfile

import "os"

// umask is 022 where the system has none.
func umask() os.FileMode { return 0o022 }
