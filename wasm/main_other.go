//go:build !(js && wasm)

package main

import (
	"fmt"
	"os"
)

// main says how to build this package: it only runs in a browser.
func main() {
	fmt.Fprintln(os.Stderr, "mahjong: the browser entry point; build it with GOOS=js GOARCH=wasm (make site)")
	os.Exit(2)
}
