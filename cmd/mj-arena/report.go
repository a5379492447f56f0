package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"mahjong/internal/arena"
)

// report prints one report of the games in the -json files of earlier
// matches, so that a result gathered over several runs (fresh blocks of
// seeds against the original, say) is stated with one interval. The
// games must be independent: a seed met twice, in one file or two, is an
// error, and so is a file that cannot be read, before anything is
// printed. The exit status is then that of a match of those games.
func report(args []string, stdout, stderr io.Writer) (int, error) {
	fs := flag.NewFlagSet("mj-arena report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	wins := fs.Bool("wins", false, "also break each robot's wins down by the doubles they hold")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: mj-arena report [-wins] FILE... (the -json files of earlier matches)")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2, err
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2, fmt.Errorf("report: no file")
	}
	var all []*arena.GameRecord
	from := map[int]string{} // seed to the file that holds it
	for _, name := range fs.Args() {
		games, err := readGames(name)
		if err != nil {
			return 2, fmt.Errorf("report: %w", err)
		}
		for _, g := range games {
			if prev, ok := from[g.Seed]; ok {
				return 2, fmt.Errorf("report: seed %d is in %s and in %s: the games are not independent", g.Seed, prev, name)
			}
			from[g.Seed] = name
		}
		// The report adds up each game's own records; a game keeps its
		// number in its file, and the seed tells games apart.
		all = append(all, games...)
	}
	fmt.Fprintf(stdout, "report of %d games from %d files\n", len(all), fs.NArg())
	arena.Report(stdout, all)
	if *wins {
		arena.ReportWins(stdout, all)
	}
	return exitCode(all, len(all), stdout), nil
}

// readGames reads the games of one -json file.
func readGames(name string) ([]*arena.GameRecord, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	games, err := arena.ReadJSON(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return games, nil
}
