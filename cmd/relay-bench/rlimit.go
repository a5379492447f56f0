//go:build !js

package main

import (
	"fmt"
	"os"
	"syscall"
	"time"
)

// raiseFileLimit lifts the open-files limit as far as allowed: every
// held connection is a file descriptor on each side.
func raiseFileLimit() {
	var l syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
		return
	}
	want := syscall.Rlimit{Cur: 1 << 20, Max: 1 << 20}
	if want.Max < l.Max {
		want = syscall.Rlimit{Cur: l.Max, Max: l.Max}
	}
	if syscall.Setrlimit(syscall.RLIMIT_NOFILE, &want) != nil {
		l.Cur = l.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &l); err != nil {
			fmt.Fprintln(os.Stderr, "relay-bench: cannot raise the open-files limit:", err)
		}
	}
}

// ownCPU returns this process's user and system CPU time so far.
func ownCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
