package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mahjong/internal/arena"
	"mahjong/internal/oracle"
)

// Several -variant flags play the first match once and compare each
// variant with it, each variant's games in a file of its own.
func TestSeveralVariants(t *testing.T) {
	dir := t.TempDir()
	js := filepath.Join(dir, "m.json")
	var out, errOut bytes.Buffer
	code, err := run(context.Background(), []string{"local", "-q", "-seats", "hard/classic", "-games", "4", "-j", "2",
		"-variant", "expert", "-variant", "hard:tune=feedCost=0", "-json", js}, &out, &errOut)
	if err != nil || code != 0 {
		t.Fatalf("run: code %d, %v\n%s%s", code, err, out.String(), errOut.String())
	}
	text := out.String()
	if n := strings.Count(text, "local match:"); n != 1 {
		t.Errorf("the first match was reported %d times, want once:\n%s", n, text)
	}
	for _, label := range []string{"expert", "hard:tune=feedCost=0"} {
		// once after its match, once in the summary at the end
		if n := strings.Count(text, "paired: "+label+" instead of hard on the same 4 deals"); n != 2 {
			t.Errorf("comparison of %s printed %d times, want 2:\n%s", label, n, text)
		}
	}
	for _, name := range []string{js, js + ".variant", js + ".variant2"} {
		if games := gamesIn(t, name); games != 4 {
			t.Errorf("%s holds %d games, want 4", name, games)
		}
	}
}

// A variant that is not a robot spec is refused before anything is played.
func TestBadVariant(t *testing.T) {
	var out, errOut bytes.Buffer
	code, err := run(context.Background(), []string{"local", "-q", "-games", "4", "-variant", "nonsense"}, &out, &errOut)
	if code != 2 || err == nil {
		t.Fatalf("run: code %d, %v; want 2 and an error", code, err)
	}
	if strings.Contains(out.String(), "local match:") {
		t.Errorf("a match was played:\n%s", out.String())
	}
}

// gamesIn counts the games of a -json file.
func gamesIn(t *testing.T, name string) int {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	games, err := arena.ReadJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	return len(games)
}

// A comparison whose first match is read from an earlier run's -json
// file gives the same figures as the run that played it.
func TestBaseline(t *testing.T) {
	dir := t.TempDir()
	js := filepath.Join(dir, "m.json")
	args := []string{"local", "-q", "-seats", "hard/classic", "-games", "4", "-seed", "7", "-j", "2", "-variant", "expert"}
	var first, second, errOut bytes.Buffer
	if code, err := run(context.Background(), append(args, "-json", js), &first, &errOut); err != nil || code != 0 {
		t.Fatalf("run: code %d, %v\n%s", code, err, errOut.String())
	}
	if code, err := run(context.Background(), append(args, "-baseline", js), &second, &errOut); err != nil || code != 0 {
		t.Fatalf("run with -baseline: code %d, %v\n%s", code, err, errOut.String())
	}
	want, got := pairedLine(t, first.String()), pairedLine(t, second.String())
	if want != got {
		t.Errorf("with -baseline: %q, played: %q", got, want)
	}
	if !strings.Contains(second.String(), "(from "+js+")") {
		t.Errorf("the report does not say where the first match came from:\n%s", second.String())
	}
	// another seed, another robot under test, a missing -variant: refused
	for _, bad := range [][]string{
		{"local", "-q", "-seats", "hard/classic", "-games", "4", "-seed", "8", "-variant", "expert", "-baseline", js},
		{"local", "-q", "-seats", "medium/classic", "-games", "4", "-seed", "7", "-variant", "expert", "-baseline", js},
		{"local", "-q", "-seats", "hard/classic", "-games", "3", "-seed", "7", "-variant", "expert", "-baseline", js},
		{"local", "-q", "-seats", "hard/classic", "-games", "4", "-seed", "7", "-baseline", js},
		{"local", "-q", "-seats", "hard/classic", "-games", "4", "-seed", "7", "-variant", "expert", "-baseline", filepath.Join(dir, "none")},
	} {
		var out bytes.Buffer
		code, err := run(context.Background(), bad, &out, &errOut)
		if code != 2 || err == nil {
			t.Errorf("%q: code %d, %v; want 2 and an error", bad, code, err)
		}
		if strings.Contains(out.String(), "the same games") {
			t.Errorf("%q: a match was played", bad)
		}
	}
}

// pairedLine returns the comparison line of a report with one variant.
func pairedLine(t *testing.T, report string) string {
	t.Helper()
	for _, l := range strings.Split(report, "\n") {
		if strings.HasPrefix(l, "paired: ") {
			return l
		}
	}
	t.Fatalf("no comparison in the report:\n%s", report)
	return ""
}

// A report of two runs' -json files gives the figures of one match
// that played all their games, and refuses games that are not
// independent (a seed met twice) or a file it cannot read.
func TestReport(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	var errOut bytes.Buffer
	match := func(seed, games, json string) string {
		var out bytes.Buffer
		args := []string{"local", "-q", "-seats", "hard/classic", "-games", games, "-seed", seed, "-j", "2"}
		if json != "" {
			args = append(args, "-json", json)
		}
		if code, err := run(context.Background(), args, &out, &errOut); err != nil || code != 0 {
			t.Fatalf("run %q: code %d, %v\n%s", args, code, err, errOut.String())
		}
		return out.String()
	}
	match("7", "4", a)
	match("11", "4", b)
	// games 4-7 from seed 7 are dealt from seeds 11-14 with the seats
	// rotated as games 0-3 from seed 11 are
	whole := match("7", "8", "")
	var out bytes.Buffer
	code, err := run(context.Background(), []string{"report", a, b}, &out, &errOut)
	if err != nil || code != 0 {
		t.Fatalf("report: code %d, %v\n%s", code, err, errOut.String())
	}
	if !strings.HasPrefix(out.String(), "report of 8 games from 2 files\n") {
		t.Errorf("report header:\n%s", out.String())
	}
	want, got := figures(whole), figures(out.String())
	if len(want) < 20 || strings.Join(want, "\n") != strings.Join(got, "\n") {
		t.Errorf("report of the two files:\n%s\nwant those of the whole match:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	out.Reset()
	if code, err := run(context.Background(), []string{"report", "-wins", a, b}, &out, &errOut); err != nil || code != 0 {
		t.Fatalf("report -wins: code %d, %v\n%s", code, err, errOut.String())
	}
	if !strings.Contains(out.String(), "hard: wins by double") || !strings.Contains(out.String(), "classic: wins by double") {
		t.Errorf("report -wins breaks no wins down:\n%s", out.String())
	}
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte("{\"kind\":\"hand\",\"game\":3}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"report", a, a},
		{"report", a, filepath.Join(dir, "none.json")},
		{"report", bad},
		{"report"},
	} {
		var out bytes.Buffer
		code, err := run(context.Background(), args, &out, &errOut)
		if code != 2 || err == nil {
			t.Errorf("%q: code %d, %v; want 2 and an error", args, code, err)
		}
		if out.Len() != 0 {
			t.Errorf("%q printed a report:\n%s", args, out.String())
		}
	}
}

// figures returns a report's per-robot lines, without the decision
// latency (not kept in -json files).
func figures(report string) []string {
	var out []string
	for _, l := range strings.Split(report, "\n") {
		if strings.HasPrefix(l, "  ") && !strings.Contains(l, "decision latency") || strings.Contains(l, "seat-games") {
			out = append(out, l)
		}
	}
	return out
}

// mj-arena outflow reads the server logs under a directory (the oracle
// games' game.log.gz) and refuses a directory without any.
func TestOutflowCommand(t *testing.T) {
	root, ok := oracle.Root()
	if !ok {
		if os.Getenv("CI") != "" {
			t.Fatal("the oracle games are missing (MJ_SHARED)")
		}
		t.Skip("the oracle games are missing (MJ_SHARED)")
	}
	var out, errOut bytes.Buffer
	code, err := run(context.Background(), []string{"outflow", filepath.Join(root, "g001")}, &out, &errOut)
	if err != nil || code != 0 {
		t.Fatalf("run: code %d, %v\n%s", code, err, errOut.String())
	}
	if !strings.HasPrefix(out.String(), "1 games, ") || !strings.Contains(out.String(), "dragon  early") {
		t.Errorf("output:\n%s", out.String())
	}
	out.Reset()
	if code, err := run(context.Background(), []string{"outflow", t.TempDir()}, &out, &errOut); err == nil || code == 0 {
		t.Errorf("an empty directory: code %d, %v; want an error", code, err)
	}
}

// The waits mode plays a small local match and prints the fit; a first
// seat that is not one of our levels is refused.
func TestWaitsCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	code, err := run(context.Background(), []string{"waits", "-games", "4", "-seed", "4100001"}, &out, &errOut)
	if err != nil || code != 0 {
		t.Fatalf("run: code %d, %v\n%s", code, err, errOut.String())
	}
	for _, want := range []string{"waits: ", "from 4 games from seed 4100001", "held out (odd games)", "coefficients ("} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if code, err := run(context.Background(), []string{"waits", "-seats", "classic/hard"}, &out, &errOut); err == nil || code != 2 {
		t.Errorf("classic first: code %d, %v; want a usage error", code, err)
	}
}

// The read mode replays a few seats' logs and prints both figures; a cut
// outside (0, 1] is refused.
func TestReadCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	code, err := run(context.Background(), []string{"read", "-hands", "1", "-steps", "40"}, &out, &errOut)
	if err != nil || code != 0 {
		t.Fatalf("run: code %d, %v\n%s", code, err, errOut.String())
	}
	for _, want := range []string{"one draw changed, at the end of play: ", "walk at 90 % of play, 40 steps: ", "a blind deal", "(4 hands)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if code, err := run(context.Background(), []string{"read", "-cut", "1.5"}, &out, &errOut); err == nil || code != 2 {
		t.Errorf("cut 1.5: code %d, %v; want a usage error", code, err)
	}
}
