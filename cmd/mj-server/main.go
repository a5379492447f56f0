// Command mj-server is the game controller: it accepts four players
// (our robots, the original mj-player and xmj, or any client speaking
// the mj-server protocol), enforces the rules and scores every hand. It
// takes the original's flags.
package main

import (
	"fmt"
	"os"

	"mahjong/internal/server"
)

func main() {
	if err := server.Main(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "mj-server:", err)
		os.Exit(1)
	}
}
