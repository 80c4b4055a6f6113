package lpsgen

import (
	"os"
	"runtime"
	"runtime/pprof"
	"testing"

	"github.com/lps2lts/lps2lts/lps/load"
)

func TestZZAlloc(t *testing.T) {
	src, err := os.ReadFile("/work/shared/bench/ex.academic.non-atomic_registers.models.Lamport_3-bit/model.lps")
	if err != nil {
		t.Skip()
	}
	runtime.MemProfileRate = 1
	spec, err := load.Read("m", src)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(spec, Options{}); err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	f, _ := os.Create("/tmp/zz.prof")
	pprof.Lookup("allocs").WriteTo(f, 0)
	f.Close()
}
