//go:build !js

package lookahead

// pause does nothing natively, where goroutines are preempted.
func pause() {}
