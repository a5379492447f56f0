package main

import "time"

// raiseFileLimit has nothing to raise in the browser.
func raiseFileLimit() {}

// ownCPU is not measured in the browser.
func ownCPU() time.Duration { return 0 }
