//go:build !race

package ai

// raceOn: the race detector is on (it allocates on its own).
const raceOn = false
