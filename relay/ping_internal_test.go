//go:build !js

package relay

import (
	"testing"
	"time"
)

// Pings come within half the idle timeout (so a dead peer goes within
// one), and at spread-out times (so peers who connected together do not
// ping together).
func TestPingDelaySpread(t *testing.T) {
	idle := 60 * time.Second
	lo, hi := idle, time.Duration(0)
	for range 10000 {
		d := pingDelay(idle)
		if d > idle/2 || d < idle*3/8 {
			t.Fatalf("pingDelay(%v) = %v, want within [%v, %v]", idle, d, idle*3/8, idle/2)
		}
		lo, hi = min(lo, d), max(hi, d)
	}
	if hi-lo < idle/10 {
		t.Errorf("ping delays spread over %v only, want most of %v", hi-lo, idle/8)
	}
	if d := pingDelay(time.Nanosecond); d < 0 {
		t.Errorf("pingDelay(1ns) = %v", d)
	}
}
