//go:build !js

package main

import (
	"testing"
	"time"
)

// The moderate load is spread evenly: each flow keeps the shared rate's
// period, offset by its own share of it, so no two flows send together.
func TestPaceSpreadsFlows(t *testing.T) {
	if p := paceOf(0, 64, 3, false); p != (pace{}) {
		t.Errorf("rate 0 paced: %+v", p)
	}
	const flows = 64
	seen := map[time.Duration]bool{}
	for i := range flows {
		p := paceOf(500, flows, i, false)
		if p.every != 128*time.Millisecond {
			t.Fatalf("flow %d: every %v, want 128ms (64 flows sharing 500 frames/s)", i, p.every)
		}
		if p.phase < 0 || p.phase >= p.every || seen[p.phase] {
			t.Fatalf("flow %d: phase %v (period %v, seen before: %v)", i, p.phase, p.every, seen[p.phase])
		}
		seen[p.phase] = true
	}
	if p := paceOf(500, flows, 1, true); p.every != 256*time.Millisecond || p.phase != 4*time.Millisecond {
		t.Errorf("relay flow: %+v, want every 256ms (two passes a round trip), phase 4ms", p)
	}
}
