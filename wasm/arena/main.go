//go:build js && wasm

// Command arena measures our robots' decision times as WebAssembly in a
// browser: it plays in-process games between robots of ours (package
// internal/arena's local matches) in the page and publishes the report.
// web/tools/ai-latency.js builds it, loads it in headless Chromium and
// prints the result; the query string takes games=N (default 8) and
// seats=SPEC (default hard, as mj-arena's -seats).
//
// The first decision of the page's first game is a cold one: nothing of
// the robot is warm yet (its tables, the allocator, the compiled code).
package main

import (
	"context"
	"net/url"
	"strconv"
	"strings"
	"syscall/js"
	"time"

	"mahjong/internal/arena"
)

func main() {
	q, _ := url.ParseQuery(strings.TrimPrefix(js.Global().Get("location").Get("search").String(), "?"))
	games, err := strconv.Atoi(q.Get("games"))
	if err != nil || games <= 0 {
		games = 8
	}
	spec := q.Get("seats")
	if spec == "" {
		spec = "hard"
	}
	out := js.Global().Get("Object").New()
	defer js.Global().Set("mjArena", out)
	specs, err := arena.ParseSpecs(spec)
	if err != nil {
		out.Set("error", err.Error())
		return
	}
	var cfg arena.LocalConfig
	for i := range cfg.Seats {
		cfg.Seats[i] = specs[i%len(specs)]
	}
	cfg.Games, cfg.FirstSeed, cfg.Jobs = games, 970000, 1
	t0 := time.Now()
	recs := arena.PlayLocal(context.Background(), cfg)
	var b strings.Builder
	arena.Report(&b, recs)
	var all arena.Hist
	failed := 0
	for _, r := range recs {
		for _, h := range r.Latency {
			all.Merge(h)
		}
		if r.Failed != "" {
			failed++
		}
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	out.Set("report", b.String())
	out.Set("games", len(recs))
	out.Set("failed", failed)
	out.Set("decisions", all.N)
	out.Set("p50Ms", ms(all.Quantile(0.5)))
	out.Set("p99Ms", ms(all.Quantile(0.99)))
	out.Set("maxMs", ms(all.Quantile(1)))
	if len(recs) > 0 {
		out.Set("firstMs", ms(recs[0].First))
	}
	out.Set("seconds", time.Since(t0).Seconds())
	out.Set("seats", spec)
}
