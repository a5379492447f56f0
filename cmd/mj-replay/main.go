// Command mj-replay replays games logged by the original mj-server
// through our controller and reports, hand by hand, whether every
// message is identical.
//
//	go run ./cmd/mj-replay ../shared/oracle
package main

import (
	"fmt"
	"os"

	"mahjong/internal/oracle"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "mj-replay:", err)
		os.Exit(1)
	}
}

func run(roots []string) error {
	if len(roots) == 0 {
		return fmt.Errorf("usage: mj-replay DIR...")
	}
	total, same, files, failed := 0, 0, 0, false
	for _, root := range roots {
		dirs, err := oracle.Games(root)
		if err != nil {
			return err
		}
		for _, dir := range dirs {
			res, err := oracle.Replay(dir)
			if err != nil {
				return err
			}
			total += res.Hands
			same += res.Identical
			files += res.HandFiles
			status := "ok"
			if res.Diff != "" || res.Identical != res.Hands {
				status = "DIFFERS"
				failed = true
			}
			fmt.Printf("%s: %d/%d hands identical %s\n", dir, res.Identical, res.Hands, status)
			if res.Diff != "" {
				fmt.Print(res.Diff)
			}
		}
	}
	fmt.Printf("hand-history files compared: %d\n", files)
	fmt.Printf("hands: %d identical of %d\n", same, total)
	if failed {
		os.Exit(1)
	}
	return nil
}
