//go:build !js

package game

// On the desktop there is no service worker: no version ever waits.

func updateWaiting() bool { return false }

func applyUpdate() bool { return false }
