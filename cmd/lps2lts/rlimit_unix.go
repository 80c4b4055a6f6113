//go:build unix

package main

import "syscall"

// addressSpaceLimit is RLIMIT_AS (ulimit -v) in bytes, 0 when there is
// none.
func addressSpaceLimit() uint64 {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil || r.Cur == ^uint64(0) {
		return 0
	}
	return r.Cur
}
