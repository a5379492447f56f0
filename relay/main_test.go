//go:build !js

package relay_test

import (
	"fmt"
	"net/http"
	"os"
	"runtime"
	"testing"
	"time"
)

// TestMain fails the run if goroutines outlive the tests. Connections
// end asynchronously after their last close, so it gives them a few
// seconds, checking often, before it calls it a leak.
func TestMain(m *testing.M) {
	code := m.Run()
	http.DefaultTransport.(*http.Transport).CloseIdleConnections()
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine() > 1 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > 1 && code == 0 {
		buf := make([]byte, 1<<20)
		buf = buf[:runtime.Stack(buf, true)]
		fmt.Fprintf(os.Stderr, "relay: goroutine leak: %d goroutines after the tests\n%s\n", n, buf)
		code = 1
	}
	os.Exit(code)
}
