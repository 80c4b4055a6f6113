//go:build !unix

package main

// addressSpaceLimit: no address-space limit is known here.
func addressSpaceLimit() uint64 { return 0 }
