package engine_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"mahjong/engine"
)

func mustWallTiles(t *testing.T, s string) engine.Tiles {
	t.Helper()
	ts, err := engine.ParseTiles(s)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

func TestTileSet(t *testing.T) {
	for _, flowers := range []bool{true, false} {
		set := engine.TileSet(flowers)
		if len(set) != engine.WallSize(flowers) {
			t.Fatalf("flowers=%v: %d tiles, want %d", flowers, len(set), engine.WallSize(flowers))
		}
		var count [engine.MaxTile]int
		for _, tl := range set {
			count[tl]++
		}
		for _, tl := range engine.AllTiles {
			want := 4
			if tl.IsSpecial() {
				want = 0
				if flowers {
					want = 1
				}
			}
			if count[tl] != want {
				t.Errorf("flowers=%v: %d of %v, want %d", flowers, count[tl], tl, want)
			}
		}
	}
	if got, want := engine.TileSet(true)[:9].String(), "1B 1B 1B 1B 2B 2B 2B 2B 3B"; got != want {
		t.Errorf("TileSet starts %s, want %s", got, want)
	}
	if got, want := engine.TileSet(true)[132:].String(), "GD GD GD GD 1F 2F 3F 4F 1S 2S 3S 4S"; got != want {
		t.Errorf("TileSet ends %s, want %s", got, want)
	}
}

func TestShuffleWallUsesOneNumberPerTileButLast(t *testing.T) {
	for _, flowers := range []bool{true, false} {
		r := engine.NewRand(99)
		wall := engine.ShuffleWall(r, flowers)
		if !slices.Equal(slices.Sorted(slices.Values(wall)), slices.Sorted(slices.Values(engine.TileSet(flowers)))) {
			t.Fatalf("flowers=%v: shuffled wall is not a permutation of the set: %v", flowers, wall)
		}
		ref := engine.NewRand(99)
		for range len(wall) - 1 {
			ref.Int()
		}
		if a, b := r.Int(), ref.Int(); a != b {
			t.Errorf("flowers=%v: shuffle did not draw exactly %d numbers", flowers, len(wall)-1)
		}
	}
}

// The first hands of oracle game g001 (seed 1002, flowers on), kept here
// so the test runs without the corpus.
func TestShuffleAndDiceSeed1002(t *testing.T) {
	hands := []struct {
		start       string // the first tiles of the wall
		wall, stack int
	}{
		{"3D RD 8D 8D NW 9B 7D 3B 3B 2C", 2, 20}, // first hand: half is 0
		{"6C 1B 5C 8D 7C 2D 3B 2B 5D 9C", 2, 9},
		{"3B 6B 6D 5B 5C 1B 4C 2B 8B 9D", 1, 16},
	}
	r := engine.NewRand(1002)
	prev := 0
	for i, h := range hands {
		tiles := engine.ShuffleWall(r, true)
		sw, ss := engine.Dice(r, prev)
		prev = len(tiles)
		if got := tiles[:10].String(); got != h.start {
			t.Errorf("hand %d: wall starts %s, want %s", i+1, got, h.start)
		}
		if sw != h.wall || ss != h.stack {
			t.Errorf("hand %d: NewHand numbers %d %d, want %d %d", i+1, sw, ss, h.wall, h.stack)
		}
	}
}

func TestDiceRange(t *testing.T) {
	r := engine.NewRand(5)
	for range 2000 {
		for _, prev := range []int{0, 136, 144} {
			sw, ss := engine.Dice(r, prev)
			half := prev / 8
			maxStack := 24
			if prev > 0 {
				maxStack = half - 1
			}
			if sw < 0 || sw > 3 || ss < 0 || ss > maxStack {
				t.Fatalf("Dice(prev %d) = %d %d out of range", prev, sw, ss)
			}
		}
	}
}

// op is one step of a consumption script: 'L' live draw, 'X' loose draw.
type wallOp struct {
	op   byte
	want string // the tile drawn, "" when the draw must fail
}

func TestWallConsumption(t *testing.T) {
	// A wall whose tile at index i is easy to recognise: the live front
	// is 1B 2B 3B ..., the back ends ... 7S 8S.
	numbered := func(n int) engine.Tiles {
		ts := make(engine.Tiles, n)
		for i := range ts {
			ts[i] = engine.AllTiles[i%len(engine.AllTiles)]
		}
		return ts
	}
	tests := []struct {
		name             string
		size             int
		deadWall, dead16 bool
		liveUsed         int // live tiles drawn before the script
		ops              string
		liveEnd, deadEnd int  // afterwards
		lastTile         bool // afterwards
	}{
		{name: "fresh 14", size: 144, deadWall: true, ops: "", liveEnd: 130, deadEnd: 144},
		{name: "fresh 16", size: 144, deadWall: true, dead16: true, ops: "", liveEnd: 128, deadEnd: 144},
		{name: "fresh none", size: 136, ops: "", liveEnd: 136, deadEnd: 136},
		// With a 14-tile dead wall two tiles join it after every second
		// loose tile.
		{name: "14: one loose", size: 144, deadWall: true, ops: "X", liveEnd: 130, deadEnd: 143},
		{name: "14: two loose", size: 144, deadWall: true, ops: "XX", liveEnd: 128, deadEnd: 142},
		{name: "14: three loose", size: 144, deadWall: true, ops: "XXX", liveEnd: 128, deadEnd: 141},
		{name: "14: four loose", size: 144, deadWall: true, ops: "XXXX", liveEnd: 126, deadEnd: 140},
		{name: "16: no replenishing", size: 144, deadWall: true, dead16: true, ops: "XXXX", liveEnd: 128, deadEnd: 140},
		{name: "16: empty after 16", size: 144, deadWall: true, dead16: true, ops: strings.Repeat("X", 17), liveEnd: 128, deadEnd: 128},
		{name: "none: live end follows", size: 136, ops: "XXX", liveEnd: 133, deadEnd: 133},
		// The end of the live wall.
		{name: "14: last live tile", size: 144, deadWall: true, liveUsed: 129, ops: "LL", liveEnd: 130, deadEnd: 144, lastTile: true},
		{name: "16: last live tile", size: 136, deadWall: true, dead16: true, liveUsed: 119, ops: "LL", liveEnd: 120, deadEnd: 136, lastTile: true},
		{name: "none: ends meet", size: 136, liveUsed: 134, ops: "XLXL", liveEnd: 135, deadEnd: 135, lastTile: true},
		// A replenishment may move the live end below the tiles drawn.
		{name: "14: live end passes live used", size: 144, deadWall: true, liveUsed: 129, ops: "XXL", liveEnd: 128, deadEnd: 142, lastTile: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tiles := numbered(tt.size)
			w := engine.NewWall(tiles, tt.deadWall, tt.dead16)
			for range tt.liveUsed {
				if _, ok := w.DrawLive(); !ok {
					t.Fatalf("setup draw failed: %v", w)
				}
			}
			for i, op := range []byte(tt.ops) {
				before := *w.Clone()
				var (
					got engine.Tile
					ok  bool
				)
				switch op {
				case 'L':
					got, ok = w.DrawLive()
					if ok && got != tiles[before.LiveUsed] {
						t.Errorf("op %d: live draw %v, want %v", i, got, tiles[before.LiveUsed])
					}
				case 'X':
					got, ok = w.DrawLoose()
					if ok && got != tiles[before.DeadEnd-1] {
						t.Errorf("op %d: loose draw %v, want %v", i, got, tiles[before.DeadEnd-1])
					}
				}
				if !ok && (w.LiveUsed != before.LiveUsed || w.LiveEnd != before.LiveEnd || w.DeadEnd != before.DeadEnd) {
					t.Errorf("op %d: a failed draw changed the wall: %v", i, w)
				}
			}
			if w.LiveEnd != tt.liveEnd || w.DeadEnd != tt.deadEnd {
				t.Errorf("LiveEnd, DeadEnd = %d, %d; want %d, %d (%v)", w.LiveEnd, w.DeadEnd, tt.liveEnd, tt.deadEnd, w)
			}
			if w.LastTile() != tt.lastTile {
				t.Errorf("LastTile() = %v, want %v", w.LastTile(), tt.lastTile)
			}
			if want := max(0, w.LiveEnd-w.LiveUsed); w.LiveLeft() != want {
				t.Errorf("LiveLeft() = %d, want %d", w.LiveLeft(), want)
			}
		})
	}
}

func TestWallDrawsWholeWall(t *testing.T) {
	tests := []struct {
		name             string
		deadWall, dead16 bool
		live             int // live tiles a hand without kongs can draw
	}{
		{"dead wall 14", true, false, 130},
		{"dead wall 16", true, true, 128},
		{"no dead wall", false, false, 144},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tiles := engine.ShuffleWall(engine.NewRand(3), true)
			w := engine.NewWall(tiles, tt.deadWall, tt.dead16)
			var drawn engine.Tiles
			for {
				tl, ok := w.DrawLive()
				if !ok {
					break
				}
				drawn = append(drawn, tl)
			}
			if len(drawn) != tt.live || !slices.Equal(drawn, tiles[:tt.live]) {
				t.Fatalf("drew %d live tiles, want the first %d", len(drawn), tt.live)
			}
			if !w.LastTile() || w.LiveLeft() != 0 {
				t.Errorf("after the last live tile: LastTile %v, LiveLeft %d", w.LastTile(), w.LiveLeft())
			}
		})
	}
}

func TestWallSwapTile(t *testing.T) {
	tiles := mustWallTiles(t, strings.Repeat("1B 2B 3B 4B ", 36))
	tests := []struct {
		name        string
		live, loose int // draws before the swap
		oldT, newT  string
		at          int // position changed; -1 when refused
	}{
		{"from the back", 0, 0, "RD", "4B", 143},
		{"skips loose tiles taken", 0, 1, "RD", "4B", 139},
		{"nearest the back", 0, 0, "RD", "1B", 140},
		{"next live tile itself", 140, 0, "RD", "1B", 140},
		// errors
		{"stops at the next live tile", 141, 0, "RD", "1B", -1},
		{"not in the wall", 0, 0, "RD", "WD", -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := engine.NewWall(tiles, false, false)
			for range tt.live {
				w.DrawLive()
			}
			for range tt.loose {
				w.DrawLoose()
			}
			before := w.Clone()
			oldT := mustWallTiles(t, tt.oldT)[0]
			newT := mustWallTiles(t, tt.newT)[0]
			i, found := w.FindUnused(newT)
			ok := w.SwapTile(oldT, newT)
			if ok != found || (ok && i != tt.at) || (!ok && tt.at != -1) {
				t.Fatalf("SwapTile at %d (found %v, ok %v), want %d", i, found, ok, tt.at)
			}
			for j := range w.Tiles {
				want := before.Tiles[j]
				if j == tt.at {
					want = oldT
				}
				if w.Tiles[j] != want {
					t.Errorf("tile %d = %v, want %v", j, w.Tiles[j], want)
				}
			}
		})
	}
}

func TestWallCopiesItsTiles(t *testing.T) {
	tiles := engine.TileSet(false)
	w := engine.NewWall(tiles, true, false)
	c := w.Clone()
	w.SwapTile(engine.RedDragon, engine.NewTile(engine.Bamboo, 1))
	if !slices.Equal(tiles, engine.TileSet(false)) || !slices.Equal(c.Tiles, tiles) {
		t.Error("SwapTile changed the caller's tiles or a clone")
	}
}

func TestWallUnknownTiles(t *testing.T) {
	// A seat follows the wall without knowing it.
	w := engine.NewWall(make(engine.Tiles, 144), true, false)
	for range 53 {
		if tl, ok := w.DrawLive(); !ok || tl != engine.Blank {
			t.Fatalf("hidden live draw = %v, %v", tl, ok)
		}
	}
	if tl, ok := w.DrawLoose(); !ok || tl != engine.Blank {
		t.Fatalf("hidden loose draw = %v, %v", tl, ok)
	}
	if w.LiveLeft() != 130-53 {
		t.Errorf("LiveLeft() = %d", w.LiveLeft())
	}
	// Even a zero Wall never panics.
	var z engine.Wall
	if _, ok := z.DrawLive(); ok {
		t.Error("zero wall gave a live tile")
	}
	if _, ok := z.DrawLoose(); ok {
		t.Error("zero wall gave a loose tile")
	}
}

func TestWallString(t *testing.T) {
	w := engine.NewWall(mustWallTiles(t, "1B 2B 3B 4B 5B 6B"), false, false)
	w.DrawLive()
	w.DrawLoose()
	if got, want := w.String(), "LiveUsed=1 LiveEnd=5 DeadEnd=5: 1B | 2B 3B 4B 5B | 6B"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestReadWall(t *testing.T) {
	full := engine.ShuffleWall(engine.NewRand(8), true).String()
	short := engine.ShuffleWall(engine.NewRand(8), false).String()
	tests := []struct {
		name  string
		input string
		size  int // 0 when an error is expected
	}{
		{"144 tiles", full, 144},
		{"136 tiles", short, 136},
		{"any white space", strings.ReplaceAll(full, " ", "\n\t "), 144},
		{"not a set", strings.Repeat("RD ", 136), 136},
		// errors
		{"empty", "", 0},
		{"too few", short[3:], 0},
		{"too many", full + " 1B", 0},
		{"bad code", "XX " + short[3:], 0},
		{"blank tile", "-- " + short[3:], 0},
		{"glued codes", "1B2B " + short[6:], 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts, err := engine.ReadWall(strings.NewReader(tt.input))
			switch {
			case tt.size == 0 && err == nil:
				t.Fatalf("no error, read %d tiles", len(ts))
			case tt.size == 0:
				if !strings.HasPrefix(err.Error(), "engine: ") {
					t.Errorf("error %q lacks the package prefix", err)
				}
			case err != nil:
				t.Fatal(err)
			case len(ts) != tt.size || ts.String() != strings.Join(strings.Fields(tt.input), " "):
				t.Errorf("read %d tiles: %v", len(ts), ts)
			}
		})
	}
}

func FuzzWall(f *testing.F) {
	f.Add(int64(1), true, true, false, []byte("LLLLXXLX"))
	f.Add(int64(2), false, false, false, []byte(strings.Repeat("X", 140)))
	f.Add(int64(3), true, true, true, []byte(strings.Repeat("XL", 80)))
	f.Fuzz(func(t *testing.T, seed int64, flowers, deadWall, dead16 bool, ops []byte) {
		tiles := engine.ShuffleWall(engine.NewRand(seed), flowers)
		w := engine.NewWall(tiles, deadWall, dead16)
		taken := make([]bool, len(tiles))
		take := func(i int, tl engine.Tile) {
			if i < 0 || i >= len(tiles) || taken[i] || tiles[i] != tl {
				t.Fatalf("drew %v from position %d (taken %v): %v", tl, i, i >= 0 && i < len(taken) && taken[i], w)
			}
			taken[i] = true
		}
		for _, op := range ops {
			before := *w
			if op%2 == 0 {
				if tl, ok := w.DrawLive(); ok {
					take(before.LiveUsed, tl)
				}
			} else {
				if tl, ok := w.DrawLoose(); ok {
					take(before.DeadEnd-1, tl)
				}
			}
			if w.LiveUsed > w.DeadEnd {
				t.Fatalf("live and loose draws overlap: %v", w)
			}
		}
	})
}

func ExampleShuffleWall() {
	r := engine.NewRand(1002) // mj-server --seed 1002
	prev := 0                 // no wall before the first hand
	for hand := 1; hand <= 2; hand++ {
		tiles := engine.ShuffleWall(r, true)
		startWall, startStack := engine.Dice(r, prev)
		prev = len(tiles)
		w := engine.NewWall(tiles, true, false)
		first, _ := w.DrawLive()
		fmt.Println(hand, startWall, startStack, first, w.LiveLeft())
	}
	// Output:
	// 1 2 20 3D 129
	// 2 2 9 6C 129
}

func BenchmarkShuffleWall(b *testing.B) {
	r := engine.NewRand(1)
	for b.Loop() {
		engine.ShuffleWall(r, true)
	}
}

// The tests below prove the wall against the games of the original
// programs in shared/oracle. They skip when the corpus is absent.

// wallOracleDir finds shared/oracle: $MJ_SHARED/oracle when MJ_SHARED is
// set (the Makefile sets it from SHARED), else beside the repository
// (../shared from the root, ../../shared from this package's directory).
func wallOracleDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join("..", "..", "shared", "oracle")
	if s := os.Getenv("MJ_SHARED"); s != "" {
		dir = filepath.Join(s, "oracle")
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		t.Skipf("no oracle games in %s; set MJ_SHARED to the shared directory", dir)
	}
	return dir
}

// wallGame is one game of the corpus with what the wall depends on.
type wallGame struct {
	name        string
	dir         string
	seed        int64
	randomSeats bool
	flowers     bool
	deadWall    bool
	deadWall16  bool
}

func wallGames(t *testing.T) []wallGame {
	t.Helper()
	root := wallOracleDir(t)
	var dirs []string
	for _, pat := range []string{"g*", filepath.Join("scenarios", "s*")} {
		m, err := filepath.Glob(filepath.Join(root, pat))
		if err != nil {
			t.Fatal(err)
		}
		dirs = append(dirs, m...)
	}
	var games []wallGame
	for _, dir := range dirs {
		if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, "meta.json"))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		var meta struct {
			Seed    int64           `json:"seed"`
			Options json.RawMessage `json:"options"`
			Flags   string          `json:"flags"`  // robot games
			Server  string          `json:"server"` // scenario games
		}
		if err := json.Unmarshal(data, &meta); err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		// Options come as {"Name": value} or as ["Name=value"]. The
		// server's defaults: Flowers and DeadWall on, DeadWall16 switched
		// off at game start.
		opts := map[string]int{"Flowers": 1, "DeadWall": 1, "DeadWall16": 0}
		var asMap map[string]int
		var asList []string
		if err := json.Unmarshal(meta.Options, &asMap); err == nil {
			for k, v := range asMap {
				opts[k] = v
			}
		} else if err := json.Unmarshal(meta.Options, &asList); err == nil {
			for _, kv := range asList {
				k, v, _ := strings.Cut(kv, "=")
				n, err := strconv.Atoi(v)
				if err != nil {
					t.Fatalf("%s: option %q", dir, kv)
				}
				opts[k] = n
			}
		} else {
			t.Fatalf("%s: unreadable options %s", dir, meta.Options)
		}
		games = append(games, wallGame{
			name:        filepath.Base(dir),
			dir:         dir,
			seed:        meta.Seed,
			randomSeats: slices.Contains(strings.Fields(meta.Flags+" "+meta.Server), "--random-seats"),
			flowers:     opts["Flowers"] != 0,
			deadWall:    opts["DeadWall"] != 0,
			deadWall16:  opts["DeadWall16"] != 0,
		})
	}
	if len(games) == 0 {
		t.Skip("no games in the oracle corpus")
	}
	return games
}

func readGzip(t *testing.T, path string) []byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return data
}

// wallLine is one line of walls.txt.gz.
type wallLine struct {
	hand, east, startWall, startStack int
	file                              string // hand-NN.mjs or "-"
	tiles                             engine.Tiles
}

func readWallLines(t *testing.T, g wallGame) []wallLine {
	t.Helper()
	var lines []wallLine
	sc := bufio.NewScanner(bytes.NewReader(readGzip(t, filepath.Join(g.dir, "walls.txt.gz"))))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		head, tiles, ok := strings.Cut(line, " : ")
		f := strings.Fields(head)
		if !ok || len(f) != 6 {
			t.Fatalf("%s walls.txt: bad line %q", g.name, line)
		}
		var l wallLine
		for i, p := range []*int{&l.hand, &l.east, &l.startWall, &l.startStack} {
			n, err := strconv.Atoi(f[i])
			if err != nil {
				t.Fatalf("%s walls.txt: bad line %q", g.name, line)
			}
			*p = n
		}
		l.file = f[5]
		l.tiles = mustWallTiles(t, tiles)
		lines = append(lines, l)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

// TestWallsFromSeed regenerates every hand of every corpus game from the
// game's seed and compares the wall and the NewHand numbers.
func TestWallsFromSeed(t *testing.T) {
	total := 0
	for _, g := range wallGames(t) {
		t.Run(g.name, func(t *testing.T) {
			lines := readWallLines(t, g)
			r := engine.NewRand(g.seed)
			if g.randomSeats {
				r.Seating(4)
			}
			prev := 0
			for _, l := range lines {
				tiles := engine.ShuffleWall(r, g.flowers)
				sw, ss := engine.Dice(r, prev)
				prev = len(tiles)
				if !slices.Equal(tiles, l.tiles) {
					t.Fatalf("hand %d: wall\n%v\nwant\n%v", l.hand, tiles, l.tiles)
				}
				if sw != l.startWall || ss != l.startStack {
					t.Fatalf("hand %d: NewHand numbers %d %d, want %d %d", l.hand, sw, ss, l.startWall, l.startStack)
				}
			}
			total += len(lines)
		})
	}
	t.Logf("%d walls regenerated", total)
}

// wallLogRecords returns the messages the server sent, in order, from a
// game.log.gz (records end with CR LF; multi-line texts keep bare LFs).
func wallLogRecords(t *testing.T, g wallGame) []string {
	t.Helper()
	var out []string
	for _, rec := range strings.Split(string(readGzip(t, filepath.Join(g.dir, "game.log.gz"))), "\r\n") {
		if !strings.HasPrefix(rec, ">cnx") {
			continue
		}
		_, msg, _ := strings.Cut(rec, " ")
		out = append(out, msg)
	}
	return out
}

// TestRandomSeatsFromSeed checks Seating against the Game line of the
// games played with --random-seats (robots connect as ids 1..4 in order).
func TestRandomSeatsFromSeed(t *testing.T) {
	checked := 0
	for _, g := range wallGames(t) {
		if !g.randomSeats {
			continue
		}
		t.Run(g.name, func(t *testing.T) {
			recs := wallLogRecords(t, g)
			i := slices.IndexFunc(recs, func(m string) bool { return strings.HasPrefix(m, "Game ") })
			if i < 0 {
				t.Fatal("no Game message in the log")
			}
			want := strings.Fields(recs[i])[1:5]
			var got []string
			for _, p := range engine.NewRand(g.seed).Seating(4) {
				got = append(got, strconv.Itoa(p+1))
			}
			if !slices.Equal(got, want) {
				t.Errorf("seats E S W N = %v, want %v", got, want)
			}
			checked++
		})
	}
	if checked == 0 {
		t.Skip("no --random-seats game in the corpus")
	}
}

// TestWallConsumptionMatchesLogs follows every hand of every logged game:
// each tile drawn (live or loose) must be the one our wall gives, SwapTile
// must change the wall as the server did, a washout must come exactly
// when the wall cannot supply, and the winner's "last tile" double must
// agree with LastTile.
func TestWallConsumptionMatchesLogs(t *testing.T) {
	var draws, washouts, wins int
	for _, g := range wallGames(t) {
		t.Run(g.name, func(t *testing.T) {
			lines := readWallLines(t, g)
			var (
				w      *engine.Wall
				hand   int
				winner string
			)
			for _, msg := range wallLogRecords(t, g) {
				f := strings.Fields(msg)
				if len(f) == 0 {
					continue
				}
				fail := func(format string, args ...any) {
					t.Helper()
					t.Fatalf("hand %d, %q: %s\n%v", hand, msg, fmt.Sprintf(format, args...), w)
				}
				switch f[0] {
				case "NewHand":
					if hand >= len(lines) {
						fail("more hands than walls")
					}
					l := lines[hand]
					hand++
					if f[2] != strconv.Itoa(l.startWall) || f[3] != strconv.Itoa(l.startStack) {
						fail("walls.txt says %d %d", l.startWall, l.startStack)
					}
					w = engine.NewWall(l.tiles, g.deadWall, g.deadWall16)
					winner = ""
				case "PlayerDraws", "PlayerDrawsLoose":
					want, err := engine.ParseTile(f[2])
					if err != nil || want == engine.Blank {
						fail("unreadable tile")
					}
					var got engine.Tile
					var ok bool
					if f[0] == "PlayerDraws" {
						got, ok = w.DrawLive()
					} else {
						got, ok = w.DrawLoose()
					}
					if !ok || got != want {
						fail("wall gives %v, %v", got, ok)
					}
					draws++
				case "SwapTile":
					oldT, err1 := engine.ParseTile(f[2])
					newT, err2 := engine.ParseTile(f[3])
					if err1 != nil || err2 != nil || !w.SwapTile(oldT, newT) {
						fail("swap refused")
					}
				case "WashOut":
					if strings.Contains(msg, "wall exhausted") {
						_, looseOK := w.PeekLoose()
						if w.LiveLeft() != 0 && looseOK {
							fail("washout, but the wall can still supply")
						}
						washouts++
					}
				case "PlayerMahJongs", "PlayerRobsKong":
					winner = f[1]
				case "HandScore":
					if f[1] == winner && winner != "" {
						// A limit hand's text may show only the limit
						// line, so the absence of the double proves
						// nothing there.
						says := strings.Contains(msg, "winning with last tile") ||
							strings.Contains(msg, "from the Bottom of the Sea")
						listsDoubles := strings.Contains(msg, " dbl")
						if says && !w.LastTile() || !says && listsDoubles && w.LastTile() {
							fail("LastTile() = %v, score says %v", w.LastTile(), says)
						}
						wins++
					}
				}
			}
			if hand != len(lines) {
				t.Errorf("log has %d hands, walls.txt %d", hand, len(lines))
			}
		})
	}
	t.Logf("%d draws, %d washouts, %d winning hands checked", draws, washouts, wins)
}

// TestWallMatchesHandHistory replays the draws of every hand-history file
// against the file's own Wall line and options, and compares that Wall
// line with walls.txt for the robot games (the scenario games' files show
// the wall after their swaps).
func TestWallMatchesHandHistory(t *testing.T) {
	files := 0
	for _, g := range wallGames(t) {
		t.Run(g.name, func(t *testing.T) {
			byFile := map[string]engine.Tiles{}
			for _, l := range readWallLines(t, g) {
				byFile[l.file] = l.tiles
			}
			paths, _ := filepath.Glob(filepath.Join(g.dir, "hands", "hand-*.mjs.gz"))
			for _, path := range paths {
				name := strings.TrimSuffix(filepath.Base(path), ".gz")
				// Wire lines end with CR LF; a backslash before the
				// line end continues the text on the next line.
				text := strings.ReplaceAll(string(readGzip(t, path)), "\\\r\n", "\n")
				var (
					w    *engine.Wall
					opts = map[string]bool{}
				)
				for _, line := range strings.Split(text, "\r\n") {
					f := strings.Fields(line)
					if len(f) == 0 {
						continue
					}
					switch f[0] {
					case "GameOption":
						// GameOption 0 <name> <type> <minprot> <enabled> <value> <desc>
						if len(f) >= 7 {
							opts[f[2]] = f[6] != "0"
						}
					case "Wall":
						tiles := mustWallTiles(t, strings.Join(f[1:], " "))
						if len(tiles) != engine.WallSize(opts["Flowers"]) {
							t.Fatalf("%s: %d tiles in the wall", name, len(tiles))
						}
						if !strings.HasPrefix(g.name, "s") && !slices.Equal(tiles, byFile[name]) {
							t.Fatalf("%s: Wall line differs from walls.txt", name)
						}
						w = engine.NewWall(tiles, opts["DeadWall"], opts["DeadWall16"])
					case "PlayerDraws", "PlayerDrawsLoose":
						want := mustWallTiles(t, f[2])[0]
						var got engine.Tile
						var ok bool
						if f[0] == "PlayerDraws" {
							got, ok = w.DrawLive()
						} else {
							got, ok = w.DrawLoose()
						}
						if !ok || got != want {
							t.Fatalf("%s: %q: wall gives %v, %v\n%v", name, line, got, ok, w)
						}
					}
				}
				if w == nil {
					t.Fatalf("%s: no Wall line", name)
				}
				files++
			}
		})
	}
	t.Logf("%d hand-history files checked", files)
}
