package main

// raiseFileLimit has nothing to raise in the browser.
func raiseFileLimit() {}
